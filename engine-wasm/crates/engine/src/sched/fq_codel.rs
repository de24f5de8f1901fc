//! FQ-CoDel (RFC 8290) with CoDel's control law per flow queue (RFC 8289): the comparison
//! paper 000's conclusion asks for. One queue per flow (our flows are known, so no hashing),
//! deficit round robin with new and old flow lists, CoDel drops at dequeue, and on overflow a
//! drop from the head of the longest queue (RFC 8290 §4.1).

use super::{DropReason, Drops, LinkState, Queued, Scheduler};
use crate::kernel::{SimDuration, SimTime};
use std::collections::VecDeque;

/// CoDel state of one queue (RFC 8289 §5, pseudo-code of its appendix).
#[derive(Default)]
struct Codel {
    first_above: Option<SimTime>,
    drop_next: SimTime,
    count: u32,
    last_count: u32,
    dropping: bool,
}

struct FlowQueue<T> {
    q: VecDeque<T>,
    deficit: i64,
    codel: Codel,
    listed: bool,
}

/// FQ-CoDel parameters (RFC 8290 §5 defaults: target 5 ms, interval 100 ms, quantum 1514 B).
#[derive(Clone, Copy, Debug)]
pub struct FqCodelParams {
    /// CoDel target sojourn.
    pub target: SimDuration,
    /// CoDel interval.
    pub interval: SimDuration,
    /// DRR quantum [bytes].
    pub quantum: i64,
    /// Packet size [bytes] (all packets here have the same size).
    pub packet_bytes: i64,
    /// Largest packet (MTU) [bytes]: CoDel never drops from a queue holding at most this much.
    pub mtu: i64,
    /// Total packets held, all queues.
    pub limit: usize,
}

/// The FQ-CoDel scheduler.
pub struct FqCodel<T> {
    p: FqCodelParams,
    flows: Vec<FlowQueue<T>>,
    new_flows: VecDeque<usize>,
    old_flows: VecDeque<usize>,
    total: usize,
}

impl<T: Queued> FqCodel<T> {
    /// `n` flow queues.
    pub fn new(n: usize, p: FqCodelParams) -> Self {
        FqCodel {
            p,
            flows: (0..n.max(1))
                .map(|_| FlowQueue { q: VecDeque::new(), deficit: 0, codel: Codel::default(), listed: false })
                .collect(),
            new_flows: VecDeque::new(),
            old_flows: VecDeque::new(),
            total: 0,
        }
    }

    /// RFC 8290 §4.1: enqueue; at the limit, drop from the head of the longest queue (which
    /// may be the arriving packet's own, then the arrival itself is kept).
    fn enqueue_packet(&mut self, pkt: T, dropped: &mut Drops<T>) {
        let f = pkt.flow().min(self.flows.len() - 1);
        if self.total >= self.p.limit {
            let fattest = (0..self.flows.len()).max_by_key(|&i| (self.flows[i].q.len(), usize::MAX - i)).unwrap_or(0);
            if let Some(victim) = self.flows[fattest].q.pop_front() {
                self.total -= 1;
                dropped.push((victim, DropReason::Overflow));
            }
        }
        let fq = &mut self.flows[f];
        fq.q.push_back(pkt);
        self.total += 1;
        if !fq.listed {
            fq.listed = true;
            fq.deficit = self.p.quantum;
            self.new_flows.push_back(f);
        }
    }

    /// CoDel's dequeue from flow `f` (RFC 8289 appendix `dequeue`), dropped packets to
    /// `dropped`.
    fn codel_dequeue(&mut self, f: usize, now: SimTime, dropped: &mut Drops<T>) -> Option<T> {
        let (target, interval, mtu, size) = (self.p.target, self.p.interval, self.p.mtu, self.p.packet_bytes);
        let fq = &mut self.flows[f];
        let mut total_dec = 0usize;
        // do_dequeue: pop and decide whether it is ok to drop.
        let mut do_dequeue = |fq: &mut FlowQueue<T>| -> (Option<T>, bool) {
            let Some(p) = fq.q.pop_front() else {
                fq.codel.first_above = None;
                return (None, false);
            };
            total_dec += 1;
            let sojourn = now.saturating_since(p.enqueued_at());
            let bytes_left = fq.q.len() as i64 * size;
            if sojourn < target || bytes_left <= mtu {
                fq.codel.first_above = None;
                return (Some(p), false);
            }
            match fq.codel.first_above {
                None => {
                    fq.codel.first_above = Some(now + interval);
                    (Some(p), false)
                }
                Some(t) => (Some(p), now >= t),
            }
        };
        let control_law = |t: SimTime, count: u32| {
            t + SimDuration((interval.as_nanos() as f64 / (count.max(1) as f64).sqrt()) as u64)
        };
        let (mut p, ok_to_drop) = do_dequeue(fq);
        if fq.codel.dropping {
            if !ok_to_drop {
                fq.codel.dropping = false;
            }
            while fq.codel.dropping && now >= fq.codel.drop_next {
                if let Some(x) = p.take() {
                    dropped.push((x, DropReason::Codel));
                }
                fq.codel.count += 1;
                let (np, ok) = do_dequeue(fq);
                p = np;
                if !ok {
                    fq.codel.dropping = false;
                } else {
                    fq.codel.drop_next = control_law(fq.codel.drop_next, fq.codel.count);
                }
            }
        } else if ok_to_drop {
            if let Some(x) = p.take() {
                dropped.push((x, DropReason::Codel));
            }
            let (np, _) = do_dequeue(fq);
            p = np;
            fq.codel.dropping = true;
            let delta = fq.codel.count.saturating_sub(fq.codel.last_count);
            fq.codel.count =
                if delta > 1 && now.saturating_since(fq.codel.drop_next).as_nanos() < 16 * interval.as_nanos() {
                    delta
                } else {
                    1
                };
            fq.codel.drop_next = control_law(now, fq.codel.count);
            fq.codel.last_count = fq.codel.count;
        }
        self.total -= total_dec;
        p
    }

    /// RFC 8290 §4.2: the next packet, new flows first, deficit round robin.
    fn dequeue_packet(&mut self, now: SimTime, dropped: &mut Drops<T>) -> Option<T> {
        loop {
            let (f, from_new) = match (self.new_flows.front(), self.old_flows.front()) {
                (Some(&f), _) => (f, true),
                (None, Some(&f)) => (f, false),
                (None, None) => return None,
            };
            if self.flows[f].deficit <= 0 {
                self.flows[f].deficit += self.p.quantum;
                if from_new {
                    self.new_flows.pop_front();
                } else {
                    self.old_flows.pop_front();
                }
                self.old_flows.push_back(f);
                continue;
            }
            match self.codel_dequeue(f, now, dropped) {
                Some(p) => {
                    self.flows[f].deficit -= self.p.packet_bytes;
                    return Some(p);
                }
                None => {
                    // Empty: a new flow moves to the old list (anti-starvation), an old one
                    // leaves the lists.
                    if from_new {
                        self.new_flows.pop_front();
                        if self.old_flows.is_empty() {
                            self.flows[f].listed = false;
                        } else {
                            self.old_flows.push_back(f);
                        }
                    } else {
                        self.old_flows.pop_front();
                        self.flows[f].listed = false;
                    }
                }
            }
        }
    }
}

/// FQ-CoDel through the common interface: not channel-aware, so `link` is never asked.
impl<T: Queued> Scheduler<T> for FqCodel<T> {
    fn enqueue(&mut self, _now: SimTime, item: T, drops: &mut Drops<T>) {
        self.enqueue_packet(item, drops);
    }

    fn dequeue(&mut self, now: SimTime, _link: &mut dyn LinkState, drops: &mut Drops<T>) -> Option<T> {
        self.dequeue_packet(now, drops)
    }

    /// Packets held.
    fn len(&self) -> usize {
        self.total
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::sched::test_packet::P;

    fn params(limit: usize) -> FqCodelParams {
        FqCodelParams {
            target: SimDuration(5_000_000),
            interval: SimDuration(100_000_000),
            quantum: 1514,
            packet_bytes: 210,
            mtu: 1514,
            limit,
        }
    }

    #[test]
    fn deficit_round_robin_shares_between_flows() {
        let mut s = FqCodel::new(2, params(1000));
        let mut d = vec![];
        for t in 0..20 {
            s.enqueue(SimTime(0), P(0, t), &mut d);
        }
        for t in 0..20 {
            s.enqueue(SimTime(0), P(1, t), &mut d);
        }
        // Quantum 1514 B = 8 packets of 210 B per turn (deficit goes negative on the 8th).
        let order: Vec<usize> = (0..16).map(|_| s.dequeue(SimTime(0), &mut |_| 1.0, &mut d).unwrap().0).collect();
        assert_eq!(order, [vec![0; 8], vec![1; 8]].concat());
        assert!(d.is_empty());
    }

    #[test]
    fn codel_drops_a_standing_queue_and_spares_a_short_one() {
        let mut s = FqCodel::new(1, params(10_000));
        let mut d = vec![];
        // 200 packets all enqueued at t = 0: the sojourn exceeds 5 ms for more than an
        // interval, so CoDel starts dropping, at a rising rate.
        for _ in 0..200 {
            s.enqueue(SimTime(0), P(0, 0), &mut d);
        }
        let mut served = 0;
        let mut t = 0u64;
        while !s.is_empty() {
            t += 2_000_000; // one packet every 2 ms
            if s.dequeue(SimTime(t), &mut |_| 1.0, &mut d).is_some() {
                served += 1;
            }
        }
        assert!(!d.is_empty() && d.iter().all(|(_, w)| *w == DropReason::Codel));
        assert_eq!(served + d.len(), 200);
        // A queue of a few packets (under one MTU) is never dropped, however old.
        let mut short = FqCodel::new(1, params(10_000));
        let mut d2 = vec![];
        for _ in 0..5 {
            short.enqueue(SimTime(0), P(0, 0), &mut d2);
        }
        while short.dequeue(SimTime(10_000_000_000), &mut |_| 1.0, &mut d2).is_some() {}
        assert!(d2.is_empty());
    }

    #[test]
    fn overflow_drops_from_the_longest_queue() {
        let mut s = FqCodel::new(2, params(4));
        let mut d = vec![];
        for t in 0..3 {
            s.enqueue(SimTime(0), P(0, t), &mut d);
        }
        s.enqueue(SimTime(0), P(1, 9), &mut d);
        s.enqueue(SimTime(0), P(1, 10), &mut d); // at the limit: flow 0's head goes
        assert_eq!(d, vec![(P(0, 0), DropReason::Overflow)]);
        assert_eq!(s.len(), 4);
    }
}
