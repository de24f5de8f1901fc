//! TCP over the moving Iridium constellation (paper 004 §3-5): one transfer from a ground site
//! to another, every data packet and ACK forwarded hop by hop on the route that held when it was
//! sent (`network::transfer`), with the topology stepped every second on the same clock. The
//! series are what the paper plots: the congestion window, RTT samples, the receive throughput,
//! the ISL hops of the route each ACK took, beside the route's delay and hops with its handovers.

pub mod scenario;
#[cfg(not(target_arch = "wasm32"))]
pub mod tools;

use super::{Ctx, Descriptor, Model, ModelSummary};
use crate::crossing::{build_topology, ConstellationScenario};
use crate::kernel::{SimDuration, SimTime, Streams, NS_PER_S};
use crate::metrics::{SeriesInfo, SeriesKind};
use crate::models::Scenario;
use crate::network::transfer::{Happened, Transfer, TransferOptions, TCPIP_HEADER_BYTES};
use crate::scenario::ScenarioError;
use crate::topology::ns2::Ns2Handoff;
use crate::topology::pair::{PairSummary, PairTopology};
use crate::trace::{TraceKind, TraceRecord, NO_PACKET};
use serde::Serialize;

/// The TCP-over-Iridium model in the registry.
pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "tcp-leo",
    label: "TCP over Iridium (paper 004)",
    summary_key: "transfer",
    policy_path: Some("transfer.cc"),
    groups: scenario::groups,
    objects: scenario::objects,
    validate: scenario::validate,
    estimated_events: scenario::estimated_events,
    build,
    traces_packets: true,
    sweep_metrics: &[
        super::metric("transfer.transfer_s", "Transfer time (Tables 4-5)", "s"),
        super::metric("transfer.mean_throughput_mbps", "Mean throughput", "Mb/s"),
        super::metric("transfer.retransmits", "Retransmissions", "segments"),
        super::metric("transfer.timeouts", "Retransmission timeouts", "timeouts"),
    ],
    tools: TOOLS,
    topology_bench: None,
};

/// The model's command-line tool (`calc transfer`); none in the browser build.
#[cfg(not(target_arch = "wasm32"))]
const TOOLS: &[crate::tool::Tool] = &tools::TOOLS;
#[cfg(target_arch = "wasm32")]
const TOOLS: &[crate::tool::Tool] = &[];

/// History stepped before a run that begins after the epoch [s].
pub(crate) const HISTORY_S: f64 = 3600.0;

/// Series columns, in order.
const DELAY: usize = 0;
const RTT: usize = 1;
const HOPS: usize = 2;
const ACK_HOPS: usize = 3;
const SEAM: usize = 4;
const CWND: usize = 5;
const THROUGHPUT: usize = 6;

fn series_info() -> Vec<SeriesInfo> {
    let s = |id, label, unit, kind| SeriesInfo { id, label, unit, kind, chart: "", band: false };
    vec![
        s("delay_ms", "Route one-way delay", "ms", SeriesKind::Mean),
        s("rtt_ms", "RTT samples", "ms", SeriesKind::Mean),
        s("hops", "Route ISL hops", "hops", SeriesKind::Mean),
        s("ack_hops", "ISL hops of the ACKs' routes", "hops", SeriesKind::Mean),
        s("seam", "Separated by the seam", "fraction of time", SeriesKind::Mean),
        s("cwnd", "Congestion window", "segments", SeriesKind::Mean),
        s("throughput_mbps", "Receive throughput", "Mb/s", SeriesKind::SumRate),
    ]
}

/// The constellation between the transfer's two sites: paper 004's Iridium with the section's
/// ISL settings, or the section's catalogue (`transfer.tle`) with its links, access, routing,
/// mask and epoch; everything else the constellation model's defaults.
pub fn constellation_view(s: &Scenario) -> ConstellationScenario {
    let t = &s.transfer;
    t.crossing(ConstellationScenario {
        from: t.from.clone(),
        to: t.to.clone(),
        polar_cutoff_deg: t.polar_cutoff_deg,
        isl_pairing: t.isl_pairing,
        ..Default::default()
    })
}

fn build(s: &Scenario) -> Result<(Box<dyn Model>, Vec<SeriesInfo>), ScenarioError> {
    let t = &s.transfer;
    let mut topo = Box::new(build_topology(&constellation_view(s), scenario::TransferScenario::SECTION)?);
    if t.handoff == scenario::Handoff::Ns2 {
        topo.set_ns2_handoff(Ns2Handoff::default(), Streams::new(s.seed).stream("transfer.handoff"));
    }
    // ns-2's access rule keeps a satellite until it is lost, so the route at the run's time zero
    // depends on the past: an hour of it, stepped as the run steps (the sites hand over several
    // times in an hour, after which the state no longer depends on where the history began).
    let mut h = (t.clock_start_s - HISTORY_S).max(0.0);
    while h < t.clock_start_s {
        topo.step(h);
        h += 1.0;
    }
    topo.forget_results();
    let mut rng = Streams::new(s.seed).stream("transfer.start");
    let start_s = if t.start_window_s > 0.0 { t.start_s + rng.next_f64() * t.start_window_s } else { t.start_s };
    let options = TransferOptions {
        bytes: t.bytes.unwrap_or(u64::MAX / 2),
        throughput: t.throughput,
        packet_bytes: t.packet_bytes,
        ack_bytes: t.ack_bytes,
        cc: t.cc,
        min_rto_s: t.min_rto_ms / 1e3,
        rto_on_every_ack: t.rto_restart == crate::network::transfer::RtoRestart::EveryAck,
        clock_offset_s: t.clock_start_s,
        buffer: t.buffer.buffer(),
        ..Default::default()
    };
    let model = TcpLeoModel {
        topo,
        options,
        unlimited: t.bytes.is_none(),
        start: SimTime::from_secs_f64(start_s),
        transfer: None,
        next_step: SimTime::ZERO,
        now: SimTime::ZERO,
        delivered_bytes: 0,
        from_name: t.from.clone(),
        to_name: t.to.clone(),
        handoff: t.handoff,
    };
    Ok((Box::new(model), series_info()))
}

/// A running transfer: the topology, stepped every second, and the transfer once started.
struct TcpLeoModel {
    topo: Box<PairTopology>,
    options: TransferOptions,
    unlimited: bool,
    start: SimTime,
    transfer: Option<Transfer>,
    next_step: SimTime,
    now: SimTime,
    delivered_bytes: u64,
    from_name: String,
    to_name: String,
    handoff: scenario::Handoff,
}

impl TcpLeoModel {
    /// Steps the topology at `at` and records the route's series, and in the packet trace a
    /// change of the route while the transfer runs.
    fn step(&mut self, at: SimTime, ctx: &mut Ctx) {
        let before = (ctx.trace.on() && self.transfer.is_some()).then(|| self.topo.route().to_vec());
        let (delay_ms, hops, seam) = self.topo.step(self.options.clock_offset_s + at.as_secs_f64());
        if before.is_some_and(|b| b.as_slice() != self.topo.route()) {
            let sender = self.topo.satellite_count() as u32;
            let mut r = TraceRecord::new(at, TraceKind::RouteChange, NO_PACKET, 0, sender);
            r.route_hops = self.topo.route().len().saturating_sub(1) as u32;
            ctx.trace.push(r);
        }
        ctx.recorder.sample(DELAY, at, delay_ms);
        ctx.recorder.sample(HOPS, at, hops);
        ctx.recorder.sample(SEAM, at, seam as u8 as f64);
    }
}

impl Model for TcpLeoModel {
    fn advance_to(&mut self, t: SimTime, ctx: &mut Ctx) {
        loop {
            if ctx.yield_due() {
                return;
            }
            // One clock: the topology steps first, then the start, then the transfer's events.
            let te = self.transfer.as_ref().and_then(Transfer::next_time);
            let start_due = self.transfer.is_none() && self.start <= t;
            let next = [Some(self.next_step), start_due.then_some(self.start), te].into_iter().flatten().min();
            let Some(at) = next.filter(|&at| at <= t) else { break };
            ctx.now = at;
            ctx.processed += 1;
            if self.next_step == at {
                self.step(at, ctx);
                if let Some(tr) = self.transfer.as_mut() {
                    tr.after_step(&self.topo, at);
                }
                self.next_step += SimDuration(NS_PER_S);
            } else if start_due && self.start == at {
                self.transfer = Some(Transfer::start(&self.topo, at, &self.options, &mut ctx.trace));
            } else if let Some(tr) = self.transfer.as_mut() {
                match tr.process_next(&self.topo, &mut ctx.trace) {
                    Happened::Delivered { new_segments } => {
                        let bytes = (new_segments * self.options.packet_bytes as u64)
                            .min(self.options.bytes - self.delivered_bytes);
                        self.delivered_bytes += bytes;
                        // What the receiver's link delivers, every data packet (paper 004's
                        // receive throughput), not the in-order bursts handed to the application,
                        // each counted at its IP size (payload and TCP/IP header, 1040 bytes) as
                        // ns-2's traces count a packet: a full 1.5 Mb/s link of 1056-byte frames
                        // then reads 1.477 Mb/s and 120 Mb/s 118.18 (paper 004 §5: 1.47 and
                        // 118.18-118.19 before the handovers).
                        ctx.recorder.sample(
                            THROUGHPUT,
                            at,
                            (self.options.packet_bytes + TCPIP_HEADER_BYTES) as f64 * 8.0 / 1e6,
                        );
                    }
                    Happened::Acked { cwnd, rtt_ms, hops } => {
                        ctx.recorder.sample(CWND, at, cwnd);
                        ctx.recorder.sample(RTT, at, rtt_ms);
                        ctx.recorder.sample(ACK_HOPS, at, hops as f64);
                    }
                    Happened::Timeout | Happened::Nothing => {}
                }
            }
        }
        self.now = t;
    }

    fn summary(&mut self, now: SimTime) -> Box<dyn ModelSummary> {
        let o = self.transfer.as_ref().map(Transfer::outcome);
        let (cwnd, srtt, _) = self.transfer.as_ref().map_or((0.0, None, 0), Transfer::sender_state);
        let since = now.saturating_since(self.start).as_secs_f64();
        let span = o.as_ref().and_then(|o| o.transfer_s).unwrap_or(since);
        Box::new(TransferSummary {
            from: self.from_name.clone(),
            to: self.to_name.clone(),
            bytes: (!self.unlimited).then_some(self.options.bytes),
            throughput: serde_name(&self.options.throughput),
            access_bps: self.options.throughput.rates_bps().0,
            isl_bps: self.options.throughput.rates_bps().1,
            queue_limit_packets: self.options.buffer.limit(self.options.throughput.rates_bps().0),
            data_wire_bytes: crate::network::transfer::data_wire_bytes(self.options.packet_bytes),
            cc: serde_name(&self.options.cc),
            start_s: self.start.as_secs_f64(),
            started: self.transfer.is_some(),
            transfer_s: o.as_ref().and_then(|o| o.transfer_s),
            delivered_bytes: self.delivered_bytes,
            mean_throughput_mbps: if span > 0.0 && self.transfer.is_some() {
                self.delivered_bytes as f64 * 8.0 / 1e6 / span
            } else {
                0.0
            },
            cwnd_segments: cwnd,
            srtt_ms: srtt,
            start_rtt_ms: o.as_ref().map(|o| o.start_rtt_ms),
            buffer_packets: o.as_ref().map_or(0, |o| o.buffer_packets),
            retransmits: o.as_ref().map_or(0, |o| o.retransmits),
            timeouts: o.as_ref().map_or(0, |o| o.timeouts),
            queue_drops: o.as_ref().map_or(0, |o| o.queue_drops),
            no_route_drops: o.as_ref().map_or(0, |o| o.no_route_drops),
            handoff: serde_name(&self.handoff),
            handoff_drops: o.as_ref().map_or(0, |o| o.handoff_drops),
            handoffs: o.as_ref().map_or(vec![], |o| o.handoffs.clone()),
            reordered_acks: o.as_ref().map_or(0, |o| o.reordered_acks),
            route: self.topo.summary(),
        })
    }

    /// The topology's events on the run's clock.
    fn drain_events(&mut self) -> Vec<crate::topology::pair::TopoEvent> {
        let mut ev = self.topo.drain_events();
        for e in &mut ev {
            e.t_s -= self.options.clock_offset_s;
        }
        ev
    }

    /// The constellation's geometry followed by the packets in flight
    /// (`Transfer::flights_packed`; `[0]` before the start).
    fn geometry_packed(&self) -> Option<Vec<f64>> {
        let mut g = self.topo.geometry_packed();
        match &self.transfer {
            Some(tr) => g.extend(tr.flights_packed(&self.topo, self.now)),
            None => g.push(0.0),
        }
        Some(g)
    }

    fn constellation_info(&self) -> Option<crate::topology::pair::ConstellationInfo> {
        Some(self.topo.info())
    }

    /// The next of: the topology's step, the start, the transfer's next packet event.
    fn next_event(&self) -> Option<SimTime> {
        let te = self.transfer.as_ref().and_then(Transfer::next_time);
        let start = self.transfer.is_none().then_some(self.start);
        [Some(self.next_step), start, te].into_iter().flatten().min()
    }

    /// The transfer's next packet event, or its start.
    fn next_packet_event(&self) -> Option<SimTime> {
        match &self.transfer {
            Some(tr) => tr.next_time(),
            None => Some(self.start),
        }
    }

    /// Satellites as plane and slot (`P3-S7`), then the sending and the receiving site.
    fn trace_nodes(&self) -> Vec<String> {
        self.topo.node_names()
    }
}

/// An option's name in scenarios (`low`, `new-reno`).
fn serde_name<T: Serialize>(x: &T) -> String {
    serde_json::to_value(x).ok().and_then(|v| v.as_str().map(String::from)).unwrap_or_default()
}

/// What the transfer has done so far, and the route's handovers.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct TransferSummary {
    /// Sending site, as the scenario names it.
    pub from: String,
    /// Receiving site.
    pub to: String,
    /// File size [bytes]; null for unlimited bulk.
    pub bytes: Option<u64>,
    /// `low` or `high` (paper 004 Table 3).
    pub throughput: String,
    /// The up- and down-links' rate at that throughput [b/s].
    pub access_bps: f64,
    /// The inter-satellite links' rate [b/s].
    pub isl_bps: f64,
    /// Every link's queue limit (ns-2's `limit_`: at most one fewer wait besides the packet
    /// being sent), when it is fixed before the transfer starts; null when it is the start's BDP.
    pub queue_limit_packets: Option<u64>,
    /// A data packet on a satellite link [bytes]: `packet_bytes` plus the TCP/IP and link headers.
    pub data_wire_bytes: u32,
    /// Congestion control (`cubic`, `new-reno`).
    pub cc: String,
    /// When the transfer starts [s].
    pub start_s: f64,
    /// Whether it has started.
    pub started: bool,
    /// From the start to the last byte at the receiver [s]; null until the file is delivered.
    pub transfer_s: Option<f64>,
    /// Bytes delivered in order to the receiving application.
    pub delivered_bytes: u64,
    /// Delivered bytes over the time since the start (or the transfer time) [Mb/s].
    pub mean_throughput_mbps: f64,
    /// The sender's congestion window [segments].
    pub cwnd_segments: f64,
    /// The sender's smoothed RTT [ms]; null before the first sample.
    pub srtt_ms: Option<f64>,
    /// The route's round trip when the transfer started [ms].
    pub start_rtt_ms: Option<f64>,
    /// Packets that may wait on every link besides the one being sent (ns-2 queue limit less one).
    pub buffer_packets: u64,
    /// Segments sent again.
    pub retransmits: u64,
    /// Retransmission timeouts.
    pub timeouts: u64,
    /// Packets dropped at a full buffer.
    pub queue_drops: u64,
    /// Packets sent while the sites had no route.
    pub no_route_drops: u64,
    /// How handovers happen: `ns2` (ns-2's handoff) or `continuous`.
    pub handoff: String,
    /// Packets lost at handovers (ns-2's handoff: queued for a satellite the site had left).
    pub handoff_drops: u64,
    /// Each handover of either site during the transfer (ns-2's handoff only): when, which site
    /// moved, the queues it found and the packets it lost.
    pub handoffs: Vec<crate::network::transfer::HandoffLoss>,
    /// ACKs that arrived after an ACK sent later (a route change reordered them).
    pub reordered_acks: u64,
    /// The route between the sites: handovers, delay and hops.
    pub route: PairSummary,
}

super::model_summary!(TransferSummary, |s| {
    vec![
    format!(
        "{} -> {}: {} over {} throughput, {}",
        s.from,
        s.to,
        s.bytes.map_or("unlimited bulk".into(), |b| format!("{b} bytes")),
        s.throughput,
        match s.transfer_s {
            Some(t) => format!("delivered in {t:.3} s"),
            None if s.started => format!("{} bytes delivered so far", s.delivered_bytes),
            None => format!("starts at {:.1} s", s.start_s),
        }
    ),
    format!(
        "mean throughput {:.3} Mb/s; cwnd {:.1} segments; {} retransmits, {} timeouts, {} queue drops, {} lost at handovers, {} reordered ACKs",
        s.mean_throughput_mbps, s.cwnd_segments, s.retransmits, s.timeouts, s.queue_drops, s.handoff_drops, s.reordered_acks
    ),
    format!(
        "route: {} intra-orbital, {} inter-orbital, {} seam handovers; one-way delay {:.1} / {:.1} ms (min / max)",
        s.route.handovers.intra_orbital, s.route.handovers.inter_orbital, s.route.handovers.seam, s.route.delay_ms.min, s.route.delay_ms.max
    ),
]
});

#[cfg(test)]
mod seed_tests;
#[cfg(test)]
mod tests;
