//! Per-flow queues and the LMS-link policies of paper 000 §III: DropTail with a small or high
//! buffer (DT_S, DT_H), Round Robin (RR), Proportional Fair (PF) and CoDeS (PF + sojourn
//! timeout). Channel-aware policies receive each flow's achievable rate at the decision time;
//! nothing here reads a clock or a channel.

use super::DropReason;
use crate::kernel::SimTime;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// What a queued item tells the scheduler.
pub trait Queued {
    /// Flow (destination) index.
    fn flow(&self) -> usize;
    /// When it entered the queue.
    fn enqueued_at(&self) -> SimTime;
}

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

/// Queues and state of one policy.
pub struct LmsScheduler<T> {
    policy: LmsPolicy,
    queues: Vec<VecDeque<T>>,
    capacity: usize,
    rr_next: usize,
    avg: Vec<f64>,
    pf_window: f64,
    timeout: Option<SimTime>,
    /// a = -ln(delta) / tau [1/s] of M-LWDF and EXP-PF.
    urgency: f64,
    queued: usize,
    fq: Option<super::fq_codel::FqCodel<T>>,
}

impl<T: Queued> LmsScheduler<T> {
    /// Buffers per paper 000 §III: total `total_buffer` packets (B); DT_S holds B/n, DT_H holds
    /// B, the per-flow policies B/n per flow (at least one packet each). `pf_window` is the
    /// averaging window of PF in decisions (ns-3's default 99 rounds, docs/REPRODUCTION.md);
    /// `timeout_ns` is CoDeS's.
    pub fn new(policy: LmsPolicy, flows: usize, total_buffer: usize, pf_window: f64, timeout_ns: u64) -> Self {
        let per_flow = (total_buffer as f64 / flows.max(1) as f64).round().max(1.0) as usize;
        let (nq, capacity) = match policy {
            LmsPolicy::DtS => (1, per_flow),
            LmsPolicy::DtH => (1, total_buffer.max(1)),
            _ => (flows.max(1), per_flow),
        };
        LmsScheduler {
            policy,
            queues: (0..nq).map(|_| VecDeque::new()).collect(),
            capacity,
            rr_next: 0,
            avg: vec![1.0; flows.max(1)],
            pf_window: pf_window.max(1.0),
            timeout: (policy == LmsPolicy::Codes).then_some(SimTime(timeout_ns)),
            urgency: 0.0,
            queued: 0,
            fq: None,
        }
    }

    /// Makes an FQ-CoDel scheduler use packets of `packet_bytes` (its quantum and CoDel's MTU
    /// test count bytes). No effect on the other policies.
    pub fn with_packet_bytes(mut self, packet_bytes: f64) -> Self {
        if self.policy == LmsPolicy::FqCodel {
            let limit = self.capacity * self.queues.len();
            self.fq = Some(super::fq_codel::FqCodel::new(
                self.queues.len(),
                super::fq_codel::FqCodelParams {
                    target: crate::kernel::SimDuration(5_000_000),
                    interval: crate::kernel::SimDuration(100_000_000),
                    quantum: 1514,
                    packet_bytes: packet_bytes.round().max(1.0) as i64,
                    mtu: 1514,
                    limit,
                },
            ));
        }
        self
    }

    /// Sets M-LWDF's and EXP-PF's a = -ln(delta) / tau from the target loss probability
    /// `delta` and delay bound `tau_s` [s].
    pub fn with_delay_target(mut self, delta: f64, tau_s: f64) -> Self {
        self.urgency = -crate::kernel::math::ln(delta) / tau_s;
        self
    }

    /// Packets each queue holds at most.
    pub fn queue_capacity(&self) -> usize {
        self.capacity
    }

    /// Packets waiting.
    pub fn len(&self) -> usize {
        self.fq.as_ref().map_or(self.queued, |f| f.len())
    }

    /// Whether nothing waits.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn queue_of(&self, flow: usize) -> usize {
        if self.queues.len() == 1 {
            0
        } else {
            flow
        }
    }

    /// Offers a packet; any packet dropped (the arrival, or for FQ-CoDel the head of the
    /// longest queue) goes to `dropped` with the reason.
    pub fn enqueue(&mut self, pkt: T, dropped: &mut Vec<(T, DropReason)>) {
        if let Some(fq) = self.fq.as_mut() {
            return fq.enqueue(pkt, dropped);
        }
        let q = self.queue_of(pkt.flow());
        if self.queues[q].len() >= self.capacity {
            dropped.push((pkt, DropReason::Overflow));
            return;
        }
        self.queues[q].push_back(pkt);
        self.queued += 1;
    }

    /// Next packet to send at `now`. `rate(flow)` is the flow's achievable rate now (only
    /// asked for flows with a packet waiting, by the channel-aware policies). Packets CoDeS
    /// drops on the way go to `dropped`.
    pub fn dequeue(&mut self, now: SimTime, mut rate: impl FnMut(usize) -> f64, dropped: &mut Vec<(T, DropReason)>) -> Option<T> {
        if let Some(fq) = self.fq.as_mut() {
            return fq.dequeue(now, dropped);
        }
        if let Some(limit) = self.timeout {
            // CoDeS: purge expired heads of every queue, freeing buffer space (docs/REPRODUCTION.md:
            // "dropped at dequeue"; we purge all heads, not only the served queue's).
            for q in self.queues.iter_mut() {
                while q.front().is_some_and(|p| now.saturating_since(p.enqueued_at()).as_nanos() > limit.as_nanos()) {
                    dropped.push((q.pop_front().unwrap(), DropReason::Timeout));
                    self.queued -= 1;
                }
            }
        }
        if self.queued == 0 {
            return None;
        }
        let q = match self.policy {
            LmsPolicy::DtS | LmsPolicy::DtH => 0,
            LmsPolicy::Rr => {
                let n = self.queues.len();
                let q = (0..n).map(|k| (self.rr_next + k) % n).find(|&q| !self.queues[q].is_empty())?;
                self.rr_next = (q + 1) % n;
                q
            }
            LmsPolicy::Pf | LmsPolicy::Codes | LmsPolicy::MLwdf | LmsPolicy::ExpPf | LmsPolicy::FqCodel => {
                // Paper 000 eqs. 3-4: argmax r_i(t) / avg r_i(t), times a delay weight for
                // M-LWDF and EXP-PF; ties to the lower index.
                let hol = |q: &VecDeque<T>| q.front().map_or(0.0, |p| now.saturating_since(p.enqueued_at()).as_secs_f64());
                let mean_aw = if self.policy == LmsPolicy::ExpPf {
                    let (sum, n) = self.queues.iter().filter(|q| !q.is_empty()).fold((0.0, 0usize), |(s, n), q| (s + self.urgency * hol(q), n + 1));
                    sum / n.max(1) as f64
                } else {
                    0.0
                };
                let mut best: Option<(usize, f64, f64)> = None;
                for (i, q) in self.queues.iter().enumerate() {
                    if q.is_empty() {
                        continue;
                    }
                    let r = rate(i);
                    let pf = r / self.avg[i].max(1e-9);
                    let metric = match self.policy {
                        LmsPolicy::MLwdf => self.urgency * hol(q) * pf,
                        LmsPolicy::ExpPf => crate::kernel::math::exp((self.urgency * hol(q) - mean_aw) / (1.0 + mean_aw.sqrt())) * pf,
                        _ => pf,
                    };
                    if best.is_none_or(|(_, m, _)| metric > m) {
                        best = Some((i, metric, r));
                    }
                }
                let (chosen, _, r) = best?;
                // Exponential moving average over the window, every flow every decision
                // (ns-3 PF: served flows add their rate, others add zero).
                let a = 1.0 / self.pf_window;
                for (i, avg) in self.avg.iter_mut().enumerate() {
                    *avg = (1.0 - a) * *avg + if i == chosen { a * r } else { 0.0 };
                }
                chosen
            }
        };
        let pkt = self.queues[q].pop_front()?;
        self.queued -= 1;
        Some(pkt)
    }
}

/// A minimal queued item for the schedulers' tests: (flow, enqueue time [ns]).
#[cfg(test)]
pub(crate) mod test_packet {
    use super::Queued;
    use crate::kernel::SimTime;

    #[derive(Debug, PartialEq)]
    pub struct P(pub usize, pub u64);
    impl Queued for P {
        fn flow(&self) -> usize {
            self.0
        }
        fn enqueued_at(&self) -> SimTime {
            SimTime(self.1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::test_packet::P;

    #[test]
    fn buffer_sizes_follow_the_papers_rules() {
        let s: LmsScheduler<P> = LmsScheduler::new(LmsPolicy::DtS, 10, 100, 99.0, 0);
        assert_eq!(s.queue_capacity(), 10);
        let h: LmsScheduler<P> = LmsScheduler::new(LmsPolicy::DtH, 10, 100, 99.0, 0);
        assert_eq!(h.queue_capacity(), 100);
        let pf: LmsScheduler<P> = LmsScheduler::new(LmsPolicy::Pf, 200, 100, 99.0, 0);
        assert_eq!(pf.queue_capacity(), 1);
    }

    #[test]
    fn round_robin_serves_one_packet_per_queue_in_turn() {
        let mut s = LmsScheduler::new(LmsPolicy::Rr, 3, 30, 99.0, 0);
        let mut d = vec![];
        for (f, t) in [(0, 0), (0, 1), (2, 2), (1, 3)] {
            s.enqueue(P(f, t), &mut d);
        }
        let order: Vec<usize> = std::iter::from_fn(|| s.dequeue(SimTime(9), |_| 1.0, &mut d)).map(|p| p.0).collect();
        assert_eq!(order, vec![0, 1, 2, 0]);
    }

    #[test]
    fn pf_prefers_good_channels_relative_to_their_average_and_stays_fair() {
        let mut s = LmsScheduler::new(LmsPolicy::Pf, 2, 2000, 10.0, 0);
        let mut d = vec![];
        for t in 0..400 {
            s.enqueue(P(0, t), &mut d);
            s.enqueue(P(1, t), &mut d);
        }
        // Flow 0 always has twice flow 1's rate: PF still serves both (fairness).
        let mut served = [0; 2];
        for _ in 0..400 {
            let p = s.dequeue(SimTime(1000), |f| if f == 0 { 2.0 } else { 1.0 }, &mut d).unwrap();
            served[p.0] += 1;
        }
        assert!(served[0] > 100 && served[1] > 100, "{served:?}");
    }

    #[test]
    fn mlwdf_serves_the_oldest_head_when_rates_are_equal() {
        let mut s = LmsScheduler::new(LmsPolicy::MLwdf, 3, 30, 99.0, 0).with_delay_target(0.05, 0.1);
        let mut d = vec![];
        s.enqueue(P(0, 50), &mut d);
        s.enqueue(P(1, 10), &mut d);
        s.enqueue(P(2, 30), &mut d);
        assert_eq!(s.dequeue(SimTime(100), |_| 1.0, &mut d).unwrap(), P(1, 10));
        let mut e = LmsScheduler::new(LmsPolicy::ExpPf, 2, 30, 99.0, 0).with_delay_target(0.05, 0.1);
        e.enqueue(P(0, 0), &mut d);
        e.enqueue(P(1, 90_000_000), &mut d);
        // Flow 0 waited 100 ms, flow 1 10 ms: the exponential outweighs a 2x better rate.
        assert_eq!(e.dequeue(SimTime(100_000_000), |f| if f == 1 { 2.0 } else { 1.0 }, &mut d).unwrap().0, 0);
    }

    #[test]
    fn codes_drops_packets_older_than_the_timeout_and_overflow_is_reported() {
        let mut s = LmsScheduler::new(LmsPolicy::Codes, 2, 4, 99.0, 100);
        let mut over = vec![];
        s.enqueue(P(0, 0), &mut over);
        s.enqueue(P(0, 150), &mut over);
        s.enqueue(P(1, 10), &mut over);
        s.enqueue(P(0, 160), &mut over); // 2 per flow
        assert_eq!(over, vec![(P(0, 160), DropReason::Overflow)]);
        let mut d = vec![];
        let p = s.dequeue(SimTime(200), |_| 1.0, &mut d).unwrap();
        assert_eq!(p, P(0, 150));
        assert_eq!(d.len(), 2);
        assert!(d.iter().all(|(_, why)| *why == DropReason::Timeout));
        assert!(s.is_empty());
    }
}
