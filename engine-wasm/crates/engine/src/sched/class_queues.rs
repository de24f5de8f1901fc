//! The DiffServ class queues behind the [`Scheduler`] trait: one drop-tail buffer per class
//! (EF, AF, CS0) and a [`ClassSharing`] (DWRR or PSS) choosing the class at each dequeue, so
//! that a router's link is a [`QueuedLink`](crate::network::link::QueuedLink) like any other.

use super::{Backlog, Class, ClassLink, ClassSharing, CreditState, DropTail, Drops, LinkState, Scheduler};
use crate::kernel::SimTime;

/// What the class queues need to know of a packet.
pub trait Classified {
    /// Its class.
    fn class(&self) -> Class;
    /// Its size [bits] (PSS's credit counts the AF head's).
    fn bits(&self) -> f64;
}

/// The index of a class's queue: EF 0, AF 1, CS0 2.
pub fn class_index(c: Class) -> usize {
    match c {
        Class::Ef => 0,
        Class::Af => 1,
        Class::Cs0 => 2,
    }
}

/// Three drop-tail class buffers and the sharing between them.
///
/// - An arrival goes to its class's buffer, or is dropped ([`super::DropReason::Overflow`])
///   when that buffer is full.
/// - At each dequeue, the sharing picks the class from which queues hold a packet, given the
///   capacity C it is configured with (PSS's credit slopes; on a link of varying rate, the
///   average: paper 001 §2.3) and the size of the AF head (0 when AF is empty: the sharing
///   only counts it when it sends AF). The sharing is asked at every dequeue, with empty
///   queues too: PSS's credit decays over the idle time then.
pub struct ClassQueues<T> {
    queues: [DropTail<T>; 3],
    sharing: Box<dyn ClassSharing>,
    capacity_bps: f64,
    credit_range: Option<(f64, f64)>,
}

impl<T: Classified> ClassQueues<T> {
    /// Buffers of `buffer_pkts` per class, shared by `sharing` configured for `capacity_bps`.
    pub fn new(sharing: Box<dyn ClassSharing>, buffer_pkts: usize, capacity_bps: f64) -> Self {
        ClassQueues {
            queues: std::array::from_fn(|_| DropTail::new(Some(buffer_pkts))),
            sharing,
            capacity_bps,
            credit_range: None,
        }
    }

    /// Packets waiting per class [EF, AF, CS0].
    pub fn lens(&self) -> [usize; 3] {
        self.queues.each_ref().map(Scheduler::len)
    }

    /// The sharing's credit state, for a credit-based sharing (PSS).
    pub fn credit(&self) -> Option<CreditState> {
        self.sharing.credit()
    }

    /// Lowest and highest credit over the decisions that picked a class so far [bits].
    pub fn credit_range(&self) -> Option<(f64, f64)> {
        self.credit_range
    }
}

impl<T: Classified> Scheduler<T> for ClassQueues<T> {
    fn enqueue(&mut self, now: SimTime, item: T, drops: &mut Drops<T>) {
        let k = class_index(item.class());
        Scheduler::enqueue(&mut self.queues[k], now, item, drops);
    }

    fn dequeue(&mut self, now: SimTime, link: &mut dyn LinkState, drops: &mut Drops<T>) -> Option<T> {
        let [ef, af, cs0] = self.queues.each_ref().map(|q| !q.is_empty());
        let af_head_bits = self.queues[1].front().map_or(0.0, Classified::bits);
        let class = self.sharing.pick(
            now,
            Backlog { ef, af, cs0 },
            ClassLink { capacity_bps: self.capacity_bps, af_head_bits },
        )?;
        if let Some(c) = self.sharing.credit() {
            let c = c.credit_bits;
            self.credit_range = Some(self.credit_range.map_or((c, c), |(a, b)| (a.min(c), b.max(c))));
        }
        Scheduler::dequeue(&mut self.queues[class_index(class)], now, link, drops)
    }

    fn len(&self) -> usize {
        self.queues.iter().map(Scheduler::len).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::network::link::NoRates;
    use crate::sched::dwrr::Dwrr;
    use crate::sched::pss::{Pss, PssParams};
    use crate::sched::DropReason;

    #[derive(Clone, Copy, Debug, PartialEq)]
    struct P(Class, u32);
    impl Classified for P {
        fn class(&self) -> Class {
            self.0
        }
        fn bits(&self) -> f64 {
            12_000.0
        }
    }

    #[test]
    fn ef_first_then_the_sharing_and_each_class_has_its_own_buffer() {
        let mut q = ClassQueues::new(Box::new(Dwrr::new(1.0, 1.0)), 2, 1e6);
        let mut d = vec![];
        for (i, c) in [Class::Af, Class::Af, Class::Af, Class::Cs0, Class::Ef].into_iter().enumerate() {
            q.enqueue(SimTime::ZERO, P(c, i as u32), &mut d);
        }
        // The third AF found its buffer full; the others each had room.
        assert_eq!(d, vec![(P(Class::Af, 2), DropReason::Overflow)]);
        assert_eq!((q.lens(), q.len()), ([1, 2, 1], 4));
        let order: Vec<u32> =
            std::iter::from_fn(|| q.dequeue(SimTime::ZERO, &mut NoRates, &mut d)).map(|p| p.1).collect();
        // EF by strict priority, then DWRR in turn (AF's first turn starts with no deficit).
        assert_eq!(order, vec![4, 3, 0, 1]);
        assert!(q.credit().is_none() && q.credit_range().is_none());
    }

    #[test]
    fn pss_counts_the_af_head_and_decays_over_idle_dequeues() {
        let p = PssParams { bw: 0.5, lm_bits: 48_000.0, lr_bits: 0.0, credit_memory: false, above_average: false };
        let mut q = ClassQueues::new(Box::new(Pss::new(p)), 10, 1e6);
        let mut d = vec![];
        q.enqueue(SimTime::ZERO, P(Class::Af, 0), &mut d);
        assert_eq!(q.dequeue(SimTime::ZERO, &mut NoRates, &mut d), Some(P(Class::Af, 0)));
        // 12 000 bits at (1 - BW): +6000.
        assert_eq!(q.credit().map(|c| c.credit_bits), Some(6000.0));
        // An empty dequeue 1 s later: nothing to send, the credit decays (BW C per second).
        assert_eq!(q.dequeue(SimTime::from_secs_f64(1.0), &mut NoRates, &mut d), None);
        assert_eq!(q.credit().map(|c| c.credit_bits), Some(0.0));
        assert_eq!(q.credit_range(), Some((6000.0, 6000.0)));
    }
}
