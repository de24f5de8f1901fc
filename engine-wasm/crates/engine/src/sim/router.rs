//! A DiffServ core router on one bottleneck link (paper 001 Fig. 1; MODELS.md §5-6):
//!
//! ```text
//!  EF  (CBR UDP) ----\\
//!  AF  (n TCP)  ------>  [EF strict priority] [AF / CS0: DWRR or PSS]  --C--> delay --> receivers
//!  CS0 (n TCP)  ----/                                                         ACKs <-- delay
//! ```
//!
//! TCP flows (`transport::tcp`) send MSS segments; the link serves one packet at a time; each
//! class has a drop-tail buffer; ACKs come back over an uncongested path. Also the test bench of
//! the TCP module: one class alone is a plain drop-tail bottleneck.

use crate::kernel::{EventQueue, SimDuration, SimTime};
use crate::sched::pss::{Class, Pss, PssParams};
use crate::transport::congestion::CcKind;
use crate::transport::tcp::{Ack, DataSeg, TcpReceiver, TcpSender};
use std::collections::VecDeque;

/// The series the diffserv model records (sampled each second), in column order.
pub fn series_info() -> Vec<crate::metrics::SeriesInfo> {
    use crate::metrics::{SeriesInfo, SeriesKind::Mean};
    vec![
        SeriesInfo { id: "ef_mbps", label: "EF rate", unit: "Mb/s", kind: Mean },
        SeriesInfo { id: "af_mbps", label: "AF rate", unit: "Mb/s", kind: Mean },
        SeriesInfo { id: "cs0_mbps", label: "CS0 rate", unit: "Mb/s", kind: Mean },
        SeriesInfo { id: "af_theory_mbps", label: "AF theory (eq. 7 PSS / eq. 1 WRR)", unit: "Mb/s", kind: Mean },
        SeriesInfo { id: "cs0_theory_mbps", label: "CS0 theory (eq. 8 / eq. 6)", unit: "Mb/s", kind: Mean },
        SeriesInfo { id: "credit_bits", label: "AF credit", unit: "bits", kind: Mean },
        SeriesInfo { id: "lm_bits", label: "L_M", unit: "bits", kind: Mean },
        SeriesInfo { id: "lr_bits", label: "L_R", unit: "bits", kind: Mean },
        SeriesInfo { id: "af_high", label: "AF at high priority", unit: "AF high priority", kind: Mean },
    ]
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

/// One TCP flow of the router.
#[derive(Clone, Debug)]
pub struct FlowSpec {
    /// Class: AF or CS0 (EF is the CBR flow).
    pub class: Class,
    /// Congestion control.
    pub cc: CcKind,
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
    /// How AF and CS0 share the rest.
    pub sharing: Sharing,
    /// The TCP flows.
    pub flows: Vec<FlowSpec>,
}

#[derive(Clone, Copy, Debug)]
enum Pkt {
    Ef,
    Data { flow: usize, seg: DataSeg },
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
        seg: DataSeg,
    },
    /// An ACK reaches its sender.
    AckArrive {
        /// Flow index.
        flow: usize,
        /// The acknowledgement.
        ack: Ack,
    },
    /// A sender's retransmission timer may fire.
    Rto(usize),
}

/// Per-class bytes delivered over the link, in total and per second bin.
#[derive(Clone, Debug, Default)]
pub struct ClassCounters {
    /// Bits sent on the link per class [EF, AF, CS0].
    pub bits: [f64; 3],
    /// Packets dropped at the buffers per class.
    pub drops: [u64; 3],
}

/// The router model.
pub struct Router {
    spec: RouterSpec,
    senders: Vec<TcpSender>,
    receivers: Vec<TcpReceiver>,
    queues: [VecDeque<Pkt>; 3],
    busy: bool,
    deficit: [f64; 2],
    dwrr_turn: usize,
    pss: Option<Pss>,
    /// Counters.
    pub counters: ClassCounters,
    /// Lowest and highest credit seen at PSS decisions [bits].
    credit_range: Option<(f64, f64)>,
    tx_bits: f64,
    /// RTO deadline already in the event queue per flow (one timer event per deadline).
    rto_scheduled: Vec<Option<f64>>,
}

fn class_index(c: Class) -> usize {
    match c {
        Class::Ef => 0,
        Class::Af => 1,
        Class::Cs0 => 2,
    }
}

impl Router {
    /// Builds the router and schedules the sources.
    pub fn new(spec: RouterSpec, events: &mut EventQueue<Event>) -> Self {
        let senders = spec.flows.iter().map(|f| TcpSender::new(f.cc, 10.0, u64::MAX, 1e9)).collect();
        let receivers = spec.flows.iter().map(|_| TcpReceiver::default()).collect();
        for (i, f) in spec.flows.iter().enumerate() {
            events.schedule(SimTime::from_secs_f64(f.start_s), Event::FlowStart(i));
        }
        if spec.ef_bps > 0.0 {
            events.schedule(SimTime::ZERO, Event::EfEmit);
        }
        let pss = match &spec.sharing {
            Sharing::Pss(p) => Some(Pss::new(p.clone())),
            _ => None,
        };
        let tx_bits = spec.mss_bytes * 8.0;
        let n = spec.flows.len();
        Router { senders, receivers, queues: Default::default(), busy: false, deficit: [0.0; 2], dwrr_turn: 0, pss, counters: ClassCounters::default(), credit_range: None, tx_bits, spec, rto_scheduled: vec![None; n] }
    }

    /// Senders, for inspection.
    pub fn senders(&self) -> &[TcpSender] {
        &self.senders
    }

    /// Segments delivered in order to each flow's receiver.
    pub fn delivered(&self) -> Vec<u64> {
        self.receivers.iter().map(|r| r.delivered).collect()
    }

    /// Lowest and highest credit over all PSS decisions so far [bits] (bounded memory).
    pub fn credit_range(&self) -> Option<(f64, f64)> {
        self.credit_range
    }

    /// The PSS credit [bits], AF priority (true = high) and switches so far, if PSS is used.
    pub fn pss_state(&self) -> Option<(f64, bool, u64)> {
        self.pss.as_ref().map(|p| (p.credit_bits(), p.is_high(), p.switches()))
    }

    fn enqueue(&mut self, pkt: Pkt, class: usize, now: SimTime, events: &mut EventQueue<Event>) {
        if self.queues[class].len() >= self.spec.buffer_pkts {
            self.counters.drops[class] += 1;
        } else {
            self.queues[class].push_back(pkt);
        }
        self.try_start(now, events);
    }

    fn send_flow(&mut self, i: usize, now: SimTime, events: &mut EventQueue<Event>) {
        let t = now.as_secs_f64();
        let segs = self.senders[i].poll_send(t);
        let class = class_index(self.spec.flows[i].class);
        for seg in segs {
            self.enqueue(Pkt::Data { flow: i, seg }, class, now, events);
        }
        // One timer event per flow: schedule only if none is pending at or before the deadline
        // (a later-moving deadline is re-armed when the pending event finds it early).
        if let Some(d) = self.senders[i].rto_deadline() {
            if self.rto_scheduled[i].is_none_or(|s| s > d) {
                self.rto_scheduled[i] = Some(d);
                events.schedule(SimTime::from_secs_f64(d), Event::Rto(i));
            }
        }
    }

    fn pick(&mut self, now: SimTime) -> Option<usize> {
        let (ef, af, cs0) = (!self.queues[0].is_empty(), !self.queues[1].is_empty(), !self.queues[2].is_empty());
        if let Some(pss) = self.pss.as_mut() {
            let class = pss.dequeue(now, self.spec.capacity_bps, ef, af, cs0, self.tx_bits)?;
            let c = pss.credit_bits();
            self.credit_range = Some(self.credit_range.map_or((c, c), |(a, b)| (a.min(c), b.max(c))));
            return Some(class_index(class));
        }
        if ef {
            return Some(0);
        }
        let Sharing::Dwrr { w_af, w_cs0 } = self.spec.sharing else { return None };
        // DWRR in packets of equal size: a class with a packet and a deficit of at least one
        // packet sends; an exhausted class passes the turn and gets its quantum back.
        let quanta = [w_af, w_cs0];
        let busy = [af, cs0];
        if !af && !cs0 {
            return None;
        }
        for _ in 0..4 {
            let k = self.dwrr_turn;
            if busy[k] && self.deficit[k] >= 1.0 {
                self.deficit[k] -= 1.0;
                return Some(1 + k);
            }
            if !busy[k] {
                self.deficit[k] = 0.0; // an idle class keeps no credit
            }
            self.dwrr_turn = 1 - k;
            let n = self.dwrr_turn;
            if busy[n] {
                self.deficit[n] += quanta[n];
            }
        }
        Some(if af { 1 } else { 2 })
    }

    fn try_start(&mut self, now: SimTime, events: &mut EventQueue<Event>) {
        if self.busy {
            return;
        }
        let Some(class) = self.pick(now) else { return };
        let Some(pkt) = self.queues[class].pop_front() else { return };
        self.busy = true;
        self.counters.bits[class] += self.tx_bits;
        let tx = SimDuration::from_secs_f64(self.tx_bits / self.spec.capacity_bps);
        events.schedule(now + tx, Event::TxEnd);
        if let Pkt::Data { flow, seg } = pkt {
            events.schedule(now + tx + SimDuration::from_secs_f64(self.spec.one_way_s), Event::Arrive { flow, seg });
        }
    }

    /// Handles one event.
    pub fn handle(&mut self, now: SimTime, ev: Event, events: &mut EventQueue<Event>) {
        match ev {
            Event::EfEmit => {
                self.enqueue(Pkt::Ef, 0, now, events);
                events.schedule(now + SimDuration::from_secs_f64(self.tx_bits / self.spec.ef_bps), Event::EfEmit);
            }
            Event::FlowStart(i) => self.send_flow(i, now, events),
            Event::TxEnd => {
                self.busy = false;
                self.try_start(now, events);
            }
            Event::Arrive { flow, seg } => {
                let ack = self.receivers[flow].on_data(&seg);
                events.schedule(now + SimDuration::from_secs_f64(self.spec.one_way_s), Event::AckArrive { flow, ack });
            }
            Event::AckArrive { flow, ack } => {
                self.senders[flow].on_ack(&ack, now.as_secs_f64());
                self.send_flow(flow, now, events);
            }
            Event::Rto(i) => {
                let t = now.as_secs_f64();
                self.rto_scheduled[i] = None;
                match self.senders[i].rto_deadline() {
                    Some(d) if d <= t + 1e-9 => {
                        self.senders[i].on_rto(t);
                        self.send_flow(i, now, events);
                    }
                    Some(d) => {
                        // The timer moved later: wait for it.
                        self.rto_scheduled[i] = Some(d);
                        events.schedule(SimTime::from_secs_f64(d), Event::Rto(i));
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
