//! The channel-aware policies of paper 000: Proportional Fair (PF, paper 000 eqs. 3-4), CoDeS
//! (PF plus a sojourn timeout, paper 000 §VI), M-LWDF and EXP-PF (paper 000 Table I). Each
//! keeps one queue of B/n packets per flow and serves the flow with the largest metric, built
//! on r_i(t) / avg r_i(t): the flow's achievable rate now over its average. They share the
//! queues, the averages and the argmax ([`PfCore`]); each type adds its metric.

use super::per_flow::PerFlowQueues;
use super::{Drops, LinkState, Queued, Scheduler};
use crate::kernel::{SimDuration, SimTime};
use std::collections::VecDeque;

/// Head-of-line delay W_i of queue `q` at `now` [s] (0 when empty).
fn hol<T: Queued>(now: SimTime, q: &VecDeque<T>) -> f64 {
    q.front().map_or(0.0, |p| now.saturating_since(p.enqueued_at()).as_secs_f64())
}

/// Per-flow queues, the average throughputs avg r_i and the argmax shared by the PF family.
///
/// The average is ns-3's PF average (`PfFfMacScheduler`: every 1 ms TTI, every flow's
/// average becomes (1 - 1/W) avg + (1/W) x the bits it was sent in that TTI / 1 ms, W = 99
/// TTIs) taken to continuous time, because this link has no TTI: it decays with time constant
/// tau = `window` and each packet served adds its bits / tau. So a flow's priority grows with
/// the time it waited, whatever the load; an average over a count of decisions would shrink to
/// a few milliseconds under load (about 4000 decisions per second at 100 flows).
///
/// Every flow's average decays by the same factor, so the core keeps avg_i x exp((t - t_ref) /
/// tau) and never decays them one by one: ratios between flows are all the argmax needs (every
/// metric here is the PF ratio times a weight).
#[derive(Clone, Debug)]
pub struct PfCore<T> {
    queues: PerFlowQueues<T>,
    /// avg_i(t) x exp((t - t_ref) / tau) [b/s].
    scaled_avg: Vec<f64>,
    tau_s: f64,
    t_ref: SimTime,
    /// Bits one served packet adds to its flow's throughput.
    packet_bits: f64,
    /// Scratch: the non-empty queues and their rates at the current decision.
    waiting: Vec<usize>,
    rates: Vec<f64>,
}

impl<T: Queued> PfCore<T> {
    /// `flows` queues of `capacity` packets of `packet_bits` bits; averages with time constant
    /// `window` (at least 1 us), starting at 1 b/s (ns-3's start).
    pub fn new(flows: usize, capacity: usize, window: SimDuration, packet_bits: f64) -> Self {
        PfCore {
            queues: PerFlowQueues::new(flows, capacity),
            scaled_avg: vec![1.0; flows.max(1)],
            tau_s: window.as_secs_f64().max(1e-6),
            t_ref: SimTime::ZERO,
            packet_bits,
            waiting: vec![],
            rates: vec![],
        }
    }

    /// The per-flow queues.
    pub fn queues(&self) -> &PerFlowQueues<T> {
        &self.queues
    }

    /// Serves the non-empty queue maximising `metric(queue, r_i / avg r_i)` (ties to the lower
    /// index), asking `link` for each such queue's rate, and adds the packet to its flow's
    /// average.
    fn serve(
        &mut self,
        now: SimTime,
        link: &mut dyn LinkState,
        metric: impl Fn(&VecDeque<T>, f64) -> f64,
    ) -> Option<T> {
        if self.queues.is_empty() {
            return None;
        }
        // Paper 000 eqs. 3-4: argmax r_i(t) / avg r_i(t), times a delay weight for
        // M-LWDF and EXP-PF; ties to the lower index. The averages are all scaled by the same
        // factor, which leaves the argmax unchanged.
        let mut best: Option<(usize, f64)> = None;
        let queues = self.queues.queues();
        self.waiting.clear();
        self.waiting.extend((0..queues.len()).filter(|&i| !queues[i].is_empty()));
        link.rates(&self.waiting, &mut self.rates);
        for (&i, &r) in self.waiting.iter().zip(&self.rates) {
            let metric = metric(&queues[i], r / self.scaled_avg[i].max(1e-300));
            if best.is_none_or(|(_, m)| metric > m) {
                best = Some((i, metric));
            }
        }
        let (chosen, _) = best?;
        let mut x = now.saturating_since(self.t_ref).as_secs_f64() / self.tau_s;
        if x > 300.0 {
            // Fold the common factor in before it overflows.
            let g = crate::kernel::math::exp(-x);
            self.scaled_avg.iter_mut().for_each(|a| *a *= g);
            self.t_ref = now;
            x = 0.0;
        }
        self.scaled_avg[chosen] += crate::kernel::math::exp(x) * self.packet_bits / self.tau_s;
        self.queues.pop(chosen)
    }
}

/// Proportional Fair (paper 000 "PF", eqs. 3-4): serve the flow maximising r_i(t) / avg r_i.
#[derive(Clone, Debug)]
pub struct Pf<T> {
    core: PfCore<T>,
}

impl<T: Queued> Pf<T> {
    /// `flows` queues of `capacity` packets of `packet_bits` bits, averages with time constant
    /// `window`.
    pub fn new(flows: usize, capacity: usize, window: SimDuration, packet_bits: f64) -> Self {
        Pf { core: PfCore::new(flows, capacity, window, packet_bits) }
    }
}

impl<T: Queued> Scheduler<T> for Pf<T> {
    fn enqueue(&mut self, _now: SimTime, item: T, drops: &mut Drops<T>) {
        self.core.queues.push(item, drops);
    }

    fn dequeue(&mut self, now: SimTime, link: &mut dyn LinkState, _drops: &mut Drops<T>) -> Option<T> {
        self.core.serve(now, link, |_, pf| pf)
    }

    fn len(&self) -> usize {
        self.core.queues.len()
    }
}

/// CoDeS (paper 000 §VI): PF plus a sojourn timeout; packets older than the timeout are
/// dropped ([`super::DropReason::Timeout`]).
#[derive(Clone, Debug)]
pub struct Codes<T> {
    core: PfCore<T>,
    timeout: SimDuration,
}

impl<T: Queued> Codes<T> {
    /// PF's queues and averages with sojourn timeout `timeout`.
    pub fn new(flows: usize, capacity: usize, window: SimDuration, packet_bits: f64, timeout: SimDuration) -> Self {
        Codes { core: PfCore::new(flows, capacity, window, packet_bits), timeout }
    }
}

impl<T: Queued> Scheduler<T> for Codes<T> {
    fn enqueue(&mut self, _now: SimTime, item: T, drops: &mut Drops<T>) {
        self.core.queues.push(item, drops);
    }

    fn dequeue(&mut self, now: SimTime, link: &mut dyn LinkState, drops: &mut Drops<T>) -> Option<T> {
        // Purge expired heads of every queue, freeing buffer space (docs/REPRODUCTION.md:
        // "dropped at dequeue"; we purge all heads, not only the served queue's).
        self.core.queues.drop_older_than(now, self.timeout, drops);
        self.core.serve(now, link, |_, pf| pf)
    }

    fn len(&self) -> usize {
        self.core.queues.len()
    }
}

/// Modified Largest Weighted Delay First (paper 000 Table I; Andrews et al. 2001): serve the
/// flow maximising a_i W_i r_i / avg r_i, a_i = -ln(delta) / tau, W_i the head-of-line delay.
#[derive(Clone, Debug)]
pub struct MLwdf<T> {
    core: PfCore<T>,
    /// a = -ln(delta) / tau [1/s].
    urgency: f64,
}

impl<T: Queued> MLwdf<T> {
    /// PF's queues and averages with a = `urgency` [1/s].
    pub fn new(flows: usize, capacity: usize, window: SimDuration, packet_bits: f64, urgency: f64) -> Self {
        MLwdf { core: PfCore::new(flows, capacity, window, packet_bits), urgency }
    }
}

impl<T: Queued> Scheduler<T> for MLwdf<T> {
    fn enqueue(&mut self, _now: SimTime, item: T, drops: &mut Drops<T>) {
        self.core.queues.push(item, drops);
    }

    fn dequeue(&mut self, now: SimTime, link: &mut dyn LinkState, _drops: &mut Drops<T>) -> Option<T> {
        let a = self.urgency;
        self.core.serve(now, link, |q, pf| a * hol(now, q) * pf)
    }

    fn len(&self) -> usize {
        self.core.queues.len()
    }
}

/// Exponential PF (paper 000 Table I; Rhee et al. 2003): serve the flow maximising
/// exp((a_i W_i - mean aW) / (1 + sqrt(mean aW))) r_i / avg r_i, the mean over the non-empty
/// queues.
#[derive(Clone, Debug)]
pub struct ExpPf<T> {
    core: PfCore<T>,
    /// a = -ln(delta) / tau [1/s].
    urgency: f64,
}

impl<T: Queued> ExpPf<T> {
    /// PF's queues and averages with a = `urgency` [1/s].
    pub fn new(flows: usize, capacity: usize, window: SimDuration, packet_bits: f64, urgency: f64) -> Self {
        ExpPf { core: PfCore::new(flows, capacity, window, packet_bits), urgency }
    }
}

impl<T: Queued> Scheduler<T> for ExpPf<T> {
    fn enqueue(&mut self, _now: SimTime, item: T, drops: &mut Drops<T>) {
        self.core.queues.push(item, drops);
    }

    fn dequeue(&mut self, now: SimTime, link: &mut dyn LinkState, _drops: &mut Drops<T>) -> Option<T> {
        let a = self.urgency;
        let (sum, n) = self
            .core
            .queues
            .queues()
            .iter()
            .filter(|q| !q.is_empty())
            .fold((0.0, 0usize), |(s, n), q| (s + a * hol(now, q), n + 1));
        let mean_aw = sum / n.max(1) as f64;
        self.core.serve(now, link, |q, pf| {
            crate::kernel::math::exp((a * hol(now, q) - mean_aw) / (1.0 + mean_aw.sqrt())) * pf
        })
    }

    fn len(&self) -> usize {
        self.core.queues.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::sched::test_packet::P;

    #[test]
    fn pf_prefers_good_channels_relative_to_their_average_and_stays_fair() {
        const MS: u64 = 1_000_000;
        let mut s = Pf::new(2, 1000, SimDuration(99 * MS), 1680.0);
        let mut d = vec![];
        for t in 0..400 {
            s.enqueue(SimTime(t), P(0, t), &mut d);
            s.enqueue(SimTime(t), P(1, t), &mut d);
        }
        // Flow 0 always has twice flow 1's rate: PF still serves both (fairness), one packet
        // every 0.25 ms.
        let mut served = [0; 2];
        for k in 0..400 {
            let p = s.dequeue(SimTime(MS + k * MS / 4), &mut |f| if f == 0 { 2.0 } else { 1.0 }, &mut d).unwrap();
            served[p.0] += 1;
        }
        assert!(served[0] > 100 && served[1] > 100, "{served:?}");
        // With equal averages, the better channel now goes first.
        let mut fresh = Pf::new(2, 10, SimDuration(99 * MS), 1680.0);
        fresh.enqueue(SimTime(0), P(0, 0), &mut d);
        fresh.enqueue(SimTime(0), P(1, 0), &mut d);
        assert_eq!(fresh.dequeue(SimTime(1), &mut |f| if f == 1 { 1.5 } else { 1.0 }, &mut d).unwrap().0, 1);
        assert!(d.is_empty());
    }

    #[test]
    fn a_starved_flow_wins_after_about_tau_ln_of_its_rate_deficit() {
        // Both flows served alike, one packet each per ms, for a second. Then flow 1's channel
        // is 4x worse: flow 0 is served every ms and keeps its average, flow 1's decays as
        // exp(-t / tau) and wins back the link after about tau ln 4 (137 ms at tau = 99 ms,
        // 28 ms at 20 ms), whatever the number of decisions in between.
        const MS: u64 = 1_000_000;
        let first_win_ms = |tau_ms: u64| {
            let mut s = Pf::new(2, 10_000, SimDuration(tau_ms * MS), 1680.0);
            let mut d = vec![];
            for k in 0..1000 {
                s.enqueue(SimTime(k * MS), P(0, k), &mut d);
                s.enqueue(SimTime(k * MS), P(1, k), &mut d);
                s.dequeue(SimTime(k * MS), &mut |_| 1.0, &mut d);
                s.dequeue(SimTime(k * MS), &mut |_| 1.0, &mut d);
            }
            s.enqueue(SimTime(1000 * MS), P(1, 0), &mut d);
            (1..1000).find(|k| {
                s.enqueue(SimTime((1000 + k) * MS), P(0, 0), &mut d);
                s.dequeue(SimTime((1000 + k) * MS), &mut |f| if f == 0 { 4.0 } else { 1.0 }, &mut d).unwrap().0 == 1
            })
        };
        let slow = first_win_ms(99).unwrap();
        let fast = first_win_ms(20).unwrap();
        assert!((110..=170).contains(&slow), "tau 99 ms: flow 1 served after {slow} ms");
        assert!((18..=40).contains(&fast), "tau 20 ms: flow 1 served after {fast} ms");
    }

    #[test]
    fn mlwdf_serves_the_oldest_head_when_rates_are_equal() {
        let a = -crate::kernel::math::ln(0.05) / 0.1;
        let mut s = MLwdf::new(3, 10, SimDuration(99_000_000), 1680.0, a);
        let mut d = vec![];
        s.enqueue(SimTime(50), P(0, 50), &mut d);
        s.enqueue(SimTime(10), P(1, 10), &mut d);
        s.enqueue(SimTime(30), P(2, 30), &mut d);
        assert_eq!(s.dequeue(SimTime(100), &mut |_| 1.0, &mut d).unwrap(), P(1, 10));
        let mut e = ExpPf::new(2, 15, SimDuration(99_000_000), 1680.0, a);
        e.enqueue(SimTime(0), P(0, 0), &mut d);
        e.enqueue(SimTime(90_000_000), P(1, 90_000_000), &mut d);
        // Flow 0 waited 100 ms, flow 1 10 ms: the exponential outweighs a 2x better rate.
        assert_eq!(e.dequeue(SimTime(100_000_000), &mut |f| if f == 1 { 2.0 } else { 1.0 }, &mut d).unwrap().0, 0);
    }

    #[test]
    fn codes_drops_packets_older_than_the_timeout_and_overflow_is_reported() {
        use crate::sched::DropReason;
        let mut s = Codes::new(2, 2, SimDuration(99_000_000), 1680.0, SimDuration(100));
        let mut over = vec![];
        s.enqueue(SimTime(0), P(0, 0), &mut over);
        s.enqueue(SimTime(150), P(0, 150), &mut over);
        s.enqueue(SimTime(10), P(1, 10), &mut over);
        s.enqueue(SimTime(160), P(0, 160), &mut over); // 2 per flow
        assert_eq!(over, vec![(P(0, 160), DropReason::Overflow)]);
        let mut d = vec![];
        let p = s.dequeue(SimTime(200), &mut |_| 1.0, &mut d).unwrap();
        assert_eq!(p, P(0, 150));
        assert_eq!(d.len(), 2);
        assert!(d.iter().all(|(_, why)| *why == DropReason::Timeout));
        assert!(s.is_empty());
    }
}
