//! One link and its queue, as ns-3's `NetDevice` and its `Queue` are one: items wait in a
//! pluggable [`Scheduler`] (a [`DropTail`](crate::sched::DropTail) FIFO, class queues, per-flow
//! queues...) behind a limit the link itself applies ([`Capacity`]), the link sends one at a
//! time, each for its service time ([`Service`]: the wire bits over a rate, or any time per
//! item), and an item arrives at the far end a propagation delay after its last bit left.
//!
//! The link schedules nothing: it holds no event queue and reads no clock. Every call gets
//! `now` and returns the times its owner must act at, on the owner's own event queue:
//!
//! - [`QueuedLink::offer`] returns the time the transmission it started ends, when the link
//!   was idle; the owner calls [`QueuedLink::transmitted`] then.
//! - [`QueuedLink::transmitted`] gives the item back with the time it arrives at the far end,
//!   and the end of the next transmission, if one started.
//!
//! ```text
//!  offer ─> [ capacity ] ─> [ scheduler ] ─> [ wire: service ] ─> propagation ─> far end
//!               │ full: dropped   │ its own drops      └ transmitted(finish): next starts
//! ```
//!
//! Semantics, so that owners can rely on them:
//!
//! - Every offered item goes through the scheduler, even at an idle link (which then takes the
//!   scheduler's choice at once), as ns-2's `Queue::recv` and ns-3's `PointToPointNetDevice::Send`
//!   do: a scheduler that decides something at each dequeue (a credit, a round robin) sees the
//!   idle link's arrivals too.
//! - The capacity is checked before the scheduler, on the items waiting and the one being sent;
//!   what it counts is explicit ([`Capacity`]). The scheduler's own limits (per class, per flow)
//!   apply after it. Every refused or dropped item is appended to the caller's drop list.
//! - A transmission's service time is taken when it starts, from the item and the start time
//!   (a link whose rate varies serves at the rate of that moment); its arrival time is fixed
//!   then too, with the propagation delay in force at the start.
//! - Items are conserved: offered = sent + dropped + waiting + being sent
//!   ([`QueuedLink::offered`], [`QueuedLink::sent`], [`QueuedLink::dropped`]).

use crate::kernel::{SimDuration, SimTime};
use crate::sched::{DropReason, Drops, LinkState, Scheduler};

/// How long sending an item takes.
pub trait Service<T> {
    /// Time to send `item` when its transmission starts at `now`.
    fn time(&mut self, now: SimTime, item: &T) -> SimDuration;
}

/// Any `FnMut(start time, item) -> service time` is a service (a random service time, a link
/// whose rate varies, a table of times).
impl<T, F: FnMut(SimTime, &T) -> SimDuration> Service<T> for F {
    fn time(&mut self, now: SimTime, item: &T) -> SimDuration {
        self(now, item)
    }
}

/// A link of a fixed rate: an item takes its size on the wire over the rate,
/// `SimDuration::from_secs_f64(bits(item) / rate_bps)`.
///
/// ```
/// use engine::network::link::{AtRate, Service};
/// use engine::kernel::{SimDuration, SimTime};
/// let mut s = AtRate { rate_bps: 1e6, bits: |bytes: &u32| *bytes as f64 * 8.0 };
/// assert_eq!(s.time(SimTime::ZERO, &125), SimDuration::from_secs_f64(1e-3));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct AtRate<F> {
    /// The link's rate [bit/s].
    pub rate_bps: f64,
    /// An item's size on the wire [bits].
    pub bits: F,
}

impl<T, F: FnMut(&T) -> f64> Service<T> for AtRate<F> {
    fn time(&mut self, _now: SimTime, item: &T) -> SimDuration {
        SimDuration::from_secs_f64((self.bits)(item) / self.rate_bps)
    }
}

/// A [`LinkState`] for schedulers that ask no rate (FIFO, class queues, round robin): every
/// flow's rate is NaN.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoRates;

impl LinkState for NoRates {
    fn rate(&mut self, _flow: usize) -> f64 {
        f64::NAN
    }
}

/// The link's own limit on what it holds, and what that limit counts. Queueing texts and
/// simulators count differently, so each rule is its own variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Capacity {
    /// No limit of the link's own (only the scheduler's buffers may refuse).
    Unlimited,
    /// `k` places for the items waiting; the item being sent holds none. An arrival is refused
    /// when the link is sending and `k` items wait; one that finds the link idle is sent at
    /// once, whatever `k` (`Waiting(0)` is a loss system: M/M/1/1). The M/M/1/K waiting room
    /// as ns-3's point-to-point device counts its queue (its K is `k + 1` in Kendall's
    /// notation, which counts the one in service).
    Waiting(usize),
    /// `k` items on the link at most, the one being sent counted: an arrival is refused when
    /// the items waiting plus the one being sent reach `k`, so `k - 1` wait behind a
    /// transmission. A buffer whose head is the item on the wire until its last bit has left
    /// (Kendall's K; `InSystem(k)` is `Waiting(k - 1)` for `k >= 1`, and `InSystem(0)` refuses
    /// everything).
    InSystem(usize),
    /// ns-2's DropTail `limit_` (`drop-tail.cc`, `DropTail::enque`): an arrival is refused when
    /// the items waiting plus itself would reach `limit` (`q_->length() + 1 >= qlim_`). ns-2
    /// queues every arrival before an idle link takes it, so the rule holds at an idle link
    /// too: at most `limit - 1` wait behind a transmission (`limit` on the link in all, as
    /// `InSystem(limit)` for `limit >= 2`), and a limit of 1 or 0 refuses everything.
    Ns2Limit(usize),
}

impl Capacity {
    /// Whether an arrival is refused while `waiting` items wait and the link is `busy` sending.
    pub fn refuses(self, waiting: usize, busy: bool) -> bool {
        match self {
            Capacity::Unlimited => false,
            Capacity::Waiting(k) => busy && waiting >= k,
            Capacity::InSystem(k) => waiting + busy as usize >= k,
            Capacity::Ns2Limit(limit) => waiting + 1 >= limit,
        }
    }
}

/// The item being sent.
#[derive(Clone, Debug, PartialEq)]
pub struct Transmission<T> {
    /// The item.
    pub item: T,
    /// When its first bit left.
    pub started: SimTime,
    /// When its last bit leaves: the time [`QueuedLink::transmitted`] is due.
    pub finish: SimTime,
    /// When it arrives at the far end: `finish` plus the propagation delay in force at `started`.
    pub arrives: SimTime,
}

/// A finished transmission, from [`QueuedLink::transmitted`].
#[derive(Clone, Debug, PartialEq)]
pub struct Sent<T> {
    /// The item sent.
    pub item: T,
    /// When it arrives at the far end.
    pub arrives: SimTime,
    /// When the transmission that started in its place ends, if one did: the owner calls
    /// [`QueuedLink::transmitted`] again then.
    pub next: Option<SimTime>,
}

/// A link with its queue: a scheduler `S` of items `T` in front of a wire that sends one item
/// at a time, then a propagation delay (see the module documentation for the semantics).
///
/// ```
/// use engine::network::link::{AtRate, Capacity, NoRates, QueuedLink};
/// use engine::kernel::{SimDuration, SimTime};
/// use engine::sched::DropTail;
/// // 1000-bit items on a 1 Mb/s link (1 ms each), 5 ms of propagation, one place waiting.
/// let mut link = QueuedLink::new(DropTail::new(None), SimDuration::from_secs_f64(5e-3))
///     .with_capacity(Capacity::Waiting(1));
/// let mut wire = AtRate { rate_bps: 1e6, bits: |_: &u32| 1000.0 };
/// let ms = |x: f64| SimTime::from_secs_f64(x * 1e-3);
/// let mut drops = vec![];
/// // The first item finds the link idle: it is sent at once, its last bit leaves at 1 ms.
/// assert_eq!(link.offer(ms(0.0), 1, &mut wire, &mut NoRates, &mut drops), Some(ms(1.0)));
/// assert_eq!(link.offer(ms(0.0), 2, &mut wire, &mut NoRates, &mut drops), None); // waits
/// assert_eq!(link.offer(ms(0.0), 3, &mut wire, &mut NoRates, &mut drops), None); // refused
/// assert_eq!(drops.len(), 1);
/// let s = link.transmitted(ms(1.0), &mut wire, &mut NoRates, &mut drops).unwrap();
/// assert_eq!((s.item, s.arrives, s.next), (1, ms(6.0), Some(ms(2.0))));
/// ```
#[derive(Clone, Debug)]
pub struct QueuedLink<T, S> {
    sched: S,
    capacity: Capacity,
    propagation: SimDuration,
    sending: Option<Transmission<T>>,
    offered: u64,
    sent: u64,
    dropped: u64,
}

impl<T, S: Scheduler<T>> QueuedLink<T, S> {
    /// An idle link behind `sched`, with no limit of its own ([`Capacity::Unlimited`]) and a
    /// propagation delay of `propagation`.
    pub fn new(sched: S, propagation: SimDuration) -> Self {
        QueuedLink { sched, capacity: Capacity::Unlimited, propagation, sending: None, offered: 0, sent: 0, dropped: 0 }
    }

    /// The same link with the limit `capacity`.
    pub fn with_capacity(mut self, capacity: Capacity) -> Self {
        self.capacity = capacity;
        self
    }

    /// Offers `item` at `now`. Refused by the capacity, or dropped by the scheduler, it is
    /// appended to `drops`; otherwise it goes to the scheduler. If the link was idle it starts
    /// sending the scheduler's choice at once and the time its last bit leaves is returned: the
    /// owner calls [`Self::transmitted`] then. `service` gives the service time, `rates` what
    /// a channel-aware scheduler asks.
    pub fn offer(
        &mut self,
        now: SimTime,
        item: T,
        service: &mut impl Service<T>,
        rates: &mut dyn LinkState,
        drops: &mut Drops<T>,
    ) -> Option<SimTime> {
        self.offered += 1;
        if self.capacity.refuses(self.sched.len(), self.sending.is_some()) {
            drops.push((item, DropReason::Overflow));
            self.dropped += 1;
            return None;
        }
        let before = drops.len();
        self.sched.enqueue(now, item, drops);
        let started = if self.sending.is_none() { self.start(now, service, rates, drops) } else { None };
        self.dropped += (drops.len() - before) as u64;
        started
    }

    /// The transmission in progress ended at `now` (the time [`Self::offer`] or the previous
    /// call returned): gives its item back with its arrival time at the far end, and starts
    /// the scheduler's next choice, if any. `None` if nothing was being sent.
    pub fn transmitted(
        &mut self,
        now: SimTime,
        service: &mut impl Service<T>,
        rates: &mut dyn LinkState,
        drops: &mut Drops<T>,
    ) -> Option<Sent<T>> {
        let done = self.sending.take()?;
        debug_assert!(now >= done.finish, "a transmission ended before its last bit left");
        self.sent += 1;
        let before = drops.len();
        let next = self.start(now, service, rates, drops);
        self.dropped += (drops.len() - before) as u64;
        Some(Sent { item: done.item, arrives: done.arrives, next })
    }

    /// Starts sending the scheduler's choice at `now`, if it has one; returns when it ends.
    fn start(
        &mut self,
        now: SimTime,
        service: &mut impl Service<T>,
        rates: &mut dyn LinkState,
        drops: &mut Drops<T>,
    ) -> Option<SimTime> {
        let item = self.sched.dequeue(now, rates, drops)?;
        let finish = now + service.time(now, &item);
        self.sending = Some(Transmission { item, started: now, finish, arrives: finish + self.propagation });
        Some(finish)
    }

    /// Items waiting (not counting the one being sent).
    pub fn queued(&self) -> usize {
        self.sched.len()
    }

    /// Whether an item is being sent.
    pub fn busy(&self) -> bool {
        self.sending.is_some()
    }

    /// The transmission in progress, if any.
    pub fn sending(&self) -> Option<&Transmission<T>> {
        self.sending.as_ref()
    }

    /// The scheduler, for inspection (its queues, its state).
    pub fn scheduler(&self) -> &S {
        &self.sched
    }

    /// The link's own limit.
    pub fn capacity(&self) -> Capacity {
        self.capacity
    }

    /// The propagation delay given to transmissions that start from now on.
    pub fn propagation(&self) -> SimDuration {
        self.propagation
    }

    /// Changes the propagation delay of the transmissions that start from now on (a link whose
    /// ends move); the one in progress keeps its arrival time.
    pub fn set_propagation(&mut self, propagation: SimDuration) {
        self.propagation = propagation;
    }

    /// Items offered so far.
    pub fn offered(&self) -> u64 {
        self.offered
    }

    /// Items whose transmission ended so far.
    pub fn sent(&self) -> u64 {
        self.sent
    }

    /// Items refused or dropped so far (by the capacity or the scheduler).
    pub fn dropped(&self) -> u64 {
        self.dropped
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sched::per_flow::RoundRobin;
    use crate::sched::test_packet::P;
    use crate::sched::DropTail;

    const MS: u64 = 1_000_000;

    /// 1000-bit items on a 1 Mb/s link: 1 ms each.
    fn wire() -> AtRate<impl FnMut(&u64) -> f64> {
        AtRate { rate_bps: 1e6, bits: |_: &u64| 1000.0 }
    }

    fn fifo(capacity: Capacity, propagation_ms: u64) -> QueuedLink<u64, DropTail<u64>> {
        QueuedLink::new(DropTail::new(None), SimDuration(propagation_ms * MS)).with_capacity(capacity)
    }

    /// The conservation the module promises.
    fn conserved<T, S: Scheduler<T>>(l: &QueuedLink<T, S>) -> bool {
        l.offered() == l.sent() + l.dropped() + l.queued() as u64 + l.busy() as u64
    }

    #[test]
    fn fifo_order_busy_and_idle_and_propagation() {
        let mut l = fifo(Capacity::Unlimited, 5);
        let (mut s, mut d) = (wire(), vec![]);
        assert!(!l.busy());
        // Three items at 0: the first is sent at once (1 ms), the others wait.
        assert_eq!(l.offer(SimTime(0), 10, &mut s, &mut NoRates, &mut d), Some(SimTime(MS)));
        assert_eq!(l.offer(SimTime(0), 11, &mut s, &mut NoRates, &mut d), None);
        assert_eq!(l.offer(SimTime(0), 12, &mut s, &mut NoRates, &mut d), None);
        assert!(l.busy());
        assert_eq!(l.queued(), 2);
        assert_eq!(
            l.sending().map(|t| (t.item, t.started, t.finish, t.arrives)),
            Some((10, SimTime(0), SimTime(MS), SimTime(6 * MS)))
        );
        let mut now = SimTime(MS);
        let mut order = vec![];
        while let Some(sent) = l.transmitted(now, &mut s, &mut NoRates, &mut d) {
            // Each arrives one propagation delay after its last bit left.
            assert_eq!(sent.arrives, now + SimDuration(5 * MS));
            order.push(sent.item);
            match sent.next {
                Some(t) => {
                    assert_eq!(t, now + SimDuration(MS), "back to back");
                    now = t;
                }
                None => break,
            }
        }
        assert_eq!(order, vec![10, 11, 12]);
        assert!(!l.busy() && l.queued() == 0 && d.is_empty() && conserved(&l));
        // Idle again: the next offer starts at once, at its own time.
        assert_eq!(l.offer(SimTime(10 * MS), 13, &mut s, &mut NoRates, &mut d), Some(SimTime(11 * MS)));
        // Nothing sent: a stray call does nothing.
        let mut idle = fifo(Capacity::Unlimited, 0);
        assert!(idle.transmitted(SimTime(0), &mut s, &mut NoRates, &mut d).is_none());
    }

    #[test]
    fn capacity_counts_waiting_items_or_the_whole_link_or_as_ns2() {
        // (rule, offers accepted at one instant on an idle link): everything offered at 0.
        let accepted = |c: Capacity| {
            let mut l = fifo(c, 0);
            let (mut s, mut d) = (wire(), vec![]);
            for i in 0..10 {
                l.offer(SimTime(0), i, &mut s, &mut NoRates, &mut d);
            }
            assert!(conserved(&l));
            assert!(d.iter().all(|&(_, r)| r == DropReason::Overflow));
            10 - d.len()
        };
        // k waiting besides the one being sent; an idle link always takes one.
        assert_eq!(accepted(Capacity::Waiting(0)), 1);
        assert_eq!(accepted(Capacity::Waiting(3)), 4);
        // k on the link in all, the one being sent counted.
        assert_eq!(accepted(Capacity::InSystem(0)), 0);
        assert_eq!(accepted(Capacity::InSystem(1)), 1);
        assert_eq!(accepted(Capacity::InSystem(4)), 4);
        // ns-2: the arrival counts with those waiting, at an idle link too.
        assert_eq!(accepted(Capacity::Ns2Limit(0)), 0);
        assert_eq!(accepted(Capacity::Ns2Limit(1)), 0);
        assert_eq!(accepted(Capacity::Ns2Limit(2)), 2);
        assert_eq!(accepted(Capacity::Ns2Limit(4)), 4);
        assert_eq!(accepted(Capacity::Unlimited), 10);
        // The rules side by side.
        for k in 2..6 {
            for (w, b) in [(0, false), (0, true), (k - 2, true), (k - 1, true), (k, true)] {
                assert_eq!(Capacity::InSystem(k).refuses(w, b), Capacity::Waiting(k - 1).refuses(w, b));
                assert_eq!(Capacity::Ns2Limit(k).refuses(w, b), Capacity::InSystem(k).refuses(w, b));
            }
        }
    }

    #[test]
    fn a_full_link_frees_a_place_when_a_transmission_ends() {
        let mut l = fifo(Capacity::Waiting(1), 0);
        let (mut s, mut d) = (wire(), vec![]);
        l.offer(SimTime(0), 0, &mut s, &mut NoRates, &mut d);
        l.offer(SimTime(0), 1, &mut s, &mut NoRates, &mut d);
        l.offer(SimTime(0), 2, &mut s, &mut NoRates, &mut d);
        assert_eq!(d.iter().map(|&(i, _)| i).collect::<Vec<_>>(), vec![2]);
        let sent = l.transmitted(SimTime(MS), &mut s, &mut NoRates, &mut d).unwrap();
        assert_eq!((sent.item, sent.next), (0, Some(SimTime(2 * MS))));
        // 1 is on the wire, the waiting place is free again.
        assert_eq!(l.offer(SimTime(MS), 3, &mut s, &mut NoRates, &mut d), None);
        assert_eq!((l.queued(), d.len()), (1, 1));
    }

    #[test]
    fn conservation_under_random_offers_with_the_schedulers_own_drops() {
        // A scheduler with its own limit behind the link's: both drop, nothing is lost.
        let mut rng = crate::kernel::Streams::new(7).stream("queued-link-test");
        for capacity in [Capacity::Unlimited, Capacity::Waiting(3), Capacity::InSystem(5), Capacity::Ns2Limit(4)] {
            let mut l = QueuedLink::new(DropTail::new(Some(4)), SimDuration(MS)).with_capacity(capacity);
            let (mut s, mut d) = (wire(), vec![]);
            let mut due: Option<SimTime> = None;
            let mut last = None;
            let mut delivered = 0u64;
            for step in 0..20_000u64 {
                let now = SimTime(step * MS / 3);
                while let Some(t) = due.filter(|&t| t <= now) {
                    let sent = l.transmitted(t, &mut s, &mut NoRates, &mut d).unwrap();
                    assert!(last.is_none_or(|x| sent.item > x), "FIFO");
                    last = Some(sent.item);
                    assert_eq!(sent.arrives, t + SimDuration(MS));
                    delivered += 1;
                    due = sent.next;
                }
                if rng.next_f64() < 0.5 {
                    if let Some(t) = l.offer(now, step, &mut s, &mut NoRates, &mut d) {
                        assert!(due.is_none());
                        due = Some(t);
                    }
                }
                assert!(conserved(&l), "{capacity:?}");
                assert_eq!(l.busy(), due.is_some());
                assert!(l.queued() <= 4);
            }
            assert_eq!(delivered, l.sent());
            assert_eq!(d.len() as u64, l.dropped());
            assert!(l.dropped() > 0 && l.sent() > 0, "{capacity:?}");
        }
    }

    #[test]
    fn any_scheduler_and_a_service_time_taken_at_the_start() {
        // Round robin over two flows: the link sends them in turn, not in arrival order, and
        // the service time is asked at each start with its time (a rate that doubles at 2 ms).
        let mut l = QueuedLink::new(RoundRobin::new(2, 10), SimDuration::ZERO);
        let mut starts = vec![];
        let mut s = |now: SimTime, _: &P| {
            starts.push(now);
            SimDuration(if now < SimTime(2 * MS) { MS } else { MS / 2 })
        };
        let mut d = vec![];
        let first = l.offer(SimTime(0), P(0, 0), &mut s, &mut NoRates, &mut d);
        for p in [P(0, 0), P(0, 0), P(1, 0), P(1, 0)] {
            assert_eq!(l.offer(SimTime(0), p, &mut s, &mut NoRates, &mut d), None);
        }
        let (mut now, mut flows) = (first.unwrap(), vec![0]);
        let mut ends = vec![now];
        while let Some(sent) = l.transmitted(now, &mut s, &mut NoRates, &mut d) {
            let Some(next) = sent.next else { break };
            flows.push(l.sending().unwrap().item.0);
            now = next;
            ends.push(now);
        }
        assert_eq!(flows, vec![0, 1, 0, 1, 0]);
        let half_ms = |x: u64| SimTime(x * MS / 2);
        assert_eq!(ends, vec![half_ms(2), half_ms(4), half_ms(5), half_ms(6), half_ms(7)]);
        assert_eq!(starts, vec![half_ms(0), half_ms(2), half_ms(4), half_ms(5), half_ms(6)]);
    }
}
