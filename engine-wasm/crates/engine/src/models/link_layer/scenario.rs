//! The link-layer reliability lab's part of a scenario (paper 002 §3.3-3.6): the erasure
//! channel, the scheme and its codes, and the link's clock.

use crate::channel::gilbert_elliott::GeParams;
use crate::channel::trace::{self, ChannelTrace, SampleErasures, TraceKind};
use crate::link::phy;
use crate::models::Scenario;
use crate::scenario::fields::*;
use crate::scenario::validate::{duration_ok, Checker};
use crate::sim::{num, WorkEstimate};
use crate::transport::congestion::CcKind;
use serde::{Deserialize, Serialize};
use serde_json::json;

/// The link layer's reliability scheme (paper 002 §3.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SchemeKind {
    /// Every LLDU sent once.
    None,
    /// FEC(`fec_nd`/`fec_nr`), interleaved `interleave` blocks deep.
    Fec,
    /// Selective-repeat ARQ, at most `arq_max_retx` retransmissions.
    Arq,
    /// HARQ-II: FEC(`harq_nd`/`harq_nr`), then `harq_rounds` rounds of the missing LLDUs plus
    /// `harq_ns`.
    Harq,
}

/// Where the erasures come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phy {
    /// The chain as given by `alpha`, `beta`, `erase_good`, `erase_bad` (paper 002 §3).
    GilbertElliott,
    /// Paper 002 §4.1's Distribution scenario at `es_n0_db`: 36 ms physical interleaving, PER
    /// 1e-2 at 14 dB.
    Distribution,
    /// The Interleaved Internet scenario: 36 ms interleaving, PER 1e-1 at 5 dB, 1e-2 at 8 dB.
    InterleavedInternet,
    /// The Non-interleaved Internet scenario: PER 1e-1 at 5 dB, 1e-2 at 12 dB.
    NonInterleavedInternet,
}

/// How a §4.1 scenario's erasures are made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PhyModel {
    /// A Gilbert-Elliott chain through §4.1's stated PER points, each fade erasing `erase_bad`
    /// of its span's LLDUs.
    StatedPoints,
    /// Each LLDU decoded from the Rayleigh fade its codeword saw (through the 36 ms interleaver
    /// or not) against a short turbo code's waterfall ([`crate::link::phy`]).
    Faded,
}

/// The physical layer's interleaving span in paper 002 §4.1's interleaved scenarios [s].
pub const PHY_INTERLEAVING_S: f64 = phy::INTERLEAVER_S;
/// Maximum Doppler frequency of §4.1's mobile (60 km/h in S band, 2.2 GHz) [Hz].
pub const PHY_DOPPLER_HZ: f64 = phy::DOPPLER_HZ;

impl Phy {
    /// The modelled physical layer's code and interleaver span [s] (0: none).
    pub fn code(self) -> Option<(phy::Code, f64)> {
        match self {
            Phy::GilbertElliott => None,
            Phy::Distribution => Some((phy::distribution_code(), PHY_INTERLEAVING_S)),
            Phy::InterleavedInternet => Some((phy::internet_code(), PHY_INTERLEAVING_S)),
            Phy::NonInterleavedInternet => Some((phy::internet_code(), 0.0)),
        }
    }

    /// The LLDU erasure probability at `es_n0_db`: log-linear in Es/N0 through the points §4.1
    /// states for the scenario (SkyQueue reads Fig. 7 from them; the turbo codes are not
    /// modelled), within [1e-6, 0.5].
    pub fn per(self, es_n0_db: f64) -> Option<f64> {
        // (Es/N0 [dB], log10 PER) at two points.
        let ((x0, y0), (x1, y1)) = match self {
            Phy::GilbertElliott => return None,
            // One stated point (14 dB, "slightly lower than 1e-2"), the interleaved slope.
            Phy::Distribution => ((14.0, -2.0), (17.0, -3.0)),
            Phy::InterleavedInternet => ((5.0, -1.0), (8.0, -2.0)),
            Phy::NonInterleavedInternet => ((5.0, -1.0), (12.0, -2.0)),
        };
        let y = y0 + (es_n0_db - x0) * (y1 - y0) / (x1 - x0);
        Some(crate::kernel::math::pow(10.0, y).clamp(1e-6, 0.5))
    }

    /// Mean length of an erasure burst [LLDU slots of `slot_s`]: with physical interleaving,
    /// the interleaver's span (every LLDU decoded from one span shares its fate); without, the
    /// average duration of a Rayleigh fade below the level that gives `per` (Jakes: (e^{ρ²} −
    /// 1) / (ρ f_d √(2π)), ρ² = −ln(1 − PER)). At least one slot.
    pub fn burst_slots(self, per: f64, slot_s: f64) -> f64 {
        let span_s = match self {
            Phy::NonInterleavedInternet => {
                let r2 = -crate::kernel::math::ln(1.0 - per);
                (crate::kernel::math::exp(r2) - 1.0)
                    / (r2.sqrt() * PHY_DOPPLER_HZ * (2.0 * core::f64::consts::PI).sqrt())
            }
            _ => PHY_INTERLEAVING_S,
        };
        (span_s / slot_s).max(1.0)
    }
}

/// What feeds the link.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Traffic {
    /// Always another IP packet to send: the link layer alone (paper 002 §3).
    Saturated,
    /// One TCP flow (an FTP transfer, paper 002 §5-7) through the link's buffer.
    Tcp,
}

/// How IP packets go up from the link layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Delivery {
    /// In sequence: a packet waits for every packet before it (delivered or given up).
    InOrder,
    /// As soon as its own LLDUs are all there.
    OutOfOrder,
}

/// A satellite link carrying IP packets as LLDUs over a Gilbert-Elliott erasure channel, with
/// one of paper 002's reliability schemes. The sender is saturated (always a packet to send).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LinkLayerScenario {
    /// Reliability scheme: `none`, `fec`, `arq` or `harq`.
    pub scheme: SchemeKind,
    /// Where the erasures come from: `gilbert-elliott` (alpha, beta as given) or one of paper
    /// 002 §4.1's scenarios at `es_n0_db` (`distribution`, `interleaved-internet`,
    /// `non-interleaved-internet`), whose chain SkyQueue derives.
    pub phy: Phy,
    /// How a §4.1 scenario's erasures are made: `stated-points` (a chain through §4.1's
    /// stated PER points) or `faded` (modelled fading and decoding).
    pub phy_model: PhyModel,
    /// Es/N0 of a §4.1 scenario [dB].
    pub es_n0_db: f64,
    /// α: probability that the channel stays Good from one LLDU to the next.
    pub alpha: f64,
    /// β: probability that it stays Bad (mean burst 1 / (1 − β) LLDUs).
    pub beta: f64,
    /// Erasure probability of an LLDU sent in the Good state (paper 002: 0).
    pub erase_good: f64,
    /// Erasure probability in the Bad state (paper 002: 1).
    pub erase_bad: f64,
    /// A channel trace (CSV, [`crate::channel::trace`]) that replaces the chain: `t_s,erased`
    /// (each LLDU's erasure against time) or `t_s,es_n0_db` (Es/N0 against time, read through
    /// `phy` and `phy_model`); `null`: none.
    pub channel_trace: Option<String>,
    /// Round trip time of the link [ms] (paper 002 §3.6: 500).
    pub rtt_ms: f64,
    /// Link rate [bit/s] (paper 002 §4's Distribution scenario: 2.34 Mb/s).
    pub rate_bps: f64,
    /// LLDU size [bytes], one of them header (paper 002: 33; a 1500-byte packet is 47 LLDUs).
    pub lldu_bytes: u32,
    /// IP packet size [bytes].
    pub packet_bytes: u32,
    /// FEC: data LLDUs per block, N_D (paper 002 Fig. 5: 10).
    pub fec_nd: u32,
    /// FEC: repair LLDUs per block, N_R (Fig. 5's code 10/12: 2).
    pub fec_nr: u32,
    /// FEC: blocks interleaved, sent column by column (1: none).
    pub interleave: u32,
    /// ARQ: most retransmissions of an LLDU; `null`: until it arrives.
    pub arq_max_retx: Option<u32>,
    /// HARQ-II: data LLDUs per block, N_D (Fig. 5: 5).
    pub harq_nd: u32,
    /// HARQ-II: repair LLDUs of the first transmission, N_R (Fig. 5's 5/7: 2).
    pub harq_nr: u32,
    /// HARQ-II: repair LLDUs added to each request, N_S.
    pub harq_ns: u32,
    /// HARQ-II: most repair rounds, R (paper 002 Fig. 6: 2).
    pub harq_rounds: u32,
    /// IP packets go up in order or out of order (the packet delay series follows it, and so
    /// does what a TCP receiver gets).
    pub delivery: Delivery,
    /// What feeds the link: `saturated` (the link layer alone) or `tcp` (one TCP flow).
    pub traffic: Traffic,
    /// TCP: congestion control.
    pub tcp_cc: CcKind,
    /// TCP: bytes of the file; `null`: unlimited (FTP bulk).
    pub tcp_bytes: Option<u64>,
    /// TCP: the link's drop-tail buffer [IP packets waiting to be sent].
    pub buffer_pkts: u32,
    /// TCP: the receiver's window [segments].
    pub tcp_rwnd_pkts: u32,
    /// TCP: CUBIC's multiplicative decrease β (RFC 8312: 0.7, the default; paper 002 §5's
    /// Linux: 0.8).
    pub tcp_cubic_beta: f64,
}

impl Default for LinkLayerScenario {
    fn default() -> Self {
        LinkLayerScenario {
            scheme: SchemeKind::Harq,
            phy: Phy::GilbertElliott,
            phy_model: PhyModel::StatedPoints,
            es_n0_db: 14.0,
            alpha: 0.99,
            beta: 0.9,
            erase_good: 0.0,
            erase_bad: 1.0,
            channel_trace: None,
            rtt_ms: 500.0,
            rate_bps: 2.34e6,
            lldu_bytes: 33,
            packet_bytes: 1500,
            fec_nd: 10,
            fec_nr: 2,
            interleave: 1,
            arq_max_retx: None,
            harq_nd: 5,
            harq_nr: 2,
            harq_ns: 1,
            harq_rounds: 2,
            delivery: Delivery::InOrder,
            traffic: Traffic::Saturated,
            tcp_cc: CcKind::Cubic,
            tcp_bytes: None,
            buffer_pkts: 1000,
            tcp_rwnd_pkts: 1000,
            tcp_cubic_beta: crate::transport::congestion::CUBIC_BETA,
        }
    }
}

impl LinkLayerScenario {
    /// The modelled physical layer, when a §4.1 scenario is run with `phy_model` `faded`.
    pub fn faded(&self) -> Option<(phy::Code, f64)> {
        if self.phy_model == PhyModel::Faded {
            self.phy.code()
        } else {
            None
        }
    }

    /// LLDU slot [s].
    pub fn slot_s(&self) -> f64 {
        self.lldu_bytes.max(1) as f64 * 8.0 / self.rate_bps
    }

    /// The chain: as given; for a modelled §4.1 physical layer, the chain with the same
    /// erasure rate and mean erasure run ([`phy::equivalent_chain`], what the closed forms
    /// use); or derived from a §4.1 scenario's stated PER at `es_n0_db` and its burst
    /// length: β = 1 − 1 / burst, P_G = 0, P_B = `erase_bad` (1: a faded span erases every
    /// LLDU), and α such that the Bad state's share p = (1 − α) / (2 − α − β) is PER / P_B.
    pub fn channel(&self) -> GeParams {
        self.channel_at(self.es_n0_db)
    }

    /// [`LinkLayerScenario::channel`] at another Es/N0 (a trace's sample) [dB].
    pub fn channel_at(&self, es_n0_db: f64) -> GeParams {
        if let Some((code, span_s)) = self.faded() {
            return phy::equivalent_chain(code, span_s, es_n0_db, self.slot_s());
        }
        match self.phy.per(es_n0_db) {
            None => {
                GeParams { alpha: self.alpha, beta: self.beta, erase_good: self.erase_good, erase_bad: self.erase_bad }
            }
            Some(per) => {
                // Bad spans erase each LLDU with probability P_B (`erase_bad`): the chain is Bad
                // a fraction PER / P_B of the time.
                let beta = 1.0 - 1.0 / self.phy.burst_slots(per, self.slot_s());
                let p = (per / self.erase_bad.max(1e-6)).min(0.99);
                let alpha = 1.0 - p * (1.0 - beta) / (1.0 - p);
                GeParams { alpha, beta, erase_good: 0.0, erase_bad: self.erase_bad }
            }
        }
    }

    /// The channel trace, parsed; `Err` names the field and what is wrong.
    pub fn trace(&self) -> Option<Result<ChannelTrace, (&'static str, String)>> {
        let text = self.channel_trace.as_deref()?;
        Some(ChannelTrace::parse(text).map_err(|m| ("link.channel_trace", m)).and_then(|t| {
            if t.kind == TraceKind::EsN0Db && self.phy == Phy::GilbertElliott {
                Err(("link.phy", "an Es/N0 trace (`t_s,es_n0_db`) is read through a §4.1 scenario's physical layer: choose `distribution`, `interleaved-internet` or `non-interleaved-internet`, or give an `erased` trace".into()))
            } else {
                Ok(t)
            }
        }))
    }

    /// How each sample of `trace` erases LLDUs: an `erased` sample is each LLDU's erasure
    /// probability; an Es/N0 sample is read through the §4.1 scenario `phy` as `phy_model`
    /// says: with `stated-points`, the chain [`LinkLayerScenario::channel_at`] derives at that
    /// Es/N0 from §4.1's stated PER points (the sample is the local mean Es/N0, the fades
    /// inside it the chain's); with `faded`, the sample is the Es/N0 a codeword saw (after the
    /// physical interleaver, if any) and each LLDU is erased with the code's AWGN waterfall
    /// probability there ([`phy::waterfall_per`]: the trace takes the place of the modelled
    /// Rayleigh fade).
    pub fn trace_erasures(&self, trace: &ChannelTrace) -> SampleErasures {
        match (trace.kind, self.phy_model, self.phy.code()) {
            (TraceKind::Erased, _, _) | (_, _, None) => SampleErasures::Probability(trace.values.clone()),
            (TraceKind::EsN0Db, PhyModel::StatedPoints, Some(_)) => {
                SampleErasures::Chain(trace.values.iter().map(|&v| self.channel_at(v)).collect())
            }
            (TraceKind::EsN0Db, PhyModel::Faded, Some((code, _))) => SampleErasures::Probability(
                trace.values.iter().map(|&v| phy::waterfall_per(v, code.threshold_db, code.sigma_db)).collect(),
            ),
        }
    }

    /// Data LLDUs per IP packet: the packet over the LLDUs' payload (one byte of each is header).
    pub fn lldus_per_packet(&self) -> u32 {
        self.packet_bytes.div_ceil(self.lldu_bytes.saturating_sub(1).max(1))
    }
}

/// Most LLDU slots in one run (about 20 s of work natively).
pub const MAX_SLOTS: f64 = 2e8;
/// Most erasures the channel may make on average: above it almost nothing gets through, and
/// unlimited ARQ holds an ever longer backlog.
pub const MAX_ERASURE_RATE: f64 = 0.9;

/// The rules joining fields (ranges are in [`groups`]).
pub fn validate(s: &Scenario, c: &mut Checker) {
    let l = &s.link;
    let in_unit = |x: f64| (0.0..=1.0).contains(&x);
    match l.trace() {
        Some(Err((path, m))) => c.push(path, m),
        Some(Ok(t)) => {
            if l.rate_bps.is_finite() && l.rate_bps > 0.0 && l.lldu_bytes >= 2 {
                let (e, _) = l.trace_erasures(&t).rate_and_burst(&t, l.slot_s());
                if e > MAX_ERASURE_RATE {
                    c.push(
                        "link.channel_trace",
                        format!("the trace erases {e:.3} of the LLDUs, above the maximum {MAX_ERASURE_RATE}"),
                    );
                }
            }
            // The trace replaces the chain and the modelled fade: their checks do not apply.
            return duration_check(s, c);
        }
        None => {}
    }
    if l.phy == Phy::GilbertElliott
        && in_unit(l.alpha)
        && in_unit(l.beta)
        && in_unit(l.erase_good)
        && in_unit(l.erase_bad)
        && l.alpha > 0.0
    {
        let e = l.channel().erasure_rate();
        if e > MAX_ERASURE_RATE {
            c.push("link.beta", format!("with α {} and β {} the channel erases {:.3} of the LLDUs, above the maximum {MAX_ERASURE_RATE}; lower β or raise α", l.alpha, l.beta, e));
        }
    }
    if let Some((code, span_s)) = l.faded() {
        if l.es_n0_db.is_finite() && (-10.0..=40.0).contains(&l.es_n0_db) {
            let e = phy::mean_per(code, span_s, l.es_n0_db, 500);
            if e > MAX_ERASURE_RATE {
                c.push("link.es_n0_db", format!("at {} dB the modelled physical layer erases {e:.3} of the LLDUs, above the maximum {MAX_ERASURE_RATE}; raise Es/N0", l.es_n0_db));
            }
        }
    }
    duration_check(s, c);
}

/// At most [`MAX_SLOTS`] LLDU slots per run.
fn duration_check(s: &Scenario, c: &mut Checker) {
    let l = &s.link;
    if duration_ok(s.duration_s) && l.rate_bps.is_finite() && l.rate_bps > 0.0 && l.lldu_bytes >= 2 {
        let slots = s.duration_s * l.rate_bps / (8.0 * l.lldu_bytes as f64);
        if slots > MAX_SLOTS {
            c.push("duration_s", format!("{} s at {} bit/s is {slots:.3e} LLDUs, above the maximum {MAX_SLOTS:.0e} per run; a shorter run or a lower rate", s.duration_s, l.rate_bps));
        }
    }
}

/// The groups of fields the parameter panel shows for this model, with their ranges.
pub fn groups() -> Vec<Group> {
    vec![
        Group {
            title: "Erasure channel (Gilbert-Elliott)",
            fields: vec![
                choice("link.phy", "Erasures", &[("gilbert-elliott", "Gilbert-Elliott, α and β as set"), ("distribution", "Distribution scenario"), ("interleaved-internet", "Interleaved Internet scenario"), ("non-interleaved-internet", "Non-interleaved Internet scenario")], "The chain as set below (paper 002 §3), or derived from one of §4.1's physical-layer scenarios at the Es/N0 below: its packet error ratio, and bursts as long as the 36 ms interleaver (or, without it, a fade at 60 km/h)."),
                choice("link.phy_model", "Physical layer", &[("stated-points", "stated PER points"), ("faded", "modelled fading and code")], "For a §4.1 scenario: a Gilbert-Elliott chain through §4.1's stated PER points whose fades erase a share 'Erasure in Bad' of their 36 ms span; or each LLDU decoded from the Rayleigh fade (60 km/h) its codeword saw, through the interleaver or not, against a short turbo code fitted to those points, so that a fade near the threshold erases some of its LLDUs.").applies_when("link.phy", &[json!("distribution"), json!("interleaved-internet"), json!("non-interleaved-internet")]),
                real("link.es_n0_db", "Es/N0", Some("dB"), -10.0, 40.0, "Signal-to-noise ratio of a §4.1 scenario (Distribution: 14; Internet: 5 to 8, or 12 without interleaving); unused with Gilbert-Elliott.").applies_when("link.phy", &[json!("distribution"), json!("interleaved-internet"), json!("non-interleaved-internet")]),
                real("link.alpha", "α: stay Good", None, 0.0, 1.0, "Probability that the channel stays Good from one LLDU to the next (paper 002 Fig. 5: 0.99, Fig. 6: 0.98).").above_min().applies_when("link.phy", &[json!("gilbert-elliott")]),
                real("link.beta", "β: stay Bad", None, 0.0, 0.9999, "Probability that it stays Bad: bursts of 1 / (1 − β) LLDUs on average (Fig. 5: 0.1 to 0.98).").applies_when("link.phy", &[json!("gilbert-elliott")]),
                real("link.erase_good", "Erasure in Good", None, 0.0, 1.0, "Probability that an LLDU sent in the Good state is erased (paper 002: 0).").applies_when("link.phy", &[json!("gilbert-elliott")]),
                text("link.channel_trace", "Channel trace (CSV)", "A trace that replaces the channel (e.g. a physical-layer simulator's output): a header `t_s,erased` (each row a time [s] and the erasure probability of the LLDUs sent from then on, 0 or 1) or `t_s,es_n0_db` (Es/N0 [dB] from then on, read through the §4.1 scenario chosen above: with stated PER points as the local mean Es/N0, with the modelled physical layer as the Es/N0 each codeword saw), then one row per sample. Times start at 0 and increase, up to 10000000 s; each sample holds until the next, the last as long as the one before it; past its end the trace starts again. Lines starting with # are comments. At most 200000 samples.")
                    .max_chars(trace::MAX_CHARS, true)
                    .null_means("none: the channel above"),
                real("link.erase_bad", "Erasure in Bad", None, 0.0, 1.0, "Probability that an LLDU sent in the Bad state is erased (paper 002: 1); with a §4.1 scenario and the stated-points physical layer, the share of the LLDUs a faded span erases."),
            ],
        },
        Group {
            title: "Link",
            fields: vec![
                choice("link.scheme", "Reliability", &[("none", "none"), ("fec", "FEC"), ("arq", "ARQ (selective repeat)"), ("harq", "HARQ-II")], "What the link layer does about erasures (paper 002 §3.5).").short_names(&["none", "FEC", "ARQ", "HARQ-II"]),
                real("link.rtt_ms", "Round trip", Some("ms"), 0.0, 10_000.0, "Round trip time of the link; a retransmission or repair round comes one round trip after the LLDUs it answers (paper 002: 500)."),
                real("link.rate_bps", "Link rate", Some("bit/s"), 1e3, 1e10, "Bits per second: one LLDU per slot of LLDU size / rate (paper 002 §4: 2.34 Mb/s).").above_min(),
                int("link.lldu_bytes", "LLDU", "u32", Some("bytes"), 2, 10_000, "Size of a link-layer data unit, one byte of it header (paper 002: 33, so a 1500-byte packet is 47 LLDUs)."),
                int("link.packet_bytes", "IP packet", "u32", Some("bytes"), 1, 65_535, "Size of the IP packets cut into LLDUs."),
                choice("link.delivery", "Delivery to IP", &[("in-order", "in order"), ("out-of-order", "out of order")], "In order, a packet waits for those before it; the packet delay chart and a TCP receiver follow this choice (paper 002's link hands up out of order)."),
            ],
        },
        Group {
            title: "Traffic",
            fields: vec![
                choice("link.traffic", "Traffic", &[("saturated", "saturated: the link layer alone"), ("tcp", "one TCP flow (FTP)")], "What feeds the link: always another packet (paper 002 §3), or one TCP sender through the link's buffer (§5-7)."),
                choice("link.tcp_cc", "TCP congestion control", &CcKind::choices(), "The TCP sender's congestion control; SACK, an initial window of 10, ns-2's TCP-Linux timer rules.").applies_when("link.traffic", &[json!("tcp")]),
                int("link.tcp_bytes", "TCP file size", "u64", Some("bytes"), 1, 10_000_000_000, "Bytes to send (paper 002 Table 3: 0.1 Mb = 12500); empty for an unlimited FTP transfer.").null_means("unlimited").applies_when("link.traffic", &[json!("tcp")]),
                int("link.buffer_pkts", "Link buffer", "u32", Some("packets"), 1, 100_000, "IP packets the link may hold waiting to be sent; a segment arriving at a full buffer is dropped.").applies_when("link.traffic", &[json!("tcp")]),
                int("link.tcp_rwnd_pkts", "TCP receiver window", "u32", Some("segments"), 1, 100_000, "Most segments outstanding; the congestion window stops growing there (1000 segments of 1500 bytes: 1.5 MB).").applies_when("link.traffic", &[json!("tcp")]),
                real("link.tcp_cubic_beta", "CUBIC β", None, 0.01, 0.99, "CUBIC multiplies its window by β on a loss: 0.7 in RFC 8312; 0.8 in the Linux of paper 002 §5 (\"CUBIC decreases its congestion window by multiplying it by 0.8\").").applies_when("link.tcp_cc", &[json!("cubic")]),
            ],
        },
        Group {
            title: "Codes",
            fields: vec![
                int("link.fec_nd", "FEC data N_D", "u32", None, 1, 128, "Data LLDUs per FEC block (paper 002 Fig. 5: FEC 10/12)."),
                int("link.fec_nr", "FEC repair N_R", "u32", None, 0, 128, "Repair LLDUs per FEC block: the block decodes when at most N_R of its LLDUs are erased."),
                int("link.interleave", "FEC interleaving I", "u32", None, 1, 64, "FEC blocks sent column by column, so that a burst spreads over I blocks (paper 002 §3.5.2); 1: none."),
                int("link.arq_max_retx", "ARQ retransmissions", "u32", None, 0, 1000, "Most retransmissions of an LLDU; empty: until it arrives (paper 002 §3.5.3).").null_means("until it arrives"),
                int("link.harq_nd", "HARQ data N_D", "u32", None, 1, 128, "Data LLDUs per HARQ-II block (paper 002 Fig. 5: HARQ 5/7; Fig. 6: 38)."),
                int("link.harq_nr", "HARQ repair N_R", "u32", None, 0, 128, "Repair LLDUs sent with the block (Fig. 6: 13)."),
                int("link.harq_ns", "HARQ extra N_S", "u32", None, 0, 128, "Repair LLDUs sent beyond what the receiver asks for, in each round (paper 002 §3.5.4)."),
                int("link.harq_rounds", "HARQ rounds R", "u32", None, 0, 16, "Most repair rounds before the block's erased data is given up (Fig. 6: 2)."),
            ],
        },
    ]
}

/// The model's objects in a scenario, with their keys as the structs declare them.
pub fn objects() -> Vec<Object> {
    vec![object::<LinkLayerScenario>("link")]
}

/// The run's events: one per LLDU slot of the link.
pub fn estimated_events(s: &Scenario) -> Option<WorkEstimate> {
    let l = &s.link;
    let slots = s.duration_s * l.rate_bps / (8.0 * l.lldu_bytes.max(1) as f64);
    Some(WorkEstimate {
        // 4-13 M events/s over the examples (TCP over the link the slowest).
        events_per_s: 4e6,
        events: slots,
        field: "duration_s",
        offers: format!(
            "about {slots:.2e} LLDU slots ({} s x {} b/s / ({} B x 8))",
            num(s.duration_s),
            num(l.rate_bps),
            l.lldu_bytes
        ),
        lower: "duration_s or link.rate_bps".into(),
    })
}
