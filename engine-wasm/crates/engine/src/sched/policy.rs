//! The LMS-link policies of paper 000 §III: DropTail with a small or high buffer (DT_S, DT_H),
//! Round Robin (RR), Proportional Fair (PF) and CoDeS (PF + sojourn timeout), with M-LWDF,
//! EXP-PF and FQ-CoDel beside them. Each policy is its own [`Scheduler`] ([`DropTail`],
//! [`RoundRobin`], the PF family in [`super::pf`], [`FqCodel`]); [`build`] makes the one a
//! policy names, from all of its parameters. Channel-aware policies receive each flow's
//! achievable rate at the decision time; nothing here reads a clock or a channel.

use super::fq_codel::{FqCodel, FqCodelParams};
use super::per_flow::RoundRobin;
use super::pf::{Codes, ExpPf, MLwdf, Pf};
use super::{DropTail, Queued, Scheduler};
use crate::kernel::SimDuration;
use serde::{Deserialize, Serialize};

/// The LMS-link policies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LmsPolicy {
    /// One FIFO of B/n packets (paper 000 "DT_S").
    DtS,
    /// One FIFO of B packets ("DT_H").
    DtH,
    /// One queue of B/n per flow, one packet per non-empty queue in turn.
    Rr,
    /// One queue of B/n per flow; serve the flow maximising r_i(t) / avg r_i (paper 000 eqs. 3-4).
    Pf,
    /// PF plus a sojourn timeout: packets older than the timeout are dropped (paper 000 §VI).
    Codes,
    /// Modified Largest Weighted Delay First: a_i W_i r_i / avg r_i, a_i = -ln(delta) / tau,
    /// W_i the head-of-line delay (paper 000 Table I; Andrews et al. 2001).
    #[serde(rename = "m-lwdf")]
    MLwdf,
    /// Exponential PF: exp((a_i W_i - mean aW) / (1 + sqrt(mean aW))) r_i / avg r_i (paper 000
    /// Table I; Rhee et al. 2003).
    #[serde(rename = "exp-pf")]
    ExpPf,
    /// FQ-CoDel (RFC 8290 defaults: quantum 1514 B, CoDel target 5 ms, interval 100 ms; limit
    /// B packets), not channel-aware: the comparison paper 000's conclusion proposes.
    #[serde(rename = "fq-codel")]
    FqCodel,
}

impl LmsPolicy {
    /// Every policy, in the order forms offer them.
    pub const ALL: [LmsPolicy; 8] = [
        LmsPolicy::DtS,
        LmsPolicy::DtH,
        LmsPolicy::Rr,
        LmsPolicy::Pf,
        LmsPolicy::Codes,
        LmsPolicy::MLwdf,
        LmsPolicy::ExpPf,
        LmsPolicy::FqCodel,
    ];

    /// The one list of choices of a policy field: (scenario value, label); the short names are
    /// [`LmsPolicy::label`].
    pub fn choices() -> Vec<(&'static str, &'static str)> {
        Self::ALL.iter().map(|&p| (p.name(), p.long_label())).collect()
    }

    /// The short labels of [`LmsPolicy::choices`], in order.
    pub fn short_labels() -> Vec<&'static str> {
        Self::ALL.iter().map(|&p| p.label()).collect()
    }

    /// The name scenarios use (`dt-s`).
    pub fn name(self) -> &'static str {
        match self {
            LmsPolicy::DtS => "dt-s",
            LmsPolicy::DtH => "dt-h",
            LmsPolicy::Rr => "rr",
            LmsPolicy::Pf => "pf",
            LmsPolicy::Codes => "codes",
            LmsPolicy::MLwdf => "m-lwdf",
            LmsPolicy::ExpPf => "exp-pf",
            LmsPolicy::FqCodel => "fq-codel",
        }
    }

    /// The name a form shows.
    pub fn long_label(self) -> &'static str {
        match self {
            LmsPolicy::DtS => "DropTail, small buffer (DT_S)",
            LmsPolicy::DtH => "DropTail, huge buffer (DT_H)",
            LmsPolicy::Rr => "Round Robin",
            LmsPolicy::Pf => "Proportional Fair",
            LmsPolicy::Codes => "CoDeS",
            LmsPolicy::MLwdf => "M-LWDF",
            LmsPolicy::ExpPf => "EXP-PF",
            LmsPolicy::FqCodel => "FQ-CoDel",
        }
    }

    /// Short label for charts and tables.
    pub fn label(self) -> &'static str {
        match self {
            LmsPolicy::DtS => "DT_S",
            LmsPolicy::DtH => "DT_H",
            LmsPolicy::Rr => "RR",
            LmsPolicy::Pf => "PF",
            LmsPolicy::Codes => "CoDeS",
            LmsPolicy::MLwdf => "M-LWDF",
            LmsPolicy::ExpPf => "EXP-PF",
            LmsPolicy::FqCodel => "FQ-CoDel",
        }
    }
}

/// Everything the LMS-link policies are built from; each policy takes what it needs.
#[derive(Clone, Debug, PartialEq)]
pub struct PolicyParams {
    /// Flows (receivers) n.
    pub flows: usize,
    /// Total buffer B [packets] (see [`queue_capacity`]).
    pub total_buffer: usize,
    /// Time constant of the throughput average of PF and its variants (ns-3's 99 TTIs of 1 ms:
    /// 99 ms; see [`super::pf::PfCore`]).
    pub pf_window: SimDuration,
    /// CoDeS's sojourn timeout.
    pub codes_timeout: SimDuration,
    /// M-LWDF's and EXP-PF's target probability delta of exceeding the delay bound.
    pub delay_violation_prob: f64,
    /// M-LWDF's and EXP-PF's delay bound tau [s].
    pub delay_bound_s: f64,
    /// Packet size [bytes] (FQ-CoDel's quantum and CoDel's MTU test count bytes).
    pub packet_bytes: f64,
}

/// Packets each queue of `policy` holds at most, per paper 000 §III: of a total of
/// `total_buffer` packets (B), DT_S holds B/n, DT_H holds B, the per-flow policies B/n per flow
/// (at least one packet each).
pub fn queue_capacity(policy: LmsPolicy, flows: usize, total_buffer: usize) -> usize {
    let per_flow = (total_buffer as f64 / flows.max(1) as f64).round().max(1.0) as usize;
    match policy {
        LmsPolicy::DtH => total_buffer.max(1),
        _ => per_flow,
    }
}

/// The scheduler of `policy` with its parameters: the one constructor of the LMS-link
/// policies. FQ-CoDel holds B packets in all (RFC 8290's limit) with the RFC 8290 defaults
/// (target 5 ms, interval 100 ms, quantum and MTU 1514 B) and packets of `packet_bytes`.
pub fn build<T: Queued + 'static>(policy: LmsPolicy, p: &PolicyParams) -> Box<dyn Scheduler<T>> {
    let capacity = queue_capacity(policy, p.flows, p.total_buffer);
    let flows = p.flows.max(1);
    // a = -ln(delta) / tau [1/s] of M-LWDF and EXP-PF.
    let urgency = -crate::kernel::math::ln(p.delay_violation_prob) / p.delay_bound_s;
    let bits = p.packet_bytes * 8.0;
    match policy {
        LmsPolicy::DtS | LmsPolicy::DtH => Box::new(DropTail::new(Some(capacity))),
        LmsPolicy::Rr => Box::new(RoundRobin::new(flows, capacity)),
        LmsPolicy::Pf => Box::new(Pf::new(flows, capacity, p.pf_window, bits)),
        LmsPolicy::Codes => Box::new(Codes::new(flows, capacity, p.pf_window, bits, p.codes_timeout)),
        LmsPolicy::MLwdf => Box::new(MLwdf::new(flows, capacity, p.pf_window, bits, urgency)),
        LmsPolicy::ExpPf => Box::new(ExpPf::new(flows, capacity, p.pf_window, bits, urgency)),
        LmsPolicy::FqCodel => Box::new(FqCodel::new(
            flows,
            FqCodelParams {
                target: SimDuration(5_000_000),
                interval: SimDuration(100_000_000),
                quantum: 1514,
                packet_bytes: p.packet_bytes.round().max(1.0) as i64,
                mtu: 1514,
                limit: capacity * flows,
            },
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_policy_choice_is_its_scenario_value() {
        for (&(value, _), &p) in LmsPolicy::choices().iter().zip(&LmsPolicy::ALL) {
            assert_eq!(serde_json::from_value::<LmsPolicy>(serde_json::json!(value)).unwrap(), p);
        }
        assert_eq!(LmsPolicy::short_labels().len(), LmsPolicy::ALL.len());
    }
    use crate::kernel::SimTime;
    use crate::sched::DropReason;

    use crate::sched::test_packet::P;

    fn params(flows: usize, total_buffer: usize) -> PolicyParams {
        PolicyParams {
            flows,
            total_buffer,
            pf_window: SimDuration(99_000_000),
            codes_timeout: SimDuration(100),
            delay_violation_prob: 0.05,
            delay_bound_s: 0.1,
            packet_bytes: 210.0,
        }
    }

    #[test]
    fn buffer_sizes_follow_the_papers_rules() {
        assert_eq!(queue_capacity(LmsPolicy::DtS, 10, 100), 10);
        assert_eq!(queue_capacity(LmsPolicy::DtH, 10, 100), 100);
        assert_eq!(queue_capacity(LmsPolicy::Pf, 200, 100), 1);
        // What the built schedulers hold: DT_S 10 of 10 arrivals, DT_H all 100, PF 1 per flow.
        for (policy, flows, kept) in [
            (LmsPolicy::DtS, 10, 10),
            (LmsPolicy::DtH, 10, 100),
            (LmsPolicy::Rr, 10, 100),
            (LmsPolicy::Pf, 200, 200),
            (LmsPolicy::FqCodel, 10, 100),
        ] {
            let mut s = build::<P>(policy, &params(flows, 100));
            let mut d = vec![];
            for t in 0..100 {
                s.enqueue(SimTime(t), P(t as usize % flows, t), &mut d);
            }
            for t in 0..flows as u64 {
                s.enqueue(SimTime(100 + t), P(t as usize, 100 + t), &mut d);
            }
            let offered = 100 + flows;
            assert_eq!(s.len(), kept.min(offered), "{policy:?}");
            assert_eq!(d.len(), offered - s.len(), "{policy:?}");
            assert!(d.iter().all(|(_, why)| *why == DropReason::Overflow), "{policy:?}");
        }
    }

    #[test]
    fn round_robin_serves_one_packet_per_queue_in_turn() {
        let mut s = build::<P>(LmsPolicy::Rr, &params(3, 30));
        let mut d = vec![];
        for (f, t) in [(0, 0), (0, 1), (2, 2), (1, 3)] {
            s.enqueue(SimTime(t), P(f, t), &mut d);
        }
        let order: Vec<usize> =
            std::iter::from_fn(|| s.dequeue(SimTime(9), &mut |_| 1.0, &mut d)).map(|p| p.0).collect();
        assert_eq!(order, vec![0, 1, 2, 0]);
        assert!(d.is_empty());
    }
}
