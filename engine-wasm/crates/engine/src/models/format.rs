//! The scenario: one versioned, serialisable object that fully determines a run, assembled by
//! the registry from the common fields and every model's sections.
//!
//! A scenario is read from JSON (`"version": 1`), every omitted field takes its documented
//! default, and [`Scenario::validate`] reports *every* out-of-range field by its path with the
//! allowed range before anything is simulated. The same scenario and seed always give the same
//! results, natively and in the browser; the results echo the scenario with its defaults filled
//! in, so a results file says exactly what was run.
//!
//! ```
//! use engine::Scenario;
//! let s = Scenario::from_json(r#"{ "version": 1, "traffic": { "rate_pps": 500 } }"#).unwrap();
//! assert_eq!(s.queue.service_rate_pps, 1000.0); // default
//!
//! let err = Scenario::from_json(r#"{ "version": 1, "traffic": { "flows": 0 } }"#).unwrap_err();
//! assert_eq!(err.to_string(), "traffic.flows: 0 is below the minimum 1 (allowed: 1 to 10000)");
//! ```
// Input path: whatever a user's file, link or option holds is refused with a message, never
// unwrapped (docs/RELIABILITY.md).
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

// Every section's type is re-exported here by `scenario_type!` below; a model's other types
// are reached through its own folder (`models::<id>::scenario`).
use super::ModelKind;
use crate::scenario::validate::{duration_ok, Checker, MAX_BUCKETS};
use crate::scenario::{plain_message, FieldError, MetricsSpec, ScenarioError, OLDEST_VERSION, SCENARIO_VERSION};
use serde::{Deserialize, Serialize};

/// Writes [`Scenario`] (the common fields and every model's sections), its written form and
/// its defaults, from the model registry's sections (`models::registry!`, called through
/// `models::with_sections!`), so that a model's sections are declared once, on its registry
/// line, and adding a model does not edit this file.
///
/// The keys come in the order the format has always had: the common fields, the first model's
/// sections, `metrics`, then the other models' sections in registry order. `metrics` sits after
/// the first model's sections because that is where it was when the queue was the only model;
/// keeping it there keeps written scenarios byte for byte as they were, and serde's
/// "unknown field `x`, expected one of ..." messages list the keys in this order.
macro_rules! scenario_type {
    (
        $first_variant:ident => $first_module:ident { $($(#[doc = $first_doc:literal])* $first_section:ident: $first_ty:ident,)* },
        $($variant:ident => $module:ident { $($(#[doc = $doc:literal])* $section:ident: $ty:ident,)* },)*
    ) => {
        $(pub use super::$first_module::scenario::$first_ty;)*
        $($(pub use super::$module::scenario::$ty;)*)*

        /// A complete description of one run. In memory it has every model's section (the ones
        /// the model does not use keep their defaults); written, it has only the running model's
        /// ([`sections`]).
        #[derive(Clone, Debug, PartialEq, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct Scenario {
            /// Format version: [`SCENARIO_VERSION`] (or [`OLDEST_VERSION`], migrated when read).
            /// Required.
            #[serde(default)]
            pub version: Option<u32>,
            /// Which model runs (the registry in `models`; the FIFO queue by default).
            #[serde(default)]
            pub model: ModelKind,
            /// Short title shown in the header.
            #[serde(default = "defaults::name")]
            pub name: String,
            /// What the scenario shows and what to watch, for a classroom.
            #[serde(default)]
            pub description: String,
            /// Seed of every random stream (0 to 2^53 - 1).
            #[serde(default = "defaults::seed")]
            pub seed: u64,
            /// Simulated duration [s].
            #[serde(default = "defaults::duration_s")]
            pub duration_s: f64,
            /// Initial period excluded from the summary statistics [s]; the series still show it.
            #[serde(default = "defaults::warmup_s")]
            pub warmup_s: f64,
            $(
                $(#[doc = $first_doc])*
                #[serde(default)]
                pub $first_section: $first_ty,
            )*
            /// What is recorded and how finely.
            #[serde(default)]
            pub metrics: MetricsSpec,
            $($(
                $(#[doc = $doc])*
                #[serde(default)]
                pub $section: $ty,
            )*)*
        }

        impl Serialize for Scenario {
            /// The common fields and the running model's sections, in declaration order.
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                #[derive(Serialize)]
                struct Written<'a> {
                    version: Option<u32>,
                    model: ModelKind,
                    name: &'a str,
                    description: &'a str,
                    seed: u64,
                    duration_s: f64,
                    warmup_s: f64,
                    $(
                        #[serde(skip_serializing_if = "Option::is_none")]
                        $first_section: Option<&'a $first_ty>,
                    )*
                    metrics: &'a MetricsSpec,
                    $($(
                        #[serde(skip_serializing_if = "Option::is_none")]
                        $section: Option<&'a $ty>,
                    )*)*
                }
                Written {
                    version: self.version,
                    model: self.model,
                    name: &self.name,
                    description: &self.description,
                    seed: self.seed,
                    duration_s: self.duration_s,
                    warmup_s: self.warmup_s,
                    $($first_section: (self.model == ModelKind::$first_variant).then_some(&self.$first_section),)*
                    metrics: &self.metrics,
                    $($($section: (self.model == ModelKind::$variant).then_some(&self.$section),)*)*
                }
                .serialize(serializer)
            }
        }

        impl Default for Scenario {
            /// The default scenario: the first model's (an M/M/1 queue at load 0.8) for 100 s,
            /// every section at its defaults.
            fn default() -> Self {
                Scenario {
                    version: Some(SCENARIO_VERSION),
                    model: ModelKind::default(),
                    name: defaults::name(),
                    description: String::new(),
                    seed: defaults::seed(),
                    duration_s: defaults::duration_s(),
                    warmup_s: defaults::warmup_s(),
                    $($first_section: <$first_ty>::default(),)*
                    metrics: MetricsSpec::default(),
                    $($($section: <$ty>::default(),)*)*
                }
            }
        }
    };
}

super::with_sections!(scenario_type);

/// The top-level sections of a model's scenario (`traffic` and `queue` for the queue model), as
/// its registry line names them ([`ModelKind::sections`]; a test holds them equal to the model's
/// objects without a dot in their path).
pub fn sections(model: ModelKind) -> Vec<&'static str> {
    model.sections().to_vec()
}

/// The defaults of the common fields and of every model's sections, in one object: what a shared
/// link is compared against when it leaves out the fields equal to their defaults.
pub fn all_defaults_json() -> String {
    let mut all = serde_json::to_value(Scenario::default()).unwrap_or_default();
    for &k in ModelKind::ALL {
        let d = serde_json::to_value(Scenario { model: k, ..Scenario::default() }).unwrap_or_default();
        for section in sections(k) {
            all[section] = d[section].clone();
        }
    }
    all.to_string()
}

mod defaults {
    pub fn name() -> String {
        "Untitled scenario".into()
    }
    pub fn seed() -> u64 {
        1
    }
    pub fn duration_s() -> f64 {
        100.0
    }
    pub fn warmup_s() -> f64 {
        5.0
    }
}

impl Scenario {
    /// Parses and validates a scenario. Syntax errors give the line and column; a field of the
    /// wrong type or an unknown field gives its path; range errors list every bad field.
    pub fn from_json(text: &str) -> Result<Scenario, ScenarioError> {
        match Self::parse_json(text) {
            Ok(scenario) => {
                scenario.validate()?;
                Ok(scenario)
            }
            Err(ScenarioError::Field(first)) => Err(Self::every_problem(text, first)),
            Err(e) => Err(e),
        }
    }

    /// Every bad field, not only the first: serde stops at the first field of the wrong type
    /// (or unknown), so that field is set aside (its default stands in) and the text is read
    /// again, until it parses; then the ranges are checked too. A range or cross-field message
    /// that names a field set aside is left out (it would speak of the stand-in default).
    fn every_problem(text: &str, first: FieldError) -> ScenarioError {
        let Ok(mut value) = serde_json::from_str::<serde_json::Value>(text) else { return ScenarioError::Field(first) };
        let mut errors = vec![first];
        for _ in 0..64 {
            let path = errors.last().map(|e| e.path.clone()).unwrap_or_default();
            if !remove_path(&mut value, &path) {
                break;
            }
            match Self::parse_json(&value.to_string()) {
                Ok(scenario) => {
                    if let Err(e) = scenario.validate() {
                        let removed: Vec<String> = errors.iter().map(|e| e.path.clone()).collect();
                        let names = |m: &str| removed.iter().any(|p| m.contains(p.rsplit('.').next().unwrap_or(p)));
                        // A range read from a field set aside is unknown (the app's checks skip it too).
                        let bound_removed = |p: &str| {
                            super::schema::bound_sources(scenario.model, p)
                                .iter()
                                .any(|b| removed.iter().any(|r| r == b))
                        };
                        errors.extend(
                            e.field_errors().into_iter().filter(|f| {
                                !removed.contains(&f.path) && !names(&f.message) && !bound_removed(&f.path)
                            }),
                        );
                    }
                    break;
                }
                Err(ScenarioError::Field(f)) if !errors.iter().any(|e| e.path == f.path) => errors.push(f),
                Err(_) => break,
            }
        }
        if errors.len() == 1 {
            ScenarioError::Field(errors.remove(0))
        } else {
            ScenarioError::Invalid(errors)
        }
    }

    /// Parses without range validation (types and field names are still checked).
    /// A version 1 scenario is migrated (see [`OLDEST_VERSION`]); a version 2 scenario with
    /// another model's section is refused at that section.
    pub fn parse_json(text: &str) -> Result<Scenario, ScenarioError> {
        // A key given twice is refused in every object, before the version 1 migration reads the
        // text into a map (which would keep the last silently) and in fields of free form.
        if let Some((path, key)) = crate::scenario::duplicate_key(text) {
            return Err(ScenarioError::Field(FieldError::new(
                if path.is_empty() { key.clone() } else { format!("{path}.{key}") },
                format!("duplicate field `{key}`: a key may be given once"),
            )));
        }
        let migrated = migrate(text)?;
        let text = migrated.as_deref().unwrap_or(text);
        let mut scenario = Self::parse_exact(text)?;
        if scenario.version == Some(OLDEST_VERSION) {
            scenario.version = Some(SCENARIO_VERSION);
        }
        Ok(scenario)
    }

    /// Reads the JSON as it is (no migration).
    fn parse_exact(text: &str) -> Result<Scenario, ScenarioError> {
        let de = &mut serde_json::Deserializer::from_str(text);
        let parsed: Result<Scenario, _> = serde_path_to_error::deserialize(&mut *de);
        let scenario = parsed.map_err(|err| {
            let path = err.path().to_string();
            let inner = err.into_inner();
            if inner.is_syntax()
                && !path.is_empty()
                && path != "."
                && serde_json::from_str::<serde::de::IgnoredAny>(text).is_ok()
            {
                // Valid JSON that serde_json reports as a syntax error ("expected value"): a
                // value that is not a string where an option name is expected.
                return ScenarioError::Field(FieldError::new(path, OPTION_EXPECTED));
            }
            if inner.is_syntax() || inner.is_eof() {
                return ScenarioError::Syntax {
                    line: inner.line(),
                    column: inner.column(),
                    message: strip_position(&inner.to_string()),
                };
            }
            let message = strip_position(&inner.to_string());
            ScenarioError::Field(FieldError::new(field_path(&path, &message), plain_message(&message)))
        })?;
        // Nothing may follow the scenario: `{...} garbage` is a syntax error, not a scenario.
        de.end().map_err(|e| ScenarioError::Syntax {
            line: e.line(),
            column: e.column(),
            message: strip_position(&e.to_string()),
        })?;
        Ok(scenario)
    }

    /// The scenario as pretty JSON, with every default written out.
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

impl Scenario {
    /// Checks every field against its allowed range and the cross-field rules; lists them all.
    pub fn validate(&self) -> Result<(), ScenarioError> {
        let mut c = Checker::default();
        match self.version {
            None => c.push(
                "version",
                format!("missing; this engine reads scenario versions {OLDEST_VERSION} to {SCENARIO_VERSION}"),
            ),
            Some(v) if v != SCENARIO_VERSION => {
                c.push("version", format!("{v} is not supported (allowed: {OLDEST_VERSION} to {SCENARIO_VERSION})"))
            }
            Some(_) => {}
        }
        // Every field's own range, as declared once in `fields` (and shown by the UI).
        super::schema::check_ranges(self, &mut c);
        // Cross-field rules only where each field is valid on its own, so one mistake gives one
        // message.
        if duration_ok(self.duration_s) && self.warmup_s.is_finite() && self.warmup_s >= self.duration_s {
            c.push("warmup_s", format!("{} must be below duration_s ({})", self.warmup_s, self.duration_s));
        }

        let m = &self.metrics;
        if duration_ok(self.duration_s) && m.bucket_s.is_finite() && m.bucket_s >= 0.001 {
            let buckets = self.duration_s / m.bucket_s;
            if buckets > MAX_BUCKETS {
                c.push(
                    "metrics.bucket_s",
                    format!(
                        "{} s gives {buckets:.3e} points over duration_s, above the maximum {MAX_BUCKETS:.0e}; use at least {} s",
                        m.bucket_s,
                        self.duration_s / MAX_BUCKETS
                    ),
                );
            }
        }
        // The model's rules joining fields.
        (self.model.descriptor().validate)(self, &mut c);
        // The run's estimated work, once every field is valid (the estimate reads them).
        if c.is_empty() {
            crate::sim::check_estimate(self, &mut c);
        }

        c.finish()
    }
}

/// Sections of other models: dropped from a version 1 scenario (the text to read instead), an
/// error in a version 2 one. Anything else (bad JSON, an unknown model or version) is left to
/// the reading and validation that follow, which report it.
fn migrate(text: &str) -> Result<Option<String>, ScenarioError> {
    let Ok(serde_json::Value::Object(mut map)) = serde_json::from_str::<serde_json::Value>(text) else {
        return Ok(None);
    };
    let version = map.get("version").and_then(serde_json::Value::as_u64);
    let model = match map.get("model") {
        None => ModelKind::default(),
        Some(m) => match m.as_str().and_then(ModelKind::from_name) {
            Some(k) => k,
            None => return Ok(None),
        },
    };
    let own = sections(model);
    let foreign: Vec<String> = ModelKind::ALL
        .iter()
        .flat_map(|&k| sections(k))
        .filter(|s| !own.contains(s) && map.contains_key(*s))
        .map(String::from)
        .collect();
    if foreign.is_empty() {
        return Ok(None);
    }
    match version {
        Some(v) if v == OLDEST_VERSION as u64 => {
            for key in &foreign {
                map.remove(key);
            }
            Ok(Some(serde_json::Value::Object(map).to_string()))
        }
        Some(v) if v == SCENARIO_VERSION as u64 => {
            let errors = foreign
                .iter()
                .map(|key| {
                    let owner = ModelKind::ALL.iter().find(|&&k| sections(k).contains(&key.as_str())).map_or("another", |k| k.name());
                    FieldError::new(key, format!("is a section of the {owner} model, not of the {} model (its sections: {}); remove it, or set `model`", model.name(), own.join(", ")))
                })
                .collect();
            Err(ScenarioError::Invalid(errors))
        }
        _ => Ok(None),
    }
}

/// The message for a non-string value where an option name is expected (serde_json reports it
/// as a JSON syntax error, which it is not).
pub const OPTION_EXPECTED: &str = "expected the name of an option, as a string";

/// serde_json appends " at line L column C" to data errors; the path says more to a user.
fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message.to_string(),
    }
}

/// serde_path_to_error names the containing object for an unknown or missing field; name the
/// field itself, so that `{"traffic": {"rate": 1}}` reports `traffic.rate`.
/// Removes the field at a dotted path (`a.b[1].c`) from a JSON value; false when there is none
/// or when it is an element of a list.
fn remove_path(value: &mut serde_json::Value, path: &str) -> bool {
    if path.is_empty() {
        return false;
    }
    let mut parts: Vec<(String, Vec<usize>)> = vec![];
    for part in path.split('.') {
        let (name, rest) = part.split_once('[').map_or((part, ""), |(n, r)| (n, r));
        let idx: Vec<usize> = if rest.is_empty() {
            vec![]
        } else {
            format!("[{rest}").split(['[', ']']).filter(|x| !x.is_empty()).filter_map(|x| x.parse().ok()).collect()
        };
        parts.push((name.to_string(), idx));
    }
    let Some((last, last_idx)) = parts.pop() else { return false };
    let mut cur = value;
    for (name, idx) in &parts {
        let Some(next) = cur.get_mut(name.as_str()) else { return false };
        cur = next;
        for &i in idx {
            let Some(next) = cur.get_mut(i) else { return false };
            cur = next;
        }
    }
    // A bad element of a list is not removed (the indices of the others would shift).
    last_idx.is_empty() && cur.as_object_mut().is_some_and(|o| o.remove(&last).is_some())
}

fn field_path(path: &str, message: &str) -> String {
    let base = if path == "." { "" } else { path };
    for prefix in ["unknown field `", "missing field `", "duplicate field `"] {
        if let Some(rest) = message.strip_prefix(prefix) {
            if let Some(end) = rest.find('`') {
                let name = &rest[..end];
                if base == name || base.ends_with(&format!(".{name}")) {
                    return base.to_string();
                }
                return if base.is_empty() { name.to_string() } else { format!("{base}.{name}") };
            }
        }
    }
    base.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::fields;

    #[test]
    fn defaults_fill_every_omitted_field() {
        let s = Scenario::from_json(r#"{"version": 1}"#).unwrap();
        assert_eq!(s, Scenario::default());
    }

    #[test]
    fn syntax_errors_give_line_and_column() {
        let err = Scenario::from_json("{\n  \"version\": 1,\n  \"seed\": ,\n}").unwrap_err();
        match err {
            ScenarioError::Syntax { line, column, .. } => assert_eq!((line, column), (3, 11)),
            other => panic!("expected a syntax error, got {other:?}"),
        }
        assert!(matches!(Scenario::from_json(""), Err(ScenarioError::Syntax { .. })));
        // Trailing characters after the scenario used to be ignored.
        match Scenario::from_json("{\"version\": 2} 0-45 ms") {
            Err(ScenarioError::Syntax { line, column, message }) => {
                assert_eq!((line, column, message.as_str()), (1, 16, "trailing characters"))
            }
            other => panic!("expected a syntax error, got {other:?}"),
        }
    }

    #[test]
    fn wrong_types_name_the_field() {
        let err = Scenario::from_json(r#"{"version": 1, "seed": -4}"#).unwrap_err();
        assert_eq!(err.field_errors()[0].path, "seed");
        assert_eq!(err.field_errors()[0].message, "must be a whole number from 0 to 18446744073709551615, not -4");
    }

    #[test]
    fn unknown_fields_and_options_are_named() {
        let err = Scenario::from_json(r#"{"version": 1, "sead": 3}"#).unwrap_err();
        assert_eq!(err.field_errors()[0].path, "sead");
        assert!(err.to_string().contains("unknown field `sead`"), "{err}");
    }

    #[test]
    fn written_scenarios_hold_only_the_running_models_sections() {
        for &k in ModelKind::ALL {
            let s = Scenario { model: k, ..Scenario::default() };
            let v: serde_json::Value = serde_json::from_str(&s.to_json_pretty()).unwrap();
            let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
            for &section in ModelKind::ALL.iter().flat_map(|m| m.sections()) {
                assert_eq!(
                    keys.contains(&section),
                    sections(k).contains(&section),
                    "{}: {section} in {keys:?}",
                    k.name()
                );
            }
            assert_eq!(v["version"], 2);
            assert_eq!(Scenario::from_json(&s.to_json_pretty()).unwrap(), s, "{}", k.name());
        }
    }

    /// The keys of a JSON object in the order written (`serde_json::Value` sorts them).
    fn top_level_keys(json: &str) -> Vec<String> {
        struct Keys;
        impl<'de> serde::de::Visitor<'de> for Keys {
            type Value = Vec<String>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut keys = vec![];
                while let Some((key, serde::de::IgnoredAny)) = map.next_entry::<String, serde::de::IgnoredAny>()? {
                    keys.push(key);
                }
                Ok(keys)
            }
        }
        serde::Deserializer::deserialize_map(&mut serde_json::Deserializer::from_str(json), Keys).unwrap()
    }

    #[test]
    fn keys_keep_the_formats_order() {
        // The common fields, the first model's sections, `metrics`, the other models' sections
        // (see `scenario_type!`): in the struct (serde's "expected one of" lists) and written.
        let mut order = vec!["version", "model", "name", "description", "seed", "duration_s", "warmup_s"];
        let (first, others) = ModelKind::ALL.split_first().unwrap();
        order.extend(first.sections());
        order.push("metrics");
        order.extend(others.iter().flat_map(|k| k.sections()));
        assert_eq!(fields::object::<Scenario>("").keys, order);
        for &k in ModelKind::ALL {
            let written = top_level_keys(&Scenario { model: k, ..Scenario::default() }.to_json_pretty());
            let expected: Vec<&str> = order
                .iter()
                .copied()
                .filter(|key| !ModelKind::ALL.iter().any(|m| m.sections().contains(key)) || k.sections().contains(key))
                .collect();
            assert_eq!(written, expected, "{}", k.name());
        }
        let err = Scenario::from_json(r#"{"version": 2, "bogus": 1}"#).unwrap_err();
        assert!(
            err.to_string().ends_with(&format!(
                "expected one of {}",
                order.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ")
            )),
            "{err}"
        );
    }

    #[test]
    fn all_defaults_have_every_models_sections() {
        let v: serde_json::Value = serde_json::from_str(&all_defaults_json()).unwrap();
        for &section in ModelKind::ALL.iter().flat_map(|m| m.sections()).chain(&["metrics"]) {
            assert!(v[section].is_object(), "{section}");
        }
        // Each section holds its model's defaults, as the model's own scenario writes them.
        for &k in ModelKind::ALL {
            let written: serde_json::Value =
                serde_json::from_str(&Scenario { model: k, ..Scenario::default() }.to_json_pretty()).unwrap();
            for &section in k.sections() {
                assert_eq!(v[section], written[section], "{}: {section}", k.name());
            }
        }
        assert_eq!(v["model"], ModelKind::default().name());
    }

    #[test]
    fn a_key_given_twice_is_refused_at_any_depth() {
        // A model's own sections are checked in its folder (diffserv's input tests).
        let e = Scenario::from_json(r#"{"version": 2, "seed": 1, "seed": 2}"#).unwrap_err().field_errors();
        assert_eq!(e.len(), 1, "{e:?}");
        assert_eq!(e[0].path, "seed");
        assert!(e[0].message.starts_with("duplicate field"), "{}", e[0].message);
    }

    #[test]
    fn version_1_files_are_migrated_and_version_2_refuses_another_models_section() {
        // An old file (every section written out, as `skyqueue defaults` used to) reads as the
        // model's scenario at version 2: the other models' sections are dropped unread (even
        // with a key no model has). At version 2 another model's section is refused by name.
        for &k in ModelKind::ALL {
            let other = *ModelKind::ALL.iter().find(|&&m| m != k).unwrap();
            let (section, own) = (other.sections()[0], k.sections().join(", "));
            let old = format!(r#"{{"version": 1, "model": "{}", "{section}": {{"no_such_key": 1}}}}"#, k.name());
            let s = Scenario::from_json(&old).unwrap_or_else(|e| panic!("{old}: {e}"));
            assert_eq!(s, Scenario { model: k, version: Some(2), ..Scenario::default() }, "{old}");
            let new = format!(r#"{{"version": 2, "model": "{}", "{section}": {{}}}}"#, k.name());
            let e = Scenario::from_json(&new).unwrap_err().field_errors();
            let says = format!(
                "is a section of the {} model, not of the {} model (its sections: {own}); remove it, or set `model`",
                other.name(),
                k.name()
            );
            assert_eq!(e, vec![FieldError::new(section, says)], "{new}");
        }
    }
}

/// The format's range and rule checks. A model's own cases are in its folder
/// (`models/<id>/input_tests.rs`), which use [`validation_tests::errors`] too.
#[cfg(test)]
pub(crate) mod validation_tests {
    use super::*;

    /// Every field error of `json`, as `path: message` (none when it is a valid scenario).
    pub(crate) fn errors(json: &str) -> Vec<String> {
        match Scenario::from_json(json) {
            Ok(_) => vec![],
            Err(e) => e.field_errors().iter().map(|e| e.to_string()).collect(),
        }
    }

    #[test]
    fn version_is_required_and_checked() {
        assert_eq!(errors("{}"), vec!["version: missing; this engine reads scenario versions 1 to 2"]);
        assert_eq!(errors(r#"{"version": 3}"#), vec!["version: 3 is not supported (allowed: 1 to 2)"]);
        assert!(errors(r#"{"version": 2}"#).is_empty());
    }

    #[test]
    fn cross_field_limits() {
        let e = errors(r#"{"version": 1, "duration_s": 10, "warmup_s": 10}"#);
        assert_eq!(e, vec!["warmup_s: 10 must be below duration_s (10)"]);
        let e = errors(r#"{"version": 1, "duration_s": 2592000, "metrics": {"bucket_s": 0.001}}"#);
        assert!(e.iter().any(|s| s.starts_with("metrics.bucket_s:")), "{e:?}");
    }

    #[test]
    fn one_mistake_gives_one_message() {
        // An invalid duration does not also trip the warm-up, bucket or arrival-count rules.
        assert_eq!(
            errors(r#"{"version": 1, "duration_s": 0}"#),
            vec!["duration_s: 0 must be greater than 0 (allowed: above 0 up to 2592000)"]
        );
    }

    #[test]
    fn a_valid_scenario_has_no_errors() {
        assert!(Scenario::default().validate().is_ok());
    }
}
