//! `skyqueue sweep`: a parameter grid (values x policies x seeds) run on every core.
// Input path: whatever a user's file, link or option holds is refused with a message, never
// unwrapped (docs/RELIABILITY.md).
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

use engine::models::ModelKind;
use engine::models::Scenario;
use engine::scenario::ScenarioError;
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
                let scenario = Scenario::from_json(&s.to_string()).map_err(|e| (label, with_range(e, param)))?;
                out.push(Point { value: v.clone(), policy: pol.map(|p| p.to_string()), seed, scenario });
            }
        }
    }
    Ok(out)
}

/// `e` with the allowed values of the swept field added to its errors at that field, so that a
/// value that does not parse for it (`x` for a number) is refused naming its range.
fn with_range(e: ScenarioError, param: &str) -> ScenarioError {
    let errors: Vec<engine::scenario::FieldError> = e
        .field_errors()
        .into_iter()
        .map(|mut f| {
            if param.split('+').any(|p| p == f.path) && !f.message.contains("allowed") {
                if let Some(field) = crate::registry::field(&f.path) {
                    f.message = format!("{} (allowed: {})", f.message, crate::registry::allowed(&field.kind));
                }
            }
            f
        })
        .collect();
    match e {
        ScenarioError::Field(_) | ScenarioError::Invalid(_) if !errors.is_empty() => ScenarioError::Invalid(errors),
        other => other,
    }
}

/// The value at a sweep metric's `path` (`dccp.loss_pct`, `diffserv.rates_mbps[1]`) in a run's
/// summary, if it is a number.
pub fn metric_value(summary: &Value, path: &str) -> Option<f64> {
    let mut cur = summary;
    for part in path.split('.') {
        let (key, index) = match part.split_once('[') {
            Some((k, rest)) => (k, rest.trim_end_matches(']').parse::<usize>().ok()),
            None => (part, None),
        };
        cur = cur.get(key)?;
        if let Some(i) = index {
            cur = cur.get(i)?;
        }
    }
    cur.as_f64()
}

/// Each point's (value and policy) sweep metrics over its seeds, one line each: the mean and
/// the sample standard deviation (n − 1), and the number of runs that gave a number. `rows`
/// are a whole sweep's, in grid order; a metric no run gave is left out.
pub fn spread_lines(rows: &[Value], model: ModelKind, param: &str) -> Vec<String> {
    let metrics = model.descriptor().sweep_metrics;
    let mut keys: Vec<(Value, Value)> = Vec::new();
    for r in rows {
        let k = (r["value"].clone(), r["policy"].clone());
        if !keys.contains(&k) {
            keys.push(k);
        }
    }
    keys.iter()
        .map(|(v, pol)| {
            let mine: Vec<&Value> = rows.iter().filter(|r| &r["value"] == v && &r["policy"] == pol).collect();
            let cells: Vec<String> = metrics
                .iter()
                .filter_map(|m| {
                    let xs: Vec<f64> = mine
                        .iter()
                        .filter_map(|r| metric_value(&r["summary"], m.path))
                        .filter(|x| x.is_finite())
                        .collect();
                    if xs.is_empty() {
                        return None;
                    }
                    let n = xs.len() as f64;
                    let mean = xs.iter().sum::<f64>() / n;
                    let sd = (xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0)).sqrt();
                    let field = m.path.rsplit('.').next().unwrap_or(m.path);
                    Some(format!("{field} {mean:.3} ± {sd:.3} {}", m.unit))
                })
                .collect();
            let policy = pol.as_str().map(|p| format!(", {p}")).unwrap_or_default();
            format!("{param} = {v}{policy} ({} runs): {}", mine.len(), cells.join("; "))
        })
        .collect()
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
                    // A run stopped by a budget gives its reason, as an invalid one does.
                    Ok(mut sim) => match sim.try_run_to_end_without_live_feeds() {
                        Ok(()) => serde_json::to_value(sim.summary()).unwrap_or(Value::Null),
                        Err(e) => Value::String(e.to_string()),
                    },
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

/// The results file's format.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Every run's row, pretty-printed JSON
    Json,
    /// One line per run: policy, seed, the swept value, then every summary value by its path (the
    /// app's CSV and the Python package's DataFrame have the same columns)
    Csv,
    /// A Jupyter notebook holding the scenario, the command, the rows and a plot (the app's
    /// notebook)
    Ipynb,
}

impl Format {
    /// Its name in part files and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Json => "json",
            Format::Csv => "csv",
            Format::Ipynb => "ipynb",
        }
    }

    /// The format named `s`.
    pub fn from_name(s: &str) -> Option<Format> {
        [Format::Json, Format::Csv, Format::Ipynb].into_iter().find(|f| f.name() == s)
    }
}

/// What a sweep was: the scenario, the field, its values, the policies and the seeds (what a CSV
/// header and a notebook name).
#[derive(Clone, Debug, PartialEq)]
pub struct Meta {
    /// The scenario as read.
    pub scenario: Value,
    /// The swept field.
    pub param: String,
    /// Its values.
    pub values: Vec<Value>,
    /// The policies (none: the scenario's own).
    pub policies: Vec<String>,
    /// Seeds 1 to `seeds`.
    pub seeds: u64,
}

impl Meta {
    fn json(&self) -> Value {
        serde_json::json!({ "scenario": self.scenario, "param": self.param, "values": self.values, "policies": self.policies, "seeds": self.seeds })
    }

    fn from_json(v: &Value) -> Option<Meta> {
        Some(Meta {
            scenario: v.get("scenario")?.clone(),
            param: v.get("param")?.as_str()?.to_string(),
            values: v.get("values")?.as_array()?.clone(),
            policies: v.get("policies")?.as_array()?.iter().filter_map(|p| p.as_str().map(String::from)).collect(),
            seeds: v.get("seeds")?.as_u64()?,
        })
    }
}

/// A sweep's results file: JSON (the rows, pretty), CSV ([`engine::export::sweep_csv`]) or a
/// notebook ([`engine::export::sweep_notebook`]); `meta` is None for a merge of parts written
/// before part files held it (their CSV names the swept column `value`; no notebook).
pub fn body(rows: &[Value], format: Format, meta: Option<&Meta>) -> Result<String, String> {
    let csv = || engine::export::sweep_csv(meta.map_or("value", |m| m.param.as_str()), rows);
    match format {
        Format::Json => Ok(format!("{}\n", serde_json::to_string_pretty(rows).unwrap_or_default())),
        Format::Csv => Ok(csv()),
        Format::Ipynb => {
            let m = meta.ok_or("these parts were written by an older skyqueue, without the sweep's scenario: rerun the sweep to get a notebook, or merge to json or csv")?;
            let scenario_json = m.scenario.to_string();
            engine::export::sweep_notebook(&engine::export::SweepSpec {
                scenario_json: &scenario_json,
                param: &m.param,
                values: &m.values,
                policies: &m.policies,
                seeds: m.seeds,
                csv: &csv(),
            })
        }
    }
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
                // Checked: max - min + 1 of values near u64's end must not wrap to 0 shards.
                (None, None, Some(max)) => max
                    .checked_sub(min)
                    .and_then(|d| d.checked_add(1))
                    .filter(|&n| n <= MAX_SHARDS)
                    .ok_or_else(|| {
                        format!(
                            "SLURM_ARRAY_TASK_MAX {max} with SLURM_ARRAY_TASK_MIN {min} is outside the range of a Slurm array: SLURM_ARRAY_TASK_MAX must be from SLURM_ARRAY_TASK_MIN to SLURM_ARRAY_TASK_MIN + {} ({MAX_SHARDS} shards at most)",
                            MAX_SHARDS - 1
                        )
                    })?,
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
/// Format 2 adds the sweep's scenario, field, values, policies and seeds (`sweep_spec`), for
/// the CSV's header and the notebook; format 1 parts still merge (to JSON or CSV).
pub const PART_FORMAT: u64 = 2;

/// FNV-1a, 64 bits: the sweep's digest (not cryptographic; it tells sweeps apart).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3))
}

/// The digest that names a sweep: the scenario (as parsed, keys sorted), the parameter and its
/// values, the policies, the seeds, the output format and the engine's version.
pub fn digest(base: &Value, param: &str, values: &[Value], policies: &[String], seeds: u64, format: Format) -> String {
    let what = serde_json::json!({ "scenario": base, "param": param, "values": values, "policies": policies, "seeds": seeds, "format": format.name(), "engine": engine::sim::ENGINE });
    format!("{:016x}", fnv1a(what.to_string().as_bytes()))
}

/// The file one shard writes: which sweep it belongs to, which slice, and its runs with their
/// indices in grid order.
pub fn part(
    digest: &str,
    shard: Shard,
    runs: usize,
    format: Format,
    meta: &Meta,
    indexed_rows: Vec<(usize, Value)>,
) -> Value {
    let rows: Vec<Value> = indexed_rows.into_iter().map(|(i, r)| serde_json::json!({ "index": i, "row": r })).collect();
    serde_json::json!({
        "skyqueue_sweep_part": PART_FORMAT,
        "rows_digest": rows_digest(&rows),
        "sweep": digest,
        "shard": shard.index,
        "shards": shard.count,
        "runs": runs,
        "format": format.name(),
        "sweep_spec": meta.json(),
        "rows": rows,
    })
}

/// The digest of a part's rows, so that an edited row is refused by `merge`.
fn rows_digest(rows: &[Value]) -> String {
    format!("{:016x}", fnv1a(Value::Array(rows.to_vec()).to_string().as_bytes()))
}

/// The unsharded sweep's rows from its parts (`(file name, its JSON)`), or an error naming the
/// file that does not belong, the shard given twice or the shards missing. Also the format the
/// sweep was run with, and what the sweep was (parts of format 1 do not say).
pub fn merge(parts: &[(String, Value)]) -> Result<(Vec<Value>, Format, Option<Meta>), String> {
    let first = parts.first().ok_or("merge needs the part files of one sharded sweep")?;
    let field = |(name, v): &(String, Value), key: &str| -> Result<Value, String> {
        match v.get("skyqueue_sweep_part") {
            None => {
                return Err(format!("{name} is not a part of a sharded sweep (run skyqueue sweep with --shard I/N)"))
            }
            Some(f) if !f.as_u64().is_some_and(|f| (1..=PART_FORMAT).contains(&f)) => {
                return Err(format!("{name}: part format {f}, but this skyqueue reads formats 1 to {PART_FORMAT}"))
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
    let format = format
        .as_str()
        .and_then(Format::from_name)
        .ok_or_else(|| format!("{}: `format` is not json, csv or ipynb", first.0))?;
    // A part of format 2 holds the sweep it belongs to; it must be the sweep its digest names.
    let mut meta = None;
    for (name, v) in parts {
        let Some(spec) = v.get("sweep_spec") else { continue };
        let m = Meta::from_json(spec).ok_or_else(|| {
            format!("{name}: `sweep_spec` is not a sweep's scenario, field, values, policies and seeds")
        })?;
        if Value::String(crate::sweep::digest(&m.scenario, &m.param, &m.values, &m.policies, m.seeds, format)) != digest
        {
            return Err(format!(
                "{name}: its sweep_spec is not the sweep its digest names (edited, or written by another version of skyqueue)"
            ));
        }
        meta.get_or_insert(m);
    }
    Ok((rows, format, meta))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slurm_array_at_the_end_of_u64_is_refused_naming_the_variable_and_range() {
        let env = |max: &'static str| {
            move |name: &str| match name {
                "SLURM_ARRAY_TASK_ID" => Some("0".to_string()),
                "SLURM_ARRAY_TASK_MAX" => Some(max.to_string()),
                _ => None,
            }
        };
        // u64::MAX - 0 + 1 wrapped to 0 shards before the arithmetic was checked.
        let e = Shard::from_env(env("18446744073709551615"), None).unwrap_err();
        assert!(e.starts_with("SLURM_ARRAY_TASK_MAX 18446744073709551615"), "{e}");
        assert!(e.contains("from SLURM_ARRAY_TASK_MIN to SLURM_ARRAY_TASK_MIN + 99999"), "{e}");
        assert!(Shard::from_env(env("200000"), None).unwrap_err().contains("SLURM_ARRAY_TASK_MAX"));
        assert_eq!(Shard::from_env(env("7"), None), Ok(Some(Shard { index: 0, count: 8 })));
    }

    /// SplitMix64: deterministic choices for the fuzzer below.
    struct Rng(u64);
    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            ((z ^ (z >> 31)) % n.max(1) as u64) as usize
        }
    }

    /// Every node of a JSON value, as a path of keys and indices.
    fn paths(v: &Value, here: Vec<Value>, out: &mut Vec<Vec<Value>>) {
        out.push(here.clone());
        match v {
            Value::Object(m) => {
                m.iter().for_each(|(k, x)| paths(x, [here.clone(), vec![k.clone().into()]].concat(), out))
            }
            Value::Array(a) => {
                a.iter().enumerate().for_each(|(i, x)| paths(x, [here.clone(), vec![i.into()]].concat(), out))
            }
            _ => {}
        }
    }

    fn at<'a>(v: &'a mut Value, path: &[Value]) -> Option<&'a mut Value> {
        path.iter().try_fold(v, |cur, k| match k {
            Value::String(s) => cur.get_mut(s.as_str()),
            _ => cur.get_mut(k.as_u64()? as usize),
        })
    }

    /// `merge` reads part files from disk, which a user may have edited, truncated or mixed up:
    /// 20,000 mutations of real parts (a node replaced by an odd value, a key deleted, a part
    /// duplicated or dropped) must each give a result or an error with a message, never a
    /// panic, and never a merge that hides a changed row (rows are digested).
    #[test]
    fn merge_never_panics_on_mutated_parts() {
        let meta = Meta {
            scenario: serde_json::json!({"name": "a sweep"}),
            param: "section.field".into(),
            values: vec![5.into(), 10.into()],
            policies: vec![],
            seeds: 3,
        };
        let rows: Vec<Value> =
            (0..6).map(|i| serde_json::json!({ "value": 5 + 5 * (i / 3), "policy": null, "seed": 1 + i % 3, "summary": { "x": i } })).collect();
        let digest = digest(&meta.scenario, &meta.param, &meta.values, &meta.policies, meta.seeds, Format::Csv);
        let parts: Vec<(String, Value)> = (0..3)
            .map(|s| {
                let shard = Shard { index: s, count: 3 };
                let mine = (0..6).filter(|&k| shard.holds(k)).map(|k| (k, rows[k].clone())).collect();
                (format!("part-{s}.json"), part(&digest, shard, 6, Format::Csv, &meta, mine))
            })
            .collect();
        assert_eq!(merge(&parts).unwrap().0, rows, "the parts as written merge back");
        let odd: Vec<Value> = vec![
            Value::Null,
            true.into(),
            0.into(),
            (-1).into(),
            u64::MAX.into(),
            1e308.into(),
            0.5.into(),
            "".into(),
            "csv".into(),
            "ipynb".into(),
            serde_json::json!([]),
            serde_json::json!({}),
            serde_json::json!([{ "index": 0, "row": {} }]),
        ];
        let mut rng = Rng(33);
        let (mut refused, mut merged) = (0, 0);
        for i in 0..20_000 {
            let mut set = parts.clone();
            for _ in 0..1 + rng.below(3) {
                let p = rng.below(set.len());
                match rng.below(10) {
                    0 => {
                        let dup = set[p].clone();
                        set.push(dup);
                    }
                    1 if set.len() > 1 => {
                        set.remove(p);
                    }
                    k => {
                        let mut all = vec![];
                        paths(&set[p].1, vec![], &mut all);
                        let path = all[rng.below(all.len())].clone();
                        if k < 4 && !path.is_empty() {
                            let (last, parent) = path.split_last().unwrap();
                            if let (Some(Value::Object(m)), Value::String(key)) = (at(&mut set[p].1, parent), last) {
                                m.remove(key);
                            }
                        } else if let Some(node) = at(&mut set[p].1, &path) {
                            *node = odd[rng.below(odd.len())].clone();
                        }
                    }
                }
            }
            let out =
                std::panic::catch_unwind(|| merge(&set)).unwrap_or_else(|_| panic!("mutant {i} panicked: {set:?}"));
            match out {
                Err(m) => {
                    assert!(!m.trim().is_empty(), "mutant {i}: an empty message");
                    refused += 1;
                }
                Ok((got, ..)) => {
                    // Whatever merges must be the sweep's own rows: an edit is caught by the digests.
                    assert_eq!(got, rows, "mutant {i} merged to other rows: {set:?}");
                    merged += 1;
                }
            }
        }
        assert!(refused > 10_000 && merged > 0, "{refused} refused, {merged} merged");
    }
}
