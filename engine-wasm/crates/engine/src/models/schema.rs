//! The registry's view of the field declarations: every group a model's scenario shows (the
//! run's, the model's own, the recording's), the range checks over them, and what the UI and the
//! docs are generated from (`skyqueue schema`, `docs/SCENARIO-FIELDS.md`). The declarations
//! themselves are the models' (`models/<id>/scenario.rs`) and the shared machinery is
//! `scenario::fields`.

use super::{ModelKind, Scenario};
use crate::scenario::fields::*;
use crate::scenario::validate::Checker;
use crate::scenario::MAX_SEED;
use serde::Serialize;
use serde_json::Value;

/// Every group a scenario of `model` shows, in order: run, the model's, recording.
pub fn groups(model: ModelKind) -> Vec<Group> {
    let models: Vec<(&'static str, &'static str)> =
        ModelKind::ALL.iter().map(|k| (k.name(), k.descriptor().label)).collect();
    let mut g = vec![run_group(&models)];
    g.extend((model.descriptor().groups)());
    g.push(recording_group());
    g
}

/// Checks every number field of the scenario's groups against its declared range, and every
/// text field against its length, in declaration order.
pub fn check_ranges(s: &Scenario, c: &mut Checker) {
    let json = serde_json::to_value(s).unwrap_or(Value::Null);
    check_fields(&json, groups(s.model), c);
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
        scenario_version: crate::scenario::SCENARIO_VERSION,
        oldest_scenario_version: crate::scenario::OLDEST_VERSION,
        max_seed: MAX_SEED,
        common_objects: vec![object::<Scenario>(""), object::<crate::scenario::MetricsSpec>("metrics")],
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
    // The budgets every run shares, from the engine's constants; each model's own budgets of
    // work are named in its refusals and listed in docs/RELIABILITY.md.
    use crate::scenario::validate::{MAX_BUCKETS, MAX_DURATION_S};
    use crate::sim::{MAX_MEMORY_BYTES, MAX_PENDING_EVENTS, MAX_RUN_EVENTS};
    out.push_str(&format!(
        "\n## Budgets of every run\n\nThe same natively and in the browser. Before a run, `duration_s` and the series points are \
         checked with the fields' ranges below, and each model refuses work past its own budgets (packets offered, a \
         queue's backlog, topology steps, windows: named in the message, listed in docs/RELIABILITY.md). While \
         it runs, a run past one of the last three is stopped with `stopped: over budget`, keeping what it \
         measured.\n\n| budget | value |\n|---|---|\n| simulated duration | {} s (30 days) |\n| series points \
         (`duration_s` / `metrics.bucket_s`) | {} |\n| events processed | {} (`skyqueue run --budget-events` \
         changes it natively) |\n| events pending | {} |\n| memory a run holds | {} bytes |\n",
        num(MAX_DURATION_S),
        num(MAX_BUCKETS),
        num(MAX_RUN_EVENTS as f64),
        num(MAX_PENDING_EVENTS as f64),
        num(MAX_MEMORY_BYTES as f64),
    ));
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
    fn the_schema_names_every_model_and_object() {
        let v: Value = serde_json::from_str(&schema_json()).unwrap();
        let models: Vec<&str> = v["models"].as_array().unwrap().iter().map(|m| m["name"].as_str().unwrap()).collect();
        assert_eq!(models, ModelKind::ALL.iter().map(|k| k.name()).collect::<Vec<_>>());
        assert_eq!(v["common_objects"][0]["keys"][0], "version");
        for (&k, m) in ModelKind::ALL.iter().zip(v["models"].as_array().unwrap()) {
            assert_eq!(m["policy_path"].as_str(), k.descriptor().policy_path, "{}", k.name());
            let structs: Vec<&str> =
                m["objects"].as_array().unwrap().iter().map(|o| o["struct"].as_str().unwrap()).collect();
            assert_eq!(structs.len(), (k.descriptor().objects)().len(), "{}", k.name());
        }
    }
}
