//! `skyqueue sweep`: a parameter grid (values x policies x seeds) run on every core.

use engine::scenario::{ModelKind, Scenario, ScenarioError};
use engine::Simulation;
use serde_json::Value;

/// One point of the grid.
#[derive(Clone, Debug)]
pub struct Point {
    /// The swept value.
    pub value: Value,
    /// Policy (the model's policy field, e.g. `voip.policy` or `diffserv.sharing`), if swept.
    pub policy: Option<String>,
    /// Seed.
    pub seed: u64,
    /// The scenario to run.
    pub scenario: Scenario,
}

/// Sets `path` (dotted, e.g. `voip.flows`) in a JSON object, creating objects on the way.
pub fn set_path(root: &mut Value, path: &str, v: Value) -> Result<(), String> {
    let mut cur = root;
    let parts: Vec<&str> = path.split('.').collect();
    for (i, key) in parts.iter().enumerate() {
        if key.is_empty() {
            return Err(format!("`{path}` is not a dotted field path like voip.flows"));
        }
        let obj = cur.as_object_mut().ok_or_else(|| format!("`{}` is not an object", parts[..i].join(".")))?;
        if i == parts.len() - 1 {
            obj.insert(key.to_string(), v);
            return Ok(());
        }
        cur = obj.entry(key.to_string()).or_insert_with(|| Value::Object(Default::default()));
    }
    Ok(())
}

/// Builds and validates every point first: an invalid value is reported (with the field
/// path) before anything runs.
pub fn grid(base: &Value, param: &str, values: &[Value], policies: &[String], seeds: &[u64]) -> Result<Vec<Point>, (String, ScenarioError)> {
    let mut out = vec![];
    let pols: Vec<Option<&String>> = if policies.is_empty() { vec![None] } else { policies.iter().map(Some).collect() };
    // The policy field is the model's own: its descriptor says which.
    let model = base.get("model").and_then(Value::as_str).and_then(ModelKind::from_name).unwrap_or_default();
    let policy_path = match model.descriptor().policy_path {
        Some(p) => p,
        None if policies.is_empty() => "",
        None => {
            let e = engine::scenario::FieldError::new("model", format!("the {} model has no policies to sweep; leave out --policies", model.name()));
            return Err(("--policies".into(), ScenarioError::Field(e)));
        }
    };
    for v in values {
        for pol in &pols {
            for &seed in seeds {
                let mut s = base.clone();
                let label = format!("{param} = {v}{}", pol.map(|p| format!(", policy {p}")).unwrap_or_default());
                // `a+b` sets both fields to the value (as the app's sweeps do, e.g. an EF load PSS
                // knows: diffserv.ef_bps+diffserv.ef_expected_bps).
                for one in param.split('+') {
                    set_path(&mut s, one, v.clone()).map_err(|m| (label.clone(), ScenarioError::Field(engine::scenario::FieldError::new(one, m))))?;
                }
                if let Some(p) = pol {
                    set_path(&mut s, policy_path, Value::String((*p).clone())).ok();
                }
                set_path(&mut s, "seed", Value::from(seed)).ok();
                let scenario = Scenario::from_json(&s.to_string()).map_err(|e| (label, e))?;
                out.push(Point { value: v.clone(), policy: pol.map(|p| p.to_string()), seed, scenario });
            }
        }
    }
    Ok(out)
}

/// Runs every point on `threads` threads; results in grid order.
pub fn run(points: &[Point], threads: usize) -> Vec<Value> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<std::sync::Mutex<Option<Value>>> = points.iter().map(|_| std::sync::Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(p) = points.get(i) else { break };
                let summary = match Simulation::new(p.scenario.clone()) {
                    Ok(mut sim) => {
                        sim.run_to_end();
                        serde_json::to_value(sim.summary()).unwrap_or(Value::Null)
                    }
                    Err(e) => Value::String(e.to_string()),
                };
                let row = serde_json::json!({ "value": p.value, "policy": p.policy, "seed": p.seed, "summary": summary });
                if let Ok(mut slot) = results[i].lock() {
                    *slot = Some(row);
                }
            });
        }
    });
    results.into_iter().map(|m| m.into_inner().ok().flatten().unwrap_or(Value::Null)).collect()
}

/// Flattens nested objects into `a.b.c` columns (arrays as `a[0]`).
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
        Value::String(s) => out.push((prefix.to_string(), s.clone())),
        Value::Null => out.push((prefix.to_string(), String::new())),
        other => out.push((prefix.to_string(), other.to_string())),
    }
}

/// The rows as CSV: one line per run, every summary field a column.
pub fn to_csv(rows: &[Value]) -> String {
    let flat: Vec<Vec<(String, String)>> = rows
        .iter()
        .map(|r| {
            let mut f = vec![];
            flatten("", r, &mut f);
            f
        })
        .collect();
    let header: Vec<String> = flat.first().map(|f| f.iter().map(|(k, _)| k.clone()).collect()).unwrap_or_default();
    let quote = |s: &str| if s.contains([',', '"', '\n']) { format!("\"{}\"", s.replace('"', "\"\"")) } else { s.to_string() };
    let mut out = header.iter().map(|h| quote(h)).collect::<Vec<_>>().join(",");
    out.push('\n');
    for f in flat {
        let m: std::collections::HashMap<_, _> = f.into_iter().collect();
        out.push_str(&header.iter().map(|h| quote(m.get(h).map(String::as_str).unwrap_or(""))).collect::<Vec<_>>().join(","));
        out.push('\n');
    }
    out
}
