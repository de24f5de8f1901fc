//! Field metadata, declared once: every field a person edits, with its group, label, unit,
//! help, type and allowed range. The same declarations drive the engine's range checks
//! (`models::schema::check_ranges`) and the UI's parameter panel and inline validation (`skyqueue schema`
//! writes them as JSON at build time), so a range cannot differ between the two.
//!
//! Each model declares its groups in its folder (`models/<model>/scenario.rs`, `groups()`);
//! the common ones (run, recording) are here, and the registry puts them together
//! (`models::schema`). Nothing here knows a model. Rules that join fields (warm-up below duration,
//! budgets, the seam) stay in code, in the model's `validate`.

use super::validate::{Checker, MAX_DURATION_S};
use super::MAX_SEED;
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
        /// The text is a catalogue of element sets (TLE): the app reports a loaded file's shells
        /// and what it sets aside, as `skyqueue tle check` does.
        catalogue: bool,
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
        kind: Kind::Text { max_chars: None, multiline: false, null_means: None, catalogue: false },
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
    /// A catalogue of element sets (TLE text): see [`Kind::Text`]'s `catalogue`.
    pub fn catalogue(mut self) -> Self {
        if let Kind::Text { catalogue, .. } = &mut self.kind {
            *catalogue = true;
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

/// The group every model shows before its own; `models` are the choices of `model` (name,
/// label), in the registry's order.
pub fn run_group(models: &[(&'static str, &'static str)]) -> Group {
    Group {
        title: "Run",
        fields: vec![
            choice("model", "Model", models, "Which model runs; each has its own parameters below."),
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

/// Checks every number field of `groups` against its declared range in the scenario `json`, and
/// every text field against its length, in declaration order.
pub fn check_fields(json: &Value, groups: Vec<Group>, c: &mut Checker) {
    for g in groups {
        for f in g.fields {
            let Some(v) = value_at(json, f.path) else { continue };
            match &f.kind {
                Kind::Number { rust, min, max, min_exclusive, own_wording: false, .. } => {
                    let (Some(lo), Some(hi)) = (min.eval(json), max.eval(json)) else { continue };
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
    /// What `null` means for a field that may be left empty (a number or a text), if it may.
    pub fn kind_null_means(&self) -> Option<&'static str> {
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
