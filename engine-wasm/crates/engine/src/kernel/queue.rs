//! The future event list: a binary min-heap keyed on (time, insertion order).
//!
//! Ties are broken by insertion order, FIFO, the rule nexosim documents in
//! `util/priority_queue.rs` ("The insertion order of equal keys is preserved"). With that rule
//! the whole run is a pure function of the scenario and its seed: no hash order, no pointer
//! order, no platform difference can reorder two events scheduled for the same nanosecond.

use super::time::SimTime;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// Ordering key of the event queue: time first, then insertion order (FIFO on ties).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct EventKey {
    /// When the event fires.
    pub at: SimTime,
    /// Insertion sequence number, unique within one queue.
    pub seq: u64,
}

struct Entry<E> {
    /// `(at << 64) | seq`: the key's order in one 128-bit comparison instead of two 64-bit ones.
    key: u128,
    event: E,
}

impl<E> Entry<E> {
    fn new(key: EventKey, event: E) -> Self {
        Entry { key: ((key.at.as_nanos() as u128) << 64) | key.seq as u128, event }
    }
    fn at(&self) -> SimTime {
        SimTime((self.key >> 64) as u64)
    }
}

impl<E> PartialEq for Entry<E> {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}
impl<E> Eq for Entry<E> {}
impl<E> PartialOrd for Entry<E> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<E> Ord for Entry<E> {
    /// Reversed, so that std's max-heap pops the earliest key first.
    fn cmp(&self, other: &Self) -> Ordering {
        other.key.cmp(&self.key)
    }
}

/// A future event list of events of type `E`.
///
/// ```
/// use engine::kernel::{EventQueue, SimTime};
/// let mut q = EventQueue::new();
/// q.schedule(SimTime(20), "late");
/// q.schedule(SimTime(10), "first");
/// q.schedule(SimTime(10), "second");
/// assert_eq!(q.pop().map(|(_, e)| e), Some("first"));
/// assert_eq!(q.pop().map(|(_, e)| e), Some("second"));
/// assert_eq!(q.pop().map(|(t, e)| (t.as_nanos(), e)), Some((20, "late")));
/// assert!(q.pop().is_none());
/// ```
pub struct EventQueue<E> {
    heap: BinaryHeap<Entry<E>>,
    next_seq: u64,
}

impl<E> Default for EventQueue<E> {
    fn default() -> Self {
        Self::new()
    }
}

impl<E> EventQueue<E> {
    /// An empty queue.
    pub fn new() -> Self {
        EventQueue { heap: BinaryHeap::new(), next_seq: 0 }
    }

    /// An empty queue with room for `n` events before it reallocates.
    pub fn with_capacity(n: usize) -> Self {
        EventQueue { heap: BinaryHeap::with_capacity(n), next_seq: 0 }
    }

    /// Schedules `event` at `at` and returns its key. Events at equal times fire in the order
    /// they were scheduled.
    pub fn schedule(&mut self, at: SimTime, event: E) -> EventKey {
        let key = EventKey { at, seq: self.next_seq };
        self.next_seq += 1;
        self.heap.push(Entry::new(key, event));
        key
    }

    /// Removes and returns the earliest event.
    pub fn pop(&mut self) -> Option<(SimTime, E)> {
        self.heap.pop().map(|e| (e.at(), e.event))
    }

    /// Removes and returns the earliest event if it fires at or before `limit`.
    pub fn pop_until(&mut self, limit: SimTime) -> Option<(SimTime, E)> {
        match self.heap.peek() {
            Some(e) if e.at() <= limit => self.pop(),
            _ => None,
        }
    }

    /// The time of the earliest event, if any.
    pub fn peek_time(&self) -> Option<SimTime> {
        self.heap.peek().map(|e| e.at())
    }

    /// The earliest event and its time, left in the queue.
    pub fn peek(&self) -> Option<(SimTime, &E)> {
        self.heap.peek().map(|e| (e.at(), &e.event))
    }

    /// Replaces the earliest event by `event` at `at`: the same as [`Self::pop`] then
    /// [`Self::schedule`] (the new event takes the next sequence number), with one sift of the
    /// heap instead of two. For a handler that reschedules the event it is handling (a packet
    /// moving on to its next hop). Does nothing on an empty queue.
    pub fn replace_earliest(&mut self, at: SimTime, event: E) {
        if let Some(mut top) = self.heap.peek_mut() {
            *top = Entry::new(EventKey { at, seq: self.next_seq }, event);
            self.next_seq += 1;
        }
    }

    /// Number of pending events.
    pub fn len(&self) -> usize {
        self.heap.len()
    }

    /// Whether no event is pending.
    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }

    /// Drops every pending event; sequence numbers keep counting up.
    pub fn clear(&mut self) {
        self.heap.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::rng::RngStream;

    #[test]
    fn replacing_the_earliest_event_is_pop_then_schedule() {
        let mut rng = RngStream::from_seed_and_id(7, "replace");
        let (mut a, mut b) = (EventQueue::new(), EventQueue::new());
        for i in 0..200u64 {
            let t = SimTime(rng.next_u64() % 50);
            a.schedule(t, i);
            b.schedule(t, i);
        }
        for i in 200..600u64 {
            let (now, _) = a.pop().unwrap();
            let next = SimTime(now.as_nanos() + rng.next_u64() % 20);
            a.schedule(next, i);
            assert_eq!(b.peek().map(|(t, _)| t), Some(now));
            b.replace_earliest(next, i);
        }
        let drain = |q: &mut EventQueue<u64>| std::iter::from_fn(|| q.pop()).collect::<Vec<_>>();
        assert_eq!(drain(&mut a), drain(&mut b));
    }

    #[test]
    fn equal_times_pop_in_fifo_order() {
        let mut q = EventQueue::new();
        for i in 0..1000u32 {
            q.schedule(SimTime(7), i);
        }
        let order: Vec<u32> = std::iter::from_fn(|| q.pop().map(|(_, e)| e)).collect();
        assert_eq!(order, (0..1000).collect::<Vec<_>>());
    }

    #[test]
    fn event_times_never_go_backwards_and_ties_keep_insertion_order() {
        // Property test over random schedules: pops are sorted by (time, insertion index).
        for case in 0..50u64 {
            let mut rng = RngStream::from_seed_and_id(case, "queue-test");
            let mut q = EventQueue::new();
            let n = 1 + (rng.next_u64() % 500) as usize;
            for i in 0..n {
                // Few distinct times, so that ties are common.
                q.schedule(SimTime(rng.next_u64() % 20), i);
            }
            let mut last = (SimTime::ZERO, 0usize);
            let mut first = true;
            let mut count = 0;
            while let Some((t, i)) = q.pop() {
                if !first {
                    assert!(t > last.0 || (t == last.0 && i > last.1), "case {case}: {t:?}/{i} after {last:?}");
                }
                first = false;
                last = (t, i);
                count += 1;
            }
            assert_eq!(count, n);
        }
    }

    #[test]
    fn interleaved_schedule_and_pop_stays_ordered() {
        let mut q = EventQueue::new();
        q.schedule(SimTime(5), 'a');
        q.schedule(SimTime(1), 'b');
        assert_eq!(q.pop(), Some((SimTime(1), 'b')));
        q.schedule(SimTime(5), 'c');
        q.schedule(SimTime(3), 'd');
        assert_eq!(q.pop(), Some((SimTime(3), 'd')));
        assert_eq!(q.pop(), Some((SimTime(5), 'a')));
        assert_eq!(q.pop(), Some((SimTime(5), 'c')));
        assert!(q.is_empty());
    }

    #[test]
    fn pop_until_respects_the_limit() {
        let mut q = EventQueue::new();
        q.schedule(SimTime(10), 1);
        q.schedule(SimTime(11), 2);
        assert_eq!(q.pop_until(SimTime(10)), Some((SimTime(10), 1)));
        assert_eq!(q.pop_until(SimTime(10)), None);
        assert_eq!(q.len(), 1);
    }
}
