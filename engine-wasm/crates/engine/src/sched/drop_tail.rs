//! DropTail: one FIFO queue; an arrival that finds the buffer full is dropped.
//! (Paper 000's DT_S and DT_H are this queue with buffer B/n and B.)

use super::{DropReason, Drops, Enqueued, LinkState, Scheduler};
use crate::kernel::SimTime;
use crate::traffic::Packet;
use std::collections::VecDeque;

/// A FIFO of at most `capacity` items (`None`: unlimited).
///
/// Two ways in: the [`Scheduler`] trait (drops reported in the drop list, as every scheduler
/// does; the shared link's buffers and the DiffServ class buffers go through it), and the plain
/// FIFO methods [`DropTail::enqueue`] and [`DropTail::dequeue`] for an owner that only needs to
/// know whether the arrival was kept.
///
/// ```
/// use engine::sched::{DropTail, Enqueued, Scheduler};
/// use engine::traffic::Packet;
/// use engine::kernel::SimTime;
/// let mut q = DropTail::new(Some(1));
/// let p = |seq| Packet { flow: 0, seq, created: SimTime::ZERO };
/// assert_eq!(q.enqueue(SimTime::ZERO, p(0)), Enqueued::Accepted);
/// assert!(matches!(q.enqueue(SimTime::ZERO, p(1)), Enqueued::Dropped(_)));
/// assert_eq!(q.len(), 1);
/// assert_eq!(q.dequeue(SimTime::ZERO).map(|p| p.seq), Some(0));
/// // The same queue through the trait: the refused arrival comes back in the drop list.
/// let mut drops = vec![];
/// Scheduler::enqueue(&mut q, SimTime::ZERO, p(2), &mut drops);
/// Scheduler::enqueue(&mut q, SimTime::ZERO, p(3), &mut drops);
/// assert_eq!(drops.len(), 1);
/// ```
#[derive(Clone, Debug)]
pub struct DropTail<T = Packet> {
    buf: VecDeque<T>,
    capacity: Option<usize>,
}

impl<T> DropTail<T> {
    /// An empty queue holding at most `capacity` items.
    pub fn new(capacity: Option<usize>) -> Self {
        DropTail { buf: VecDeque::new(), capacity }
    }

    /// Items the queue holds at most (`None`: unlimited).
    pub fn capacity(&self) -> Option<usize> {
        self.capacity
    }

    /// Queues `item`, or gives it back when the buffer is full.
    fn push(&mut self, item: T) -> Result<(), T> {
        if self.capacity.is_some_and(|c| self.buf.len() >= c) {
            return Err(item);
        }
        self.buf.push_back(item);
        Ok(())
    }

    /// Offers `item` (plain FIFO): kept, or dropped for [`DropReason::Overflow`].
    pub fn enqueue(&mut self, _now: SimTime, item: T) -> Enqueued {
        match self.push(item) {
            Ok(()) => Enqueued::Accepted,
            Err(_) => Enqueued::Dropped(DropReason::Overflow),
        }
    }

    /// Takes the head (plain FIFO).
    pub fn dequeue(&mut self, _now: SimTime) -> Option<T> {
        self.buf.pop_front()
    }

    /// The head, left in the queue.
    pub fn front(&self) -> Option<&T> {
        self.buf.front()
    }
}

impl<T> Scheduler<T> for DropTail<T> {
    fn enqueue(&mut self, _now: SimTime, item: T, drops: &mut Drops<T>) {
        if let Err(item) = self.push(item) {
            drops.push((item, DropReason::Overflow));
        }
    }

    fn dequeue(&mut self, _now: SimTime, _link: &mut dyn LinkState, _drops: &mut Drops<T>) -> Option<T> {
        self.buf.pop_front()
    }

    fn len(&self) -> usize {
        self.buf.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fifo_order_and_conservation() {
        // Packets are conserved: offered = served + dropped + queued.
        let mut q = DropTail::new(Some(10));
        let (mut offered, mut served, mut dropped) = (0, 0, 0);
        let mut rng = crate::kernel::Streams::new(4).stream("droptail-test");
        let mut last_served = None;
        for seq in 0..10_000u64 {
            if rng.next_f64() < 0.6 {
                offered += 1;
                if q.enqueue(SimTime(seq), Packet { flow: 0, seq, created: SimTime(seq) }) != Enqueued::Accepted {
                    dropped += 1;
                }
            } else if let Some(p) = q.dequeue(SimTime(seq)) {
                assert!(last_served.is_none_or(|l| p.seq > l), "FIFO order");
                last_served = Some(p.seq);
                served += 1;
            }
            assert!(q.len() <= 10);
        }
        assert_eq!(offered, served + dropped + q.len());
        assert!(dropped > 0);
    }
}
