//! The TypeScript of the engine's named values that the UI keys tables on,
//! `web/src/engine/engine-kinds.ts`: the packet trace's kinds ([`TraceKind`]) and reasons
//! ([`Reason`]), and the topology events' kinds ([`TopoEventKind`]). Each becomes a `readonly`
//! array of every value and the union type of its members; the UI's tables over them (a sentence
//! per reason in `panels/traceText.ts`, a label per event kind in `panels/eventKinds.ts`) are
//! `Record`s over that type, so a value added here fails `npm run typecheck` until the UI says
//! something about it.
//!
//! The values come from each enum's `schemars::JsonSchema` derive (under `cfg(test)` only, as
//! for the summary types): the schema of what serde writes, so every variant, in declaration
//! order, under its serde name, with its doc comment. There is no second list to keep up.
//!
//! `UPDATE_DOCS=1 cargo test -p skyqueue-engine --lib engine_kinds` rewrites the file; without
//! it, the test fails when the committed file is out of date.

use super::summary_types::doc;
use crate::topology::pair::TopoEventKind;
use crate::trace::{Reason, TraceKind};
use schemars::{generate::SchemaSettings, JsonSchema};
use serde_json::Value;

/// The generated file, from the repository's root.
const FILE: &str = "web/src/engine/engine-kinds.ts";

/// The command that rewrites [`FILE`].
const UPDATE: &str = "cd engine-wasm && UPDATE_DOCS=1 cargo test -p skyqueue-engine --lib engine_kinds";

/// One generated list: the TypeScript names of the array and of its type, the engine's path of
/// the enum, and its values (serde name, doc comment) in declaration order.
struct Kinds {
    array: &'static str,
    ty: &'static str,
    engine: &'static str,
    doc: String,
    values: Vec<(String, Option<String>)>,
}

/// The values of a fieldless enum `T` as serde writes them, with their doc comments, and the
/// enum's doc comment.
fn kinds<T: JsonSchema>(array: &'static str, ty: &'static str, engine: &'static str) -> Kinds {
    let mut generator = SchemaSettings::draft2020_12().for_serialize().into_generator();
    let schema = generator.root_schema_for::<T>().to_value();
    let text = |v: &Value| v.get("description").and_then(Value::as_str).map(str::to_string);
    // Every variant has a doc comment (`missing_docs` fails the lint run), so each is a `oneOf`
    // member `{const, description}`.
    let alts = schema.get("oneOf").and_then(Value::as_array);
    let values: Vec<(String, Option<String>)> = alts
        .unwrap_or_else(|| panic!("{engine} is not an enum of documented names: {schema}"))
        .iter()
        .map(|a| {
            let name = a.get("const").and_then(Value::as_str);
            (name.unwrap_or_else(|| panic!("{engine}: a variant that is not a name: {a}")).to_string(), text(a))
        })
        .collect();
    for (name, _) in &values {
        // Written into single-quoted TypeScript literals as they are.
        assert!(
            !name.is_empty() && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
            "{engine}: value `{name}` is not a kebab-case name"
        );
    }
    let doc = text(&schema).unwrap_or_else(|| panic!("{engine} has no doc comment"));
    Kinds { array, ty, engine, doc, values }
}

/// Every generated list, in the order of the file.
fn lists() -> Vec<Kinds> {
    vec![
        kinds::<TraceKind>("TRACE_KINDS", "TraceKind", "trace::TraceKind"),
        kinds::<Reason>("TRACE_REASONS", "TraceReason", "trace::Reason"),
        kinds::<TopoEventKind>("TOPO_EVENT_KINDS", "TopoEventKind", "topology::pair::TopoEventKind"),
    ]
}

/// The whole generated file.
fn typescript() -> String {
    let mut out = format!(
        "// Generated from the engine's enums by\n\
         // `{UPDATE}`: do not edit.\n\
         // Each list holds every value the engine writes, in the engine's order.\n"
    );
    for k in lists() {
        out.push('\n');
        out.push_str(&doc(Some(&format!("{} (engine `{}`): every value.", k.doc.trim_end_matches('.'), k.engine)), ""));
        out.push_str(&format!("export const {} = [\n", k.array));
        for (name, text) in &k.values {
            out.push_str(&doc(text.as_deref(), "  "));
            out.push_str(&format!("  '{name}',\n"));
        }
        out.push_str("] as const;\n");
        out.push_str(&doc(Some(&format!("One of {{@link {}}}.", k.array)), ""));
        out.push_str(&format!("export type {} = (typeof {})[number];\n", k.ty, k.array));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::de::DeserializeOwned;
    use serde::Serialize;

    #[test]
    fn engine_kinds_in_the_ui_are_generated_from_the_engine() {
        crate::sim::summary_types::check_generated(
            FILE,
            &typescript(),
            &format!(
                "{FILE} is out of date with the engine's enums (a value added, renamed or removed): \
                 regenerate it with `{UPDATE}`, commit it, then write the UI's text for any new value \
                 (`npm run typecheck` names the tables that miss it)"
            ),
        );
    }

    /// Each value of `T` named in its schema, read back as `T`, serialises to the same name and
    /// `name` gives it too: the schema lists what serde writes, and a hand-written `name()` (the
    /// CSV export's) agrees with serde for every variant.
    fn round_trip<T: JsonSchema + Serialize + DeserializeOwned>(name: impl Fn(&T) -> Option<&'static str>) {
        let k = kinds::<T>("", "", std::any::type_name::<T>());
        assert!(!k.values.is_empty());
        for (value, _) in &k.values {
            let v: T = serde_json::from_value(Value::String(value.clone())).unwrap();
            assert_eq!(serde_json::to_value(&v).unwrap(), Value::String(value.clone()));
            if let Some(n) = name(&v) {
                assert_eq!(n, value, "{}: name() and serde disagree", k.engine);
            }
        }
    }

    #[test]
    fn engine_kinds_are_the_names_serde_and_the_exports_write() {
        round_trip::<TraceKind>(|k| Some(k.name()));
        round_trip::<Reason>(|r| Some(r.name()));
        round_trip::<TopoEventKind>(|_| None);
    }
}
