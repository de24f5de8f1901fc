//! VoIP over a LEO constellation with an LMS last hop (paper 000, Fig. 1; docs/REPRODUCTION.md).
//!
//! ```text
//!  server --(constellation: 70-90 ms, fixed per flow)--> last satellite
//!    [ policy: DT_S | DT_H | RR | PF | CoDeS ] --> LMS link (9.4 Mb/s coded, HARQ) --> n receivers
//! ```
//!
//! Each flow is a Pareto on/off VoIP source; each receiver has its own LMS channel (own random
//! stream), so every policy sees the same traffic and channel realisations for a seed. The LMS
//! link is one server: it sends either a HARQ retransmission that has come due (first) or the
//! packet the policy picks, taking 2 coded bits per QPSK symbol at `link_rate_bps`.
//!
//! Link time (our reading of paper 000's "maximum load of useful coded bits on the LMS link is
//! 9.4 Mb/s"): a transmission carries the VoIP packet's own bits coded at `harq.first_tx_bits_
//! per_symbol`; the zero padding to 1115 bytes is known to the receiver and not sent. This is
//! the reading under which the link saturates between 75 and 100 users, as the paper found.

use super::scenario::{DelaySource, PfRate, VoipScenario};
use crate::channel::lms::LmsChannel;
use crate::channel::Channel;
use crate::kernel::{EventQueue, SimDuration, SimTime, Streams};
use crate::mac::harq::{HarqOutcome, HarqPacket};
use crate::metrics::emodel::{self, EModelOutput};
use crate::metrics::{LogHistogram, Recorder, RunningStats, SeriesInfo, SeriesKind};
use crate::models::Scenario;
use crate::sched::policy::{self, PolicyParams};
use crate::sched::{DropReason, Queued, Scheduler};
use crate::trace::{PacketTrace, Reason, TraceKind, TraceRecord};
use crate::traffic::voip::ParetoOnOff;
use serde::Serialize;
use std::collections::VecDeque;

/// A VoIP packet on its way.
#[derive(Clone, Copy, Debug)]
pub struct VoipPacket {
    flow: u32,
    created: SimTime,
    at_sat: SimTime,
    /// For the packet trace (the traced call's packets only): its number, and the call's
    /// packets ahead of it in its queue when it reached the satellite.
    id: u64,
    ahead: u32,
}

/// The call whose packets the packet trace follows (the first).
const TRACED_FLOW: u32 = 0;
/// The packet trace's nodes ([`VoipLeo::trace_nodes`]).
const SERVER: u32 = 0;
const SATELLITE: u32 = 1;
const RECEIVER: u32 = 2;

impl Queued for VoipPacket {
    fn flow(&self) -> usize {
        self.flow as usize
    }
    fn enqueued_at(&self) -> SimTime {
        self.at_sat
    }
}

/// Events of the model.
#[derive(Clone, Copy, Debug)]
pub enum Event {
    /// Flow `0` emits a packet at the server.
    Emit(u32),
    /// A packet reaches the last satellite.
    AtSatellite(VoipPacket),
    /// The LMS link finishes the current transmission.
    TxEnd,
    /// HARQ slot `0` may retransmit now (one HARQ round trip after its last transmission).
    RetxDue(usize),
    /// Periodic sampling of SNR traces and quality so far.
    Sample,
}

struct InFlight {
    pkt: VoipPacket,
    harq: HarqPacket,
    next_symbols: f64,
    /// When its last transmission failed to decode (the packet trace's wait before a HARQ
    /// retransmission).
    nacked: SimTime,
}

/// The transmission on the link: HARQ slot, symbols, mutual information per symbol seen,
/// start.
struct Busy {
    slot: usize,
    symbols: f64,
    mi: f64,
    start: SimTime,
}

struct FlowStats {
    transit_prev: Option<f64>,
    jitter_s: f64,
}

/// Series columns.
mod col {
    pub const LATENCY: usize = 0;
    pub const JITTER: usize = 1;
    pub const THROUGHPUT: usize = 2;
    pub const OVERFLOW: usize = 3;
    pub const TIMEOUT: usize = 4;
    pub const HARQ_DROP: usize = 5;
    pub const MOS: usize = 6;
    pub const R: usize = 7;
    pub const SNR0: usize = 8;
}

/// The series this model records; the SNR traces last.
pub fn series_info(snr_traces: u32) -> Vec<SeriesInfo> {
    const SNR_IDS: [&str; 8] = [
        "snr_rx0_db",
        "snr_rx1_db",
        "snr_rx2_db",
        "snr_rx3_db",
        "snr_rx4_db",
        "snr_rx5_db",
        "snr_rx6_db",
        "snr_rx7_db",
    ];
    const SNR_LABELS: [&str; 8] = [
        "SNR receiver 0",
        "SNR receiver 1",
        "SNR receiver 2",
        "SNR receiver 3",
        "SNR receiver 4",
        "SNR receiver 5",
        "SNR receiver 6",
        "SNR receiver 7",
    ];
    let mut v = vec![
        SeriesInfo {
            id: "latency_ms",
            label: "One-way latency",
            unit: "ms",
            kind: SeriesKind::Mean,
            chart: "",
            band: false,
        },
        SeriesInfo {
            id: "jitter_ms",
            label: "Jitter (RFC 3550)",
            unit: "ms",
            kind: SeriesKind::Mean,
            chart: "",
            band: false,
        },
        SeriesInfo {
            id: "throughput_kbps",
            label: "Throughput (useful)",
            unit: "kb/s",
            kind: SeriesKind::SumRate,
            chart: "",
            band: false,
        },
        SeriesInfo {
            id: "overflow_pps",
            label: "Lost: queue overflow",
            unit: "packets/s",
            kind: SeriesKind::Rate,
            chart: "",
            band: false,
        },
        SeriesInfo {
            id: "timeout_pps",
            label: "Lost: timeout (CoDeS)",
            unit: "packets/s",
            kind: SeriesKind::Rate,
            chart: "",
            band: false,
        },
        SeriesInfo {
            id: "harq_drop_pps",
            label: "Lost: HARQ failure",
            unit: "packets/s",
            kind: SeriesKind::Rate,
            chart: "",
            band: false,
        },
        SeriesInfo { id: "mos", label: "MOS so far", unit: "MOS", kind: SeriesKind::Mean, chart: "", band: false },
        SeriesInfo { id: "r", label: "R so far", unit: "R", kind: SeriesKind::Mean, chart: "", band: false },
    ];
    for k in 0..snr_traces.min(8) as usize {
        v.push(SeriesInfo {
            id: SNR_IDS[k],
            label: SNR_LABELS[k],
            unit: "dB",
            kind: SeriesKind::Mean,
            chart: "",
            band: false,
        });
    }
    v
}

/// The LMS link's buffers [packets], by name (a bare pair did not say which was which).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct VoipBuffers {
    /// Packets one queue holds, by the policy's buffer rule (B/n for DT_S and the per-flow
    /// policies, B for DT_H).
    pub per_queue: usize,
    /// B: the packets the link's buffers hold in all.
    pub total: usize,
}

/// The load on the LMS link [Mb/s], by name.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct VoipLoad {
    /// Voice bits sent on the link [Mb/s].
    pub useful: f64,
    /// Coded bits sent on the link, HARQ rounds included [Mb/s].
    pub coded: f64,
}

/// Summary of a VoIP-over-LEO run (packets created after the warm-up).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct VoipSummary {
    /// Policy label.
    pub policy: &'static str,
    /// Flows.
    pub flows: u32,
    /// The buffers: packets per queue (the policy's buffer rule) and in all (B).
    pub buffer_pkts: VoipBuffers,
    /// Packets sent by the servers.
    pub sent: u64,
    /// Packets decoded by the receivers.
    pub delivered: u64,
    /// Useful throughput, all flows [kb/s].
    pub throughput_kbps: f64,
    /// Mean one-way latency, server to receiver [ms].
    pub latency_ms: f64,
    /// 95th percentile of the latency [ms].
    pub latency_p95_ms: f64,
    /// RFC 3550 interarrival jitter, mean over flows [ms].
    pub jitter_ms: f64,
    /// Standard deviation of the latency [ms].
    pub delay_std_ms: f64,
    /// Lost to queue overflow, timeout and HARQ failure [% of sent].
    pub loss_pct: LossBreakdown,
    /// HARQ: % of decoded-or-dropped packets needing 0, 1, 2, 3 retransmissions, and dropped
    /// (paper 000 Table II).
    pub harq_retx_pct: [f64; 5],
    /// % decoded at the first transmission among packets sent on the link (paper 000 Fig. 4).
    pub first_tx_decoded_pct: f64,
    /// Useful bits / coded bits on the LMS link (paper 000 Fig. 6).
    pub spectral_efficiency: f64,
    /// Useful and coded load on the LMS link [Mb/s].
    pub load_mbps: VoipLoad,
    /// E-model from the mean latency and total loss (codec and advantage from the scenario).
    pub emodel: EModelOutput,
}

/// Loss by cause [% of packets sent].
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct LossBreakdown {
    /// Queue overflow.
    pub overflow: f64,
    /// CoDeS timeout (and CoDel's drops under FQ-CoDel).
    pub timeout: f64,
    /// HARQ failure after the last retransmission.
    pub harq: f64,
    /// All causes.
    pub total: f64,
}

/// The model's state.
pub struct VoipLeo {
    p: VoipScenario,
    sources: Vec<ParetoOnOff>,
    const_delay: Vec<SimDuration>,
    /// Server-to-last-satellite delay trace [ms], one value per second, and each flow's offset
    /// into it [s] (delay source `route`).
    trace_ms: Vec<f64>,
    /// ISL hops of the route at each second of `trace_ms` (the packet trace's `route_hops`).
    trace_hops: Vec<u32>,
    offset_s: Vec<f64>,
    /// Each receiver's channel (LMS), used through the `Channel` trait. Held by value, not as
    /// `Box<dyn Channel>`: the scheduler asks every waiting flow's rate at every decision, and
    /// an indirect call there cost about 10 % of a 200-flow run. A model with another channel
    /// holds that type (or is generic over `C: Channel`).
    channels: Vec<LmsChannel>,
    sched: Box<dyn Scheduler<VoipPacket>>,
    inflight: Vec<Option<InFlight>>,
    free_slots: Vec<usize>,
    retx_ready: VecDeque<usize>,
    busy: Option<Busy>,
    dropped: Vec<(VoipPacket, DropReason)>,
    flows: Vec<FlowStats>,
    warmup: SimTime,
    last_hop: SimDuration,
    sample_every: SimDuration,
    useful_bits: f64,
    // Statistics (packets created after the warm-up).
    sent: u64,
    delivered: u64,
    lost: [u64; 3],
    retx_hist: [u64; 5],
    first_tx: [u64; 2],
    latency: RunningStats,
    latency_hist: LogHistogram,
    useful_sent_bits: f64,
    coded_sent_bits: f64,
    delivered_bits: f64,
    start_measure: SimTime,
    /// The traced call: its next packet's number and its packets waiting at the satellite.
    traced_next: u64,
    traced_waiting: u32,
}

impl VoipLeo {
    /// Builds the model of a validated scenario and schedules the first packets. `trace_ms` is
    /// the constellation's server-to-last-satellite delay, one value per second from t = 0, and
    /// `trace_hops` that route's ISL hops at the same seconds (used with the `route` delay source).
    pub fn new(
        s: &Scenario,
        streams: &Streams,
        events: &mut EventQueue<Event>,
        trace_ms: Vec<f64>,
        trace_hops: Vec<u32>,
    ) -> Self {
        let p = s.voip.clone();
        let n = p.flows as usize;
        let mut sources = Vec::with_capacity(n);
        let mut const_delay = Vec::with_capacity(n);
        let mut channels = Vec::with_capacity(n);
        let mut offsets = Vec::with_capacity(n);
        for i in 0..n {
            let mut src = ParetoOnOff::new(
                streams.stream(&format!("voip.flow[{i}]")),
                p.rate_bps,
                p.packet_bytes,
                p.mean_on_ms / 1e3,
                p.mean_off_ms / 1e3,
                p.pareto_shape,
            );
            events.schedule(SimTime::from_secs_f64(src.next_packet_s()), Event::Emit(i as u32));
            sources.push(src);
            let mut r = streams.stream(&format!("voip.flow[{i}].delay"));
            const_delay.push(SimDuration::from_secs_f64(
                r.uniform(p.constellation_delay_ms[0], p.constellation_delay_ms[1]) / 1e3,
            ));
            offsets.push(r.uniform(0.0, p.trace_offset_max_s));
            channels.push(LmsChannel::new(p.lms.clone(), streams.stream(&format!("lms.rx[{i}]"))));
        }
        events.schedule(SimTime::ZERO, Event::Sample);
        let total = p.total_buffer_pkts();
        let sched = policy::build(
            p.policy,
            &PolicyParams {
                flows: n,
                total_buffer: total,
                pf_window: SimDuration::from_secs_f64(p.pf_window_ms / 1e3),
                codes_timeout: SimDuration::from_secs_f64(p.codes_timeout_ms / 1e3),
                delay_violation_prob: p.delay_violation_prob,
                delay_bound_s: p.delay_bound_ms / 1e3,
                packet_bytes: p.packet_bytes,
            },
        );
        VoipLeo {
            sources,
            const_delay,
            trace_ms,
            trace_hops,
            offset_s: offsets,
            channels,
            sched,
            inflight: vec![],
            free_slots: vec![],
            retx_ready: VecDeque::new(),
            busy: None,
            dropped: vec![],
            flows: (0..n).map(|_| FlowStats { transit_prev: None, jitter_s: 0.0 }).collect(),
            warmup: SimTime::from_secs_f64(s.warmup_s),
            last_hop: SimDuration::from_secs_f64(p.last_hop_delay_ms / 1e3),
            sample_every: SimDuration::from_secs_f64(s.metrics.bucket_s.min(0.1)),
            useful_bits: p.packet_bytes * 8.0,
            sent: 0,
            delivered: 0,
            lost: [0; 3],
            retx_hist: [0; 5],
            first_tx: [0; 2],
            latency: RunningStats::default(),
            latency_hist: LogHistogram::default(),
            useful_sent_bits: 0.0,
            coded_sent_bits: 0.0,
            delivered_bits: 0.0,
            start_measure: SimTime::from_secs_f64(s.warmup_s),
            traced_next: 0,
            traced_waiting: 0,
            p,
        }
    }

    fn counted(&self, pkt: &VoipPacket) -> bool {
        pkt.created >= self.warmup
    }

    fn tx_time(&self, symbols: f64) -> SimDuration {
        SimDuration::from_secs_f64(2.0 * symbols / self.p.link_rate_bps)
    }

    /// The packet trace's nodes: the server, the last satellite (its queues and its LMS link)
    /// and the traced call's receiver.
    pub fn trace_nodes() -> Vec<String> {
        ["server", "satellite", "receiver"].map(String::from).to_vec()
    }

    /// Handles one event at `now`, recording the traced call's packets in `trace` (when on).
    pub fn handle(
        &mut self,
        now: SimTime,
        ev: Event,
        events: &mut EventQueue<Event>,
        rec: &mut Recorder,
        trace: &mut PacketTrace,
    ) {
        match ev {
            Event::Emit(f) => {
                let i = f as usize;
                let at_sat = now + self.server_to_satellite(i, now);
                let mut pkt = VoipPacket { flow: f, created: now, at_sat, id: 0, ahead: 0 };
                if f == TRACED_FLOW {
                    pkt.id = self.traced_next;
                    self.traced_next += 1;
                    if trace.on() {
                        let mut r = TraceRecord::new(now, TraceKind::Send, pkt.id, pkt.id, SERVER);
                        r.route_hops = self.route_hops(i, now);
                        trace.push(r);
                        // Through the constellation to the last satellite, with no queue of its own.
                        let mut r = TraceRecord::new(now, TraceKind::Hop, pkt.id, pkt.id, SERVER);
                        r.next = Some(SATELLITE);
                        trace.push(r);
                    }
                }
                if now >= self.warmup {
                    self.sent += 1;
                }
                events.schedule(pkt.at_sat, Event::AtSatellite(pkt));
                let next = SimTime::from_secs_f64(self.sources[i].next_packet_s()).max(now);
                events.schedule(next, Event::Emit(f));
            }
            Event::AtSatellite(mut pkt) => {
                let mut dropped = std::mem::take(&mut self.dropped);
                if pkt.flow == TRACED_FLOW {
                    pkt.ahead = self.traced_waiting;
                    self.traced_waiting += 1;
                }
                self.sched.enqueue(now, pkt, &mut dropped);
                for (pkt, why) in dropped.drain(..) {
                    self.drop_packet(now, &pkt, why, rec, trace);
                }
                self.dropped = dropped;
                self.try_start(now, events, rec, trace);
            }
            Event::RetxDue(slot) => {
                self.retx_ready.push_back(slot);
                self.try_start(now, events, rec, trace);
            }
            Event::TxEnd => {
                if let Some(job) = self.busy.take() {
                    self.finish(now, job, events, rec, trace);
                }
                self.try_start(now, events, rec, trace);
            }
            Event::Sample => {
                for k in 0..(self.p.snr_traces.min(8) as usize).min(self.channels.len()) {
                    let snr = self.channels[k].snr_db(now);
                    rec.sample(col::SNR0 + k, now, snr);
                }
                if self.latency.count() > 0 {
                    let e = self.quality();
                    rec.sample(col::MOS, now, e.mos);
                    rec.sample(col::R, now, e.r);
                }
                events.schedule(now + self.sample_every, Event::Sample);
            }
        }
    }

    /// ISL hops of the route flow `i` sends on at `now` (0 under the delay source `range`, which
    /// has no route).
    fn route_hops(&self, i: usize, now: SimTime) -> u32 {
        if self.p.delay_source == DelaySource::Range || self.trace_hops.is_empty() {
            return 0;
        }
        let x = now.as_secs_f64() + self.offset_s[i];
        self.trace_hops[(x as usize).min(self.trace_hops.len() - 1)]
    }

    /// Delay from the server to the last satellite for flow `i` sending at `now`.
    fn server_to_satellite(&self, i: usize, now: SimTime) -> SimDuration {
        if self.p.delay_source == DelaySource::Range || self.trace_ms.is_empty() {
            return self.const_delay[i];
        }
        // Linear interpolation in the per-second trace at t + offset.
        let x = now.as_secs_f64() + self.offset_s[i];
        let k = (x as usize).min(self.trace_ms.len() - 1);
        let k1 = (k + 1).min(self.trace_ms.len() - 1);
        let f = (x - k as f64).clamp(0.0, 1.0);
        SimDuration::from_secs_f64((self.trace_ms[k] + f * (self.trace_ms[k1] - self.trace_ms[k])) / 1e3)
    }

    fn drop_packet(
        &mut self,
        now: SimTime,
        pkt: &VoipPacket,
        why: DropReason,
        rec: &mut Recorder,
        trace: &mut PacketTrace,
    ) {
        if pkt.flow == TRACED_FLOW {
            self.traced_waiting = self.traced_waiting.saturating_sub(1);
            let reason = if matches!(why, DropReason::Overflow) { Reason::Overflow } else { Reason::Expired };
            record(trace, now, TraceKind::Drop, pkt.id, SATELLITE, |r| r.reason = Some(reason));
        }
        let (k, column) = match why {
            DropReason::Overflow => (0, col::OVERFLOW),
            // CoDel's drops (FQ-CoDel) are counted with CoDeS's timeouts: both drop a packet
            // for waiting too long.
            DropReason::Timeout | DropReason::Codel => (1, col::TIMEOUT),
        };
        if self.counted(pkt) {
            self.lost[k] += 1;
        }
        rec.count(column, now);
    }

    fn try_start(&mut self, now: SimTime, events: &mut EventQueue<Event>, rec: &mut Recorder, trace: &mut PacketTrace) {
        if self.busy.is_some() {
            return;
        }
        let (slot, first) = if let Some(slot) = self.retx_ready.pop_front() {
            (slot, false)
        } else {
            let channels = &mut self.channels;
            let mut dropped = std::mem::take(&mut self.dropped);
            let (harq, bits, symbol_rate) = (&self.p.harq, self.useful_bits, self.p.link_rate_bps / 2.0);
            let next = match self.p.pf_rate {
                PfRate::MutualInformation => {
                    self.sched.dequeue(now, &mut |flow: usize| channels[flow].mi_bits(now), &mut dropped)
                }
                // A flow in outage keeps a rate of 1 b/s rather than 0, so that when every
                // waiting flow is in outage the link still serves the most starved one (the
                // least average), not the lowest index.
                PfRate::Harq => self.sched.dequeue(
                    now,
                    &mut |flow: usize| harq.delivered_rate_bps(bits, channels[flow].mi_bits(now), symbol_rate).max(1.0),
                    &mut dropped,
                ),
                // The same throughput at the shadowing level: the local mean SNR, the fast
                // fading averaged out (docs/REPRODUCTION.md, paper 000 §V).
                PfRate::Shadowing => self.sched.dequeue(
                    now,
                    &mut |flow: usize| {
                        harq.delivered_rate_bps(bits, channels[flow].shadowing_mi_bits(now), symbol_rate).max(1.0)
                    },
                    &mut dropped,
                ),
            };
            for (pkt, why) in dropped.drain(..) {
                self.drop_packet(now, &pkt, why, rec, trace);
            }
            self.dropped = dropped;
            let Some(pkt) = next else { return };
            let harq = HarqPacket::new(self.useful_bits, &self.p.harq);
            let symbols = harq.first_transmission_symbols();
            if pkt.flow == TRACED_FLOW {
                self.traced_waiting = self.traced_waiting.saturating_sub(1);
                let waited = now.saturating_since(pkt.at_sat);
                record(trace, now, TraceKind::Hop, pkt.id, SATELLITE, |r| {
                    (r.next, r.waited, r.queue_ahead) = (Some(RECEIVER), waited, pkt.ahead);
                });
            }
            let inflight = InFlight { pkt, harq, next_symbols: symbols, nacked: now };
            let slot = match self.free_slots.pop() {
                Some(s) => {
                    self.inflight[s] = Some(inflight);
                    s
                }
                None => {
                    self.inflight.push(Some(inflight));
                    self.inflight.len() - 1
                }
            };
            (slot, true)
        };
        let Some(f) = self.inflight[slot].as_ref() else { return };
        if !first && f.pkt.flow == TRACED_FLOW {
            // A HARQ round: more of the packet, a round trip after the receiver's NACK (paper
            // 000 §II-B's adaptive HARQ).
            let waited = now.saturating_since(f.nacked);
            record(trace, now, TraceKind::Hop, f.pkt.id, SATELLITE, |r| {
                (r.next, r.waited, r.reason) = (Some(RECEIVER), waited, Some(Reason::Nack));
            });
        }
        let (flow, symbols, counted) = (f.pkt.flow as usize, f.next_symbols, self.counted(&f.pkt));
        if counted {
            self.coded_sent_bits += 2.0 * symbols;
            if first {
                self.useful_sent_bits += self.useful_bits;
            }
        }
        // The channel this transmission sees: the receiver's SNR as it starts (a transmission
        // lasts well under the 1 ms fading step).
        let mi = self.channels[flow].mi_bits(now);
        self.busy = Some(Busy { slot, symbols, mi, start: now });
        events.schedule(now + self.tx_time(symbols), Event::TxEnd);
    }

    fn finish(
        &mut self,
        now: SimTime,
        b: Busy,
        events: &mut EventQueue<Event>,
        rec: &mut Recorder,
        trace: &mut PacketTrace,
    ) {
        let Some(mut f) = self.inflight[b.slot].take() else { return };
        let counted = self.counted(&f.pkt);
        let outcome = f.harq.receive_mi(b.symbols, b.mi, &self.p.harq);
        if f.pkt.flow == TRACED_FLOW {
            // Decoded: the receiver has it (the last hop's propagation after); failed after the
            // last round: lost on the link.
            match outcome {
                HarqOutcome::Decoded { .. } => record(trace, now, TraceKind::Deliver, f.pkt.id, RECEIVER, |_| {}),
                HarqOutcome::Dropped => record(trace, now, TraceKind::Drop, f.pkt.id, SATELLITE, |r| {
                    r.reason = Some(Reason::LinkError);
                }),
                HarqOutcome::Nack { .. } => {}
            }
        }
        match outcome {
            HarqOutcome::Decoded { retx } => {
                let delivered = now + self.last_hop;
                let latency_s = delivered.saturating_since(f.pkt.created).as_secs_f64();
                let flow = &mut self.flows[f.pkt.flow as usize];
                // RFC 3550 §6.4.1: J += (|D| - J) / 16, D the change of transit time.
                if let Some(prev) = flow.transit_prev {
                    flow.jitter_s += ((latency_s - prev).abs() - flow.jitter_s) / 16.0;
                }
                flow.transit_prev = Some(latency_s);
                rec.sample(col::LATENCY, now, latency_s * 1e3);
                rec.sample(col::JITTER, now, flow.jitter_s * 1e3);
                rec.sample(col::THROUGHPUT, now, self.useful_bits / 1e3);
                if counted {
                    self.delivered += 1;
                    self.delivered_bits += self.useful_bits;
                    self.retx_hist[retx.min(3) as usize] += 1;
                    // Packets that needed retransmissions were counted at their first NACK.
                    self.first_tx[0] += (retx == 0) as u64;
                    self.first_tx[1] += (retx == 0) as u64;
                    self.latency.push(latency_s);
                    self.latency_hist.record((latency_s * 1e9) as u64);
                }
                self.free_slots.push(b.slot);
            }
            HarqOutcome::Nack { symbols } => {
                if counted && f.harq.transmissions == 1 {
                    self.first_tx[1] += 1;
                }
                f.next_symbols = symbols;
                f.nacked = now;
                self.inflight[b.slot] = Some(f);
                // The next transmission one HARQ round trip after this one started.
                let due = (b.start + SimDuration::from_secs_f64(self.p.harq.round_trip_ms / 1e3)).max(now);
                events.schedule(due, Event::RetxDue(b.slot));
            }
            HarqOutcome::Dropped => {
                if counted {
                    self.lost[2] += 1;
                    self.retx_hist[4] += 1;
                    // With no retransmission allowed, a failed first transmission ends here
                    // rather than in a NACK: it still counts as a first transmission.
                    if f.harq.transmissions == 1 {
                        self.first_tx[1] += 1;
                    }
                }
                rec.count(col::HARQ_DROP, now);
                self.free_slots.push(b.slot);
            }
        }
    }

    fn quality(&self) -> EModelOutput {
        let loss = self.loss_pct().total;
        emodel::voice_quality(
            self.p.codec,
            self.latency.mean() * 1e3,
            if loss.is_finite() { loss } else { 0.0 },
            1.0,
            self.p.advantage,
        )
    }

    fn loss_pct(&self) -> LossBreakdown {
        let pct = |x: u64| if self.sent == 0 { f64::NAN } else { 100.0 * x as f64 / self.sent as f64 };
        LossBreakdown {
            overflow: pct(self.lost[0]),
            timeout: pct(self.lost[1]),
            harq: pct(self.lost[2]),
            total: pct(self.lost.iter().sum()),
        }
    }

    /// Summary of the packets created between the warm-up and `now`.
    pub fn summary(&self, now: SimTime) -> VoipSummary {
        let measured = now.saturating_since(self.start_measure).as_secs_f64();
        let per_s = |x: f64| if measured > 0.0 { x / measured } else { f64::NAN };
        let outcomes: u64 = self.retx_hist.iter().sum();
        let hist_pct =
            self.retx_hist.map(|c| if outcomes == 0 { f64::NAN } else { 100.0 * c as f64 / outcomes as f64 });
        let jitter: Vec<f64> = self.flows.iter().filter(|f| f.transit_prev.is_some()).map(|f| f.jitter_s).collect();
        VoipSummary {
            policy: self.p.policy.label(),
            flows: self.p.flows,
            buffer_pkts: VoipBuffers {
                per_queue: policy::queue_capacity(self.p.policy, self.p.flows as usize, self.p.total_buffer_pkts()),
                total: self.p.total_buffer_pkts(),
            },
            sent: self.sent,
            delivered: self.delivered,
            throughput_kbps: per_s(self.delivered_bits) / 1e3,
            latency_ms: self.latency.mean() * 1e3,
            latency_p95_ms: self.latency_hist.quantile(0.95).map_or(f64::NAN, |ns| ns as f64 / 1e6),
            jitter_ms: if jitter.is_empty() {
                f64::NAN
            } else {
                jitter.iter().sum::<f64>() / jitter.len() as f64 * 1e3
            },
            delay_std_ms: self.latency.variance().sqrt() * 1e3,
            loss_pct: self.loss_pct(),
            harq_retx_pct: hist_pct,
            first_tx_decoded_pct: if self.first_tx[1] == 0 {
                f64::NAN
            } else {
                100.0 * self.first_tx[0] as f64 / self.first_tx[1] as f64
            },
            spectral_efficiency: if self.coded_sent_bits > 0.0 {
                self.useful_sent_bits / self.coded_sent_bits
            } else {
                f64::NAN
            },
            load_mbps: VoipLoad {
                useful: per_s(self.useful_sent_bits) / 1e6,
                coded: per_s(self.coded_sent_bits) / 1e6,
            },
            emodel: self.quality(),
        }
    }
}

/// Records event `kind` of the traced call's packet `id` at `node`, `fill` setting the rest.
fn record(
    trace: &mut PacketTrace,
    now: SimTime,
    kind: TraceKind,
    id: u64,
    node: u32,
    fill: impl FnOnce(&mut TraceRecord),
) {
    if trace.on() {
        let mut r = TraceRecord::new(now, kind, id, id, node);
        fill(&mut r);
        trace.push(r);
    }
}
