//! What the CLI says about models, read from the engine's model registry (`ModelKind`, each
//! model's `Descriptor` and its field declarations): the CLI names no model itself, so a model
//! added to the registry appears in `skyqueue --help`, `skyqueue models`, `defaults --model`,
//! `sweep --policies` and the shell completions without a change here.

use clap::builder::PossibleValue;
use engine::models::schema::groups;
use engine::models::ModelKind;
use engine::models::Scenario;
use engine::scenario::fields::{value_at, Bound, Field, Kind};
use serde_json::Value;

/// The field declared at `path` by any model (the run and recording fields included).
pub fn field(path: &str) -> Option<Field> {
    ModelKind::ALL.iter().flat_map(|&k| groups(k)).flat_map(|g| g.fields).find(|f| f.path == path)
}

/// The options of the choice field at `path`, as clap's possible values (with their labels).
pub fn choices(path: &str) -> Vec<PossibleValue> {
    match field(path).map(|f| f.kind) {
        Some(Kind::Choice { options }) => options.iter().map(|o| PossibleValue::new(o.value).help(o.label)).collect(),
        _ => vec![],
    }
}

/// The model's policy field (what `sweep --policies` sets) and its options, if it has one.
pub fn policies(k: ModelKind) -> Option<(&'static str, Vec<PossibleValue>)> {
    let path = k.descriptor().policy_path?;
    Some((path, choices(path)))
}

/// A field path of the model, for messages that show what a dotted path looks like: its first
/// own field.
pub fn example_path(k: ModelKind) -> &'static str {
    (k.descriptor().groups)().iter().flat_map(|g| g.fields.iter()).map(|f| f.path).next().unwrap_or("section.field")
}

/// The names of clap's possible values, joined by `sep`.
pub fn names(values: &[PossibleValue], sep: &str) -> String {
    values.iter().map(|p| p.get_name()).collect::<Vec<_>>().join(sep)
}

/// `skyqueue --help`'s list of models: name and label, one per line.
pub fn model_list() -> String {
    let width = ModelKind::ALL.iter().map(|k| k.name().len()).max().unwrap_or(0) + 2;
    ModelKind::ALL.iter().map(|k| format!("{:<width$}{}\n", k.name(), k.descriptor().label)).collect()
}

/// `sweep --policies`' help: each model's policy field and its options (models without one are
/// left out).
pub fn policy_list() -> String {
    let mut s = String::new();
    for &k in ModelKind::ALL {
        if let Some((path, values)) = policies(k) {
            s.push_str(&format!("  {}: {path} = {}\n", k.name(), names(&values, ", ")));
        }
    }
    s
}

fn num(x: f64) -> String {
    if x.abs() >= 1e6 && x.fract() == 0.0 {
        format!("{x:e}")
    } else {
        format!("{x}")
    }
}

fn bound(b: &Bound, whole: bool) -> String {
    match *b {
        Bound::Fixed(x) if whole => format!("{}", x as u64),
        Bound::Fixed(x) => num(x),
        Bound::Field { path, times, at_least, at_most } => {
            let mut s = if times == 1.0 { path.to_string() } else { format!("{times} x {path}") };
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

/// The values a field allows, in words (`1 to 2000, whole`, `a, b or c`).
pub fn allowed(kind: &Kind) -> String {
    match kind {
        Kind::Number { rust, min, max, min_exclusive, null_means, .. } => {
            let whole = *rust != "f64";
            let lo = bound(min, whole);
            let lo = if *min_exclusive { format!("above {lo}") } else { lo };
            let null = null_means.map_or(String::new(), |m| format!("; null: {m}"));
            format!("{lo} to {}{}{null}", bound(max, whole), if whole { ", whole" } else { "" })
        }
        Kind::Choice { options } => crate::values::or_list(&options.iter().map(|o| o.value).collect::<Vec<_>>()),
        Kind::Bool => "true or false".into(),
        Kind::Text { max_chars, null_means, .. } => {
            let null = null_means.map_or(String::new(), |m| format!("; null: {m}"));
            max_chars.map_or("text".into(), |n| format!("text, at most {n} characters")) + &null
        }
    }
}

/// Wraps `text` at `width` columns, every line indented by `indent`.
pub fn wrap(text: &str, width: usize, indent: &str) -> String {
    let mut lines = vec![];
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && indent.len() + line.len() + 1 + word.len() > width {
            lines.push(format!("{indent}{line}"));
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(format!("{indent}{line}"));
    lines.join("\n")
}

/// `skyqueue models <name>`: the model's label and description, its sections, summary key and
/// policy field, and every field of its scenarios in groups, each with its default, allowed
/// values, unit and help.
pub fn describe(k: ModelKind) -> String {
    let d = k.descriptor();
    let mut s = format!("{}: {}\n", d.name, d.label);
    s.push_str(&wrap(k.doc(), 96, ""));
    s.push_str("\n\n");
    s.push_str(&format!("Sections: {}\n", k.sections().join(", ")));
    s.push_str(&format!("Summary:  summary.{} in the results\n", d.summary_key));
    match policies(k) {
        Some((path, values)) => {
            let line = format!(
                "Policies: {} (the field {path}, which `skyqueue sweep --policies` sets)",
                names(&values, ", ")
            );
            s.push_str(&wrap(&line, 96, ""));
            s.push('\n');
        }
        None => s.push_str("Policies: none (`skyqueue sweep --policies` does not apply)\n"),
    }
    s.push_str(&format!("Defaults: skyqueue defaults --model {}\n", d.name));
    let defaults = serde_json::to_value(Scenario { model: k, ..Scenario::default() }).unwrap_or_default();
    for g in groups(k) {
        s.push_str(&format!("\n{}:\n", g.title));
        for f in &g.fields {
            let default = match value_at(&defaults, f.path) {
                Some(Value::Null) => "null".to_string(),
                Some(v) => v.to_string(),
                None => "none".to_string(),
            };
            let unit = f.unit.map_or(String::new(), |u| format!(" [{u}]"));
            s.push_str(&format!("  {}{unit} = {default}  ({})\n", f.path, allowed(&f.kind)));
            let when = f.applies_when.as_ref().map_or(String::new(), |w| {
                let vals: Vec<String> = w.values.iter().map(|v| v.to_string()).collect();
                format!(" Used only when {} is {}.", w.path, crate::values::or_list(&vals))
            });
            s.push_str(&wrap(&format!("{}: {}{when}", f.label, f.help), 96, "      "));
            s.push('\n');
        }
    }
    s
}
