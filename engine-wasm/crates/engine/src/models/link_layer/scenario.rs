//! The link-layer reliability lab's part of a scenario (paper 002 §3.3-3.6): the erasure
//! channel, the scheme and its codes, and the link's clock.

use crate::channel::gilbert_elliott::GeParams;
use crate::scenario::fields::*;
use crate::scenario::validate::{duration_ok, Checker};
use crate::scenario::Scenario;
use serde::{Deserialize, Serialize};

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
    /// α: probability that the channel stays Good from one LLDU to the next.
    pub alpha: f64,
    /// β: probability that it stays Bad (mean burst 1 / (1 − β) LLDUs).
    pub beta: f64,
    /// Erasure probability of an LLDU sent in the Good state (paper 002: 0).
    pub erase_good: f64,
    /// Erasure probability in the Bad state (paper 002: 1).
    pub erase_bad: f64,
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
    /// IP packets go up in order or out of order (the packet delay series follows it).
    pub delivery: Delivery,
}

impl Default for LinkLayerScenario {
    fn default() -> Self {
        LinkLayerScenario {
            scheme: SchemeKind::Harq,
            alpha: 0.99,
            beta: 0.9,
            erase_good: 0.0,
            erase_bad: 1.0,
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
        }
    }
}

impl LinkLayerScenario {
    /// The chain.
    pub fn channel(&self) -> GeParams {
        GeParams { alpha: self.alpha, beta: self.beta, erase_good: self.erase_good, erase_bad: self.erase_bad }
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
    if in_unit(l.alpha) && in_unit(l.beta) && in_unit(l.erase_good) && in_unit(l.erase_bad) && l.alpha > 0.0 {
        let e = l.channel().erasure_rate();
        if e > MAX_ERASURE_RATE {
            c.push("link.beta", format!("with α {} and β {} the channel erases {:.3} of the LLDUs, above the maximum {MAX_ERASURE_RATE}; lower β or raise α", l.alpha, l.beta, e));
        }
    }
    if duration_ok(s) && l.rate_bps.is_finite() && l.rate_bps > 0.0 && l.lldu_bytes >= 2 {
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
                real("link.alpha", "α: stay Good", None, 0.0, 1.0, "Probability that the channel stays Good from one LLDU to the next (paper 002 Fig. 5: 0.99, Fig. 6: 0.98).").above_min(),
                real("link.beta", "β: stay Bad", None, 0.0, 0.9999, "Probability that it stays Bad: bursts of 1 / (1 − β) LLDUs on average (Fig. 5: 0.1 to 0.98)."),
                real("link.erase_good", "Erasure in Good", None, 0.0, 1.0, "Probability that an LLDU sent in the Good state is erased (paper 002: 0)."),
                real("link.erase_bad", "Erasure in Bad", None, 0.0, 1.0, "Probability that an LLDU sent in the Bad state is erased (paper 002: 1)."),
            ],
        },
        Group {
            title: "Link",
            fields: vec![
                choice("link.scheme", "Reliability", &[("none", "none"), ("fec", "FEC"), ("arq", "ARQ (selective repeat)"), ("harq", "HARQ-II")], "What the link layer does about erasures (paper 002 §3.5)."),
                real("link.rtt_ms", "Round trip", Some("ms"), 0.0, 10_000.0, "Round trip time of the link; a retransmission or repair round comes one round trip after the LLDUs it answers (paper 002: 500)."),
                real("link.rate_bps", "Link rate", Some("bit/s"), 1e3, 1e10, "Bits per second: one LLDU per slot of LLDU size / rate (paper 002 §4: 2.34 Mb/s).").above_min(),
                int("link.lldu_bytes", "LLDU", "u32", Some("bytes"), 2, 10_000, "Size of a link-layer data unit, one byte of it header (paper 002: 33, so a 1500-byte packet is 47 LLDUs)."),
                int("link.packet_bytes", "IP packet", "u32", Some("bytes"), 1, 65_535, "Size of the IP packets cut into LLDUs."),
                choice("link.delivery", "Delivery to IP", &[("in-order", "in order"), ("out-of-order", "out of order")], "In order, a packet waits for those before it; the packet delay chart follows this choice."),
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
