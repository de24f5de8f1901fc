//! `skyqueue sweep`: a parameter grid (values x policies x seeds) run on every core.

use engine::scenario::{ModelKind, Scenario, ScenarioError};
use engine::Simulation;
use serde_json::Value;

/// One point of the grid.
#[derive(Clone, Debug)]
pub struct Point {
    /// The swept value.
    pub value: Value,
    /// Policy (the value of the model's policy field, its descriptor's `policy_path`), if swept.
    pub policy: Option<String>,
    /// Seed.
    pub seed: u64,
    /// The scenario to run.
    pub scenario: Scenario,
}

/// Sets `path` (dotted: `section.field`) in a JSON object, creating objects on the way;
/// `example` is a path of the scenario's model, for the message when `path` is not one.
pub fn set_path(root: &mut Value, path: &str, v: Value, example: &str) -> Result<(), String> {
    let mut cur = root;
    let parts: Vec<&str> = path.split('.').collect();
    for (i, key) in parts.iter().enumerate() {
        if key.is_empty() {
            return Err(format!("`{path}` is not a dotted field path like {example}"));
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
pub fn grid(
    base: &Value,
    param: &str,
    values: &[Value],
    policies: &[String],
    seeds: &[u64],
) -> Result<Vec<Point>, (String, ScenarioError)> {
    let runs = values.len().saturating_mul(policies.len().max(1)).saturating_mul(seeds.len());
    if runs > MAX_RUNS {
        let e = engine::scenario::FieldError::new(
            "",
            format!(
                "{} values x {} policies x {} seeds is {runs} runs, above the budget of {MAX_RUNS} runs of one sweep: fewer values or seeds, or several sweeps",
                values.len(),
                policies.len().max(1),
                seeds.len()
            ),
        );
        return Err(("--values, --policies and --seeds".into(), ScenarioError::Field(e)));
    }
    let mut out = Vec::with_capacity(runs);
    let pols: Vec<Option<&String>> = if policies.is_empty() { vec![None] } else { policies.iter().map(Some).collect() };
    // The policy field is the model's own: its descriptor says which.
    let model = base.get("model").and_then(Value::as_str).and_then(ModelKind::from_name).unwrap_or_default();
    let example = crate::registry::example_path(model);
    let policy_path = match model.descriptor().policy_path {
        Some(p) => p,
        None if policies.is_empty() => "",
        None => {
            let e = engine::scenario::FieldError::new(
                "model",
                format!("the {} model has no policies to sweep; leave out --policies", model.name()),
            );
            return Err(("--policies".into(), ScenarioError::Field(e)));
        }
    };
    for v in values {
        for pol in &pols {
            for &seed in seeds {
                let mut s = base.clone();
                let label = format!("{param} = {v}{}", pol.map(|p| format!(", policy {p}")).unwrap_or_default());
                // `a+b` sets both fields to the value (as the app's sweeps do, e.g. a load and the
                // load a scheduler is told to expect).
                for one in param.split('+') {
                    set_path(&mut s, one, v.clone(), example).map_err(|m| {
                        (label.clone(), ScenarioError::Field(engine::scenario::FieldError::new(one, m)))
                    })?;
                }
                if let Some(p) = pol {
                    set_path(&mut s, policy_path, Value::String((*p).clone()), example).ok();
                }
                set_path(&mut s, "seed", Value::from(seed), example).ok();
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
                let row =
                    serde_json::json!({ "value": p.value, "policy": p.policy, "seed": p.seed, "summary": summary });
                if let Ok(mut slot) = results[i].lock() {
                    *slot = Some(row);
                }
            });
        }
    });
    results.into_iter().map(|m| m.into_inner().ok().flatten().unwrap_or(Value::Null)).collect()
}

/// A sweep's results file: JSON (the rows, pretty) or CSV.
pub fn body(rows: &[Value], csv: bool) -> String {
    if csv {
        to_csv(rows)
    } else {
        format!("{}\n", serde_json::to_string_pretty(rows).unwrap_or_default())
    }
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
    // Every column any run has, in the order they first appear: a run whose summary lacks an
    // object another has (a policy without some state, a link without a TCP table) leaves its
    // cells empty rather than hiding the column.
    let mut header: Vec<String> = vec![];
    let mut seen = std::collections::HashSet::new();
    for f in &flat {
        for (k, _) in f {
            if seen.insert(k.clone()) {
                header.push(k.clone());
            }
        }
    }
    let quote =
        |s: &str| if s.contains([',', '"', '\n']) { format!("\"{}\"", s.replace('"', "\"\"")) } else { s.to_string() };
    let mut out = header.iter().map(|h| quote(h)).collect::<Vec<_>>().join(",");
    out.push('\n');
    for f in flat {
        let m: std::collections::HashMap<_, _> = f.into_iter().collect();
        out.push_str(
            &header.iter().map(|h| quote(m.get(h).map(String::as_str).unwrap_or(""))).collect::<Vec<_>>().join(","),
        );
        out.push('\n');
    }
    out
}

/// One of N deterministic slices of a sweep: the runs whose index in grid order is `index`
/// modulo `count` (round robin, so that every slice gets every value and policy).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// 0-based.
    pub index: u64,
    /// How many slices.
    pub count: u64,
}

/// Most shards of one sweep.
pub const MAX_SHARDS: u64 = 100_000;

impl Shard {
    fn new(index: u64, count: u64, what: &str) -> Result<Shard, String> {
        if !(1..=MAX_SHARDS).contains(&count) {
            return Err(format!("{what}: {count} shards is outside 1 to {MAX_SHARDS}"));
        }
        if index >= count {
            return Err(format!("{what}: shard {index} is outside 0 to {} (shards are numbered from 0)", count - 1));
        }
        Ok(Shard { index, count })
    }

    /// `I/N`, 0 ≤ I < N.
    pub fn parse(s: &str) -> Result<Shard, String> {
        let (i, n) = s.split_once('/').ok_or_else(|| format!("--shard: `{s}` is not I/N (e.g. 0/8)"))?;
        let num = |x: &str| {
            x.trim().parse::<u64>().map_err(|_| format!("--shard: `{s}` is not I/N with whole numbers (e.g. 0/8)"))
        };
        Shard::new(num(i)?, num(n)?, "--shard")
    }

    /// The slice a scheduler gave this process, when no `--shard` is given: a Slurm job array
    /// (`SLURM_ARRAY_TASK_ID`, counted from `SLURM_ARRAY_TASK_MIN`; `SLURM_ARRAY_TASK_COUNT`, or
    /// max − min + 1) or a Kubernetes Indexed Job (`JOB_COMPLETION_INDEX`, the count from
    /// `shards` (`--shards`) or `SKYQUEUE_SHARDS`, which the Job sets to its completions).
    /// None outside both.
    pub fn from_env(get: impl Fn(&str) -> Option<String>, shards: Option<u64>) -> Result<Option<Shard>, String> {
        let num = |name: &str| -> Result<Option<u64>, String> {
            match get(name) {
                None => Ok(None),
                Some(v) => {
                    v.trim().parse::<u64>().map(Some).map_err(|_| format!("{name}: `{v}` is not a whole number"))
                }
            }
        };
        if let Some(id) = num("SLURM_ARRAY_TASK_ID")? {
            let min = num("SLURM_ARRAY_TASK_MIN")?.unwrap_or(0);
            let count = match (shards, num("SLURM_ARRAY_TASK_COUNT")?, num("SLURM_ARRAY_TASK_MAX")?) {
                (Some(n), _, _) | (None, Some(n), _) => n,
                (None, None, Some(max)) => max.saturating_sub(min) + 1,
                (None, None, None) => return Err("SLURM_ARRAY_TASK_ID is set but neither SLURM_ARRAY_TASK_COUNT nor SLURM_ARRAY_TASK_MAX: give --shards N".into()),
            };
            let index = id
                .checked_sub(min)
                .ok_or_else(|| format!("SLURM_ARRAY_TASK_ID {id} is below SLURM_ARRAY_TASK_MIN {min}"))?;
            return Shard::new(index, count, "the Slurm array").map(Some);
        }
        if let Some(index) = num("JOB_COMPLETION_INDEX")? {
            let count = match shards.or(num("SKYQUEUE_SHARDS")?) {
                Some(n) => n,
                None => return Err("JOB_COMPLETION_INDEX is set but the count is not: give --shards N (the Job's completions) or set SKYQUEUE_SHARDS".into()),
            };
            return Shard::new(index, count, "the Kubernetes Indexed Job").map(Some);
        }
        Ok(None)
    }

    /// Whether run `k` (its index in grid order) belongs to this shard.
    pub fn holds(&self, k: usize) -> bool {
        k as u64 % self.count == self.index
    }
}

/// Most runs one sweep may hold (values x policies x seeds): every run's summary is kept until the
/// sweep is written, about 15 kB each.
pub const MAX_RUNS: usize = 20_000;
/// Most threads a sweep may start.
pub const MAX_THREADS: u64 = 256;
/// The part-file format this build writes and reads.
pub const PART_FORMAT: u64 = 1;

/// FNV-1a, 64 bits: the sweep's digest (not cryptographic; it tells sweeps apart).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3))
}

/// The digest that names a sweep: the scenario (as parsed, keys sorted), the parameter and its
/// values, the policies, the seeds, the output format and the engine's version.
pub fn digest(base: &Value, param: &str, values: &[Value], policies: &[String], seeds: u64, csv: bool) -> String {
    let what = serde_json::json!({ "scenario": base, "param": param, "values": values, "policies": policies, "seeds": seeds, "format": if csv { "csv" } else { "json" }, "engine": engine::sim::ENGINE });
    format!("{:016x}", fnv1a(what.to_string().as_bytes()))
}

/// The file one shard writes: which sweep it belongs to, which slice, and its runs with their
/// indices in grid order.
pub fn part(digest: &str, shard: Shard, runs: usize, csv: bool, indexed_rows: Vec<(usize, Value)>) -> Value {
    let rows: Vec<Value> = indexed_rows.into_iter().map(|(i, r)| serde_json::json!({ "index": i, "row": r })).collect();
    serde_json::json!({
        "skyqueue_sweep_part": PART_FORMAT,
        "rows_digest": rows_digest(&rows),
        "sweep": digest,
        "shard": shard.index,
        "shards": shard.count,
        "runs": runs,
        "format": if csv { "csv" } else { "json" },
        "rows": rows,
    })
}

/// The digest of a part's rows, so that an edited row is refused by `merge`.
fn rows_digest(rows: &[Value]) -> String {
    format!("{:016x}", fnv1a(Value::Array(rows.to_vec()).to_string().as_bytes()))
}

/// The unsharded sweep's rows from its parts (`(file name, its JSON)`), or an error naming the
/// file that does not belong, the shard given twice or the shards missing. Also the format the
/// sweep was run with.
pub fn merge(parts: &[(String, Value)]) -> Result<(Vec<Value>, bool), String> {
    let first = parts.first().ok_or("merge needs the part files of one sharded sweep")?;
    let field = |(name, v): &(String, Value), key: &str| -> Result<Value, String> {
        match v.get("skyqueue_sweep_part") {
            None => {
                return Err(format!("{name} is not a part of a sharded sweep (run skyqueue sweep with --shard I/N)"))
            }
            Some(f) if f.as_u64() != Some(PART_FORMAT) => {
                return Err(format!("{name}: part format {f}, but this skyqueue reads format {PART_FORMAT}"))
            }
            Some(_) => {}
        }
        v.get(key).cloned().ok_or_else(|| format!("{name}: no `{key}`"))
    };
    let digest = field(first, "sweep")?;
    // Counts are checked before anything is sized from them.
    let shards = field(first, "shards")?
        .as_u64()
        .filter(|n| (1..=MAX_SHARDS).contains(n))
        .ok_or_else(|| format!("{}: `shards` is not a count from 1 to {MAX_SHARDS}", first.0))?;
    let runs = field(first, "runs")?
        .as_u64()
        .filter(|&n| n <= MAX_RUNS as u64)
        .ok_or_else(|| format!("{}: `runs` is not a count from 0 to {MAX_RUNS}", first.0))? as usize;
    let format = field(first, "format")?;
    let mut seen: Vec<Option<&str>> = vec![None; shards as usize];
    let mut rows: Vec<Option<Value>> = vec![None; runs];
    for p in parts {
        if field(p, "sweep")? != digest {
            return Err(format!(
                "{} belongs to another sweep (digest {}, not {} of {})",
                p.0,
                field(p, "sweep")?,
                digest,
                first.0
            ));
        }
        if field(p, "shards")?.as_u64() != Some(shards)
            || field(p, "runs")?.as_u64() != Some(runs as u64)
            || field(p, "format")? != format
        {
            return Err(format!("{} was cut differently from {} (shards, runs or format)", p.0, first.0));
        }
        let i = field(p, "shard")?
            .as_u64()
            .filter(|&i| i < shards)
            .ok_or_else(|| format!("{}: `shard` is not between 0 and {}", p.0, shards - 1))? as usize;
        if let Some(other) = seen[i] {
            return Err(format!("shard {i} of {shards} is given twice: {other} and {}", p.0));
        }
        seen[i] = Some(&p.0);
        let list = field(p, "rows")?;
        let rows_of = list.as_array().map(Vec::as_slice).unwrap_or_default();
        if field(p, "rows_digest")?.as_str() != Some(rows_digest(rows_of).as_str()) {
            return Err(format!("{}: its rows do not match its digest (edited after the sweep wrote it)", p.0));
        }
        for r in rows_of {
            let k = r
                .get("index")
                .and_then(Value::as_u64)
                .filter(|&k| (k as usize) < runs && k % shards == i as u64)
                .ok_or_else(|| format!("{}: a row's index is not one of shard {i}'s", p.0))?
                as usize;
            if rows[k].is_some() {
                return Err(format!("{}: run {k} is given twice", p.0));
            }
            rows[k] = Some(r.get("row").cloned().unwrap_or(Value::Null));
        }
    }
    let missing: Vec<String> =
        seen.iter().enumerate().filter(|(_, s)| s.is_none()).map(|(i, _)| i.to_string()).collect();
    if !missing.is_empty() {
        return Err(format!(
            "shard{} {} of {shards} missing: merge needs every part of the sweep",
            if missing.len() == 1 { "" } else { "s" },
            missing.join(", ")
        ));
    }
    let rows = rows
        .into_iter()
        .enumerate()
        .map(|(k, r)| r.ok_or_else(|| format!("run {k} is missing from shard {} of {shards}", k as u64 % shards)))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((rows, format == "csv"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_columns_are_every_runs_fields_in_first_seen_order() {
        let rows = vec![
            serde_json::json!({ "policy": "plain", "s": { "loss": 0.1, "state": null } }),
            serde_json::json!({ "policy": "stateful", "s": { "loss": 1.8, "state": { "x": 5 } } }),
        ];
        assert_eq!(to_csv(&rows), "policy,s.loss,s.state,s.state.x\nplain,0.1,,\nstateful,1.8,,5\n");
    }
}
