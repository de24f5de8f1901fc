//! The simulation: the engine's one door (ARCHITECTURE.md, "Engine API").
//!
//! [`Simulation::new`] validates a scenario and wires its models; [`Simulation::advance_to`]
//! processes events up to a simulated time; [`Simulation::drain_series`] hands out the metric
//! rows closed since the last call; [`Simulation::results_json`] writes the results file. The
//! CLI and the wasm bindings call exactly these, so a scenario and seed give byte-identical
//! results in both.

pub mod fifo_station;
pub mod router;
pub mod voip_leo;

use crate::kernel::{EventQueue, SimDuration, SimTime, Streams};
use crate::metrics::{Recorder, SeriesFrame, SeriesInfo};
use crate::orbit::propagate::Propagator;
use crate::orbit::sites;
use crate::scenario::{FieldError, ModelKind, Scenario, ScenarioError};
use crate::topology::isl::IslRules;
use crate::topology::pair::{self, ConstellationInfo, PairOptions, PairSummary, PairTopology, TopoEvent};
use core::fmt;
use fifo_station::{Event, FifoStation, StationSummary};
use serde::Serialize;

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
}

impl fmt::Display for SimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SimError::TimeBeforeNow { requested, now } => {
                write!(f, "cannot go back in time: asked for {requested}, now is {now}")
            }
        }
    }
}

impl std::error::Error for SimError {}

/// Everything a run measured, as written to the results file.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// Simulated time reached [s].
    pub simulated_s: f64,
    /// Time covered by the statistics: simulated time after the warm-up [s].
    pub measured_s: f64,
    /// Events processed (queue events, or topology steps).
    pub events: u64,
    /// The queue's measurements (queue model).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub queue: Option<StationSummary>,
    /// The pair's route, delay and handovers (constellation model).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pair: Option<PairSummary>,
    /// VoIP quality over the LMS link (voip-leo model).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub voip: Option<voip_leo::VoipSummary>,
    /// Class rates, theory and credit of the DiffServ router (diffserv model).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub diffserv: Option<DiffservSummary>,
}

/// The series table of a results file.
#[derive(Clone, Debug, PartialEq, Serialize)]
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
#[derive(Serialize)]
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
/// use engine::{scenario::Scenario, Simulation};
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
    now: SimTime,
    end: SimTime,
    model: Model,
    recorder: Recorder,
    processed: u64,
}

/// The model a scenario runs, with its own clockwork.
enum Model {
    Queue { events: EventQueue<Event>, station: FifoStation },
    Topology { topo: Box<PairTopology>, step: SimDuration, next: SimTime },
    Voip { events: EventQueue<voip_leo::Event>, model: Box<voip_leo::VoipLeo>, topo: Box<PairTopology>, next_view: SimTime },
    Router { events: EventQueue<router::Event>, router: Box<router::Router>, d: Box<DiffservState> },
}

/// What the diffserv model keeps beside the router: the parameters it derived, the theory
/// inputs, and the sampling state.
pub struct DiffservState {
    k_af: f64,
    pss: Option<crate::sched::pss::PssParams>,
    /// C_avg and R_EF^exp [b/s], and the profiles, for the theory lines.
    c_avg: f64,
    ef_avg: f64,
    ef_expected: f64,
    capacity_profile: crate::traffic::profile::RateProfile,
    ef_profile: crate::traffic::profile::RateProfile,
    /// Sampling: bucket width, rate window in buckets, cumulative [EF, AF, CS0, EF offered]
    /// bits at the last `window` + 1 bucket ends.
    next_sample: SimTime,
    bucket: SimDuration,
    window: usize,
    cum: std::collections::VecDeque<[f64; 4]>,
    /// Levels last given to the recorder: queues EF, AF, CS0 and AF high priority.
    levels: [u64; 4],
    bits_at_warmup: Option<[f64; 3]>,
    offered_at_warmup: f64,
    delivered_at_warmup: Vec<u64>,
    warmup: SimTime,
    flows_class: Vec<usize>,
}

impl DiffservState {
    /// Theory [WRR AF, WRR CS0, PSS AF, PSS CS0] [b/s] averaged over [a, b] (eqs. 1, 6, 7, 8
    /// at each instant of the profiles, paper 001 §4.2).
    fn theory_over(&self, a: f64, b: f64) -> [f64; 4] {
        let at = |t: f64| crate::sched::pss::theory_rates_at(self.k_af, self.c_avg, self.c_avg * self.capacity_profile.factor(t), self.ef_avg * self.ef_profile.factor(t), self.ef_expected);
        if (self.capacity_profile.is_constant() && self.ef_profile.is_constant()) || b <= a {
            return at(a);
        }
        const N: usize = 32;
        let h = (b - a) / N as f64;
        let mut sum = [0.0; 4];
        for i in 0..N {
            let r = at(a + (i as f64 + 0.5) * h);
            for k in 0..4 {
                sum[k] += r[k] / N as f64;
            }
        }
        sum
    }
}

/// Summary of a diffserv run (after the warm-up).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DiffservSummary {
    /// `PSS` or `DWRR`.
    pub sharing: &'static str,
    /// K_AF (eq. 2).
    pub k_af: f64,
    /// PSS parameters derived from the weights (eqs. 3-5), if PSS.
    pub pss: Option<crate::sched::pss::PssParams>,
    /// Measured output rates [Mb/s]: EF, AF, CS0.
    pub rates_mbps: [f64; 3],
    /// Mean EF rate offered by the source [Mb/s] and mean link capacity [Mb/s].
    pub ef_offered_mbps: f64,
    /// Mean link capacity over the measured span [Mb/s].
    pub capacity_mbps: f64,
    /// Theory [Mb/s]: WRR AF (eq. 1), WRR CS0 (eq. 6), PSS AF (eq. 7), PSS CS0 (eq. 8),
    /// averaged over the measured span when the capacity or EF vary.
    pub theory_mbps: [f64; 4],
    /// AF's target BW C_avg [Mb/s] (PSS).
    pub af_target_mbps: Option<f64>,
    /// Lowest and highest credit seen [bits] (PSS).
    pub credit_range_bits: Option<(f64, f64)>,
    /// Priority switches of AF (PSS).
    pub switches: Option<u64>,
    /// Jain's fairness index of the goodputs within AF and within CS0.
    pub jain: [f64; 2],
    /// Goodput of each TCP flow [Mb/s] (in-order data delivered after the warm-up), AF flows
    /// first, then CS0.
    pub goodput_mbps: [Vec<f64>; 2],
    /// Drops at the class buffers: EF, AF, CS0.
    pub drops: [u64; 3],
}

fn jain(x: &[f64]) -> f64 {
    let (s, q) = x.iter().fold((0.0, 0.0), |(s, q), v| (s + v, q + v * v));
    if q > 0.0 {
        s * s / (x.len() as f64 * q)
    } else {
        f64::NAN
    }
}

/// Builds the pair topology of a validated constellation scenario.
fn build_topology(s: &Scenario) -> Result<PairTopology, ScenarioError> {
    let k = &s.constellation;
    let bad = |path: &str, m: String| ScenarioError::Invalid(vec![FieldError::new(path, m)]);
    let epoch = k.epoch_jd().ok_or_else(|| bad("constellation.epoch_utc", "not a UTC time".into()))?;
    let spec = k.spec();
    let prop = Propagator::from_walker(&spec, epoch, k.propagation).map_err(|m| bad("constellation", m))?;
    let from = sites::resolve(&k.from, &k.sites).map_err(|m| bad("constellation.from", m))?;
    let to = sites::resolve(&k.to, &k.sites).map_err(|m| bad("constellation.to", m))?;
    let opts = PairOptions {
        rules: IslRules { polar_cutoff_deg: k.polar_cutoff_deg, seam_isls: k.seam_isls },
        access: k.access,
        hysteresis_deg: k.hysteresis_deg,
        routing: k.routing,
        pairing: k.isl_pairing,
    };
    let choices = k.sites.iter().cloned().chain(sites::catalogue()).collect();
    Ok(PairTopology::new(spec, prop, opts, [from, to], choices))
}

impl Simulation {
    /// Validates `scenario` and builds the run. Nothing is simulated yet.
    pub fn new(scenario: Scenario) -> Result<Simulation, ScenarioError> {
        scenario.validate()?;
        let (model, series) = match scenario.model {
            ModelKind::Queue => {
                let streams = Streams::new(scenario.seed);
                let mut events = EventQueue::with_capacity(scenario.traffic.flows as usize + 2);
                let station = FifoStation::new(&scenario, &streams, &mut events);
                (Model::Queue { events, station }, fifo_station::series_info())
            }
            ModelKind::Diffserv => {
                let d = &scenario.diffserv;
                let l = d.packet_bytes * 8.0;
                let (w_af, w_cs0) = d.weights();
                let (_, vanilla) = crate::sched::pss::params_from_wrr(w_af, w_cs0, l, l, d.capacity_bps, d.ef_expected_bps, 0.0);
                let lr = d.lr_bits(vanilla.bw);
                let (k_af, pp) = crate::sched::pss::params_from_wrr(w_af, w_cs0, l, l, d.capacity_bps, d.ef_expected_bps, lr);
                let pp = pp.with_variable_capacity(d.pss_credit_memory, d.pss_above_average);
                let sharing = match d.sharing {
                    crate::scenario::SharingKind::Pss => router::Sharing::Pss(pp.clone()),
                    crate::scenario::SharingKind::Dwrr => router::Sharing::Dwrr { w_af, w_cs0 },
                };
                let mut flows = vec![];
                let mut flows_class = vec![];
                // Flows start 50 ms apart, AF and CS0 interleaved.
                for k in 0..d.af_flows.max(d.cs0_flows) {
                    if k < d.af_flows {
                        flows.push(router::FlowSpec { class: crate::sched::pss::Class::Af, cc: d.cc, start_s: 0.1 * k as f64 });
                        flows_class.push(1);
                    }
                    if k < d.cs0_flows {
                        flows.push(router::FlowSpec { class: crate::sched::pss::Class::Cs0, cc: d.cc, start_s: 0.05 + 0.1 * k as f64 });
                        flows_class.push(2);
                    }
                }
                let bdp = (d.capacity_bps * d.rtt_ms / 1e3 / l).round().max(1.0) as usize;
                let spec = router::RouterSpec {
                    capacity_bps: d.capacity_bps,
                    one_way_s: d.rtt_ms / 2e3,
                    mss_bytes: d.packet_bytes,
                    buffer_pkts: if d.buffer_pkts == 0 { bdp } else { d.buffer_pkts as usize },
                    ef_bps: d.ef_bps,
                    sharing,
                    flows,
                    capacity_profile: d.capacity_profile.clone(),
                    ef_profile: d.ef_profile.clone(),
                };
                let mut events = EventQueue::new();
                let r = Box::new(router::Router::new(spec, &mut events));
                let bucket = SimDuration::from_secs_f64(scenario.metrics.bucket_s);
                let state = Box::new(DiffservState {
                    k_af,
                    pss: (d.sharing == crate::scenario::SharingKind::Pss).then_some(pp),
                    c_avg: d.capacity_bps,
                    ef_avg: d.ef_bps,
                    ef_expected: d.ef_expected_bps,
                    capacity_profile: d.capacity_profile.clone(),
                    ef_profile: d.ef_profile.clone(),
                    next_sample: SimTime::ZERO + bucket,
                    bucket,
                    window: (d.rate_window_s / scenario.metrics.bucket_s).round().max(1.0) as usize,
                    cum: std::collections::VecDeque::from([[0.0; 4]]),
                    levels: [0; 4],
                    bits_at_warmup: None,
                    offered_at_warmup: 0.0,
                    delivered_at_warmup: vec![],
                    warmup: SimTime::from_secs_f64(scenario.warmup_s),
                    flows_class,
                });
                (Model::Router { events, router: r, d: state }, router::series_info())
            }
            ModelKind::VoipLeo => {
                // Paper 000's constellation (66 satellites at 800 km) between the server and the
                // users: its route gives the server-to-last-satellite delay trace, and the globe
                // shows the path and the last satellite serving the users.
                let mut view = Scenario { model: ModelKind::Constellation, ..scenario.clone() };
                view.constellation = crate::scenario::ConstellationScenario {
                    preset: crate::orbit::walker::ConstellationPreset::Iridium800,
                    from: scenario.voip.server_site.clone(),
                    to: scenario.voip.users_site.clone(),
                    ..Default::default()
                };
                let mut trace = vec![];
                if scenario.voip.delay_source == crate::scenario::DelaySource::Route {
                    let mut t = build_topology(&view)?;
                    let secs = (scenario.duration_s + scenario.voip.trace_offset_max_s).ceil() as u64 + 2;
                    let mut last = 80.0;
                    for k in 0..=secs {
                        t.step(k as f64);
                        let d = t.delay_to_last_satellite_ms();
                        // Without a route (a gap in coverage), keep the last known delay.
                        if d.is_finite() {
                            last = d;
                        }
                        trace.push(last);
                    }
                }
                let streams = Streams::new(scenario.seed);
                let mut events = EventQueue::with_capacity(2 * scenario.voip.flows as usize + 16);
                let model = Box::new(voip_leo::VoipLeo::new(&scenario, &streams, &mut events, trace));
                let topo = Box::new(build_topology(&view)?);
                (Model::Voip { events, model, topo, next_view: SimTime::ZERO }, voip_leo::series_info(scenario.voip.snr_traces))
            }
            ModelKind::Constellation => {
                let topo = Box::new(build_topology(&scenario)?);
                let step = SimDuration::from_secs_f64(scenario.constellation.step_s);
                (Model::Topology { topo, step, next: SimTime::ZERO }, pair::series_info())
            }
        };
        let recorder = Recorder::new(series, SimDuration::from_secs_f64(scenario.metrics.bucket_s).as_nanos(), scenario.metrics.max_points as usize);
        let mut sim = Simulation { end: SimTime::from_secs_f64(scenario.duration_s), scenario, now: SimTime::ZERO, model, recorder, processed: 0 };
        // Process time zero, so that the state at the start (e.g. the constellation's geometry)
        // exists before the first advance. Cannot fail: zero is never before now.
        let _ = sim.advance_to(SimTime::ZERO);
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
        self.now
    }

    /// The end of the run.
    pub fn end(&self) -> SimTime {
        self.end
    }

    /// Whether the run has reached its end.
    pub fn is_finished(&self) -> bool {
        self.now >= self.end
    }

    /// Events processed so far.
    pub fn events_processed(&self) -> u64 {
        self.processed
    }

    /// Processes every event up to `t` (clamped to the end of the run) and moves the clock
    /// there. Calling it with the current time does nothing.
    pub fn advance_to(&mut self, t: SimTime) -> Result<(), SimError> {
        if t < self.now {
            return Err(SimError::TimeBeforeNow { requested: t, now: self.now });
        }
        let t = t.min(self.end);
        match &mut self.model {
            Model::Queue { events, station } => {
                while let Some((at, ev)) = events.pop_until(t) {
                    self.now = at;
                    self.processed += 1;
                    station.handle(at, ev, events, &mut self.recorder);
                }
            }
            Model::Router { events, router, d } => loop {
                // Events before the next bucket end (or up to `t`), then the bucket's samples,
                // taken just before its end so that they land in the bucket they describe.
                let boundary = d.next_sample <= t;
                let stop = if boundary { SimTime(d.next_sample.0 - 1) } else { t };
                // The warm-up snapshot is taken before the first event at or after the warm-up.
                let snap_before = if d.bits_at_warmup.is_none() && d.warmup.0 <= stop.0 + 1 { Some(d.warmup) } else { None };
                for (limit, snapshot) in [(snap_before.map(|w| SimTime(w.0.saturating_sub(1))), true), (Some(stop), false)] {
                    let Some(limit) = limit else { continue };
                    if !(snapshot && d.warmup.0 == 0) {
                        while let Some((at, ev)) = events.pop_until(limit) {
                            self.now = at;
                            self.processed += 1;
                            router.handle(at, ev, events);
                            // Queue lengths and the AF priority as time-averaged levels.
                            let q = router.queue_lens();
                            let high = router.pss_state().map_or(0, |(_, h, _)| h as u64);
                            let now_levels = [q[0] as u64, q[1] as u64, q[2] as u64, high];
                            for (k, (&new, old)) in now_levels.iter().zip(d.levels.iter_mut()).enumerate() {
                                if new != *old {
                                    *old = new;
                                    let col = if k < 3 { router::col::QUEUES + k } else { router::col::HIGH };
                                    self.recorder.set_level(col, at, new);
                                }
                            }
                        }
                    }
                    if snapshot {
                        d.bits_at_warmup = Some(router.counters.bits);
                        d.offered_at_warmup = router.counters.ef_offered_bits;
                        d.delivered_at_warmup = router.delivered();
                    }
                }
                if !boundary {
                    break;
                }
                let end = d.next_sample;
                let b = router.counters.bits;
                let cum = [b[0], b[1], b[2], router.counters.ef_offered_bits];
                d.cum.push_back(cum);
                if d.cum.len() > d.window + 1 {
                    d.cum.pop_front();
                }
                let span_buckets = d.cum.len() - 1;
                let span = d.bucket.as_secs_f64() * span_buckets as f64;
                let first = d.cum[0];
                let t1 = end.as_secs_f64();
                let t0 = t1 - span;
                for k in 0..3 {
                    self.recorder.sample(router::col::RATES + k, stop, (cum[k] - first[k]) / span / 1e6);
                }
                let th = d.theory_over(t0, t1);
                let (af_th, cs0_th) = if d.pss.is_some() { (th[2], th[3]) } else { (th[0], th[1]) };
                self.recorder.sample(router::col::THEORY, stop, af_th / 1e6);
                self.recorder.sample(router::col::THEORY + 1, stop, cs0_th / 1e6);
                self.recorder.sample(router::col::LINK, stop, d.c_avg * d.capacity_profile.mean(t0, t1) / 1e6);
                self.recorder.sample(router::col::LINK + 1, stop, (cum[3] - first[3]) / span / 1e6);
                if let (Some((credit, _, _)), Some(p)) = (router.pss_state(), d.pss.as_ref()) {
                    self.recorder.sample(router::col::CREDIT, stop, credit);
                    self.recorder.sample(router::col::CREDIT + 1, stop, p.lm_bits);
                    self.recorder.sample(router::col::CREDIT + 2, stop, p.lr_bits);
                }
                d.next_sample = end + d.bucket;
            },
            Model::Voip { events, model, topo, next_view } => {
                while let Some((at, ev)) = events.pop_until(t) {
                    self.now = at;
                    self.processed += 1;
                    model.handle(at, ev, events, &mut self.recorder);
                }
                // The constellation view, once per simulated second (display only).
                while *next_view <= t {
                    topo.step(next_view.as_secs_f64());
                    *next_view += SimDuration(crate::kernel::NS_PER_S);
                }
            }
            Model::Topology { topo, step, next } => {
                while *next <= t {
                    let at = *next;
                    self.processed += 1;
                    let (delay_ms, hops, seam) = topo.step(at.as_secs_f64());
                    self.recorder.sample(0, at, delay_ms);
                    self.recorder.sample(1, at, hops);
                    self.recorder.sample(2, at, seam as u8 as f64);
                    *next = at + *step;
                    if step.as_nanos() == 0 {
                        break;
                    }
                }
            }
        }
        self.now = t;
        self.recorder.roll_to(t);
        if self.now >= self.end {
            self.recorder.finish(self.end);
        }
        Ok(())
    }

    /// [`Simulation::advance_to`] with a time in seconds; negative or NaN means "now".
    pub fn advance_to_secs(&mut self, t_s: f64) -> Result<(), SimError> {
        self.advance_to(SimTime::from_secs_f64(t_s).max(self.now))
    }

    /// Runs to the end of the scenario.
    pub fn run_to_end(&mut self) {
        let end = self.end;
        // `end` is never before `now`, so this cannot fail.
        let _ = self.advance_to(end);
    }

    /// Name, label, unit and kind of each series, in column order.
    pub fn series_info(&self) -> &[SeriesInfo] {
        self.recorder.info()
    }

    /// Metric rows closed since the last call (the live feed of the charts).
    pub fn drain_series(&mut self) -> SeriesFrame {
        self.recorder.drain()
    }

    /// Summary of what has been measured so far.
    pub fn summary(&mut self) -> Summary {
        let warmup = SimTime::from_secs_f64(self.scenario.warmup_s);
        Summary {
            simulated_s: self.now.as_secs_f64(),
            measured_s: self.now.saturating_since(warmup).as_secs_f64(),
            events: self.processed,
            queue: match &mut self.model {
                Model::Queue { station, .. } => Some(station.summary(self.now)),
                _ => None,
            },
            pair: match &self.model {
                Model::Topology { topo, .. } => Some(topo.summary()),
                _ => None,
            },
            voip: match &self.model {
                Model::Voip { model, .. } => Some(model.summary(self.now)),
                _ => None,
            },
            diffserv: match &self.model {
                Model::Router { router, d, .. } => {
                    let from = d.bits_at_warmup.unwrap_or([0.0; 3]);
                    let t0 = d.warmup.as_secs_f64();
                    let t1 = self.now.as_secs_f64();
                    let secs = self.now.saturating_since(d.warmup).as_secs_f64();
                    let per_s = |bits: f64| if secs > 0.0 { bits / secs / 1e6 } else { f64::NAN };
                    let rate = |k: usize| per_s(router.counters.bits[k] - from[k]);
                    let delivered = router.delivered();
                    let bits_per_seg = router.mss_bits();
                    let goodput = |class: usize| -> Vec<f64> {
                        delivered
                            .iter()
                            .enumerate()
                            .zip(&d.flows_class)
                            .filter(|(_, c)| **c == class)
                            .map(|((i, x), _)| per_s((x - d.delivered_at_warmup.get(i).copied().unwrap_or(0)) as f64 * bits_per_seg))
                            .collect()
                    };
                    let (af, cs0) = (goodput(1), goodput(2));
                    Some(DiffservSummary {
                        sharing: if d.pss.is_some() { "PSS" } else { "DWRR" },
                        k_af: d.k_af,
                        pss: d.pss.clone(),
                        rates_mbps: [rate(0), rate(1), rate(2)],
                        ef_offered_mbps: per_s(router.counters.ef_offered_bits - d.offered_at_warmup),
                        capacity_mbps: d.c_avg * d.capacity_profile.mean(t0, t1) / 1e6,
                        theory_mbps: d.theory_over(t0, t1).map(|x| x / 1e6),
                        af_target_mbps: d.pss.as_ref().map(|p| p.bw * d.c_avg / 1e6),
                        credit_range_bits: router.credit_range(),
                        switches: router.pss_state().map(|(_, _, n)| n),
                        jain: [jain(&af), jain(&cs0)],
                        goodput_mbps: [af, cs0],
                        drops: router.counters.drops,
                    })
                }
                _ => None,
            },
        }
    }

    /// Topology events (handovers, seam, ISL changes, link states) since the last call; empty
    /// for the queue model.
    pub fn drain_events(&mut self) -> Vec<TopoEvent> {
        match &mut self.model {
            Model::Topology { topo, .. } | Model::Voip { topo, .. } => topo.drain_events(),
            _ => vec![],
        }
    }

    /// The constellation at the last topology step, packed as
    /// [`PairTopology::geometry_packed`] documents; `None` for the queue model.
    pub fn geometry_packed(&self) -> Option<Vec<f64>> {
        match &self.model {
            Model::Topology { topo, .. } | Model::Voip { topo, .. } => Some(topo.geometry_packed()),
            _ => None,
        }
    }

    /// Static description of the constellation for drawing; `None` for the queue model.
    pub fn constellation_info(&self) -> Option<ConstellationInfo> {
        match &self.model {
            Model::Topology { topo, .. } | Model::Voip { topo, .. } => Some(topo.info()),
            _ => None,
        }
    }

    /// The results so far: scenario, summary and the downsampled series.
    pub fn results(&mut self) -> Results<'_> {
        let summary = self.summary();
        let series = SeriesTable {
            bucket_s: self.recorder.archive_bucket_s(),
            columns: self.recorder.info().to_vec(),
            frame: self.recorder.archive(),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn scenario(extra: &str) -> Scenario {
        Scenario::from_json(&format!(r#"{{"version": 1, "duration_s": 20, "warmup_s": 1 {extra}}}"#)).unwrap()
    }

    #[test]
    fn two_runs_give_identical_results() {
        let a = Simulation::new(scenario("")).map(|mut s| { s.run_to_end(); s.results_json() }).unwrap();
        let b = Simulation::new(scenario("")).map(|mut s| { s.run_to_end(); s.results_json() }).unwrap();
        assert_eq!(a, b);
        let c = Simulation::new(scenario(r#", "seed": 2"#)).map(|mut s| { s.run_to_end(); s.results_json() }).unwrap();
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
        s.traffic.flows = 0;
        assert!(matches!(Simulation::new(s), Err(ScenarioError::Invalid(_))));
    }

    #[test]
    fn packets_are_conserved() {
        // Over the whole run (no warm-up): arrivals = departures + drops + waiting + in service.
        let mut sim = Simulation::new(
            Scenario::from_json(r#"{"version": 1, "duration_s": 30, "warmup_s": 0, "traffic": {"rate_pps": 1500, "flows": 3}, "queue": {"capacity_pkts": 8}}"#)
                .unwrap(),
        )
        .unwrap();
        sim.run_to_end();
        let q = sim.summary().queue.unwrap();
        assert!(q.dropped_overflow > 0);
        let in_system = q.arrivals - q.departures - q.dropped_overflow;
        assert!(in_system <= 9, "{q:?}");
    }
}
