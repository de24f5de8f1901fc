//! What a sweep leaves behind, written once for every front end: its rows as CSV, the command
//! that reruns it, and a Jupyter notebook holding both with a plot. The app (through the wasm
//! bindings), `skyqueue sweep` / `skyqueue merge` and the Python package all call these, so a
//! sweep gives the same columns, in the same order, with the same numbers, wherever it ran.
//!
//! A sweep's *rows* are JSON objects `{ "value", "policy", "seed", "summary" }`, one per run in
//! grid order: the swept value, the policy (null when none is swept), the seed and the run's
//! summary (or, for a run that failed, its error as a string).

mod notebook;

pub use notebook::{compare_notebook, sweep_notebook, SweepSpec};

use serde_json::{Number, Value};

/// The sweep's table as CSV: `policy`, `seed`, the swept field (named by its path, `a+b` for a
/// joint sweep), then every summary value by its path in the summary (`voip.latency_ms`, arrays
/// as `diffserv.rates_mbps[1]`), in the order they first appear (keys sorted within an object),
/// and `error` when a run failed. A run without a value another run has leaves its cell empty.
/// Numbers are written as the shortest text that reads back to the same value, whole numbers
/// without a decimal point (so a summary that went through JavaScript gives the same text).
pub fn sweep_csv(param: &str, rows: &[Value]) -> String {
    let flat: Vec<Vec<(String, String)>> = rows
        .iter()
        .map(|r| {
            let mut f = vec![];
            match r.get("summary") {
                Some(Value::String(e)) => f.push(("error".to_string(), e.clone())),
                Some(s) => flatten("", s, &mut f),
                None => {}
            }
            f
        })
        .collect();
    let mut header: Vec<String> = vec!["policy".into(), "seed".into(), param.to_string()];
    let mut seen: std::collections::HashSet<String> = header.iter().cloned().collect();
    for f in &flat {
        for (k, _) in f {
            if seen.insert(k.clone()) {
                header.push(k.clone());
            }
        }
    }
    let mut out = header.iter().map(|h| quote(h)).collect::<Vec<_>>().join(",");
    out.push('\n');
    for (r, f) in rows.iter().zip(flat) {
        let m: std::collections::HashMap<String, String> = f.into_iter().collect();
        let mut cells = vec![
            r.get("policy").map(text).unwrap_or_default(),
            r.get("seed").map(text).unwrap_or_default(),
            r.get("value").map(text).unwrap_or_default(),
        ];
        cells.extend(header[3..].iter().map(|h| m.get(h).cloned().unwrap_or_default()));
        out.push_str(&cells.iter().map(|c| quote(c)).collect::<Vec<_>>().join(","));
        out.push('\n');
    }
    out
}

/// Flattens nested objects into `a.b.c` paths (arrays as `a[0]`), each leaf as text.
fn flatten(prefix: &str, v: &Value, out: &mut Vec<(String, String)>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                flatten(&if prefix.is_empty() { k.clone() } else { format!("{prefix}.{k}") }, x, out);
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                flatten(&format!("{prefix}[{i}]"), x, out);
            }
        }
        leaf => out.push((prefix.to_string(), text(leaf))),
    }
}

/// A JSON leaf as a CSV cell's text (before quoting): null empty, texts as they are.
fn text(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => number(n),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// A number in its shortest round-trip form; a whole number below 10^15 without `.0` (JSON
/// from JavaScript has no `2.0`, only `2`).
pub fn number(n: &Number) -> String {
    if n.is_f64() {
        let x = n.as_f64().unwrap_or(f64::NAN);
        if x.fract() == 0.0 && x.abs() < 1e15 {
            return format!("{}", x as i64);
        }
    }
    n.to_string()
}

/// A CSV cell: quoted when it holds a comma, a quote or a line break.
fn quote(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The `skyqueue sweep` command that reruns the sweep on the scenario saved as `file`, its
/// output as CSV. Values as the CLI reads them (comma-separated; numbers as [`number`]); an
/// argument with a space or a shell character is double-quoted for a POSIX shell.
pub fn sweep_command(file: &str, param: &str, values: &[Value], policies: &[String], seeds: u64) -> String {
    let values = values
        .iter()
        .map(|v| match v {
            Value::Number(n) => number(n),
            Value::String(s) => s.clone(),
            other => other.to_string(),
        })
        .collect::<Vec<_>>()
        .join(",");
    let mut parts = vec!["skyqueue".to_string(), "sweep".into(), shell(file), "--param".into(), shell(param)];
    parts.extend(["--values".into(), shell(&values)]);
    if !policies.is_empty() {
        parts.extend(["--policies".into(), shell(&policies.join(","))]);
    }
    parts.extend(["--seeds".into(), seeds.to_string(), "--format".into(), "csv".into()]);
    parts.join(" ")
}

/// One shell word: as it is when it needs no quoting, else double-quoted with `"$`\` escaped.
fn shell(s: &str) -> String {
    if s.is_empty() {
        return "\"\"".into();
    }
    if s.chars().all(|c| c.is_ascii_alphanumeric() || "._-+,/:=@%".contains(c)) {
        return s.to_string();
    }
    let mut out = String::from("\"");
    for c in s.chars() {
        if "\"$`\\".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn csv_is_policy_seed_value_then_every_summary_path() {
        let rows = vec![
            json!({ "value": 25, "policy": "pf", "seed": 1, "summary": { "part": { "loss": 0.1, "state": null, "r": [1.0, 2.5] } } }),
            json!({ "value": 75, "policy": "codes", "seed": 1, "summary": { "part": { "loss": 1.8, "state": { "x": 5 } } } }),
            json!({ "value": 75, "policy": "rr", "seed": 2, "summary": "invalid: part.count" }),
        ];
        assert_eq!(
            sweep_csv("part.count", &rows),
            "policy,seed,part.count,part.loss,part.r[0],part.r[1],part.state,part.state.x,error\n\
             pf,1,25,0.1,1,2.5,,,\n\
             codes,1,75,1.8,,,,5,\n\
             rr,2,75,,,,,,invalid: part.count\n"
        );
    }

    #[test]
    fn text_values_and_numbers_read_back_the_same() {
        let rows = vec![
            json!({ "value": "Los Angeles, CA", "policy": null, "seed": 3, "summary": { "x": 1e-7, "y": 2.0, "z": 1e21, "w": -0.5 } }),
        ];
        assert_eq!(
            sweep_csv("part.to", &rows),
            "policy,seed,part.to,w,x,y,z\n,3,\"Los Angeles, CA\",-0.5,1e-7,2,1e+21\n"
        );
    }

    #[test]
    fn the_command_quotes_what_a_shell_would_split() {
        assert_eq!(
            sweep_command("scenario.json", "part.count", &[json!(25), json!(75.0)], &["pf".into(), "codes".into()], 2),
            "skyqueue sweep scenario.json --param part.count --values 25,75 --policies pf,codes --seeds 2 --format csv"
        );
        assert_eq!(
            sweep_command("s.json", "part.to", &[json!("Los Angeles"), json!("Tokyo")], &[], 1),
            "skyqueue sweep s.json --param part.to --values \"Los Angeles,Tokyo\" --seeds 1 --format csv"
        );
        assert_eq!(shell("a\"$`\\b c"), "\"a\\\"\\$\\`\\\\b c\"");
    }
}
