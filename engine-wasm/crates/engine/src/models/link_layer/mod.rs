//! The link-layer reliability lab (paper 002 §3.3-3.6): IP packets cut into LLDUs over a
//! Gilbert-Elliott erasure channel (or the modelled physical layer of [`crate::link::phy`], or a
//! channel trace, [`crate::channel::trace`]), with no scheme, FEC, SR-ARQ or HARQ-II, simulated LLDU by
//! LLDU ([`crate::link::lldu`]) beside the closed forms of [`crate::analytic::erasure`]. The
//! series are the channel's state and erasures, the throughput efficiency and the recovery
//! delays; the summary adds the closed forms and the grid of the packet at the head of the line.

pub mod scenario;
pub mod tcp;

use super::{Ctx, Descriptor, Model, ModelSummary};
use crate::analytic::erasure::Timing;
use crate::analytic::erasure::{self as theory, LinkTheory};
use crate::channel::gilbert_elliott::{GeChannel, GeParams};
use crate::channel::trace::{ChannelTrace, TracedErasures};
use crate::kernel::{SimTime, Streams};
use crate::link::lldu::{Erasures, How, LlduLink, Scheme, Source};
use crate::link::phy::FadedPhy;
use crate::metrics::{SeriesInfo, SeriesKind};
use crate::models::Scenario;
use crate::scenario::{FieldError, ScenarioError};
use scenario::{Delivery, LinkLayerScenario, SchemeKind, Traffic};
use serde::Serialize;
use tcp::{TcpLinkSummary, TcpOverLink};

/// The link-layer lab in the registry.
pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "link-layer",
    label: "Link-layer reliability (paper 002)",
    summary_key: "link",
    policy_path: Some("link.scheme"),
    groups: scenario::groups,
    objects: scenario::objects,
    validate: scenario::validate,
    estimated_events: scenario::estimated_events,
    build,
    traces_packets: true,
    sweep_metrics: &[
        super::metric("link.efficiency", "Throughput efficiency (Figs. 5-6, left)", "data LLDUs per slot"),
        super::metric("link.lldu_delay_ms", "Recovery delay (Figs. 5-6, right)", "ms"),
        super::metric("link.residual_loss", "Data LLDUs never recovered", "fraction"),
        super::metric("link.packet_loss", "IP packets lost (47 LLDUs each)", "fraction"),
        super::metric("link.packet_in_order_delay_ms", "IP packet delay, delivered in order", "ms"),
        super::metric("link.tcp.goodput_kbps", "TCP goodput (Figs. 8-10)", "kb/s"),
        super::metric("link.tcp.transfer_s", "TCP download time (Table 3)", "s"),
        super::metric("link.tcp.retransmission_probability", "TCP retransmissions per segment (Table 1)", "fraction"),
    ],
    tools: &[],
    topology_bench: None,
};

/// Series columns: the link's, and with TCP the window and goodput first (their charts lead).
#[derive(Clone, Copy)]
struct Cols {
    bad: usize,
    erased: usize,
    resent: usize,
    efficiency: usize,
    lldu_delay: usize,
    packet_delay: usize,
    packet_loss: usize,
    cwnd: usize,
    goodput: usize,
}

impl Cols {
    fn new(tcp: bool) -> Self {
        let o = if tcp { 2 } else { 0 };
        Cols {
            cwnd: 0,
            goodput: 1,
            bad: o,
            erased: o + 1,
            resent: o + 2,
            efficiency: o + 3,
            lldu_delay: o + 4,
            packet_delay: o + 5,
            packet_loss: o + 6,
        }
    }
}

fn series_info(tcp: bool) -> Vec<SeriesInfo> {
    let s = |id, label, unit, kind, band| SeriesInfo { id, label, unit, kind, chart: "", band };
    let mut v = vec![];
    if tcp {
        v.push(s("cwnd", "TCP congestion window", "segments", SeriesKind::Mean, false));
        v.push(s("goodput_kbps", "TCP goodput", "kb/s", SeriesKind::SumRate, false));
    }
    v.extend([
        s("bad", "Channel in the Bad state", "fraction of LLDUs", SeriesKind::Mean, true),
        s("erased", "LLDUs erased", "fraction of LLDUs", SeriesKind::Mean, false),
        s("resent", "LLDUs sent again (retransmissions, repair rounds)", "fraction of LLDUs", SeriesKind::Mean, false),
        s("efficiency", "Throughput efficiency", "fraction of slots", SeriesKind::SumRate, false),
        s("lldu_delay_ms", "LLDU recovery delay", "ms", SeriesKind::Mean, false),
        s("packet_delay_ms", "IP packet delay", "ms", SeriesKind::Mean, false),
        s("packet_loss", "IP packets lost", "fraction of IP packets", SeriesKind::Mean, false),
    ]);
    v
}

/// The link's scheme as [`crate::link::lldu`] runs it.
pub fn scheme_of(l: &LinkLayerScenario) -> Scheme {
    match l.scheme {
        SchemeKind::None => Scheme::None,
        SchemeKind::Fec => Scheme::Fec { nd: l.fec_nd, nr: l.fec_nr, interleave: l.interleave },
        SchemeKind::Arq => Scheme::Arq { max_retx: l.arq_max_retx },
        SchemeKind::Harq => Scheme::Harq { nd: l.harq_nd, nr: l.harq_nr, ns: l.harq_ns, max_rounds: l.harq_rounds },
    }
}

/// The scheme in words: `HARQ-II 5/7, N_S 1, R 2`.
pub fn scheme_label(s: Scheme) -> String {
    match s {
        Scheme::None => "no scheme".into(),
        Scheme::Fec { nd, nr, interleave: 1 } => format!("FEC {nd}/{}", nd + nr),
        Scheme::Fec { nd, nr, interleave } => format!("FEC {nd}/{}, interleaved {interleave} deep", nd + nr),
        Scheme::Arq { max_retx: None } => "SR-ARQ".into(),
        Scheme::Arq { max_retx: Some(m) } => format!("SR-ARQ, at most {m} retransmissions"),
        Scheme::Harq { nd, nr, ns, max_rounds } => format!("HARQ-II {nd}/{}, N_S {ns}, R {max_rounds}", nd + nr),
    }
}

/// The closed forms for the scenario's link: SkyQueue's ([`LinkTheory`]) and, where paper 002
/// prints one, the paper's as printed.
pub fn theory_of(l: &LinkLayerScenario) -> LinkTheorySummary {
    theory_with(l, l.channel())
}

/// [`theory_of`] for the chain `g` (a trace's: its mean erasure rate and mean erasure run).
pub fn theory_with(l: &LinkLayerScenario, g: GeParams) -> LinkTheorySummary {
    let t = Timing::new(l.rate_bps, l.lldu_bytes, l.rtt_ms / 1e3);
    let (th, printed_delay, printed_efficiency): (LinkTheory, Option<f64>, Option<f64>) = match scheme_of(l) {
        Scheme::None => (theory::none_theory(&g, &t), None, None),
        Scheme::Fec { nd, nr, interleave } => {
            let gi = g.interleaved(interleave);
            let (nd, nr) = (nd as usize, nr as usize);
            (
                theory::fec_theory(&g, nd, nr, interleave, &t),
                Some(theory::fec_recovery_delay_as_printed(&gi, nd, nr, &t)),
                Some(theory::fec_efficiency_as_printed(&gi, nd, nr)),
            )
        }
        Scheme::Arq { max_retx } => (
            theory::arq_theory(&g, max_retx, &t),
            max_retx.is_none().then(|| theory::arq_recovery_delay_as_printed(g.erasure_rate(), l.rtt_ms / 1e3)),
            None,
        ),
        Scheme::Harq { nd, nr, ns, max_rounds } => {
            let (nd, nr, ns, r) = (nd as usize, nr as usize, ns as usize, max_rounds as usize);
            (
                theory::harq_theory(&g, nd, nr, ns, r, &t),
                Some(theory::harq_recovery_delay_as_printed(&g, nd, nr, ns, r, &t)),
                None,
            )
        }
    };
    LinkTheorySummary {
        erasure_rate: g.erasure_rate(),
        mean_burst_lldus: if g.beta < 1.0 { 1.0 / (1.0 - g.beta) } else { f64::INFINITY },
        efficiency: th.efficiency,
        delay_ms: th.delay_s * 1e3,
        residual_loss: th.residual_loss,
        printed_delay_ms: printed_delay.map(|d| d * 1e3),
        printed_efficiency,
    }
}

fn build(s: &Scenario) -> Result<(Box<dyn Model>, Vec<SeriesInfo>), ScenarioError> {
    let l = &s.link;
    let timing = Timing::new(l.rate_bps, l.lldu_bytes, l.rtt_ms / 1e3);
    let rng = Streams::new(s.seed).stream("link.channel");
    let trace = match l.trace() {
        None => None,
        Some(Ok(t)) => Some(t),
        Some(Err((path, m))) => return Err(ScenarioError::Invalid(vec![FieldError::new(path, m)])),
    };
    let (channel, theory, trace_summary) = match (&trace, l.faded()) {
        (Some(t), _) => {
            let how = l.trace_erasures(t);
            let (rate, burst) = how.rate_and_burst(t, l.slot_s());
            let summary = TraceSummary::new(t, rate);
            (
                LinkChannel::Trace(Box::new(TracedErasures::new(t, how, l.slot_s(), rng))),
                theory_with(l, GeParams::with_rate_and_burst(rate, burst)),
                Some(summary),
            )
        }
        (None, Some((code, span_s))) => {
            (LinkChannel::Faded(Box::new(FadedPhy::new(code, span_s, l.es_n0_db, l.slot_s(), rng))), theory_of(l), None)
        }
        (None, None) => (LinkChannel::Chain(GeChannel::new(l.channel(), rng)), theory_of(l), None),
    };
    let scheme = scheme_of(l);
    let with_tcp = l.traffic == Traffic::Tcp;
    let source = if with_tcp { Source::Queue } else { Source::Saturated };
    let tcp = with_tcp.then(|| {
        TcpOverLink::new(
            l.tcp_cc,
            l.tcp_bytes,
            l.packet_bytes,
            l.buffer_pkts,
            l.tcp_rwnd_pkts,
            l.lldus_per_packet(),
            timing.one_way_s,
            SimTime::ZERO,
        )
        .with_cubic_beta(l.tcp_cubic_beta)
    });
    let model = LinkLayerModel {
        link: LlduLink::new(scheme, timing, l.lldus_per_packet(), channel).with_source(source),
        label: scheme_label(scheme),
        theory,
        trace: trace_summary,
        in_order: l.delivery == Delivery::InOrder,
        packet_bits: l.packet_bytes as f64 * 8.0,
        packet_bytes: l.packet_bytes,
        lldus_per_packet: l.lldus_per_packet(),
        last: None,
        tcp,
        tcp_seen: 0,
        goodput_pending_bits: 0.0,
        cols: Cols::new(with_tcp),
    };
    Ok((Box::new(model), series_info(with_tcp)))
}

/// Where the link's erasures come from.
enum LinkChannel {
    /// A Gilbert-Elliott chain (as set, or through §4.1's stated points).
    Chain(GeChannel),
    /// The modelled physical layer (boxed: its fading state is several times the chain's size).
    Faded(Box<FadedPhy>),
    /// A trace (`link.channel_trace`).
    Trace(Box<TracedErasures>),
}

impl Erasures for LinkChannel {
    fn next_lldu(&mut self) -> (bool, bool) {
        match self {
            LinkChannel::Chain(c) => c.next_lldu(),
            LinkChannel::Faded(f) => f.next_lldu(),
            LinkChannel::Trace(t) => t.next_lldu(),
        }
    }
}

/// A running link.
struct LinkLayerModel {
    link: LlduLink<LinkChannel>,
    label: String,
    theory: LinkTheorySummary,
    trace: Option<TraceSummary>,
    in_order: bool,
    packet_bits: f64,
    packet_bytes: u32,
    lldus_per_packet: u32,
    last: Option<PacketGrid>,
    tcp: Option<TcpOverLink>,
    /// Segments the TCP receiver had delivered at the last goodput sample.
    tcp_seen: u64,
    /// File bits delivered in order but not yet drawn in the goodput series (see there).
    goodput_pending_bits: f64,
    cols: Cols,
}

impl LinkLayerModel {
    fn slot_time(&self, slot: u64) -> SimTime {
        SimTime::from_secs_f64(slot as f64 * self.link.timing().slot_s)
    }
}

impl Model for LinkLayerModel {
    fn advance_to(&mut self, t: SimTime, ctx: &mut Ctx) {
        let slot_s = self.link.timing().slot_s;
        let k = self.cols;
        loop {
            if ctx.yield_due() {
                return;
            }
            let at = self.slot_time(self.link.slot());
            if at > t {
                break;
            }
            ctx.now = at;
            ctx.processed += 1;
            let r = &mut ctx.recorder;
            if let Some(tcp) = &mut self.tcp {
                tcp.before_slot(at, &mut self.link, &mut ctx.trace);
            }
            let o = self.link.step();
            if let Some(tcp) = &mut self.tcp {
                tcp.after_slot(at, &self.link, &mut ctx.trace);
            }
            if !o.idle {
                r.sample(k.bad, at, o.bad as u8 as f64);
                r.sample(k.erased, at, o.erased as u8 as f64);
                r.sample(k.resent, at, o.resent as u8 as f64);
            }
            for d in self.link.drain_delays() {
                r.sample(k.efficiency, at, slot_s);
                r.sample(k.lldu_delay, at, d * 1e3);
            }
            for c in self.link.drain_completed() {
                if !self.in_order {
                    r.sample(k.packet_loss, at, !c.delivered as u8 as f64);
                    if c.delivered {
                        r.sample(k.packet_delay, at, c.delay_s * 1e3);
                    }
                    if let Some(tcp) = &mut self.tcp {
                        tcp.on_completed(&c, slot_s, at, &mut ctx.trace);
                    }
                }
            }
            let handed_at = self.link.slot();
            for p in self.link.drain_packets() {
                if self.in_order {
                    r.sample(k.packet_loss, at, p.delay_s.is_none() as u8 as f64);
                    if let Some(d) = p.in_order_delay_s {
                        r.sample(k.packet_delay, at, d * 1e3);
                    }
                    if let Some(tcp) = &mut self.tcp {
                        let c = crate::link::lldu::Completed {
                            seq: p.seq,
                            delivered: p.delay_s.is_some(),
                            at_slot: handed_at,
                            delay_s: p.in_order_delay_s.unwrap_or(f64::NAN),
                        };
                        tcp.on_completed(&c, slot_s, at, &mut ctx.trace);
                    }
                }
                let d = if self.in_order { p.in_order_delay_s } else { p.delay_s };
                self.last = Some(PacketGrid { seq: p.seq, lldus: p.lldus, delay_ms: d.map(|d| d * 1e3) });
            }
            if let Some(tcp) = &self.tcp {
                // The window's chart ends with the transfer: after the file's last segment the
                // window no longer means anything (it stays where the last ACK left it).
                if !tcp.done() {
                    r.sample(k.cwnd, at, tcp.cwnd());
                }
                // Goodput: file bits delivered in order to the receiver. A hole repaired by a
                // retransmission releases every segment held behind it in one slot, bits that
                // crossed the link over the slots before; counted there, a 0.1 s bucket showed
                // 1,200 kb/s on a 263 kb/s link. They are drawn at most one LLDU's share of a
                // packet per slot (no more can cross the link in a slot), so no bucket's rate
                // exceeds the link's and the series still sums to the file.
                let delivered = tcp.delivered();
                if delivered > self.tcp_seen {
                    self.goodput_pending_bits += (delivered - self.tcp_seen) as f64 * self.packet_bits;
                    self.tcp_seen = delivered;
                }
                if self.goodput_pending_bits > 0.0 {
                    let bits = self.goodput_pending_bits.min(self.packet_bits / self.lldus_per_packet as f64);
                    self.goodput_pending_bits -= bits;
                    r.sample(k.goodput, at, bits / 1e3);
                }
            }
        }
    }

    /// The next slot: every slot is an event (TCP's are handled at slot boundaries).
    fn next_event(&self) -> Option<SimTime> {
        Some(self.slot_time(self.link.slot()))
    }

    /// The next slot while the link has LLDUs to send, else the flow's next arrival or timer.
    fn next_packet_event(&self) -> Option<SimTime> {
        let tcp = self.tcp.as_ref()?;
        let slot = self.slot_time(self.link.slot());
        if self.link.backlog_lldus() > 0 || self.link.head_packet().is_some() {
            return Some(slot);
        }
        tcp.next_packet_event().map(|t| t.max(slot))
    }

    fn trace_nodes(&self) -> Vec<String> {
        if self.tcp.is_some() {
            TcpOverLink::trace_nodes()
        } else {
            vec![]
        }
    }

    /// Packets are traced only when a TCP flow feeds the link (the saturated source's packets
    /// are the link's own, with no ends to follow).
    fn traces_packets(&self) -> bool {
        self.tcp.is_some()
    }

    fn summary(&mut self, now: SimTime) -> Box<dyn ModelSummary> {
        let t = self.link.totals();
        let ratio = |a: f64, b: f64| if b > 0.0 { a / b } else { f64::NAN };
        let (slots, data) = (t.slots as f64, (t.delivered + t.lost) as f64);
        let packets = (t.packets + t.packets_lost) as f64;
        let head = self.link.head_packet().map(|(seq, lldus)| PacketGrid { seq, lldus, delay_ms: None });
        Box::new(LinkSummary {
            scheme: self.label.clone(),
            slots: t.slots,
            slot_us: self.link.timing().slot_s * 1e6,
            feedback_slots: self.link.timing().feedback_slots,
            lldus_per_packet: self.lldus_per_packet,
            bad_fraction: ratio(t.bad as f64, slots),
            erased_fraction: ratio(t.erased as f64, slots),
            resent_fraction: ratio(t.resent as f64, slots),
            efficiency: ratio(t.delivered as f64, slots),
            lldu_delay_ms: ratio(t.delay_sum_s * 1e3, t.delivered as f64),
            residual_loss: ratio(t.lost as f64, data),
            packets: t.packets,
            packets_lost: t.packets_lost,
            packet_loss: ratio(t.packets_lost as f64, packets),
            packet_delay_ms: ratio(t.packet_delay_sum_s * 1e3, t.packets as f64),
            packet_in_order_delay_ms: ratio(t.packet_in_order_delay_sum_s * 1e3, t.packets_in_order as f64),
            goodput_mbps: match &self.tcp {
                // One definition with the TCP table's: the file's bits over the transfer's time.
                Some(f) => f.summary(now, self.packet_bytes).goodput_kbps / 1e3,
                None => ratio(t.packets as f64 * self.packet_bits / 1e6, now.as_secs_f64()),
            },
            theory: self.theory.clone(),
            channel_trace: self.trace.clone(),
            head,
            last: self.last.clone(),
            tcp: self.tcp.as_ref().map(|f| f.summary(now, self.packet_bytes)),
        })
    }
}

/// The closed forms for the run's link ([`crate::analytic::erasure`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct LinkTheorySummary {
    /// The chain's mean erasure probability (paper 002 eq. 3's p when P_G = 0, P_B = 1).
    pub erasure_rate: f64,
    /// Mean length of a Bad period, 1 / (1 − β) [LLDUs].
    pub mean_burst_lldus: f64,
    /// Data LLDUs delivered per LLDU sent (SkyQueue's closed form for this link).
    pub efficiency: f64,
    /// Mean recovery delay of a delivered data LLDU, one-way time included [ms].
    pub delay_ms: f64,
    /// Fraction of data LLDUs never delivered.
    pub residual_loss: f64,
    /// The paper's own delay formula as printed, where it has one (eq. 2 for FEC, §3.5.3 for
    /// ARQ without limit, §3.5.4 for HARQ-II) [ms]; see docs/REPRODUCTION.md for its errata.
    pub printed_delay_ms: Option<f64>,
    /// FEC: eq. 1 as printed.
    pub printed_efficiency: Option<f64>,
}

/// The channel trace a run reads.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct TraceSummary {
    /// Its column: `erased` or `es_n0_db`.
    pub column: String,
    /// Samples.
    pub samples: usize,
    /// Time it spans before it loops [s].
    pub span_s: f64,
    /// Mean erasure probability over its span, as the run reads it.
    pub erasure_rate: f64,
}

impl TraceSummary {
    fn new(t: &ChannelTrace, erasure_rate: f64) -> Self {
        TraceSummary { column: t.kind.column().into(), samples: t.t_s.len(), span_s: t.span_s, erasure_rate }
    }
}

/// One IP packet's LLDUs: 0 arrived at once, 1 + r recovered after r repair rounds or
/// retransmissions (1: by the first transmission's repair LLDUs), 250 erased and waiting, 251
/// not sent yet, 255 lost.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct PacketGrid {
    /// The packet's sequence number (0, 1, ...).
    pub seq: u64,
    /// How each of its LLDUs stands.
    pub lldus: Vec<How>,
    /// Its delay as the run delivers (in order or not) [ms]; null while open or when lost.
    pub delay_ms: Option<f64>,
}

/// What the link has done so far, beside its closed forms.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct LinkSummary {
    /// The scheme in words (`HARQ-II 5/7, N_S 1, R 2`).
    pub scheme: String,
    /// LLDUs sent (one per slot).
    pub slots: u64,
    /// Time to send one LLDU [µs].
    pub slot_us: f64,
    /// The round trip in slots.
    pub feedback_slots: u64,
    /// Data LLDUs per IP packet.
    pub lldus_per_packet: u32,
    /// Fraction of slots in the Bad state.
    pub bad_fraction: f64,
    /// Fraction of LLDUs erased.
    pub erased_fraction: f64,
    /// Fraction of LLDUs that were retransmissions or later repair rounds.
    pub resent_fraction: f64,
    /// Data LLDUs delivered per LLDU sent.
    pub efficiency: f64,
    /// Mean recovery delay of the delivered data LLDUs, one-way time included [ms].
    pub lldu_delay_ms: f64,
    /// Fraction of data LLDUs given up.
    pub residual_loss: f64,
    /// IP packets delivered.
    pub packets: u64,
    /// IP packets lost.
    pub packets_lost: u64,
    /// Fraction of IP packets lost.
    pub packet_loss: f64,
    /// Mean delay of the delivered packets, each on its own [ms].
    pub packet_delay_ms: f64,
    /// Mean delay of the delivered packets in order [ms].
    pub packet_in_order_delay_ms: f64,
    /// Goodput [Mb/s]: useful bits delivered once, over the time the traffic ran. With TCP the
    /// TCP table's `goodput_kbps` (the file's segments delivered in order, from the start to
    /// the last one, or to now while the file is coming); with a saturating source the IP
    /// packets delivered over the run.
    pub goodput_mbps: f64,
    /// The closed forms.
    pub theory: LinkTheorySummary,
    /// The channel trace the run reads, if any (`link.channel_trace`).
    pub channel_trace: Option<TraceSummary>,
    /// The oldest packet not yet handed up.
    pub head: Option<PacketGrid>,
    /// The last packet handed up (or lost).
    pub last: Option<PacketGrid>,
    /// The TCP flow, when one feeds the link.
    pub tcp: Option<TcpLinkSummary>,
}

super::model_summary!(LinkSummary, |l| {
    let th = &l.theory;
    let mut lines = vec![];
    if let Some(t) = &l.channel_trace {
        lines.push(format!(
            "channel: trace ({}), {} samples, {} s (looped), erasing {:.4} of the LLDUs",
            t.column, t.samples, t.span_s, t.erasure_rate
        ));
    }
    lines.extend([
        format!("{}: {} LLDUs of {:.1} µs, {:.4} erased ({:.4} in theory), {:.4} sent again", l.scheme, l.slots, l.slot_us, l.erased_fraction, th.erasure_rate, l.resent_fraction),
        format!("efficiency {:.4} (closed form {:.4}); LLDU recovery delay {:.2} ms (closed form {:.2}); residual loss {:.5}", l.efficiency, th.efficiency, l.lldu_delay_ms, th.delay_ms, l.residual_loss),
        format!("{} IP packets delivered, {} lost ({:.4}); delay {:.2} ms, in order {:.2} ms; goodput {:.3} Mb/s", l.packets, l.packets_lost, l.packet_loss, l.packet_delay_ms, l.packet_in_order_delay_ms, l.goodput_mbps),
    ]);
    if let Some(t) = &l.tcp {
        let s = |x: Option<f64>| x.map_or("–".into(), |v| format!("{v:.2}"));
        lines.push(format!(
            "TCP {}: goodput {:.1} kb/s{}, {} segments sent, {} retransmitted ({:.5}, at most {} of one), {} timeouts, {} buffer drops; delay min / 85 % / 99 % {} / {} / {} s",
            t.cc, t.goodput_kbps, t.transfer_s.map_or(String::new(), |x| format!(", file in {x:.2} s")), t.segments_sent, t.retransmits, t.retransmission_probability, t.max_retransmissions, t.timeouts, t.buffer_drops, s(t.delay_min_s), s(t.delay_p85_s), s(t.delay_p99_s)
        ));
    }
    lines
});

#[cfg(test)]
mod paper_tests;
#[cfg(test)]
mod tests;
