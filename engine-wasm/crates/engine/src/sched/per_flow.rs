//! Per-flow queues: one drop-tail queue per flow (what RR and the PF family share), and Round
//! Robin over them (paper 000 §III "RR"). Nothing here reads a clock or a channel.

use super::{DropReason, Drops, LinkState, Queued, Scheduler};
use crate::kernel::{SimDuration, SimTime};
use std::collections::VecDeque;

/// One drop-tail queue per flow, each of at most `capacity` packets: what RR and the PF family
/// share.
#[derive(Clone, Debug)]
pub struct PerFlowQueues<T> {
    queues: Vec<VecDeque<T>>,
    capacity: usize,
    queued: usize,
}

impl<T: Queued> PerFlowQueues<T> {
    /// `flows` empty queues (at least one) of `capacity` packets.
    pub fn new(flows: usize, capacity: usize) -> Self {
        PerFlowQueues { queues: (0..flows.max(1)).map(|_| VecDeque::new()).collect(), capacity, queued: 0 }
    }

    /// Packets each queue holds at most.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Packets waiting, all queues.
    pub fn len(&self) -> usize {
        self.queued
    }

    /// Whether nothing waits.
    pub fn is_empty(&self) -> bool {
        self.queued == 0
    }

    /// The queues, by flow.
    pub fn queues(&self) -> &[VecDeque<T>] {
        &self.queues
    }

    fn queue_of(&self, flow: usize) -> usize {
        if self.queues.len() == 1 {
            0
        } else {
            flow
        }
    }

    /// Queues `item` behind its flow's packets, or drops it ([`DropReason::Overflow`]) when
    /// that queue is full.
    pub fn push(&mut self, item: T, drops: &mut Drops<T>) {
        let q = self.queue_of(item.flow());
        if self.queues[q].len() >= self.capacity {
            drops.push((item, DropReason::Overflow));
            return;
        }
        self.queues[q].push_back(item);
        self.queued += 1;
    }

    /// Drops ([`DropReason::Timeout`]) the heads of every queue that have waited longer than
    /// `limit` at `now`.
    pub fn drop_older_than(&mut self, now: SimTime, limit: SimDuration, drops: &mut Drops<T>) {
        for q in self.queues.iter_mut() {
            while q.front().is_some_and(|p| now.saturating_since(p.enqueued_at()).as_nanos() > limit.as_nanos()) {
                drops.push((q.pop_front().unwrap(), DropReason::Timeout));
                self.queued -= 1;
            }
        }
    }

    /// Takes the head of queue `q`.
    pub fn pop(&mut self, q: usize) -> Option<T> {
        let pkt = self.queues[q].pop_front()?;
        self.queued -= 1;
        Some(pkt)
    }
}

/// Round Robin (paper 000 "RR"): one queue of B/n per flow, one packet per non-empty queue in
/// turn.
#[derive(Clone, Debug)]
pub struct RoundRobin<T> {
    queues: PerFlowQueues<T>,
    next: usize,
}

impl<T: Queued> RoundRobin<T> {
    /// `flows` queues of `capacity` packets.
    pub fn new(flows: usize, capacity: usize) -> Self {
        RoundRobin { queues: PerFlowQueues::new(flows, capacity), next: 0 }
    }
}

impl<T: Queued> Scheduler<T> for RoundRobin<T> {
    fn enqueue(&mut self, _now: SimTime, item: T, drops: &mut Drops<T>) {
        self.queues.push(item, drops);
    }

    fn dequeue(&mut self, _now: SimTime, _link: &mut dyn LinkState, _drops: &mut Drops<T>) -> Option<T> {
        if self.queues.is_empty() {
            return None;
        }
        let qs = self.queues.queues();
        let n = qs.len();
        let q = (0..n).map(|k| (self.next + k) % n).find(|&q| !qs[q].is_empty())?;
        self.next = (q + 1) % n;
        self.queues.pop(q)
    }

    fn len(&self) -> usize {
        self.queues.len()
    }
}
