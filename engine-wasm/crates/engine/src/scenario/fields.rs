//! Field metadata, declared once: every field a person edits, with its group, label, unit,
//! help, type and allowed range. The same declarations drive the engine's range checks
//! ([`check_ranges`]) and the UI's parameter panel and inline validation (`skyqueue schema`
//! writes them as JSON at build time), so a range cannot differ between the two.
//!
//! Each model declares its groups in its folder (`models/<model>/scenario.rs`, `groups()`);
//! the common ones (run, recording) are here. Rules that join fields (warm-up below duration,
//! budgets, the seam) stay in code, in the model's `validate`.

use super::validate::{Checker, MAX_DURATION_S};
use super::{ModelKind, Scenario, MAX_SEED};
use serde::Serialize;
use serde_json::Value;

/// A bound that may depend on another field: `clamp(times * <path>, at_least, at_most)`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Bound {
    /// A fixed bound.
    Fixed(f64),
    /// A bound read from another field of the same scenario.
    Field {
        /// Dotted path of the field.
        path: &'static str,
        /// Factor applied to it.
        times: f64,
        /// Lowest value the bound takes (`null` in JSON: none).
        #[serde(serialize_with = "finite_or_null")]
        at_least: f64,
        /// Highest value the bound takes (`null` in JSON: none).
        #[serde(serialize_with = "finite_or_null")]
        at_most: f64,
    },
}

fn finite_or_null<S: serde::Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
    if x.is_finite() {
        s.serialize_f64(*x)
    } else {
        s.serialize_none()
    }
}

impl Bound {
    /// The bound for scenario `s` (as JSON); `fallback` when the other field is not a number.
    pub fn eval(&self, s: &Value) -> Option<f64> {
        match *self {
            Bound::Fixed(x) => Some(x),
            Bound::Field { path, times, at_least, at_most } => {
                value_at(s, path).and_then(Value::as_f64).map(|v| (times * v).max(at_least).min(at_most))
            }
        }
    }
}

/// What kind of value a field holds, with its range.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Kind {
    /// A number: an integer (`u32`, `u64`) or a real (`f64`).
    Number {
        /// The Rust type (`u32`, `u64`, `f64`).
        rust: &'static str,
        /// Smallest allowed value.
        min: Bound,
        /// Largest allowed value.
        max: Bound,
        /// The minimum itself is not allowed.
        min_exclusive: bool,
        /// `null` is allowed and means this ("unlimited", "preset's").
        null_means: Option<&'static str>,
        /// The range is checked by the model's own code, with its own wording (rate profiles).
        own_wording: bool,
    },
    /// One of a list of options.
    Choice {
        /// Value and label of each option.
        options: Vec<Choice>,
    },
    /// True or false.
    Bool,
    /// Free text.
    Text {
        /// Most characters.
        max_chars: Option<usize>,
        /// Edited on several lines.
        multiline: bool,
        /// `null` is allowed and means this (e.g. "none: the generated shell").
        null_means: Option<&'static str>,
    },
}

/// One option of a choice.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Choice {
    /// The value in the scenario.
    pub value: &'static str,
    /// What a person reads.
    pub label: &'static str,
    /// The name in legends and tables (a sweep's curves): the label unless the field gives
    /// short names ([`Field::short_names`]).
    pub short: &'static str,
}

/// One field.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Field {
    /// Dotted path, as in the engine's messages (`voip.lms.snr_ref_db`, `voip.x[0]`).
    pub path: &'static str,
    /// Short label.
    pub label: &'static str,
    /// Unit, if any.
    pub unit: Option<&'static str>,
    /// What the field does, and the paper's value where there is one.
    pub help: &'static str,
    /// Type and range.
    #[serde(flatten)]
    pub kind: Kind,
    /// The field is used only while another field holds one of some values (on/off periods
    /// only with on/off arrivals); the parameter panel hides it otherwise. Never the model's
    /// policy field: a sweep runs every policy, so each policy's settings stay shown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub applies_when: Option<AppliesWhen>,
}

/// The condition of [`Field::applies_when`]: the field at `path` holds one of `values`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AppliesWhen {
    /// Dotted path of the deciding field.
    pub path: &'static str,
    /// Its values for which the field is used (JSON values: a choice's value, or null).
    pub values: Vec<Value>,
}

/// A titled group of fields.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Group {
    /// Title in the parameter panel.
    pub title: &'static str,
    /// The fields, in order.
    pub fields: Vec<Field>,
}

/// A real field from `min` to `max`.
pub fn real(
    path: &'static str,
    label: &'static str,
    unit: Option<&'static str>,
    min: f64,
    max: f64,
    help: &'static str,
) -> Field {
    number(path, label, "f64", unit, Bound::Fixed(min), Bound::Fixed(max), help)
}

/// An integer field of Rust type `rust` from `min` to `max`.
pub fn int(
    path: &'static str,
    label: &'static str,
    rust: &'static str,
    unit: Option<&'static str>,
    min: u64,
    max: u64,
    help: &'static str,
) -> Field {
    number(path, label, rust, unit, Bound::Fixed(min as f64), Bound::Fixed(max as f64), help)
}

/// A number field with any bounds.
pub fn number(
    path: &'static str,
    label: &'static str,
    rust: &'static str,
    unit: Option<&'static str>,
    min: Bound,
    max: Bound,
    help: &'static str,
) -> Field {
    Field {
        path,
        label,
        unit,
        help,
        kind: Kind::Number { rust, min, max, min_exclusive: false, null_means: None, own_wording: false },
        applies_when: None,
    }
}

/// A choice among `options` (value, label).
pub fn choice(
    path: &'static str,
    label: &'static str,
    options: &[(&'static str, &'static str)],
    help: &'static str,
) -> Field {
    Field {
        path,
        label,
        unit: None,
        help,
        kind: Kind::Choice {
            options: options.iter().map(|&(value, label)| Choice { value, label, short: label }).collect(),
        },
        applies_when: None,
    }
}

/// A true/false field.
pub fn boolean(path: &'static str, label: &'static str, help: &'static str) -> Field {
    Field { path, label, unit: None, help, kind: Kind::Bool, applies_when: None }
}

/// A text field.
pub fn text(path: &'static str, label: &'static str, help: &'static str) -> Field {
    Field {
        path,
        label,
        unit: None,
        help,
        kind: Kind::Text { max_chars: None, multiline: false, null_means: None },
        applies_when: None,
    }
}

impl Field {
    /// The options' short names, in their order, for legends and tables ("DT_S" for "DropTail,
    /// small buffer (DT_S)"). One per option: a declaration with another count is a bug that
    /// every schema test meets.
    pub fn short_names(mut self, shorts: &[&'static str]) -> Self {
        if let Kind::Choice { options } = &mut self.kind {
            assert_eq!(options.len(), shorts.len(), "{}: one short name per option", self.path);
            for (o, &s) in options.iter_mut().zip(shorts) {
                o.short = s;
            }
        }
        self
    }

    /// Used only while the field at `path` holds one of `values` (JSON: `"on-off"`, `null`).
    pub fn applies_when(mut self, path: &'static str, values: &[Value]) -> Self {
        self.applies_when = Some(AppliesWhen { path, values: values.to_vec() });
        self
    }
    /// The minimum itself is not allowed.
    pub fn above_min(mut self) -> Self {
        if let Kind::Number { min_exclusive, .. } = &mut self.kind {
            *min_exclusive = true;
        }
        self
    }
    /// `null` is allowed and means `meaning`.
    pub fn null_means(mut self, meaning: &'static str) -> Self {
        if let Kind::Number { null_means, .. } | Kind::Text { null_means, .. } = &mut self.kind {
            *null_means = Some(meaning);
        }
        self
    }
    /// The model's code checks the range, with its own wording.
    pub fn own_wording(mut self) -> Self {
        if let Kind::Number { own_wording, .. } = &mut self.kind {
            *own_wording = true;
        }
        self
    }
    /// At most `n` characters, on one line or several.
    pub fn max_chars(mut self, n: usize, several_lines: bool) -> Self {
        if let Kind::Text { max_chars, multiline, .. } = &mut self.kind {
            *max_chars = Some(n);
            *multiline = several_lines;
        }
        self
    }
}

/// The groups every model shows before its own.
pub fn run_group() -> Group {
    let models: Vec<(&'static str, &'static str)> =
        ModelKind::ALL.iter().map(|k| (k.name(), k.descriptor().label)).collect();
    Group {
        title: "Run",
        fields: vec![
            choice("model", "Model", &models, "Which model runs; each has its own parameters below."),
            text("name", "Name", "Short title shown in the header.").max_chars(200, false),
            text("description", "Description", "What the scenario shows and what to watch.").max_chars(5000, true),
            int(
                "seed",
                "Seed",
                "u64",
                None,
                0,
                MAX_SEED,
                "Seed of every random stream: the same seed gives the same run, here and in the CLI.",
            ),
            real("duration_s", "Duration", Some("s"), 0.0, MAX_DURATION_S, "Simulated time of the run.").above_min(),
            real(
                "warmup_s",
                "Warm-up",
                Some("s"),
                0.0,
                MAX_DURATION_S,
                "Initial period left out of the summary statistics (the charts still show it); below the duration.",
            ),
        ],
    }
}

/// The groups every model shows after its own.
pub fn recording_group() -> Group {
    Group {
        title: "Recording",
        fields: vec![
            real(
                "metrics.bucket_s",
                "Sample interval",
                Some("s"),
                0.001,
                3600.0,
                "Width of one point of the live series.",
            ),
            int(
                "metrics.max_points",
                "Points kept",
                "u32",
                None,
                10,
                100_000,
                "Most points per series in the results; longer runs merge neighbouring points.",
            ),
            int("metrics.batches", "Batches", "u32", None, 2, 1000, "Batches of the batch-means confidence intervals."),
        ],
    }
}

/// Every group a scenario of `model` shows, in order: run, the model's, recording.
pub fn groups(model: ModelKind) -> Vec<Group> {
    let mut g = vec![run_group()];
    g.extend((model.descriptor().groups)());
    g.push(recording_group());
    g
}

/// The value at a dotted path (`a.b[1].c`) of a JSON value.
pub fn value_at<'a>(v: &'a Value, path: &str) -> Option<&'a Value> {
    let mut cur = v;
    for part in path.split('.') {
        let (key, rest) = part.split_once('[').map_or((part, ""), |(k, r)| (k, r));
        cur = cur.get(key)?;
        for idx in rest.split('[').filter(|s| !s.is_empty()) {
            cur = cur.get(idx.trim_end_matches(']').parse::<usize>().ok()?)?;
        }
    }
    Some(cur)
}

/// Checks every number field of the scenario's groups against its declared range, and every
/// text field against its length, in declaration order.
pub fn check_ranges(s: &Scenario, c: &mut Checker) {
    let json = serde_json::to_value(s).unwrap_or(Value::Null);
    for g in groups(s.model) {
        for f in g.fields {
            let Some(v) = value_at(&json, f.path) else { continue };
            match &f.kind {
                Kind::Number { rust, min, max, min_exclusive, own_wording: false, .. } => {
                    let (Some(lo), Some(hi)) = (min.eval(&json), max.eval(&json)) else { continue };
                    if *rust == "f64" {
                        // serde_json writes NaN and infinities as null; the typed value is read
                        // back from the scenario for those.
                        let x = v.as_f64().unwrap_or(f64::NAN);
                        if v.is_null() && f.kind_null_means().is_some() {
                            continue;
                        }
                        c.real(f.path, x, lo, *min_exclusive, hi);
                    } else if let Some(x) = v.as_u64() {
                        c.int(f.path, x, lo as u64, hi as u64);
                    }
                }
                Kind::Text { max_chars: Some(n), .. } => {
                    if let Some(t) = v.as_str() {
                        c.max_len(f.path, t, *n);
                    }
                }
                _ => {}
            }
        }
    }
}

impl Field {
    fn kind_null_means(&self) -> Option<&'static str> {
        match self.kind {
            Kind::Number { null_means, .. } | Kind::Text { null_means, .. } => null_means,
            _ => None,
        }
    }
}

/// An object of the scenario: its path, the Rust struct's name (serde's message for `null`
/// names it) and its keys in declaration order (serde's message for an unknown key lists them
/// so).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Object {
    /// Dotted path (`""` for the scenario itself).
    pub path: &'static str,
    /// Name of the Rust struct.
    #[serde(rename = "struct")]
    pub name: &'static str,
    /// Keys in declaration order.
    pub keys: &'static [&'static str],
}

/// The object at `path` read from `T`'s own `Deserialize` (never written by hand, so it cannot
/// drift from the struct).
pub fn object<'de, T: serde::Deserialize<'de>>(path: &'static str) -> Object {
    let (name, keys) = introspect::<T>();
    Object { path, name, keys }
}

/// The struct name and field names `T`'s derived `Deserialize` asks for.
fn introspect<'de, T: serde::Deserialize<'de>>() -> (&'static str, &'static [&'static str]) {
    use serde::de::{self, Visitor};
    struct Probe<'a>(&'a mut (&'static str, &'static [&'static str]));
    impl<'de> de::Deserializer<'de> for Probe<'_> {
        type Error = de::value::Error;
        fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
            Err(de::Error::custom("not a struct"))
        }
        fn deserialize_struct<V: Visitor<'de>>(
            self,
            name: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Self::Error> {
            *self.0 = (name, fields);
            Err(de::Error::custom("probed"))
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option unit
            unit_struct newtype_struct seq tuple tuple_struct map enum identifier ignored_any
        }
    }
    let mut out: (&'static str, &'static [&'static str]) = ("", &[]);
    let _ = T::deserialize(Probe(&mut out));
    out
}

/// Everything the UI needs to edit and check a scenario without a copy of the engine's rules:
/// the models, each model's groups of fields (run, the model's, recording), and the objects
/// with their keys. `skyqueue schema` prints it.
pub fn schema_json() -> String {
    #[derive(Serialize)]
    struct ModelEntry {
        name: &'static str,
        label: &'static str,
        summary_key: &'static str,
        policy_path: Option<&'static str>,
        sweep_metrics: &'static [crate::models::SweepMetric],
        groups: Vec<Group>,
        objects: Vec<Object>,
    }
    #[derive(Serialize)]
    struct Schema {
        scenario_version: u32,
        oldest_scenario_version: u32,
        max_seed: u64,
        common_objects: Vec<Object>,
        models: Vec<ModelEntry>,
    }
    let models = ModelKind::ALL
        .iter()
        .map(|&k| {
            let d = k.descriptor();
            ModelEntry {
                name: d.name,
                label: d.label,
                summary_key: d.summary_key,
                policy_path: d.policy_path,
                sweep_metrics: d.sweep_metrics,
                groups: groups(k),
                objects: (d.objects)(),
            }
        })
        .collect();
    let schema = Schema {
        scenario_version: super::SCENARIO_VERSION,
        oldest_scenario_version: super::OLDEST_VERSION,
        max_seed: MAX_SEED,
        common_objects: vec![object::<Scenario>(""), object::<super::MetricsSpec>("metrics")],
        models,
    };
    serde_json::to_string_pretty(&schema).unwrap_or_default()
}

/// The field reference as Markdown (`docs/SCENARIO-FIELDS.md`, `skyqueue schema --markdown`):
/// every model's groups with each field's unit, allowed values and help, from the same
/// declaration the range checks read.
pub fn markdown() -> String {
    fn num(x: f64) -> String {
        if x.abs() >= 1e6 && x.fract() == 0.0 {
            format!("{x:e}")
        } else {
            format!("{x}")
        }
    }
    fn bound(b: &Bound) -> String {
        match *b {
            Bound::Fixed(x) => num(x),
            Bound::Field { path, times, at_least, at_most } => {
                let mut s = if times == 1.0 { format!("`{path}`") } else { format!("{times} x `{path}`") };
                if at_least.is_finite() {
                    s = format!("max({s}, {})", num(at_least));
                }
                if at_most.is_finite() {
                    s = format!("min({s}, {})", num(at_most));
                }
                s
            }
        }
    }
    let defaults: Vec<Value> = ModelKind::ALL
        .iter()
        .map(|&k| serde_json::to_value(Scenario { model: k, ..Scenario::default() }).unwrap_or_default())
        .collect();
    let mut out = String::from(
        "# Scenario fields\n\nGenerated from the engine's field declarations (`skyqueue schema --markdown`); a test keeps\nthis file equal to them. A scenario (format version 2) holds the common fields and the\nsections of the model that runs. Ranges are checked as listed; rules joining fields (the\nwarm-up below the duration, budgets of work per run, the seam of a star constellation) are\nchecked too and named in their messages.\n",
    );
    let mut shown = std::collections::BTreeSet::new();
    for (i, &k) in ModelKind::ALL.iter().enumerate() {
        let d = k.descriptor();
        out.push_str(&format!("\n## Model `{}`: {}\n", d.name, d.label));
        for g in groups(k) {
            // The common groups once, under the first model.
            if !shown.insert(g.title) && (g.title == "Run" || g.title == "Recording") {
                continue;
            }
            out.push_str(&format!(
                "\n### {}\n\n| field | default | allowed | unit | what it does |\n|---|---|---|---|---|\n",
                g.title
            ));
            for f in &g.fields {
                let default = value_at(&defaults[i], f.path).map_or("(none)".to_string(), |v| {
                    if v.is_null() {
                        "null".into()
                    } else {
                        format!("`{v}`")
                    }
                });
                let allowed = match &f.kind {
                    Kind::Number { rust, min, max, min_exclusive, null_means, .. } => {
                        let b = |x: &Bound| match (x, *rust == "f64") {
                            (Bound::Fixed(v), false) => format!("{}", *v as u64),
                            _ => bound(x),
                        };
                        let lo = if *min_exclusive { format!("above {}", b(min)) } else { b(min) };
                        let whole = if *rust == "f64" { "" } else { ", whole" };
                        let null = null_means.map_or(String::new(), |m| format!("; null: {m}"));
                        format!("{lo} to {}{whole}{null}", b(max))
                    }
                    Kind::Choice { options } => {
                        options.iter().map(|o| format!("`{}` ({})", o.value, o.label)).collect::<Vec<_>>().join(", ")
                    }
                    Kind::Bool => "true, false".into(),
                    Kind::Text { max_chars, null_means, .. } => {
                        let null = null_means.map_or(String::new(), |m| format!("; null: {m}"));
                        max_chars.map_or("text".into(), |n| format!("text, at most {n} characters")) + &null
                    }
                };
                let cell = |t: &str| t.replace('|', "\\|");
                let when = f.applies_when.as_ref().map_or(String::new(), |w| {
                    let vals: Vec<String> = w.values.iter().map(|v| format!("`{v}`")).collect();
                    format!(" Used only when `{}` is {}.", w.path, vals.join(" or "))
                });
                out.push_str(&format!(
                    "| `{}` | {} | {} | {} | {}{} |\n",
                    f.path,
                    cell(&default),
                    cell(&allowed),
                    f.unit.unwrap_or(""),
                    cell(f.help),
                    cell(&when)
                ));
            }
        }
    }
    out
}

/// The fields whose values a field's range is read from (its `Bound::Field` bounds), if it is a
/// declared number field of `model`.
pub fn bound_sources(model: ModelKind, path: &str) -> Vec<&'static str> {
    let mut out = vec![];
    for g in groups(model) {
        for f in g.fields {
            if f.path != path {
                continue;
            }
            if let Kind::Number { min, max, .. } = &f.kind {
                for b in [min, max] {
                    if let Bound::Field { path, .. } = b {
                        out.push(*path);
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_condition_names_a_field_of_its_model_and_values_that_field_can_hold() {
        let mut seen = 0;
        for &k in ModelKind::ALL {
            let fields: Vec<Field> = groups(k).into_iter().flat_map(|g| g.fields).collect();
            for f in fields.iter() {
                let Some(w) = &f.applies_when else { continue };
                seen += 1;
                let by = fields
                    .iter()
                    .find(|g| g.path == w.path)
                    .unwrap_or_else(|| panic!("{}: {} is not a field of {}", f.path, w.path, k.name()));
                assert!(!w.values.is_empty(), "{}", f.path);
                for v in &w.values {
                    let ok = match (&by.kind, v) {
                        (Kind::Choice { options }, Value::String(s)) => options.iter().any(|o| o.value == s),
                        (
                            Kind::Number { null_means: Some(_), .. } | Kind::Text { null_means: Some(_), .. },
                            Value::Null,
                        ) => true,
                        _ => false,
                    };
                    assert!(ok, "{}: {} never holds {v}", f.path, w.path);
                }
                assert_ne!(f.path, w.path, "a field cannot depend on itself");
                assert_ne!(
                    Some(w.path),
                    k.descriptor().policy_path,
                    "{}: a sweep runs every policy, so a policy's settings must stay shown",
                    f.path
                );
            }
        }
        assert!(seen >= 15, "{seen} conditions");
    }

    #[test]
    fn the_field_reference_in_docs_is_generated_from_the_declarations() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../docs/SCENARIO-FIELDS.md");
        let text = markdown();
        if std::env::var_os("UPDATE_DOCS").is_some() {
            std::fs::write(&path, &text).unwrap();
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == text,
            "docs/SCENARIO-FIELDS.md is out of date: UPDATE_DOCS=1 cargo test -p skyqueue-engine --lib field_reference"
        );
    }

    /// The default scenario of `model` as JSON.
    fn defaults(model: ModelKind) -> Value {
        serde_json::to_value(Scenario { model, ..Scenario::default() }).unwrap()
    }

    fn set(v: &mut Value, path: &str, x: Value) {
        let mut cur = v;
        let parts: Vec<&str> = path.split('.').collect();
        for (i, part) in parts.iter().enumerate() {
            let (key, idx) = match part.split_once('[') {
                Some((k, r)) => (k, Some(r.trim_end_matches(']').parse::<usize>().unwrap())),
                None => (*part, None),
            };
            if i == parts.len() - 1 && idx.is_none() {
                cur[key] = x;
                return;
            }
            if cur[key].is_null() {
                cur[key] = serde_json::json!({});
            }
            cur = &mut cur[key];
            if let Some(i) = idx {
                cur = &mut cur[i];
            }
        }
        *cur = x;
    }

    fn errors(v: &Value) -> Vec<crate::scenario::FieldError> {
        match Scenario::from_json(&v.to_string()) {
            Ok(_) => vec![],
            Err(e) => e.field_errors(),
        }
    }

    #[test]
    fn every_declared_path_exists_in_its_models_scenario() {
        for &k in ModelKind::ALL {
            let json = defaults(k);
            for g in groups(k) {
                for f in &g.fields {
                    // Profile fields exist only for a cosine profile; the others are in the defaults.
                    // and an override left out (`null_means`) is not written.
                    if (f.path.contains("_profile.") && !f.path.ends_with(".kind")) || f.kind_null_means().is_some() {
                        continue;
                    }
                    assert!(value_at(&json, f.path).is_some(), "{}: {} is not in the scenario", k.name(), f.path);
                }
            }
        }
    }

    #[test]
    fn every_declared_range_is_the_one_the_engine_enforces() {
        // For every number field with fixed bounds: both ends accepted, just outside refused at
        // that path with the declared range in the message.
        for &k in ModelKind::ALL {
            for g in groups(k) {
                for f in &g.fields {
                    let Kind::Number {
                        rust,
                        min: Bound::Fixed(lo),
                        max: Bound::Fixed(hi),
                        min_exclusive,
                        own_wording: false,
                        ..
                    } = f.kind
                    else {
                        continue;
                    };
                    let int = rust != "f64";
                    let num = |x: f64| if int { serde_json::json!(x as u64) } else { serde_json::json!(x) };
                    let mut ok = defaults(k);
                    set(&mut ok, f.path, num(hi));
                    // (A rule joining fields may still refuse it, e.g. a warm-up as long as the run.)
                    let at_max: Vec<_> = errors(&ok)
                        .into_iter()
                        .filter(|e| e.path == f.path && e.message.contains("(allowed:"))
                        .collect();
                    assert!(at_max.is_empty(), "{}: {} = {hi} refused: {at_max:?}", k.name(), f.path);
                    let above = if int { hi + 1.0 } else { hi * 1.5 + 1.0 };
                    if !(int && rust == "u64" && hi >= u64::MAX as f64) {
                        let mut bad = defaults(k);
                        set(&mut bad, f.path, num(above));
                        let e = errors(&bad);
                        assert!(
                            e.iter().any(|e| e.path == f.path && e.message.contains("above the maximum")),
                            "{}: {} = {above} not refused: {e:?}",
                            k.name(),
                            f.path
                        );
                    }
                    if lo > 0.0 || (!int && lo > f64::MIN) {
                        let below = if int {
                            lo - 1.0
                        } else if min_exclusive {
                            lo
                        } else {
                            lo - 1.0 - lo.abs()
                        };
                        if int && below < 0.0 {
                            continue;
                        }
                        let mut bad = defaults(k);
                        set(&mut bad, f.path, num(below));
                        let e = errors(&bad);
                        assert!(
                            e.iter().any(|e| e.path == f.path),
                            "{}: {} = {below} not refused: {e:?}",
                            k.name(),
                            f.path
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn every_choice_lists_exactly_the_engines_options() {
        for &k in ModelKind::ALL {
            for g in groups(k) {
                for f in &g.fields {
                    let Kind::Choice { options } = &f.kind else { continue };
                    let mut bad = defaults(k);
                    set(&mut bad, f.path, serde_json::json!("no-such-option"));
                    let e = errors(&bad);
                    let msg = &e
                        .iter()
                        .find(|e| e.path == f.path || f.path.starts_with(&format!("{}.", e.path)))
                        .unwrap_or_else(|| panic!("{}: {e:?}", f.path))
                        .message;
                    let listed: Vec<&str> = msg.split('`').skip(3).step_by(2).collect();
                    let declared: Vec<&str> = options.iter().map(|o| o.value).collect();
                    assert_eq!(listed, declared, "{}: {msg}", f.path);
                }
            }
        }
    }

    #[test]
    fn dependent_bounds_follow_the_other_field() {
        let mut s = defaults(ModelKind::Diffserv);
        set(&mut s, "diffserv.capacity_bps", serde_json::json!(1e6));
        set(&mut s, "diffserv.ef_bps", serde_json::json!(2e6));
        set(&mut s, "diffserv.ef_expected_bps", serde_json::json!(0.995e6));
        let e = errors(&s);
        assert!(
            e.iter().any(|e| e.path == "diffserv.ef_bps" && e.message.contains("above the maximum 1000000")),
            "{e:?}"
        );
        assert!(
            e.iter().any(|e| e.path == "diffserv.ef_expected_bps" && e.message.contains("above the maximum 990000")),
            "{e:?}"
        );
    }

    #[test]
    fn the_schema_names_every_model_and_object() {
        let v: Value = serde_json::from_str(&schema_json()).unwrap();
        let models: Vec<&str> = v["models"].as_array().unwrap().iter().map(|m| m["name"].as_str().unwrap()).collect();
        assert_eq!(models, ModelKind::ALL.iter().map(|k| k.name()).collect::<Vec<_>>());
        assert_eq!(v["common_objects"][0]["keys"][0], "version");
        let voip = &v["models"][2];
        assert_eq!(voip["objects"][1]["struct"], "LmsParams");
        assert_eq!(voip["policy_path"], "voip.policy");
    }
}
