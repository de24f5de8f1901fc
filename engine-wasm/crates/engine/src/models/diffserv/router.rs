//! A DiffServ core router on one bottleneck link (paper 001 Fig. 1; docs/REPRODUCTION.md):
//!
//! ```text
//!  EF  (CBR UDP) ----\\
//!  AF  (n TCP)  ------>  [EF strict priority] [AF / CS0: DWRR or PSS]  --C--> delay --> receivers
//!  CS0 (n TCP)  ----/                                                         ACKs <-- delay
//! ```
//!
//! Transport flows (TCP, `transport::tcp`, through `transport::TransportFlow`) send MSS
//! segments; the link serves one packet at a time; each class has a drop-tail buffer; feedback
//! (ACKs) comes back over an uncongested path. Also the test bench of the TCP module: one class
//! alone is a plain drop-tail bottleneck.
//!
//! The link is the shared [`QueuedLink`] behind the class queues
//! ([`ClassQueues`]: the three buffers and the sharing, asked at every dequeue), at the
//! capacity of the moment, then the one-way delay. Every arrival goes through the class
//! queues, so the sharing also decides when the link is idle, as before.

use crate::kernel::{EventQueue, SimDuration, SimTime};
use crate::network::link::{NoRates, QueuedLink};
use crate::sched::class_queues::{class_index, ClassQueues, Classified};
use crate::sched::dwrr::Dwrr;
use crate::sched::pss::{Pss, PssParams};
use crate::sched::{Class, ClassSharing, Drops};
use crate::traffic::profile::RateProfile;
use crate::transport::{Feedback, FlowStats, Segment, Transport, TransportFlow};

/// The series the diffserv model records, in column order. Rates are sampled at the end of
/// every metrics bucket over a trailing window (`diffserv.rate_window_s`, 1 s as paper 001);
/// the credit is its value at the bucket's end; the priority and queue lengths are time
/// averages over the bucket.
pub fn series_info() -> Vec<crate::metrics::SeriesInfo> {
    use crate::metrics::{SeriesInfo, SeriesKind::Mean, SeriesKind::TimeAverage};
    let s = |id, label, unit, chart, kind| SeriesInfo { id, label, unit, kind, chart, band: false };
    vec![
        s("ef_mbps", "EF rate", "Mb/s", "rates", Mean),
        s("af_mbps", "AF rate", "Mb/s", "rates", Mean),
        s("cs0_mbps", "CS0 rate", "Mb/s", "rates", Mean),
        s("af_theory_mbps", "AF theory (eq. 7 PSS / eq. 1 WRR)", "Mb/s", "rates", Mean),
        s("cs0_theory_mbps", "CS0 theory (eq. 8 / eq. 6)", "Mb/s", "rates", Mean),
        s("capacity_mbps", "link capacity C(t)", "Mb/s", "link", Mean),
        s("ef_offered_mbps", "EF offered EF(t)", "Mb/s", "link", Mean),
        s("credit_bits", "AF credit", "bits", "credit", Mean),
        s("lm_bits", "L_M", "bits", "credit", Mean),
        s("lr_bits", "L_R", "bits", "credit", Mean),
        SeriesInfo {
            id: "af_high",
            label: "AF at high priority (shaded)",
            unit: "share of time",
            kind: TimeAverage,
            chart: "credit",
            band: true,
        },
        s("ef_queue", "EF queue", "packets", "queues", TimeAverage),
        s("af_queue", "AF queue", "packets", "queues", TimeAverage),
        s("cs0_queue", "CS0 queue", "packets", "queues", TimeAverage),
    ]
}

/// Column indices of [`series_info`].
pub mod col {
    /// First of the three class rates (EF, AF, CS0).
    pub const RATES: usize = 0;
    /// AF and CS0 theory.
    pub const THEORY: usize = 3;
    /// Capacity and EF offered.
    pub const LINK: usize = 5;
    /// Credit, L_M, L_R.
    pub const CREDIT: usize = 7;
    /// AF priority (1 = high).
    pub const HIGH: usize = 10;
    /// First of the three queue lengths (EF, AF, CS0).
    pub const QUEUES: usize = 11;
}

/// How AF and CS0 share what EF leaves.
#[derive(Clone, Debug)]
pub enum Sharing {
    /// Deficit weighted round robin, quanta proportional to the weights (packets).
    Dwrr {
        /// AF weight W_AF.
        w_af: f64,
        /// CS0 weight W_CS0.
        w_cs0: f64,
    },
    /// The Priority Switching Scheduler.
    Pss(PssParams),
}

impl Sharing {
    /// The class sharing this names, EF by strict priority in both.
    pub fn build(&self) -> Box<dyn ClassSharing> {
        match self {
            Sharing::Dwrr { w_af, w_cs0 } => Box::new(Dwrr::new(*w_af, *w_cs0)),
            Sharing::Pss(p) => Box::new(Pss::new(p.clone())),
        }
    }
}

/// One transport flow of the router.
#[derive(Clone, Debug)]
pub struct FlowSpec {
    /// Class: AF or CS0 (EF is the CBR flow).
    pub class: Class,
    /// Transport protocol (TCP and its congestion control).
    pub transport: Transport,
    /// Start time [s].
    pub start_s: f64,
}

/// Router parameters.
#[derive(Clone, Debug)]
pub struct RouterSpec {
    /// Link capacity [b/s].
    pub capacity_bps: f64,
    /// One-way propagation delay each way [s] (RTT = 2 x this).
    pub one_way_s: f64,
    /// Segment / packet size [bytes].
    pub mss_bytes: f64,
    /// Buffer per class [packets].
    pub buffer_pkts: usize,
    /// EF CBR rate [b/s] (0 for none).
    pub ef_bps: f64,
    /// Time of the EF source's first packet [s]: its phase.
    pub ef_start_s: f64,
    /// How AF and CS0 share the rest.
    pub sharing: Sharing,
    /// The transport flows.
    pub flows: Vec<FlowSpec>,
    /// Each TCP receiver's advertised window [segments] (see `diffserv::window_pkts`).
    pub rwnd_pkts: f64,
    /// The link runs at `capacity_bps` times this factor (paper 001 §4.2's C(t)); PSS keeps
    /// `capacity_bps` as its C.
    pub capacity_profile: RateProfile,
    /// EF sends at `ef_bps` times this factor (paper 001 §4.2's EF(t)).
    pub ef_profile: RateProfile,
}

impl Default for RouterSpec {
    /// Paper 001 §3.2's link (20 Mb/s, RTT 500 ms, 1500-byte packets) with no flows.
    fn default() -> Self {
        RouterSpec {
            capacity_bps: 20e6,
            one_way_s: 0.25,
            mss_bytes: 1500.0,
            buffer_pkts: 833,
            ef_bps: 0.0,
            ef_start_s: 0.0,
            sharing: Sharing::Dwrr { w_af: 1.0, w_cs0: 1.0 },
            flows: vec![],
            rwnd_pkts: 1e9,
            capacity_profile: RateProfile::Constant {},
            ef_profile: RateProfile::Constant {},
        }
    }
}

/// What a packet on the link carries.
#[derive(Clone, Copy, Debug)]
enum Payload {
    Ef,
    Data { flow: usize, seg: Segment },
}

/// A packet on the link: its class, its size and what it carries.
#[derive(Clone, Copy, Debug)]
struct Pkt {
    class: Class,
    bits: f64,
    payload: Payload,
}

impl Classified for Pkt {
    fn class(&self) -> Class {
        self.class
    }
    fn bits(&self) -> f64 {
        self.bits
    }
}

/// Events.
#[derive(Clone, Debug)]
pub enum Event {
    /// The EF source emits a packet.
    EfEmit,
    /// A flow starts or may send.
    FlowStart(usize),
    /// The link finishes a packet.
    TxEnd,
    /// A data segment reaches its receiver.
    Arrive {
        /// Flow index.
        flow: usize,
        /// The segment.
        seg: Segment,
    },
    /// Feedback (an ACK) reaches its sender.
    FeedbackArrive {
        /// Flow index.
        flow: usize,
        /// What the receiver sent.
        feedback: Feedback,
    },
    /// A sender's timer (TCP's retransmission timer) may fire.
    Timer(usize),
}

/// Per-class bytes delivered over the link, in total and per second bin.
#[derive(Clone, Debug, Default)]
pub struct ClassCounters {
    /// Bits sent on the link per class [EF, AF, CS0].
    pub bits: [f64; 3],
    /// EF bits offered by the source.
    pub ef_offered_bits: f64,
    /// Packets dropped at the buffers per class.
    pub drops: [u64; 3],
}

/// The router model.
pub struct Router {
    spec: RouterSpec,
    /// The transport flows, sender and receiver each.
    flows: Vec<Box<dyn TransportFlow>>,
    /// The link behind the class queues: drop-tail buffers of `buffer_pkts` per class
    /// [EF, AF, CS0], shared by DWRR or PSS.
    link: QueuedLink<Pkt, ClassQueues<Pkt>>,
    /// What the class buffers dropped at the last offer.
    drops: Drops<Pkt>,
    /// Counters.
    pub counters: ClassCounters,
    tx_bits: f64,
    /// Timer deadline already in the event queue per flow (one timer event per deadline).
    timer_scheduled: Vec<Option<SimTime>>,
}

/// The link's capacity at `t_s` [b/s].
fn capacity_at(spec: &RouterSpec, t_s: f64) -> f64 {
    spec.capacity_bps * spec.capacity_profile.factor(t_s)
}

impl Router {
    /// Builds the router and schedules the sources.
    pub fn new(spec: RouterSpec, events: &mut EventQueue<Event>) -> Self {
        let flows = spec.flows.iter().map(|f| f.transport.flow_with_window(spec.rwnd_pkts)).collect();
        for (i, f) in spec.flows.iter().enumerate() {
            events.schedule(SimTime::from_secs_f64(f.start_s), Event::FlowStart(i));
        }
        if spec.ef_bps > 0.0 {
            events.schedule(SimTime::from_secs_f64(spec.ef_start_s), Event::EfEmit);
        }
        // PSS keeps the configured C in its credit slopes (paper 001 §2.3).
        let classes = ClassQueues::new(spec.sharing.build(), spec.buffer_pkts, spec.capacity_bps);
        let link = QueuedLink::new(classes, SimDuration::from_secs_f64(spec.one_way_s));
        let tx_bits = spec.mss_bytes * 8.0;
        let n = spec.flows.len();
        Router {
            flows,
            link,
            drops: Vec::new(),
            counters: ClassCounters::default(),
            tx_bits,
            spec,
            timer_scheduled: vec![None; n],
        }
    }

    /// Each flow's counters (acknowledged, retransmitted, timeouts), for inspection.
    pub fn flow_stats(&self) -> Vec<FlowStats> {
        self.flows.iter().map(|f| f.stats()).collect()
    }

    /// Segments delivered in order to each flow's receiver.
    pub fn delivered(&self) -> Vec<u64> {
        self.flows.iter().map(|f| f.delivered()).collect()
    }

    /// Lowest and highest credit over all PSS decisions so far [bits] (bounded memory).
    pub fn credit_range(&self) -> Option<(f64, f64)> {
        self.link.scheduler().credit_range()
    }

    /// Bits in one segment.
    pub fn mss_bits(&self) -> f64 {
        self.tx_bits
    }

    /// Packets waiting per class [EF, AF, CS0].
    pub fn queue_lens(&self) -> [usize; 3] {
        self.link.scheduler().lens()
    }

    /// The link's capacity at `t_s` [b/s].
    pub fn capacity_at(&self, t_s: f64) -> f64 {
        capacity_at(&self.spec, t_s)
    }

    /// The EF source's rate at `t_s` [b/s].
    pub fn ef_rate_at(&self, t_s: f64) -> f64 {
        self.spec.ef_bps * self.spec.ef_profile.factor(t_s)
    }

    /// The PSS credit [bits], AF priority (true = high) and switches so far, if PSS is used.
    pub fn pss_state(&self) -> Option<(f64, bool, u64)> {
        self.link.scheduler().credit().map(|c| (c.credit_bits, c.high, c.switches))
    }

    /// Offers a packet to the link: dropped by its class's full buffer, queued, or sent at once.
    fn enqueue(&mut self, pkt: Pkt, now: SimTime, events: &mut EventQueue<Event>) {
        let spec = &self.spec;
        // The link's instantaneous capacity sets the transmission time; PSS keeps its
        // configured C (the average) in its credit slopes (paper 001 §2.3).
        let mut wire = |at: SimTime, p: &Pkt| SimDuration::from_secs_f64(p.bits / capacity_at(spec, at.as_secs_f64()));
        let started = self.link.offer(now, pkt, &mut wire, &mut NoRates, &mut self.drops);
        for (p, _) in self.drops.drain(..) {
            self.counters.drops[class_index(p.class)] += 1;
        }
        self.started(started, events);
    }

    /// The link's transmission ended at `now`: the next one starts, if a packet waits.
    fn transmitted(&mut self, now: SimTime, events: &mut EventQueue<Event>) {
        let spec = &self.spec;
        let mut wire = |at: SimTime, p: &Pkt| SimDuration::from_secs_f64(p.bits / capacity_at(spec, at.as_secs_f64()));
        // The packet's arrival was scheduled when it started.
        if let Some(sent) = self.link.transmitted(now, &mut wire, &mut NoRates, &mut self.drops) {
            self.started(sent.next, events);
        }
    }

    /// A transmission started if `done` is set: it is counted, its end scheduled and, for a
    /// data segment, its arrival at the receiver.
    fn started(&mut self, done: Option<SimTime>, events: &mut EventQueue<Event>) {
        let (Some(done), Some(t)) = (done, self.link.sending()) else { return };
        let pkt = t.item;
        self.counters.bits[class_index(pkt.class)] += pkt.bits;
        events.schedule(done, Event::TxEnd);
        if let Payload::Data { flow, seg } = pkt.payload {
            events.schedule(t.arrives, Event::Arrive { flow, seg });
        }
    }

    fn send_flow(&mut self, i: usize, now: SimTime, events: &mut EventQueue<Event>) {
        let segs = self.flows[i].poll_send(now);
        let class = self.spec.flows[i].class;
        for seg in segs {
            self.enqueue(Pkt { class, bits: self.tx_bits, payload: Payload::Data { flow: i, seg } }, now, events);
        }
        // One timer event per flow: schedule only if none is pending at or before the deadline
        // (a later-moving deadline is re-armed when the pending event finds it early).
        if let Some(d) = self.flows[i].timer() {
            if self.timer_scheduled[i].is_none_or(|s| s > d) {
                self.timer_scheduled[i] = Some(d);
                events.schedule(d, Event::Timer(i));
            }
        }
    }

    /// Handles one event.
    pub fn handle(&mut self, now: SimTime, ev: Event, events: &mut EventQueue<Event>) {
        match ev {
            Event::EfEmit => {
                // CBR at the rate of the moment; a profile at zero pauses the source (looked at
                // again every millisecond).
                let rate = self.ef_rate_at(now.as_secs_f64());
                if rate > 0.0 && self.tx_bits / rate <= 1e3 {
                    self.counters.ef_offered_bits += self.tx_bits;
                    self.enqueue(Pkt { class: Class::Ef, bits: self.tx_bits, payload: Payload::Ef }, now, events);
                    events.schedule(now + SimDuration::from_secs_f64(self.tx_bits / rate), Event::EfEmit);
                } else {
                    events.schedule(now + SimDuration::from_secs_f64(1e-3), Event::EfEmit);
                }
            }
            Event::FlowStart(i) => self.send_flow(i, now, events),
            Event::TxEnd => self.transmitted(now, events),
            Event::Arrive { flow, seg } => {
                if let Some(feedback) = self.flows[flow].on_segment(&seg, now) {
                    events.schedule(
                        now + SimDuration::from_secs_f64(self.spec.one_way_s),
                        Event::FeedbackArrive { flow, feedback },
                    );
                }
            }
            Event::FeedbackArrive { flow, feedback } => {
                self.flows[flow].on_feedback(&feedback, now);
                self.send_flow(flow, now, events);
            }
            Event::Timer(i) => {
                self.timer_scheduled[i] = None;
                match self.flows[i].timer() {
                    Some(d) if d <= now => {
                        self.flows[i].on_timer(now);
                        self.send_flow(i, now, events);
                    }
                    Some(d) => {
                        // The timer moved later: wait for it.
                        self.timer_scheduled[i] = Some(d);
                        events.schedule(d, Event::Timer(i));
                    }
                    None => {}
                }
            }
        }
    }
}

/// Runs a router for `duration_s`; returns it for inspection.
pub fn run(spec: RouterSpec, duration_s: f64) -> Router {
    let mut events = EventQueue::new();
    let mut r = Router::new(spec, &mut events);
    let end = SimTime::from_secs_f64(duration_s);
    while let Some((t, ev)) = events.pop_until(end) {
        r.handle(t, ev, &mut events);
    }
    r
}

#[cfg(test)]
#[path = "router_tests.rs"]
mod tests;
