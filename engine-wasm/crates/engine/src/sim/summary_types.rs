//! The TypeScript types of the run summary, `web/src/engine/summary-types.ts`, generated from
//! the Rust types so that the UI cannot drift from what the engine writes: a field added,
//! renamed or removed here changes them, and `npm run typecheck` then finds every panel that
//! reads a field that no longer exists.
//!
//! The summary types derive `schemars::JsonSchema` under `cfg(test)` only (a dev-dependency:
//! nothing of it is compiled into the CLI or the wasm); the schema describes what serde writes
//! (the serialise contract, with serde's renames and skips), and this module turns it into
//! TypeScript. Every float is `number | null`: serde_json writes NaN (the mean of nothing, say)
//! as `null`. Integers are `number`, `Option<T>` is `T | null`, fixed-size arrays and tuples
//! are TypeScript tuples, doc comments become JSDoc.
//!
//! The top-level `Summary` has the common fields of [`super::Summary`] (written by its own
//! `Serialize`), then every model's summary, optional, under its `summary_key`, from the
//! registry ([`ModelKind::ALL`]): a new model adds its key.
//!
//! `UPDATE_DOCS=1 cargo test -p skyqueue-engine --lib summary_types` rewrites the file; without
//! it, the test fails when the committed file is out of date.

use crate::models::ModelKind;
use schemars::generate::SchemaSettings;
use serde_json::{Map, Value};
use std::collections::BTreeSet;

/// The generated file, from the repository's root.
const FILE: &str = "web/src/engine/summary-types.ts";

/// The fields [`super::Summary`] writes before the model's summary: name, TypeScript type, doc.
/// Both times come from the integer clock and are never NaN. A test checks these names against
/// what the engine writes.
const COMMON: &[(&str, &str, &str)] = &[
    ("simulated_s", "number", "Simulated time reached [s]."),
    ("measured_s", "number", "Time covered by the statistics: simulated time after the warm-up [s]."),
    ("events", "number", "Events processed (queue events, or topology steps)."),
];

/// Every model's summary key and the schema of its summary (a `$ref` into `defs`), in registry
/// order, and the definitions of every named type they use.
fn schemas() -> (Vec<(ModelKind, Value)>, Map<String, Value>) {
    let mut generator = SchemaSettings::draft2020_12().for_serialize().into_generator();
    let models = ModelKind::ALL.iter().map(|&k| (k, k.summary_schema(&mut generator).to_value())).collect();
    (models, generator.take_definitions(true))
}

/// The name a `$ref` points at (`#/$defs/Name`).
fn ref_name(schema: &Value) -> Option<&str> {
    schema.get("$ref")?.as_str()?.strip_prefix("#/$defs/")
}

/// Writes the TypeScript of schemas, collecting the named types they use.
struct Writer<'a> {
    defs: &'a Map<String, Value>,
    /// Named types in the order first used.
    used: Vec<String>,
}

impl Writer<'_> {
    /// The TypeScript type of `schema`.
    fn ty(&mut self, schema: &Value) -> String {
        let mut members = self.members(schema);
        // `null` last, once.
        let had_null = members.iter().any(|m| m == "null");
        members.retain(|m| m != "null");
        let mut seen = BTreeSet::new();
        members.retain(|m| seen.insert(m.clone()));
        if had_null {
            members.push("null".into());
        }
        members.join(" | ")
    }

    /// The members of the union `schema` stands for.
    fn members(&mut self, schema: &Value) -> Vec<String> {
        let obj = schema.as_object().unwrap_or_else(|| panic!("unsupported schema {schema}"));
        const IGNORED: &[&str] = &["description", "title", "format", "minimum", "maximum", "default", "examples"];
        const HANDLED: &[&str] = &[
            "$ref",
            "anyOf",
            "oneOf",
            "type",
            "items",
            "prefixItems",
            "minItems",
            "maxItems",
            "properties",
            "required",
            "additionalProperties",
            "const",
            "enum",
        ];
        if let Some(k) = obj.keys().find(|k| !IGNORED.contains(&k.as_str()) && !HANDLED.contains(&k.as_str())) {
            panic!("schema keyword `{k}` is not supported by sim/summary_types.rs (in {schema}): extend it");
        }
        if let Some(name) = ref_name(schema) {
            assert!(self.defs.contains_key(name), "no definition of {name}");
            if !self.used.iter().any(|u| u == name) {
                self.used.push(name.to_string());
            }
            return vec![name.to_string()];
        }
        if let Some(alts) = obj.get("anyOf").or_else(|| obj.get("oneOf")) {
            return alts.as_array().unwrap().iter().flat_map(|a| self.members(a)).collect();
        }
        if let Some(c) = obj.get("const") {
            return vec![c.to_string()];
        }
        if let Some(e) = obj.get("enum") {
            return e.as_array().unwrap().iter().map(|v| v.to_string()).collect();
        }
        let types: Vec<&str> = match obj.get("type") {
            Some(Value::String(t)) => vec![t],
            Some(Value::Array(ts)) => ts.iter().map(|t| t.as_str().unwrap()).collect(),
            _ => panic!("schema without a type: {schema}"),
        };
        let mut out = vec![];
        for t in types {
            match t {
                "null" => out.push("null".into()),
                // serde_json writes a NaN or an infinity as null.
                "number" => out.extend(["number".into(), "null".into()]),
                "integer" => out.push("number".into()),
                "string" => out.push("string".into()),
                "boolean" => out.push("boolean".into()),
                "array" => out.push(self.array(obj)),
                "object" => out.push(self.object(obj, "")),
                _ => panic!("unsupported type {t} in {schema}"),
            }
        }
        out
    }

    /// A tuple (`prefixItems`, or `items` with as many as `minItems` = `maxItems`) or an array.
    fn array(&mut self, obj: &Map<String, Value>) -> String {
        let len = |k: &str| obj.get(k).and_then(Value::as_u64);
        if let Some(items) = obj.get("prefixItems") {
            let items: Vec<String> = items.as_array().unwrap().iter().map(|i| self.ty(i)).collect();
            assert!(obj.get("items").is_none_or(|i| i == &Value::Bool(false)), "open tuple {obj:?}");
            return format!("[{}]", items.join(", "));
        }
        let item = obj.get("items").unwrap_or_else(|| panic!("array without items {obj:?}"));
        let item_ty = self.ty(item);
        match (len("minItems"), len("maxItems")) {
            (Some(n), Some(m)) if n == m && n <= 16 => format!("[{}]", vec![item_ty; n as usize].join(", ")),
            _ if item_ty.contains(" | ") => format!("({item_ty})[]"),
            _ => format!("{item_ty}[]"),
        }
    }

    /// An object's members: every property, in declaration order, with its doc comment;
    /// `indent` is that of the closing brace.
    fn object(&mut self, obj: &Map<String, Value>, indent: &str) -> String {
        let props = obj
            .get("properties")
            .and_then(Value::as_object)
            .unwrap_or_else(|| panic!("object without properties {obj:?}"));
        let required: Vec<&str> = obj
            .get("required")
            .and_then(Value::as_array)
            .map_or(vec![], |r| r.iter().map(|k| k.as_str().unwrap()).collect());
        // The derive lists required fields in declaration order; the others follow.
        let mut keys: Vec<&str> = required.clone();
        keys.extend(props.keys().map(String::as_str).filter(|k| !required.contains(k)));
        let inner = format!("{indent}  ");
        let mut out = String::from("{\n");
        for k in keys {
            let p = &props[k];
            out.push_str(&doc(p.get("description").and_then(Value::as_str), &inner));
            let opt = if required.contains(&k) { "" } else { "?" };
            out.push_str(&format!("{inner}{k}{opt}: {};\n", self.ty(p)));
        }
        out.push_str(indent);
        out.push('}');
        out
    }
}

/// A JSDoc comment of `text` at `indent`, lines wrapped at 100 columns; empty without text.
pub(super) fn doc(text: Option<&str>, indent: &str) -> String {
    let Some(text) = text.map(str::trim).filter(|t| !t.is_empty()) else { return String::new() };
    let text = text.replace("*/", "* /");
    let one = format!("{indent}/** {text} */\n");
    if !text.contains('\n') && one.len() <= 101 {
        return one;
    }
    let mut out = format!("{indent}/**\n");
    for para in text.split('\n') {
        let mut line = String::new();
        for word in para.split_whitespace() {
            if !line.is_empty() && indent.len() + 3 + line.len() + 1 + word.len() > 100 {
                out.push_str(&format!("{indent} * {line}\n"));
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        out.push_str(&format!("{indent} *{}{line}\n", if line.is_empty() { "" } else { " " }));
    }
    out.push_str(&format!("{indent} */\n"));
    out
}

/// The whole generated file.
pub(crate) fn typescript() -> String {
    let (models, defs) = schemas();
    let mut w = Writer { defs: &defs, used: vec![] };
    let mut out = String::from(
        "// Generated from the engine's summary types by\n\
         // `UPDATE_DOCS=1 cargo test -p skyqueue-engine --lib summary_types`: do not edit.\n\
         // Every float is `number | null`: the engine writes NaN (the mean of nothing) as null.\n\n",
    );
    out.push_str(&doc(Some("Everything a run measured (engine `sim::Summary`): the common counts, then the model's own summary under its key (one of the optional fields)."), ""));
    out.push_str("export interface Summary {\n");
    for (name, ty, text) in COMMON {
        out.push_str(&doc(Some(text), "  "));
        out.push_str(&format!("  {name}: {ty};\n"));
    }
    for (k, schema) in &models {
        let d = k.descriptor();
        out.push_str(&doc(Some(&format!("Present when the model run is `{}`: {}.", d.name, d.label)), "  "));
        out.push_str(&format!("  {}?: {};\n", d.summary_key, w.ty(schema)));
    }
    out.push_str("}\n");
    // Named types in the order first used; writing one may use more.
    let mut i = 0;
    while i < w.used.len() {
        let name = w.used[i].clone();
        let def = defs[&name].as_object().unwrap();
        assert_eq!(def.get("type").and_then(Value::as_str), Some("object"), "{name} is not a struct");
        out.push('\n');
        out.push_str(&doc(def.get("description").and_then(Value::as_str), ""));
        let body = w.object(def, "");
        out.push_str(&format!("export interface {name} {body}\n"));
        i += 1;
    }
    let unused: Vec<_> = defs.keys().filter(|k| !w.used.contains(k)).collect();
    assert!(unused.is_empty(), "definitions not reached: {unused:?}");
    out
}

/// A file the UI reads that a test writes from the engine (`file`, from the repository's root):
/// rewritten under `UPDATE_DOCS=1`, else compared with `text`, failing with `out_of_date`.
pub(super) fn check_generated(file: &str, text: &str, out_of_date: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..").join(file);
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(&path, text).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(committed == text, "{out_of_date}");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::Scenario;
    use crate::sim::Simulation;

    #[test]
    fn summary_types_in_the_ui_are_generated_from_the_engine() {
        check_generated(
            FILE,
            &typescript(),
            &format!("{FILE} is out of date: UPDATE_DOCS=1 cargo test -p skyqueue-engine --lib summary_types"),
        );
    }

    /// Whether `value` has the shape `schema` describes (floats may be null); if not, where and
    /// how it differs.
    fn check(value: &Value, schema: &Value, defs: &Map<String, Value>, at: &str) -> Result<(), String> {
        if let Some(name) = ref_name(schema) {
            return check(value, &defs[name], defs, at);
        }
        if let Some(alts) = schema.get("anyOf").or_else(|| schema.get("oneOf")) {
            let errors: Vec<String> =
                alts.as_array().unwrap().iter().filter_map(|a| check(value, a, defs, at).err()).collect();
            return if errors.len() < alts.as_array().unwrap().len() { Ok(()) } else { Err(errors.join("; ")) };
        }
        let types: Vec<&str> = match &schema["type"] {
            Value::String(t) => vec![t],
            Value::Array(ts) => ts.iter().map(|t| t.as_str().unwrap()).collect(),
            t => return Err(format!("{at}: type {t}")),
        };
        let fits = match value {
            Value::Null => types.contains(&"null") || types.contains(&"number"),
            Value::Bool(_) => types.contains(&"boolean"),
            Value::Number(n) => types.contains(&"number") || (types.contains(&"integer") && (n.is_u64() || n.is_i64())),
            Value::String(_) => types.contains(&"string"),
            Value::Array(items) => {
                if let Some(prefix) = schema.get("prefixItems").and_then(Value::as_array) {
                    if items.len() != prefix.len() {
                        return Err(format!("{at}: {} items, the tuple has {}", items.len(), prefix.len()));
                    }
                    for (i, (v, s)) in items.iter().zip(prefix).enumerate() {
                        check(v, s, defs, &format!("{at}[{i}]"))?;
                    }
                } else {
                    for (i, v) in items.iter().enumerate() {
                        check(v, &schema["items"], defs, &format!("{at}[{i}]"))?;
                    }
                }
                types.contains(&"array")
            }
            Value::Object(fields) => {
                let props = schema["properties"].as_object().ok_or(format!("{at}: not an object type"))?;
                let written: BTreeSet<_> = fields.keys().collect();
                let declared: BTreeSet<_> = props.keys().collect();
                if written != declared {
                    return Err(format!("{at}: keys written {written:?}, keys of the type {declared:?}"));
                }
                for (k, v) in fields {
                    check(v, &props[k], defs, &format!("{at}.{k}"))?;
                }
                types.contains(&"object")
            }
        };
        if fits {
            Ok(())
        } else {
            Err(format!("{at}: {value} is not of type {types:?}"))
        }
    }

    #[test]
    fn summary_types_describe_what_every_model_writes() {
        let (models, defs) = schemas();
        for (k, schema) in models {
            let s = Scenario { model: k, duration_s: 1.0, warmup_s: 0.0, ..Scenario::default() };
            let mut sim = Simulation::new(s).unwrap();
            sim.run_to_end();
            let summary = sim.summary();
            assert!(k.is_own_summary(&*summary.model), "{}: its summary is not its module's `Summary`", k.name());
            let json = serde_json::to_value(&summary).unwrap();
            let keys: Vec<&str> = json.as_object().unwrap().keys().map(String::as_str).collect();
            let mut expected: Vec<&str> = COMMON.iter().map(|c| c.0).collect();
            expected.push(k.descriptor().summary_key);
            expected.sort();
            assert_eq!(keys, expected, "{}: top-level keys", k.name());
            for (name, ..) in COMMON {
                assert!(json[name].is_number(), "{}: {name}", k.name());
            }
            let key = k.descriptor().summary_key;
            check(&json[key], &schema, &defs, key).unwrap_or_else(|e| panic!("{}: {e}", k.name()));
        }
    }

    /// The schema `path` (`a.b[1].c`, below the model's summary) leads to, through `$ref`s,
    /// options (`anyOf`), objects and arrays.
    fn schema_at<'a>(mut schema: &'a Value, defs: &'a Map<String, Value>, path: &str) -> Option<&'a Value> {
        let resolve = |mut s: &'a Value| -> &'a Value {
            loop {
                if let Some(d) = ref_name(s).and_then(|n| defs.get(n)) {
                    s = d;
                } else if let Some(inner) = s
                    .get("anyOf")
                    .and_then(Value::as_array)
                    .and_then(|a| a.iter().find(|x| x.get("type").and_then(Value::as_str) != Some("null")))
                {
                    s = inner;
                } else {
                    return s;
                }
            }
        };
        for part in path.split('.') {
            let (key, index) = match part.split_once('[') {
                Some((k, i)) => (k, i.trim_end_matches(']').parse::<usize>().ok()),
                None => (part, None),
            };
            schema = resolve(schema).get("properties")?.get(key)?;
            if let Some(i) = index {
                let arr = resolve(schema);
                schema = arr.get("prefixItems").and_then(|p| p.get(i)).or_else(|| arr.get("items"))?;
            }
        }
        Some(resolve(schema))
    }

    #[test]
    fn every_sweep_metric_is_a_number_of_its_model_s_summary() {
        let (models, defs) = schemas();
        for (k, schema) in models {
            let d = k.descriptor();
            assert!(!d.sweep_metrics.is_empty(), "{}: no sweep metrics", d.name);
            for m in d.sweep_metrics {
                let below = m
                    .path
                    .strip_prefix(&format!("{}.", d.summary_key))
                    .unwrap_or_else(|| panic!("{}: sweep metric {} is not under `{}`", d.name, m.path, d.summary_key));
                let leaf = schema_at(&schema, &defs, below)
                    .unwrap_or_else(|| panic!("{}: sweep metric {} is not in its summary", d.name, m.path));
                let ty = leaf.get("type").map(Value::to_string).unwrap_or_default();
                assert!(
                    ty.contains("number") || ty.contains("integer"),
                    "{}: {} is {ty}, not a number",
                    d.name,
                    m.path
                );
            }
        }
    }
}
