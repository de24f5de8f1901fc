//! `skyqueue run`: one scenario to its end.

use crate::output::{out, outln, read_source, Failure};
use crate::values;
use engine::models::ModelKind;
use engine::models::Scenario;
use engine::trace::MAX_LIMIT;
use engine::{RunBudget, Simulation};
use std::io::Write;

/// The most events `--budget-events` allows: a hundred times the default budget.
const MAX_BUDGET_EVENTS: u64 = 1_000_000_000_000;

/// Runs a scenario to its end and writes the results as JSON
///
/// The results hold the scenario with its defaults, summary statistics with confidence
/// intervals and the closed-form prediction where one exists, and the downsampled time series.
/// They go to --out (then a short summary is printed), or to stdout. The same scenario and seed
/// give byte-identical results, here and in the browser.
///
/// With --trace packets, every packet's events (send, each hop with its wait, drop and why,
/// delivery, ACK, timeout, route change) also go to --trace-out, as CSV or JSON by its
/// extension: the columns the app's trace export writes. The trace keeps the latest
/// --trace-limit records, and says so when it let older ones go.
///
/// A run that goes past its budget of events (10000000000, the browser's; --budget-events
/// changes it here) or of events pending is stopped: the results so far are written and the
/// command exits with status 2, naming the budget.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The scenario file; - reads it from stdin
    #[arg(value_name = "scenario.json")]
    scenario: String,
    /// Writes the results to this file (and prints a short summary) instead of stdout
    #[arg(short, long, value_name = "results.json")]
    out: Option<String>,
    /// Overrides the scenario's seed (0 to 2^53-1)
    #[arg(long, value_name = "N", value_parser = values::whole())]
    seed: Option<u64>,
    /// Records a trace: `packets`, every packet's events (models with a packet trace only)
    #[arg(long, value_name = "WHAT", value_parser = values::choice::<Trace>(), requires = "trace_out")]
    trace: Option<Trace>,
    /// Writes the trace here: JSON if the name ends in .json, else CSV
    #[arg(long, value_name = "trace.csv", requires = "trace")]
    trace_out: Option<String>,
    /// Most trace records kept (the latest; 1 to 2000000)
    #[arg(long, value_name = "N", default_value = "1000000", value_parser = values::whole_in(1, MAX_LIMIT as u64, "records"))]
    trace_limit: u64,
    /// Events the run may process before it is stopped (1 to 1000000000000; default
    /// 10000000000, the browser's budget)
    #[arg(long, value_name = "N", value_parser = values::whole_in(1, MAX_BUDGET_EVENTS, "events"))]
    budget_events: Option<u64>,
    /// Puts this file of element sets (TLE, e.g. CelesTrak's starlink.txt) into the scenario's
    /// catalogue field, the one the app's "Load from a file…" fills
    #[arg(long, value_name = "FILE.tle")]
    catalogue: Option<String>,
    /// Puts the text of FILE into the scenario's text field FIELD (a dotted path), as the app's
    /// "Load from a file…" does (a channel trace, say); repeatable. FIELD is a text field of the
    /// scenario's model that takes a file (`skyqueue schema` lists every field)
    #[arg(long, value_name = "FIELD=FILE")]
    load: Vec<String>,
}

/// The scenario's text with `file`'s text in the field `field` (a text field of its model that
/// takes a file: several lines).
pub(crate) fn with_file(path: &str, text: &str, spec: &str) -> Result<String, Failure> {
    let Some((field, file)) = spec.split_once('=') else {
        return Err(Failure::Usage(format!("--load: `{spec}` is not FIELD=FILE (a dotted field path, `=`, a file)")));
    };
    let v: serde_json::Value =
        serde_json::from_str(text).map_err(|e| Failure::Data(format!("{path}: not JSON: {e}")))?;
    let name = v.get("model").and_then(|m| m.as_str()).unwrap_or(ModelKind::default().name()).to_string();
    let takers: Vec<&'static str> = ModelKind::from_name(&name)
        .map(|k| {
            engine::models::schema::groups(k)
                .into_iter()
                .flat_map(|g| g.fields)
                .filter(|f| matches!(f.kind, engine::scenario::fields::Kind::Text { multiline: true, .. }))
                .map(|f| f.path)
                .collect()
        })
        .unwrap_or_default();
    if !takers.contains(&field) {
        return Err(Failure::Usage(format!(
            "--load: `{field}` is not a field of the model `{name}` that takes a file (those that do: {})",
            takers.join(", ")
        )));
    }
    let content = std::fs::read_to_string(file).map_err(|e| Failure::Io(format!("--load: cannot read {file}: {e}")))?;
    set_text(path, v, field, content)
}

/// `v` with the string `content` at the dotted `field`, as text.
fn set_text(path: &str, mut v: serde_json::Value, field: &str, content: String) -> Result<String, Failure> {
    let mut at = &mut v;
    for key in field.split('.') {
        if !at.is_object() {
            return Err(Failure::Data(format!("{path}: {field}: a part of the path is not an object")));
        }
        at = at.as_object_mut().expect("an object").entry(key).or_insert(serde_json::json!({}));
    }
    *at = serde_json::Value::String(content);
    Ok(v.to_string())
}

/// The scenario's text with the catalogue `file` in its model's catalogue field.
fn with_catalogue(path: &str, text: &str, file: &str) -> Result<String, Failure> {
    let v: serde_json::Value =
        serde_json::from_str(text).map_err(|e| Failure::Data(format!("{path}: not JSON: {e}")))?;
    let name = v.get("model").and_then(|m| m.as_str()).unwrap_or(ModelKind::default().name()).to_string();
    let field_of = |k: ModelKind| {
        engine::models::schema::groups(k)
            .into_iter()
            .flat_map(|g| g.fields)
            .find(|f| matches!(f.kind, engine::scenario::fields::Kind::Text { catalogue: true, .. }))
            .map(|f| f.path)
    };
    let Some(field) = ModelKind::from_name(&name).and_then(field_of) else {
        let takers: Vec<String> =
            ModelKind::ALL.iter().filter_map(|&k| field_of(k).map(|f| format!("{} ({f})", k.name()))).collect();
        return Err(Failure::Usage(format!(
            "--catalogue: the model `{name}` takes no catalogue (models that do: {})",
            takers.join(", ")
        )));
    };
    let tle =
        std::fs::read_to_string(file).map_err(|e| Failure::Io(format!("--catalogue: cannot read {file}: {e}")))?;
    // An empty field means the built-in constellation: an empty or blank file is refused as
    // `calc pair --tle` and `tle check` refuse it, not run over the built-in one.
    if tle.trim().is_empty() {
        let m = engine::orbit::catalogue::parse(&tle).err().unwrap_or_else(|| "no element sets found".into());
        return Err(Failure::Data(format!("--catalogue: {file}: {m}")));
    }
    set_text(path, v, field, tle)
}

/// What --trace records.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trace {
    /// Every packet's events
    Packets,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let path = args.scenario.as_str();
    let mut text = read_source(path)?;
    if let Some(file) = &args.catalogue {
        text = with_catalogue(path, &text, file)?;
    }
    for spec in &args.load {
        text = with_file(path, &text, spec)?;
    }
    let mut scenario = Scenario::parse_json(&text).map_err(|e| Failure::Invalid(path.into(), e))?;
    if let Some(seed) = args.seed {
        scenario.seed = seed;
    }
    let mut sim = Simulation::new(scenario).map_err(|e| Failure::Invalid(path.into(), e))?;
    if args.trace.is_some() {
        if !sim.traces_packets() && sim.scenario().model.descriptor().traces_packets {
            return Err(Failure::Usage(format!(
                "--trace: this `{}` scenario has no packets to trace (the model traces them in some of its scenarios only)",
                sim.scenario().model.name()
            )));
        }
        if !sim.traces_packets() {
            let tracing: Vec<&str> =
                ModelKind::ALL.iter().filter(|k| k.descriptor().traces_packets).map(|k| k.name()).collect();
            return Err(Failure::Usage(format!(
                "--trace: the model `{}` records no packet trace (models that do: {})",
                sim.scenario().model.name(),
                tracing.join(", ")
            )));
        }
        // (--trace-limit's range is checked as it is read: values::whole_in.)
        sim.set_trace_limit(args.trace_limit as usize).map_err(Failure::Usage)?;
    }
    if let Some(n) = args.budget_events {
        sim.set_run_budget(RunBudget { events: n, ..sim.run_budget() });
    }
    // A run stopped by a budget still writes what it measured, then fails naming the budget.
    let stopped = sim.try_run_to_end_without_live_feeds().err();
    let json = sim.results_json();
    match args.out {
        None => out(&format!("{json}\n")),
        Some(file) => {
            std::fs::write(&file, format!("{json}\n")).map_err(|e| Failure::Io(format!("cannot write {file}: {e}")))?;
            let summary = sim.summary();
            outln!("wrote {file}: {}", sim.scenario().name);
            // One printer for every model: the lines its summary gives.
            for line in summary.model.lines() {
                outln!("  {line}");
            }
        }
    }
    // After the results: a trace that cannot be written loses no results.
    if let Some(file) = &args.trace_out {
        let trace = sim.trace();
        let cannot = |e: std::io::Error| Failure::Io(format!("cannot write {file}: {e}"));
        // JSON is written record by record (two million records are about 0.9 GB of text).
        let mut w = std::io::BufWriter::new(std::fs::File::create(file).map_err(cannot)?);
        if file.ends_with(".json") {
            trace.write_json(0, &mut w).and_then(|()| w.write_all(b"\n")).map_err(cannot)?;
        } else {
            w.write_all(trace.csv().as_bytes()).map_err(cannot)?;
        }
        w.flush().map_err(cannot)?;
        let kept = trace.recorded() - trace.evicted();
        if trace.evicted() > 0 {
            eprintln!(
                "wrote {file}: the latest {kept} of {} trace records (--trace-limit {}; raise it to keep more)",
                trace.recorded(),
                args.trace_limit
            );
        } else {
            eprintln!("wrote {file}: {kept} trace records");
        }
    }
    match stopped {
        Some(e) => Err(Failure::Data(format!("{path}: {e}"))),
        None => Ok(()),
    }
}
