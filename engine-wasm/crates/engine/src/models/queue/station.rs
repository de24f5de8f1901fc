//! A single-server FIFO queue fed by Poisson or on/off flows: M/M/1, M/D/1 and, with a finite
//! buffer, M/M/1/K and M/D/1/K; with packet sizes, a link rate and a propagation delay, a
//! drop-tail router port as ns-3's point-to-point device models it. The first model wired end
//! to end through the kernel, the scenario, the metrics and the bindings; its mean wait is
//! checked against Pollaczek-Khinchine (`analytic::queueing`).
//!
//! The buffer, the server and the propagation are the shared link ([`QueuedLink`]): a
//! drop-tail FIFO whose capacity counts the packets waiting only ([`Capacity::Waiting`]), a
//! service time drawn when a packet starts (exponential or constant about 1/mu), then
//! `queue.propagation_s`. The station schedules the departures the link returns and delivers
//! lazily.
//!
//! ```text
//!  flow 0 ──┐
//!  flow 1 ──┼──> [ DropTail FIFO | capacity ] ──> [ server: 1/mu ] ──> out
//!  flow n ──┘          │ full: drop (overflow)
//! ```
//!
//! Statistics of the summary count packets that *arrived* after the warm-up; the series show
//! the whole run.

use super::scenario::{ArrivalProcess, ServiceDistribution};
use crate::analytic::queueing::{self, QueueTheory};
use crate::kernel::{EventQueue, RngStream, SimDuration, SimTime, Streams};
use crate::metrics::{BatchMeans, LogHistogram, MeanCi, Recorder, RunningStats, SeriesInfo, SeriesKind};
use crate::models::Scenario;
use crate::network::link::{Capacity, NoRates, QueuedLink, Service};
use crate::sched::{DropTail, Drops};
use crate::traffic::onoff::OnOffSource;
use crate::traffic::{Packet, PoissonSource};
use serde::Serialize;
use std::collections::VecDeque;

/// Events of the station.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// Flow `flow` emits a packet.
    Arrival {
        /// Index of the flow.
        flow: u32,
    },
    /// The packet in service leaves.
    Departure,
}

/// Column indices of the station's series.
pub(crate) mod col {
    pub const QUEUE_LEN: usize = 0;
    pub const WAIT: usize = 1;
    pub const THROUGHPUT: usize = 2;
    pub const DROPS: usize = 3;
}

/// The series the station records, in column order.
pub fn series_info() -> Vec<SeriesInfo> {
    vec![
        SeriesInfo {
            id: "queue_len",
            label: "Packets waiting",
            unit: "packets",
            kind: SeriesKind::TimeAverage,
            chart: "",
            band: false,
        },
        SeriesInfo { id: "wait_ms", label: "Waiting time", unit: "ms", kind: SeriesKind::Mean, chart: "", band: false },
        SeriesInfo {
            id: "throughput_pps",
            label: "Throughput",
            unit: "packets/s",
            kind: SeriesKind::Rate,
            chart: "",
            band: false,
        },
        SeriesInfo {
            id: "drops_pps",
            label: "Drops (overflow)",
            unit: "packets/s",
            kind: SeriesKind::Rate,
            chart: "",
            band: false,
        },
    ]
}

/// Delay statistics of the packets that arrived after the warm-up.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct DelaySummary {
    /// Packets measured.
    pub samples: u64,
    /// Mean [s].
    pub mean_s: f64,
    /// Half-width of the 95 % batch-means confidence interval of the mean [s].
    pub ci95_half_s: f64,
    /// Median [s] (log-histogram, within 0.8 %).
    pub p50_s: f64,
    /// 95th percentile [s].
    pub p95_s: f64,
    /// 99th percentile [s].
    pub p99_s: f64,
    /// Largest [s].
    pub max_s: f64,
}

/// Summary of a FIFO station run (after the warm-up).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct StationSummary {
    /// Offered load rho = lambda / mu.
    pub load: f64,
    /// Mean arrival rate lambda of all flows together [packets/s] (on/off flows: their rate
    /// while on times the share of time on).
    pub offered_pps: f64,
    /// Service rate mu [packets/s]: the link rate over the packet size, or the scenario's
    /// service rate.
    pub service_pps: f64,
    /// Packets that arrived.
    pub arrivals: u64,
    /// Packets that finished service.
    pub departures: u64,
    /// Packets dropped because the buffer was full.
    pub dropped_overflow: u64,
    /// dropped / arrivals.
    pub loss_ratio: f64,
    /// Departures per second [packets/s].
    pub throughput_pps: f64,
    /// Fraction of time the server was busy.
    pub utilization: f64,
    /// Time-average number of packets waiting (not in service) [packets].
    pub queue_len_mean_pkts: f64,
    /// Waiting time before service.
    pub wait: DelaySummary,
    /// Time in the system (wait + service).
    pub sojourn: DelaySummary,
    /// Packets delivered at the far end of the link (service then `queue.propagation_s`) by
    /// the end of the run; equal to `departures` without propagation delay.
    pub delivered: u64,
    /// One-way delay of the delivered packets: wait + service + propagation.
    pub delay: DelaySummary,
    /// The closed form for this configuration, where one exists.
    pub theory: Option<QueueTheory>,
}

/// One flow's arrival process.
enum Source {
    Poisson(PoissonSource),
    OnOff(OnOffSource),
}

impl Source {
    /// Time of this flow's next packet after one at `now` (the first one when `now` is zero).
    fn next(&mut self, now: SimTime) -> SimTime {
        match self {
            Source::Poisson(p) => now + p.next_gap(),
            Source::OnOff(o) => o.next_send(),
        }
    }
    fn next_seq(&mut self) -> u64 {
        match self {
            Source::Poisson(p) => p.next_seq(),
            Source::OnOff(o) => o.next_seq(),
        }
    }
}

#[derive(Clone)]
struct DelayStats {
    stats: RunningStats,
    hist: LogHistogram,
    batches: BatchMeans,
}

impl DelayStats {
    fn new(warmup: SimTime, end: SimTime, batches: u32) -> Self {
        DelayStats {
            stats: RunningStats::default(),
            hist: LogHistogram::default(),
            batches: BatchMeans::new(warmup, end, batches),
        }
    }
    fn record(&mut self, at: SimTime, d: SimDuration) {
        let s = d.as_secs_f64();
        self.stats.push(s);
        self.hist.record(d.as_nanos());
        self.batches.push(at, s);
    }
    fn summary(&self) -> DelaySummary {
        let q = |p| self.hist.quantile(p).map_or(f64::NAN, |ns| ns as f64 / 1e9);
        let MeanCi { mean, ci95_half, .. } = self.batches.estimate();
        DelaySummary {
            samples: self.stats.count(),
            mean_s: mean,
            ci95_half_s: ci95_half,
            p50_s: q(0.5),
            p95_s: q(0.95),
            p99_s: q(0.99),
            max_s: self.stats.max(),
        }
    }
}

/// The station's state and its statistics.
pub struct FifoStation {
    sources: Vec<Source>,
    service_rng: RngStream,
    service: ServiceDistribution,
    mean_service_ns: f64,
    lambda: f64,
    poisson: bool,
    mu: f64,
    capacity: Option<u32>,
    /// The waiting room, the server and the propagation delay.
    link: QueuedLink<Packet, DropTail>,
    /// Drops of the last offer (reused).
    drops: Drops<Packet>,
    warmup: SimTime,
    arrivals: u64,
    departures: u64,
    dropped: u64,
    wait: DelayStats,
    sojourn: DelayStats,
    delay: DelayStats,
    delivered: u64,
    /// Packets on the link after service, oldest first: (when it arrives, created).
    propagating: VecDeque<(SimTime, SimTime)>,
    /// Integrals since the warm-up [packets x ns] and [ns].
    waiting_integral: u128,
    busy_integral: u128,
    integrated_to: SimTime,
}

impl FifoStation {
    /// Builds the station of a validated scenario and schedules each flow's first arrival.
    pub fn new(s: &Scenario, streams: &Streams, events: &mut EventQueue<Event>) -> Self {
        let t = &s.traffic;
        let flows = t.flows;
        let per_flow = t.rate_pps / flows as f64;
        let interval =
            t.on_rate_pps().map_or(SimDuration(1), |pps| SimDuration::from_secs_f64(1.0 / pps).max(SimDuration(1)));
        let mut sources: Vec<Source> = (0..flows)
            .map(|i| {
                let rng = streams.stream(&format!("traffic.flow[{i}]"));
                match t.arrivals {
                    ArrivalProcess::Poisson => Source::Poisson(PoissonSource::new(rng, per_flow)),
                    ArrivalProcess::OnOff => Source::OnOff(OnOffSource::new(
                        rng,
                        interval,
                        t.on_mean_s,
                        t.off_mean_s,
                        SimTime::ZERO,
                        SimTime::from_secs_f64(s.duration_s),
                    )),
                }
            })
            .collect();
        for (i, src) in sources.iter_mut().enumerate() {
            events.schedule(src.next(SimTime::ZERO), Event::Arrival { flow: i as u32 });
        }
        // Validated: a link rate comes with a packet size.
        let mu = s.queue.service_pps(t).unwrap_or(s.queue.service_rate_pps);
        let warmup = SimTime::from_secs_f64(s.warmup_s);
        let end = SimTime::from_secs_f64(s.duration_s);
        FifoStation {
            sources,
            service_rng: streams.stream("queue.service"),
            service: s.queue.service,
            mean_service_ns: 1e9 / mu,
            lambda: t.offered_pps().unwrap_or(f64::NAN),
            poisson: t.arrivals == ArrivalProcess::Poisson,
            mu,
            capacity: s.queue.capacity_pkts,
            link: QueuedLink::new(DropTail::new(None), SimDuration::from_secs_f64(s.queue.propagation_s))
                .with_capacity(s.queue.capacity_pkts.map_or(Capacity::Unlimited, |k| Capacity::Waiting(k as usize))),
            drops: Vec::new(),
            warmup,
            arrivals: 0,
            departures: 0,
            dropped: 0,
            wait: DelayStats::new(warmup, end, s.metrics.batches),
            sojourn: DelayStats::new(warmup, end, s.metrics.batches),
            delay: DelayStats::new(warmup, end, s.metrics.batches),
            delivered: 0,
            propagating: VecDeque::new(),
            waiting_integral: 0,
            busy_integral: 0,
            integrated_to: warmup,
        }
    }

    /// Handles one event at `now`.
    pub fn handle(&mut self, now: SimTime, ev: Event, events: &mut EventQueue<Event>, rec: &mut Recorder) {
        self.integrate(now);
        match ev {
            Event::Arrival { flow } => {
                let src = &mut self.sources[flow as usize];
                let pkt = Packet { flow, seq: src.next_seq(), created: now };
                events.schedule(src.next(now), Event::Arrival { flow });
                let counted = now >= self.warmup;
                self.arrivals += counted as u64;
                let mut server =
                    Server { service: self.service, mean_ns: self.mean_service_ns, rng: &mut self.service_rng };
                let started = self.link.offer(now, pkt, &mut server, &mut NoRates, &mut self.drops);
                if self.drops.drain(..).next().is_some() {
                    self.dropped += counted as u64;
                    rec.count(col::DROPS, now);
                }
                self.started(now, started, events, rec);
            }
            Event::Departure => {
                let mut server =
                    Server { service: self.service, mean_ns: self.mean_service_ns, rng: &mut self.service_rng };
                let sent = self.link.transmitted(now, &mut server, &mut NoRates, &mut self.drops);
                if let Some(sent) = sent {
                    let pkt = sent.item;
                    self.departures += (now >= self.warmup) as u64;
                    if pkt.created >= self.warmup {
                        self.sojourn.record(now, now - pkt.created);
                    }
                    rec.count(col::THROUGHPUT, now);
                    self.deliver(now);
                    if sent.arrives == now {
                        self.arrive(now, pkt.created);
                    } else {
                        self.propagating.push_back((sent.arrives, pkt.created));
                    }
                    self.started(now, sent.next, events, rec);
                }
            }
        }
        rec.set_level(col::QUEUE_LEN, now, self.link.queued() as u64);
    }

    /// A packet started service at `now` if `finish` is set: its wait is recorded and its
    /// departure scheduled.
    fn started(&mut self, now: SimTime, finish: Option<SimTime>, events: &mut EventQueue<Event>, rec: &mut Recorder) {
        let (Some(finish), Some(t)) = (finish, self.link.sending()) else { return };
        let wait = now - t.item.created;
        if t.item.created >= self.warmup {
            self.wait.record(now, wait);
        }
        rec.sample(col::WAIT, now, wait.as_secs_f64() * 1e3);
        events.schedule(finish, Event::Departure);
    }

    /// Delivers the packets whose propagation ended by `now`, in the order they left: the same
    /// as one delivery event per packet, without the events.
    fn deliver(&mut self, now: SimTime) {
        while let Some(&(at, created)) = self.propagating.front() {
            if at > now {
                break;
            }
            self.propagating.pop_front();
            self.arrive(at, created);
        }
    }

    fn arrive(&mut self, at: SimTime, created: SimTime) {
        self.delivered += (at >= self.warmup) as u64;
        if created >= self.warmup {
            self.delay.record(at, at - created);
        }
    }

    /// Accumulates the time integrals of the queue length and of the busy server up to `now`.
    fn integrate(&mut self, now: SimTime) {
        if now > self.integrated_to {
            let dt = (now - self.integrated_to).as_nanos() as u128;
            self.waiting_integral += self.link.queued() as u128 * dt;
            self.busy_integral += self.link.busy() as u128 * dt;
            self.integrated_to = now;
        }
    }

    /// Summary of the packets that arrived between the warm-up and `now`.
    pub fn summary(&mut self, now: SimTime) -> StationSummary {
        self.integrate(now);
        self.deliver(now);
        let measured_ns = now.saturating_since(self.warmup).as_nanos();
        let per_ns = |x: u128| if measured_ns == 0 { f64::NAN } else { x as f64 / measured_ns as f64 };
        let deterministic = self.service == ServiceDistribution::Deterministic;
        let theory = match (self.capacity, deterministic) {
            // On/off arrivals, or M/D/1/K: no simple closed form, the fluid limit under overload.
            (Some(k), _) if !self.poisson || deterministic => queueing::fluid_overload(self.lambda, self.mu, k),
            (Some(k), _) => Some(queueing::mm1k(self.lambda, self.mu, k)),
            (None, _) if !self.poisson => None,
            (None, _) => queueing::mg1(self.lambda, self.mu, deterministic),
        };
        StationSummary {
            load: self.lambda / self.mu,
            offered_pps: self.lambda,
            service_pps: self.mu,
            arrivals: self.arrivals,
            departures: self.departures,
            dropped_overflow: self.dropped,
            loss_ratio: if self.arrivals == 0 { f64::NAN } else { self.dropped as f64 / self.arrivals as f64 },
            throughput_pps: per_ns(self.departures as u128) * 1e9,
            utilization: per_ns(self.busy_integral),
            queue_len_mean_pkts: per_ns(self.waiting_integral),
            wait: self.wait.summary(),
            sojourn: self.sojourn.summary(),
            delivered: self.delivered,
            delay: self.delay.summary(),
            theory,
        }
    }
}

/// The server's service times: exponential about the mean or constant, drawn from the
/// station's stream when a packet starts, to the nearest nanosecond.
struct Server<'a> {
    service: ServiceDistribution,
    mean_ns: f64,
    rng: &'a mut RngStream,
}

impl Service<Packet> for Server<'_> {
    fn time(&mut self, _now: SimTime, _pkt: &Packet) -> SimDuration {
        let service_ns = match self.service {
            ServiceDistribution::Exponential => self.rng.exponential(self.mean_ns),
            ServiceDistribution::Deterministic => self.mean_ns,
        };
        SimDuration((service_ns + 0.5) as u64)
    }
}
