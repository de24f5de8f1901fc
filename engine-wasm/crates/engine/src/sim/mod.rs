//! The simulation: the engine's one door. It drives whichever model the scenario names,
//! through the [`Model`](crate::models::Model) trait, and knows no model by name.
//!
//! [`Simulation::new`] validates a scenario and builds its model from the registry
//! ([`crate::models`]); [`Simulation::advance_to`] processes events up to a simulated time;
//! [`Simulation::drain_series`] hands out the metric rows closed since the last call;
//! [`Simulation::results_json`] writes the results file. The CLI and the wasm bindings call
//! exactly these, so a scenario and seed give byte-identical results in both.

use crate::kernel::{SimDuration, SimTime};
use crate::metrics::{Recorder, SeriesFrame, SeriesInfo};
use crate::models::Scenario;
use crate::models::{Ctx, Model, ModelSummary};
use crate::scenario::ScenarioError;
use crate::topology::pair::{ConstellationInfo, TopoEvent};
use crate::trace::{PacketTrace, MAX_LIMIT};
use core::fmt;
use serde::ser::{Serialize, SerializeStruct, Serializer};

/// Name and version written into every results file.
pub const ENGINE: &str = concat!("skyqueue-engine ", env!("CARGO_PKG_VERSION"));

/// Errors while running. None is fatal: the simulation is unchanged and can go on.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SimError {
    /// `advance_to` asked for a time before the current one. Recoverable: nothing changed.
    TimeBeforeNow {
        /// The requested time [ns].
        requested: SimTime,
        /// The current time [ns].
        now: SimTime,
    },
    /// The run went past a budget of [`RunBudget`] and was stopped at `at`: what it measured
    /// until then stays readable; advancing it again gives the same error.
    OverBudget {
        /// What went over: [`BUDGET_EVENTS`], [`BUDGET_PENDING`] or [`BUDGET_MEMORY`].
        what: &'static str,
        /// How much of it the run had used.
        used: u64,
        /// The budget.
        budget: u64,
        /// When it stopped.
        at: SimTime,
        /// The end of the run.
        end: SimTime,
    },
}

/// [`SimError::OverBudget`]'s `what` for the events a run processes.
pub const BUDGET_EVENTS: &str = "events processed";
/// [`SimError::OverBudget`]'s `what` for the events scheduled and not yet processed.
pub const BUDGET_PENDING: &str = "events pending";
/// [`SimError::OverBudget`]'s `what` for the memory a run holds ([`memory`]).
pub const BUDGET_MEMORY: &str = "bytes of memory held";

/// The second line of SkyQueue's guard against runs that never end or fill the memory: each
/// model refuses before it starts a scenario whose estimated work exceeds its budgets
/// (docs/RELIABILITY.md); a run that still grows past these is stopped with
/// [`SimError::OverBudget`]. Checked every `check_every` events and at the event that goes past
/// the events budget; the checks never change a run's results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunBudget {
    /// Events one run may process: above what any scenario within the models' own budgets needs
    /// (2e9 offered packets or segments at a few events each), minutes of work natively.
    pub events: u64,
    /// Events scheduled and not yet processed: each holds a packet or a timer, so this bounds
    /// the event list's memory (tens of bytes an event: one or two gigabytes at the default).
    pub pending_events: u64,
    /// Bytes the run may hold, as the program's allocator counts them ([`memory`]; not checked
    /// where the program does not count): bounds every structure, not only the event list.
    pub memory_bytes: u64,
    /// Events between two checks.
    pub check_every: u64,
}

/// [`RunBudget::events`]'s default, the browser's (which never raises it).
pub const MAX_RUN_EVENTS: u64 = 10_000_000_000;
/// [`RunBudget::pending_events`]'s default.
pub const MAX_PENDING_EVENTS: u64 = 20_000_000;
/// [`RunBudget::memory_bytes`]'s default: 2 GB, half of what a browser's wasm can address; a
/// run within the models' budgets holds a few megabytes (docs/RELIABILITY.md).
pub const MAX_MEMORY_BYTES: u64 = 2_000_000_000;

impl Default for RunBudget {
    fn default() -> Self {
        RunBudget {
            events: MAX_RUN_EVENTS,
            pending_events: MAX_PENDING_EVENTS,
            memory_bytes: MAX_MEMORY_BYTES,
            check_every: 1 << 20,
        }
    }
}

impl fmt::Display for SimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SimError::TimeBeforeNow { requested, now } => {
                write!(f, "cannot go back in time: asked for {requested}, now is {now}")
            }
            SimError::OverBudget { what, used, budget, at, end } => write!(
                f,
                "stopped: over budget at {:.3} s of {:.3} s: {used} {what}, over the budget of one run ({budget}). \
                 Shorten duration_s, or lower the rates, flows or capacities that make the work; \
                 the results so far are kept",
                at.as_secs_f64(),
                end.as_secs_f64()
            ),
        }
    }
}

impl std::error::Error for SimError {}

/// Everything a run measured, as written to the results file: the common counts, then the
/// model's own summary under its key (`queue`, `constellation`, `voip`, `diffserv`).
#[derive(Debug)]
pub struct Summary {
    /// Simulated time reached [s].
    pub simulated_s: f64,
    /// Time covered by the statistics: simulated time after the warm-up [s].
    pub measured_s: f64,
    /// Events processed (queue events, or topology steps).
    pub events: u64,
    /// Key of the model's summary ([`crate::models::Descriptor::summary_key`]).
    pub model_key: &'static str,
    /// The model's summary.
    pub model: Box<dyn ModelSummary>,
}

impl Summary {
    /// The model's summary as its own type, if it is of that type.
    pub fn get<T: 'static>(&self) -> Option<&T> {
        self.model.as_any().downcast_ref()
    }

    /// Takes the model's summary as its own type, if it is of that type.
    pub fn take<T: 'static>(self) -> Option<T> {
        self.model.into_any().downcast().ok().map(|b| *b)
    }
}

impl Serialize for Summary {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Summary", 4)?;
        s.serialize_field("simulated_s", &self.simulated_s)?;
        s.serialize_field("measured_s", &self.measured_s)?;
        s.serialize_field("events", &self.events)?;
        s.serialize_field(self.model_key, &self.model)?;
        s.end()
    }
}

/// The series table of a results file.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SeriesTable {
    /// Width of one row [s] (the last row may be shorter).
    pub bucket_s: f64,
    /// Name, label, unit and kind of each column of `values`.
    pub columns: Vec<SeriesInfo>,
    /// Rows: middles of the buckets [s] and one column per series.
    #[serde(flatten)]
    pub frame: SeriesFrame,
}

/// A results file: engine, the scenario with its defaults filled in, summary, series.
#[derive(serde::Serialize)]
pub struct Results<'a> {
    /// Engine name and version.
    pub engine: &'static str,
    /// The scenario that was run.
    pub scenario: &'a Scenario,
    /// Summary statistics.
    pub summary: Summary,
    /// Downsampled series of the whole run.
    pub series: SeriesTable,
}

/// One run of one scenario.
///
/// ```
/// use engine::{Scenario, Simulation};
/// let s = Scenario::from_json(r#"{"version": 1, "duration_s": 2, "warmup_s": 0}"#).unwrap();
/// let mut sim = Simulation::new(s).unwrap();
/// sim.advance_to_secs(1.0).unwrap();
/// let first_second = sim.drain_series();
/// assert_eq!(first_second.len(), 10); // 0.1 s buckets
/// sim.run_to_end();
/// assert!(sim.is_finished());
/// assert!(sim.results_json().contains("\"theory\""));
/// ```
pub struct Simulation {
    scenario: Scenario,
    end: SimTime,
    model: Box<dyn Model>,
    ctx: Ctx,
    /// What the packet trace recorded at time zero, which [`Simulation::new`] processes before
    /// the trace can be turned on: [`Simulation::set_trace_limit`] starts from it while the
    /// clock is still at zero.
    at_zero: PacketTrace,
    /// The run's budgets, checked while it runs.
    budget: RunBudget,
    /// Why the run stopped before its end, once a budget was exceeded.
    stopped: Option<SimError>,
    /// The memory count where the run began (None where the program does not count).
    memory: Option<memory::Mark>,
}

/// Most packet events of time zero kept for a trace turned on later
/// ([`Simulation::set_trace_limit`]).
const AT_ZERO_LIMIT: usize = 100_000;

impl Simulation {
    /// Validates `scenario` and builds its model. Nothing is simulated yet.
    pub fn new(scenario: Scenario) -> Result<Simulation, ScenarioError> {
        let mark = memory::Mark::now();
        scenario.validate()?;
        let (model, series) = (scenario.model.descriptor().build)(&scenario)?;
        let recorder = Recorder::new(
            series,
            SimDuration::from_secs_f64(scenario.metrics.bucket_s).as_nanos(),
            scenario.metrics.max_points as usize,
        );
        // Time zero's packet events (a voice call's first packet) are kept aside for a trace turned
        // on before the clock moves (recording observes only: the run is the same).
        let traces = scenario.model.descriptor().traces_packets;
        let trace =
            if traces { PacketTrace::with_limit(AT_ZERO_LIMIT).unwrap_or_default() } else { PacketTrace::off() };
        let ctx = Ctx { now: SimTime::ZERO, processed: 0, yield_at: 0, recorder, trace };
        let end = SimTime::from_secs_f64(scenario.duration_s);
        let mut sim = Simulation {
            end,
            scenario,
            model,
            ctx,
            at_zero: PacketTrace::off(),
            budget: RunBudget::default(),
            stopped: None,
            memory: mark,
        };
        // Process time zero, so that the state at the start (e.g. the constellation's geometry)
        // exists before the first advance. Cannot fail: zero is never before now.
        let _ = sim.advance_to(SimTime::ZERO);
        sim.at_zero = std::mem::take(&mut sim.ctx.trace);
        Ok(sim)
    }

    /// Parses, validates and builds in one step.
    pub fn from_json(text: &str) -> Result<Simulation, ScenarioError> {
        Simulation::new(Scenario::from_json(text)?)
    }

    /// The scenario being run (defaults filled in).
    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// Current simulated time.
    pub fn now(&self) -> SimTime {
        self.ctx.now
    }

    /// The end of the run.
    pub fn end(&self) -> SimTime {
        self.end
    }

    /// Whether the run has reached its end.
    pub fn is_finished(&self) -> bool {
        self.ctx.now >= self.end
    }

    /// Events processed so far.
    pub fn events_processed(&self) -> u64 {
        self.ctx.processed
    }

    /// The run's budgets (the defaults unless [`Simulation::set_run_budget`] changed them).
    pub fn run_budget(&self) -> RunBudget {
        self.budget
    }

    /// Sets the run's budgets: the CLI's `--budget-events` raises or lowers the events one run
    /// may process (the browser keeps the defaults). `check_every` is at least 1.
    pub fn set_run_budget(&mut self, budget: RunBudget) {
        self.budget = RunBudget { check_every: budget.check_every.max(1), ..budget };
    }

    /// Why the run stopped before its end ([`SimError::OverBudget`]), if it did.
    pub fn stopped(&self) -> Option<&SimError> {
        self.stopped.as_ref()
    }

    /// Processes every event up to `t` (clamped to the end of the run) and moves the clock
    /// there. Calling it with the current time does nothing. Every
    /// [`RunBudget::check_every`] events the budgets are checked; past one the run stops at
    /// its last event with [`SimError::OverBudget`], and stays stopped.
    pub fn advance_to(&mut self, t: SimTime) -> Result<(), SimError> {
        if let Some(e) = &self.stopped {
            return Err(e.clone());
        }
        if t < self.ctx.now {
            return Err(SimError::TimeBeforeNow { requested: t, now: self.ctx.now });
        }
        let t = t.min(self.end);
        loop {
            // Every `check_every` events, and at the event that goes past the events budget.
            self.ctx.yield_at =
                self.ctx.processed.saturating_add(self.budget.check_every).min(self.budget.events.saturating_add(1));
            self.model.advance_to(t, &mut self.ctx);
            if !self.ctx.yield_due() {
                break;
            }
            if let Some(e) = self.over_budget() {
                self.stopped = Some(e.clone());
                return Err(e);
            }
        }
        self.ctx.now = t;
        self.ctx.recorder.roll_to(t);
        if self.ctx.now >= self.end {
            self.ctx.recorder.finish(self.end);
        }
        Ok(())
    }

    /// The first budget the run has gone past, if any.
    fn over_budget(&self) -> Option<SimError> {
        let (at, end) = (self.ctx.now, self.end);
        let pending = self.model.pending_events() as u64;
        if self.ctx.processed > self.budget.events {
            Some(SimError::OverBudget {
                what: BUDGET_EVENTS,
                used: self.ctx.processed,
                budget: self.budget.events,
                at,
                end,
            })
        } else if pending > self.budget.pending_events {
            Some(SimError::OverBudget {
                what: BUDGET_PENDING,
                used: pending,
                budget: self.budget.pending_events,
                at,
                end,
            })
        } else {
            let held = self.memory.map(|m| m.held()).filter(|&b| b > self.budget.memory_bytes)?;
            Some(SimError::OverBudget { what: BUDGET_MEMORY, used: held, budget: self.budget.memory_bytes, at, end })
        }
    }

    /// [`Simulation::advance_to`] with a time in seconds; negative or NaN means "now".
    pub fn advance_to_secs(&mut self, t_s: f64) -> Result<(), SimError> {
        self.advance_to(SimTime::from_secs_f64(t_s).max(self.ctx.now))
    }

    /// Runs to the end of the scenario, or until a budget stops it ([`Simulation::stopped`]
    /// then says why; [`Simulation::try_run_to_end`] returns it).
    pub fn run_to_end(&mut self) {
        let _ = self.try_run_to_end();
    }

    /// Runs to the end of the scenario; the error when a budget stopped it first.
    pub fn try_run_to_end(&mut self) -> Result<(), SimError> {
        let end = self.end;
        self.advance_to(end)
    }

    /// [`Simulation::try_run_to_end`] for a run whose live feeds nobody reads (the CLI's runs,
    /// sweeps and comparisons): it goes an hour of simulated time at a time and lets each hour's
    /// topology events and series rows go (the results keep their own downsampled series), so
    /// that a long run's memory stays flat. The results are the same.
    pub fn try_run_to_end_without_live_feeds(&mut self) -> Result<(), SimError> {
        const HOUR: SimDuration = SimDuration(3_600 * 1_000_000_000);
        loop {
            let t = (self.ctx.now + HOUR).min(self.end);
            self.advance_to(t)?;
            drop(self.model.drain_events());
            drop(self.drain_series());
            if self.ctx.now >= self.end {
                return Ok(());
            }
        }
    }

    /// Turns the packet trace on, keeping the latest `limit` records (0 turns it off), for a
    /// model that records one ([`crate::models::Descriptor::traces_packets`]; for the others it
    /// stays empty). Recording observes and never decides: the results are the same with the
    /// trace on or off. Refused, naming the budget, over [`MAX_LIMIT`] records.
    pub fn set_trace_limit(&mut self, limit: usize) -> Result<(), String> {
        let mut trace = PacketTrace::with_limit(limit)
            .ok_or_else(|| format!("trace limit: {limit} is outside the allowed range (0 to {MAX_LIMIT} records)"))?;
        trace.set_nodes(self.model.trace_nodes());
        if self.ctx.now == SimTime::ZERO {
            for r in self.at_zero.since(0) {
                trace.push(*r);
            }
        }
        self.ctx.trace = trace;
        Ok(())
    }

    /// The packet trace so far (empty unless [`Simulation::set_trace_limit`] turned it on).
    pub fn trace(&self) -> &PacketTrace {
        &self.ctx.trace
    }

    /// Whether the scenario's model records a packet trace and can step event by event.
    pub fn traces_packets(&self) -> bool {
        self.scenario.model.descriptor().traces_packets && self.model.traces_packets()
    }

    /// Advances event by event until the packet trace has a new record (or a route change),
    /// or the run ends; the clock stops at that event's time. Returns whether a record was
    /// added. Needs the trace on; for a model without a packet trace it moves nothing.
    pub fn step_event(&mut self) -> bool {
        let before = self.ctx.trace.recorded();
        if !self.ctx.trace.on() {
            return false;
        }
        while self.ctx.trace.recorded() == before {
            match self.model.next_event() {
                Some(t) if t <= self.end => {
                    // `t` is never before now: only a budget can stop it.
                    if self.advance_to(t.max(self.ctx.now)).is_err() {
                        return false;
                    }
                }
                _ => {
                    self.run_to_end();
                    break;
                }
            }
        }
        self.ctx.trace.recorded() > before
    }

    /// Goes to record `n` of the packet trace: steps event by event until it exists, then moves
    /// the clock to its time (a transmission's start may be recorded before the clock reaches
    /// it). Returns the record, or `None` when the run ends first or the record was let go
    /// (older than the trace keeps). The app's *Next event*: one record per step.
    pub fn step_to_record(&mut self, n: u64) -> Option<crate::trace::TraceRecord> {
        while self.ctx.trace.recorded() <= n {
            if !self.step_event() {
                return None;
            }
        }
        let r = *self.ctx.trace.since(n).next().filter(|r| r.n == n)?;
        if r.t > self.ctx.now {
            // Never before now, so this cannot fail.
            let _ = self.advance_to(r.t);
        }
        Some(r)
    }

    /// The time of the next packet event before the end, for models with a packet trace; `None`
    /// when none is due (the transfer is over) or the model cannot say.
    pub fn next_packet_event(&self) -> Option<SimTime> {
        self.model.next_packet_event().filter(|&t| t <= self.end)
    }

    /// Goes to the first record numbered `from` or later that is trouble: a loss, a resend or a
    /// timeout ([`crate::trace::TraceKind::is_trouble`]), as [`Simulation::step_to_record`]
    /// goes to one. Returns it, or `None` when the run ends first. The app's *Next loss*.
    pub fn step_to_trouble(&mut self, from: u64) -> Option<crate::trace::TraceRecord> {
        let mut n = from;
        loop {
            let r = self.step_to_record(n)?;
            if r.kind.is_trouble() {
                return Some(r);
            }
            n += 1;
        }
    }

    /// Name, label, unit and kind of each series, in column order.
    pub fn series_info(&self) -> &[SeriesInfo] {
        self.ctx.recorder.info()
    }

    /// Metric rows closed since the last call (the live feed of the charts).
    pub fn drain_series(&mut self) -> SeriesFrame {
        self.ctx.recorder.drain()
    }

    /// Summary of what has been measured so far.
    pub fn summary(&mut self) -> Summary {
        let now = self.ctx.now;
        let warmup = SimTime::from_secs_f64(self.scenario.warmup_s);
        Summary {
            simulated_s: now.as_secs_f64(),
            measured_s: now.saturating_since(warmup).as_secs_f64(),
            events: self.ctx.processed,
            model_key: self.scenario.model.descriptor().summary_key,
            model: self.model.summary(now),
        }
    }

    /// Topology events (handovers, seam, ISL changes, link states) since the last call; empty
    /// for models without a constellation.
    pub fn drain_events(&mut self) -> Vec<TopoEvent> {
        self.model.drain_events()
    }

    /// The constellation at the last topology step, packed as
    /// [`crate::topology::pair::PairTopology::geometry_packed`] documents; `None` for models
    /// without a constellation.
    pub fn geometry_packed(&self) -> Option<Vec<f64>> {
        self.model.geometry_packed()
    }

    /// Static description of the constellation for drawing; `None` for models without one.
    pub fn constellation_info(&self) -> Option<ConstellationInfo> {
        self.model.constellation_info()
    }

    /// The results so far: scenario, summary and the downsampled series.
    pub fn results(&mut self) -> Results<'_> {
        let summary = self.summary();
        let series = SeriesTable {
            bucket_s: self.ctx.recorder.archive_bucket_s(),
            columns: self.ctx.recorder.info().to_vec(),
            frame: self.ctx.recorder.archive(),
        };
        Results { engine: ENGINE, scenario: &self.scenario, summary, series }
    }

    /// The results as pretty JSON: the same bytes natively and in wasm.
    pub fn results_json(&mut self) -> String {
        serde_json::to_string_pretty(&self.results()).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }

    /// The summary as JSON.
    pub fn summary_json(&mut self) -> String {
        serde_json::to_string(&self.summary()).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }
}

/// Test helper for every model that traces packets: steps `scenario` record by record (trace
/// limit `limit`) and checks that each step lands on the next record with the clock at its time,
/// that the records are a whole run's, and that the stepped run ends with the whole run's
/// results; returns the number of records.
#[cfg(test)]
pub(crate) fn check_stepping_by_record(scenario: Scenario, limit: usize) -> u64 {
    let mut whole = Simulation::new(scenario.clone()).unwrap();
    whole.set_trace_limit(limit).unwrap();
    whole.run_to_end();
    let mut stepped = Simulation::new(scenario).unwrap();
    stepped.set_trace_limit(limit).unwrap();
    let mut n = 0;
    while let Some(r) = stepped.step_to_record(n) {
        assert_eq!(r.n, n);
        assert_eq!(r.t, stepped.now(), "record {n}");
        assert_eq!(Some(&r), whole.trace().since(n).next());
        n += 1;
    }
    assert_eq!(n, whole.trace().recorded());
    assert!(stepped.is_finished());
    assert_eq!(stepped.results_json(), whole.results_json());
    n
}

#[cfg(test)]
mod engine_kinds;
mod estimate;
pub use estimate::{check_estimate, num, WorkEstimate, MAX_ESTIMATED_SECONDS};
pub mod memory;
#[cfg(test)]
pub(crate) mod seeded;
#[cfg(test)]
mod summary_types;

#[cfg(test)]
mod tests {
    use super::*;

    fn scenario(extra: &str) -> Scenario {
        Scenario::from_json(&format!(r#"{{"version": 1, "duration_s": 20, "warmup_s": 1 {extra}}}"#)).unwrap()
    }

    #[test]
    fn two_runs_give_identical_results() {
        let a = Simulation::new(scenario(""))
            .map(|mut s| {
                s.run_to_end();
                s.results_json()
            })
            .unwrap();
        let b = Simulation::new(scenario(""))
            .map(|mut s| {
                s.run_to_end();
                s.results_json()
            })
            .unwrap();
        assert_eq!(a, b);
        let c = Simulation::new(scenario(r#", "seed": 2"#))
            .map(|mut s| {
                s.run_to_end();
                s.results_json()
            })
            .unwrap();
        assert_ne!(a, c);
    }

    #[test]
    fn results_do_not_depend_on_how_the_run_is_advanced() {
        // The browser advances in uneven wall-clock-driven chunks; the CLI in one go.
        let mut whole = Simulation::new(scenario("")).unwrap();
        whole.run_to_end();
        let mut chunked = Simulation::new(scenario("")).unwrap();
        let mut live_rows = 0;
        let mut t = 0u64;
        while !chunked.is_finished() {
            t += 1 + (t * 7919) % 333_333_337; // irregular steps of up to 1/3 s
            chunked.advance_to(SimTime(t)).unwrap();
            live_rows += chunked.drain_series().len();
        }
        assert_eq!(whole.results_json(), chunked.results_json());
        assert_eq!(live_rows, 200);
    }

    #[test]
    fn going_back_in_time_is_refused_and_changes_nothing() {
        let mut sim = Simulation::new(scenario("")).unwrap();
        sim.advance_to_secs(2.0).unwrap();
        let before = sim.events_processed();
        let err = sim.advance_to(SimTime(1)).unwrap_err();
        assert!(matches!(err, SimError::TimeBeforeNow { .. }));
        assert!(err.to_string().starts_with("cannot go back in time"));
        assert_eq!(sim.events_processed(), before);
        assert_eq!(sim.now(), SimTime::from_secs_f64(2.0));
    }

    #[test]
    fn advancing_past_the_end_stops_at_the_end() {
        let mut sim = Simulation::new(scenario("")).unwrap();
        sim.advance_to(SimTime(u64::MAX)).unwrap();
        assert!(sim.is_finished());
        assert_eq!(sim.now(), sim.end());
        sim.advance_to(SimTime(u64::MAX)).unwrap(); // idempotent
    }

    #[test]
    fn invalid_scenarios_are_refused_before_anything_runs() {
        let mut s = scenario("");
        s.duration_s = -1.0;
        assert!(matches!(Simulation::new(s), Err(ScenarioError::Invalid(_))));
    }
}
