//! WebAssembly bindings of the SkyQueue engine: newtypes, conversions and error mapping, and
//! no model logic (the rapier.js pattern). Bulk data crosses as `Float64Array`; errors cross as
//! one structured object `{ kind, message, fatal, errors: [{ path, message }] }`, built here and
//! nowhere else. Nothing a user can type makes this layer panic.

use engine::kernel::SimTime;
use engine::models::Scenario;
use engine::scenario::{FieldError, ScenarioError};
use js_sys::Float64Array;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Counts the memory each run holds, for its memory budget (`engine::sim::memory`).
#[global_allocator]
static ALLOC: engine::sim::memory::CountingAllocator = engine::sim::memory::CountingAllocator;

/// The one error shape the UI receives (web/src/engine/errors.ts mirrors it).
#[derive(Serialize)]
struct ErrorObject<'a> {
    kind: &'a str,
    message: String,
    fatal: bool,
    errors: Vec<FieldError>,
}

fn to_js<T: Serialize>(v: &T) -> JsValue {
    match serde_json::to_string(v) {
        Ok(s) => js_sys::JSON::parse(&s).unwrap_or_else(|_| JsValue::from_str(&s)),
        Err(e) => JsValue::from_str(&e.to_string()),
    }
}

fn scenario_error(e: &ScenarioError) -> JsValue {
    let errors = e.field_errors();
    let message = match e {
        ScenarioError::Syntax { .. } => errors[0].message.clone(),
        _ => format!("the scenario has {} invalid field{}", errors.len(), if errors.len() == 1 { "" } else { "s" }),
    };
    to_js(&ErrorObject { kind: e.kind(), message, fatal: false, errors })
}

fn sim_error(e: &engine::SimError) -> JsValue {
    to_js(&ErrorObject { kind: "sim", message: e.to_string(), fatal: false, errors: vec![] })
}

/// One run of one scenario, driven from the worker.
///
/// To avoid leaking wasm memory, call `free()` when done with it.
#[wasm_bindgen(js_name = Simulation)]
pub struct WasmSimulation(engine::Simulation);

#[wasm_bindgen(js_class = Simulation)]
impl WasmSimulation {
    /// Parses, validates and builds; throws the structured error object on bad input.
    #[wasm_bindgen(constructor)]
    pub fn new(scenario_json: &str) -> Result<WasmSimulation, JsValue> {
        engine::Simulation::from_json(scenario_json).map(Self).map_err(|e| scenario_error(&e))
    }

    /// Processes events up to `t_ns` [ns of simulated time], clamped to the end of the run.
    #[wasm_bindgen(js_name = advanceTo)]
    pub fn advance_to(&mut self, t_ns: f64) -> Result<(), JsValue> {
        let t = if t_ns.is_finite() && t_ns > 0.0 { SimTime(t_ns.min(u64::MAX as f64) as u64) } else { SimTime::ZERO };
        self.0.advance_to(t).map_err(|e| sim_error(&e))
    }

    /// Runs to the end of the scenario; throws the structured error (kind `sim`) when a budget
    /// of the run stops it first (`engine::RunBudget`: the browser keeps the defaults).
    #[wasm_bindgen(js_name = runToEnd)]
    pub fn run_to_end(&mut self) -> Result<(), JsValue> {
        self.0.try_run_to_end().map_err(|e| sim_error(&e))
    }

    /// Current simulated time [ns].
    #[wasm_bindgen(js_name = nowNs)]
    pub fn now_ns(&self) -> f64 {
        self.0.now().as_nanos() as f64
    }

    /// End of the run [ns].
    #[wasm_bindgen(js_name = endNs)]
    pub fn end_ns(&self) -> f64 {
        self.0.end().as_nanos() as f64
    }

    /// Whether the run has reached its end.
    #[wasm_bindgen(js_name = isFinished)]
    pub fn is_finished(&self) -> bool {
        self.0.is_finished()
    }

    /// Events processed so far.
    #[wasm_bindgen(js_name = eventsProcessed)]
    pub fn events_processed(&self) -> f64 {
        self.0.events_processed() as f64
    }

    /// Metric rows since the last call, packed as `metrics/series.rs` documents:
    /// `[n_rows, n_series, t..., series0..., series1...]`.
    #[wasm_bindgen(js_name = drainSeries)]
    pub fn drain_series(&mut self) -> Float64Array {
        Float64Array::from(&self.0.drain_series().packed()[..])
    }

    /// `[{ id, label, unit, kind }]` of each series, in column order.
    #[wasm_bindgen(js_name = seriesInfo)]
    pub fn series_info(&self) -> JsValue {
        to_js(&self.0.series_info())
    }

    /// The scenario being run, defaults filled in, as JSON text.
    #[wasm_bindgen(js_name = scenarioJson)]
    pub fn scenario_json(&self) -> String {
        self.0.scenario().to_json_pretty()
    }

    /// Summary statistics so far.
    pub fn summary(&mut self) -> JsValue {
        to_js(&self.0.summary())
    }

    /// The constellation at the last topology step, packed as the engine's
    /// `PairTopology::geometry_packed` documents; `undefined` for models without a constellation.
    pub fn geometry(&self) -> Option<Float64Array> {
        self.0.geometry_packed().map(|g| Float64Array::from(&g[..]))
    }

    /// Satellites (plane, slot), links, sites and element sets for drawing; `null` for models
    /// without a constellation.
    #[wasm_bindgen(js_name = constellationInfo)]
    pub fn constellation_info(&self) -> JsValue {
        match self.0.constellation_info() {
            Some(info) => to_js(&info),
            None => JsValue::NULL,
        }
    }

    /// Topology events since the last call: `[{ t_s, kind, end, from_sat, to_sat, reason }]`.
    #[wasm_bindgen(js_name = drainEvents)]
    pub fn drain_events(&mut self) -> JsValue {
        to_js(&self.0.drain_events())
    }

    /// Whether the scenario's model records a packet trace and steps event by event.
    #[wasm_bindgen(js_name = tracesPackets)]
    pub fn traces_packets(&self) -> bool {
        self.0.traces_packets()
    }

    /// Turns the packet trace on, keeping the latest `limit` records (0: off); throws the
    /// error object naming the budget when `limit` is beyond it.
    #[wasm_bindgen(js_name = setTraceLimit)]
    pub fn set_trace_limit(&mut self, limit: f64) -> Result<(), JsValue> {
        let limit = if limit.is_finite() && limit > 0.0 { limit.min(usize::MAX as f64) as usize } else { 0 };
        self.0
            .set_trace_limit(limit)
            .map_err(|message| to_js(&ErrorObject { kind: "sim", message, fatal: false, errors: vec![] }))
    }

    /// Records made so far (kept or let go): the number the next record will have.
    #[wasm_bindgen(js_name = traceRecorded)]
    pub fn trace_recorded(&self) -> f64 {
        self.0.trace().recorded() as f64
    }

    /// The kept trace records numbered `from` or later, as JSON rows (`engine::trace::COLUMNS`).
    #[wasm_bindgen(js_name = traceSince)]
    pub fn trace_since(&self, from: f64) -> String {
        let from = if from.is_finite() && from > 0.0 { from as u64 } else { 0 };
        self.0.trace().json(from)
    }

    /// The kept trace as CSV text: byte-identical to `skyqueue run --trace packets`.
    #[wasm_bindgen(js_name = traceCsv)]
    pub fn trace_csv(&self) -> String {
        self.0.trace().csv()
    }

    /// Goes to trace record `n` (stepping event by event, then moving the clock to its time);
    /// false when the run ends first or the record is older than the trace keeps.
    #[wasm_bindgen(js_name = stepToRecord)]
    pub fn step_to_record(&mut self, n: f64) -> bool {
        let n = if n.is_finite() && n > 0.0 { n as u64 } else { 0 };
        self.0.step_to_record(n).is_some()
    }

    /// Time of the next packet event [ns]; -1 when none is due before the end.
    #[wasm_bindgen(js_name = nextPacketEventNs)]
    pub fn next_packet_event_ns(&self) -> f64 {
        self.0.next_packet_event().map_or(-1.0, |t| t.as_nanos() as f64)
    }

    /// Goes to the first trace record numbered `from` or later that is a loss, a resend or a
    /// timeout; its number, or -1 when the run ends first.
    #[wasm_bindgen(js_name = stepToTrouble)]
    pub fn step_to_trouble(&mut self, from: f64) -> f64 {
        let from = if from.is_finite() && from > 0.0 { from as u64 } else { 0 };
        self.0.step_to_trouble(from).map_or(-1.0, |r| r.n as f64)
    }

    /// The results file as text: byte-identical to `skyqueue run` for the same scenario.
    #[wasm_bindgen(js_name = resultsJson)]
    pub fn results_json(&mut self) -> String {
        self.0.results_json()
    }
}

/// Validates a scenario without building it: `null` when valid, else the error object.
#[wasm_bindgen(js_name = validateScenario)]
pub fn validate_scenario(scenario_json: &str) -> JsValue {
    match Scenario::from_json(scenario_json) {
        Ok(_) => JsValue::NULL,
        Err(e) => scenario_error(&e),
    }
}

/// The default scenario, every field written out, as JSON text.
#[wasm_bindgen(js_name = defaultScenarioJson)]
pub fn default_scenario_json() -> String {
    Scenario::default().to_json_pretty()
}

/// The defaults of the common fields and of every model's sections in one object: what the app
/// compares a scenario with when it writes a link (fields equal to these are left out).
#[wasm_bindgen(js_name = allDefaultsJson)]
pub fn all_defaults_json() -> String {
    engine::models::all_defaults_json()
}

/// Every model's fields in groups with label, unit, help and range, and the scenario's objects
/// (`engine::models::schema::schema_json`): the same JSON `skyqueue schema` prints.
#[wasm_bindgen(js_name = scenarioSchemaJson)]
pub fn scenario_schema_json() -> String {
    engine::models::schema::schema_json()
}

/// A sweep's exports (`engine::export`), as `{ csv, notebook }`: its rows as CSV and the Jupyter
/// notebook, the same bytes `skyqueue sweep --format csv` / `--format ipynb` write for the same
/// runs. `values_json` and `policies_json` are JSON arrays; `rows_json` is a JSON array of
/// `{ value, policy, seed, summary }` in grid order. Throws a message when an argument is not
/// what it should be.
#[wasm_bindgen(js_name = sweepExports)]
pub fn sweep_exports(
    scenario_json: &str,
    param: &str,
    values_json: &str,
    policies_json: &str,
    seeds: f64,
    rows_json: &str,
) -> Result<JsValue, JsValue> {
    let err = |what: &str, e: serde_json::Error| JsValue::from_str(&format!("{what} is not JSON: {e}"));
    let values: Vec<serde_json::Value> = serde_json::from_str(values_json).map_err(|e| err("the values", e))?;
    let policies: Vec<String> = serde_json::from_str(policies_json).map_err(|e| err("the policies", e))?;
    let rows: Vec<serde_json::Value> = serde_json::from_str(rows_json).map_err(|e| err("the rows", e))?;
    if !((1.0..=1000.0).contains(&seeds) && seeds.fract() == 0.0) {
        return Err(JsValue::from_str(&format!("seeds: {seeds} is outside 1 to 1000")));
    }
    let csv = engine::export::sweep_csv(param, &rows);
    let notebook = engine::export::sweep_notebook(&engine::export::SweepSpec {
        scenario_json,
        param,
        values: &values,
        policies: &policies,
        seeds: seeds as u64,
        csv: &csv,
    })
    .map_err(|e| JsValue::from_str(&e))?;
    Ok(to_js(&serde_json::json!({ "csv": csv, "notebook": notebook })))
}

/// Mean and 95 % confidence half-width of the finite samples, and how many they are, as
/// `[mean, half, n]` (`engine::metrics::stats::mean_ci95`: the bars of the sweep's curves; NaN
/// stays NaN, which JSON could not carry).
#[wasm_bindgen(js_name = meanCi)]
pub fn mean_ci(samples: &[f64]) -> Float64Array {
    let ci = engine::metrics::stats::mean_ci95(samples.iter().copied());
    Float64Array::from(&[ci.mean, ci.half, ci.n as f64][..])
}

/// The comparison notebook (`engine::export::compare_notebook`): `runs_json` is a JSON array of
/// `[policy, results file text]`, in the order compared; the same bytes as `skyqueue compare
/// --format ipynb`. Throws a message when an argument is not what it should be.
#[wasm_bindgen(js_name = compareNotebook)]
pub fn compare_notebook(policy_path: &str, runs_json: &str) -> Result<String, JsValue> {
    let runs: Vec<(String, String)> =
        serde_json::from_str(runs_json).map_err(|e| JsValue::from_str(&format!("the runs are not JSON: {e}")))?;
    engine::export::compare_notebook(policy_path, &runs).map_err(|e| JsValue::from_str(&e))
}

/// The built-in ground sites: `[{ name, lat_deg, lon_deg }]`.
/// The report of a catalogue of element sets (TLE text) as JSON, the same as `skyqueue tle check
/// --json` gives (shells, satellites used, set aside by reason; grouped at the latest epoch with
/// the default thresholds); throws the reason when the text is not a catalogue or forms no shell.
#[wasm_bindgen(js_name = catalogueReport)]
pub fn catalogue_report(text: &str) -> Result<String, JsValue> {
    let rules = engine::orbit::catalogue::ShellRules::default();
    let report = engine::orbit::catalogue::report(text, None, &rules).map_err(|m| JsValue::from_str(&m))?;
    serde_json::to_string(&report).map_err(|e| JsValue::from_str(&e.to_string()))
}

#[wasm_bindgen(js_name = siteCatalogue)]
pub fn site_catalogue() -> JsValue {
    to_js(&engine::orbit::sites::catalogue())
}

/// TEME positions [km] from the engine's SGP4 for one element set at the given minutes after
/// its epoch, flattened `[x, y, z, ...]`; throws a message on bad TLE lines.
#[wasm_bindgen(js_name = sgp4Teme)]
pub fn sgp4_teme(line1: &str, line2: &str, minutes: &[f64]) -> Result<Float64Array, JsValue> {
    engine::orbit::propagate::teme_positions(line1, line2, minutes)
        .map(|v| Float64Array::from(&v[..]))
        .map_err(|e| JsValue::from_str(&e))
}

/// The engine's name and version.
#[wasm_bindgen(js_name = engineVersion)]
pub fn engine_version() -> String {
    engine::sim::ENGINE.to_string()
}

/// Runs the kernel's hold benchmark (`kernel/hold.rs`); the caller times it. Returns the
/// checksum, which must equal the native run's.
#[wasm_bindgen(js_name = benchHold)]
pub fn bench_hold(events: f64, population: u32, seed: f64) -> String {
    let events = if events.is_finite() && events > 0.0 { events as u64 } else { 0 };
    let seed = if seed.is_finite() && seed > 0.0 { seed as u64 } else { 0 };
    let out = engine::kernel::hold::hold(events, population, seed);
    format!("{:016x}", out.checksum)
}

/// Routes `from` to `to` over a catalogue of element sets (`text`, e.g. a CelesTrak file) for
/// `steps` steps of `step_s` seconds from its latest epoch: +Grid links, least delay, 25 deg of
/// elevation (as `skyqueue calc pair --tle`); the caller times it. Returns the summary as JSON,
/// which must equal the native run's, or the reason the catalogue was refused.
#[wasm_bindgen(js_name = benchCatalogueRoute)]
pub fn bench_catalogue_route(text: &str, from: &str, to: &str, steps: u32, step_s: f64) -> Result<String, JsValue> {
    use engine::orbit::catalogue::{load, ShellRules};
    use engine::topology::catalogue_pair::{CatalogueOptions, CataloguePair, IslMode};
    let err = |m: String| JsValue::from_str(&m);
    let (sets, cat) = load(text, None, &ShellRules::default()).map_err(err)?;
    let site = |n: &str| engine::orbit::sites::resolve(n, &[]).map_err(err);
    let opts = CatalogueOptions {
        isl: IslMode::Grid,
        routing: engine::topology::routing::RoutingMetric::MinDelay,
        min_elevation_deg: 25.0,
        max_isl_km: None,
    };
    let mut pair = CataloguePair::new(&sets, &cat, opts, [site(from)?, site(to)?], &[]).map_err(err)?;
    let step_s = if step_s.is_finite() && step_s > 0.0 { step_s } else { 1.0 };
    for k in 0..steps {
        pair.step(k as f64 * step_s);
    }
    serde_json::to_string(&pair.summary()).map_err(|e| err(e.to_string()))
}

/// Hypatia's all-pairs workload (engine::topology::all_pairs; snkas/hypatia satgenpy,
/// `algorithm_free_one_only_over_isls`) on the text of its tles.txt and ground_stations.txt:
/// `steps` steps of `step_ms`, +Grid ISLs, the maximum ISL and GSL lengths [m] of its
/// description.txt. Returns JSON with the wall time of the steps (`Date.now`, ms resolution)
/// and the checksum `skyqueue bench --workload all-pairs` prints, or the reason it was refused.
#[wasm_bindgen(js_name = benchHypatiaAllPairs)]
pub fn bench_hypatia_all_pairs(
    tles: &str,
    ground_stations: &str,
    steps: u32,
    step_ms: f64,
    max_isl_m: f64,
    max_gsl_m: f64,
) -> Result<String, JsValue> {
    use engine::topology::all_pairs::{digest, AllPairs};
    let err = |m: String| JsValue::from_str(&m);
    let mut w = AllPairs::new(tles, ground_stations, max_isl_m, max_gsl_m).map_err(err)?;
    w.check_budget(steps as u64).map_err(err)?;
    if !(step_ms.is_finite() && step_ms > 0.0) {
        return Err(err("the step must be a positive number of ms".into()));
    }
    let (mut sum_km, mut unreachable) = (0.0, 0u64);
    let t0 = js_sys::Date::now();
    for k in 0..steps {
        let (s, u) = digest(w.step(k as f64 * step_ms / 1e3).map_err(err)?);
        sum_km += s;
        unreachable += u;
    }
    let secs = (js_sys::Date::now() - t0) / 1e3;
    Ok(serde_json::json!({
        "workload": "all-pairs", "steps": steps, "satellites": w.satellites(), "ground_stations": w.ground_stations(),
        "seconds": secs, "ms_per_step": secs * 1e3 / steps.max(1) as f64,
        "checksum": format!("{sum_km:.3}-{unreachable}")
    })
    .to_string())
}
