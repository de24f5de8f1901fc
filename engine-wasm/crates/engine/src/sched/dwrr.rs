//! Deficit weighted round robin between AF and CS0 behind EF's strict priority: the WRR
//! reference against which paper 001 sets PSS (its Fig. 1 router with WRR; AF gets
//! K_AF = W_AF L_AF / (W_AF L_AF + W_CS0 L_CS0) of what EF leaves, eq. 2).

use super::{Backlog, Class, ClassLink, ClassSharing};
use crate::kernel::SimTime;

/// DWRR in packets of equal size: quanta proportional to the weights (packets); a class with a
/// packet and a deficit of at least one packet sends; an exhausted class passes the turn and
/// gets its quantum back; an idle class keeps no credit. EF, when it has a packet, always goes
/// first.
#[derive(Clone, Debug, PartialEq)]
pub struct Dwrr {
    /// Quanta [packets] of AF and CS0: their weights W_AF and W_CS0.
    quanta: [f64; 2],
    deficit: [f64; 2],
    /// Whose turn it is: 0 AF, 1 CS0.
    turn: usize,
}

impl Dwrr {
    /// Weights W_AF and W_CS0 (packets per round).
    pub fn new(w_af: f64, w_cs0: f64) -> Self {
        Dwrr { quanta: [w_af, w_cs0], deficit: [0.0; 2], turn: 0 }
    }
}

impl ClassSharing for Dwrr {
    fn pick(&mut self, _now: SimTime, backlog: Backlog, _link: ClassLink) -> Option<Class> {
        let Backlog { ef, af, cs0 } = backlog;
        if ef {
            return Some(Class::Ef);
        }
        let quanta = self.quanta;
        let busy = [af, cs0];
        if !af && !cs0 {
            return None;
        }
        const CLASSES: [Class; 2] = [Class::Af, Class::Cs0];
        for _ in 0..4 {
            let k = self.turn;
            if busy[k] && self.deficit[k] >= 1.0 {
                self.deficit[k] -= 1.0;
                return Some(CLASSES[k]);
            }
            if !busy[k] {
                self.deficit[k] = 0.0; // an idle class keeps no credit
            }
            self.turn = 1 - k;
            let n = self.turn;
            if busy[n] {
                self.deficit[n] += quanta[n];
            }
        }
        Some(if af { Class::Af } else { Class::Cs0 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINK: ClassLink = ClassLink { capacity_bps: 1e6, af_head_bits: 12_000.0 };

    fn backlog(ef: bool, af: bool, cs0: bool) -> Backlog {
        Backlog { ef, af, cs0 }
    }

    /// `n` decisions with AF and CS0 always backlogged.
    fn order(s: &mut dyn ClassSharing, n: usize) -> Vec<Class> {
        (0..n).map(|_| s.pick(SimTime::ZERO, backlog(false, true, true), LINK).unwrap()).collect()
    }

    #[test]
    fn shares_in_proportion_to_the_weights_within_one_quantum() {
        for (w_af, w_cs0) in [(3.0, 1.0), (2.5, 1.0), (1.0, 4.0), (7.3, 2.9)] {
            let n = 2000;
            let o = order(&mut Dwrr::new(w_af, w_cs0), n);
            let af = o.iter().filter(|&&c| c == Class::Af).count() as f64;
            let expected = n as f64 * w_af / (w_af + w_cs0);
            assert!(
                (af - expected).abs() <= w_af.max(w_cs0),
                "weights {w_af}/{w_cs0}: {af} AF of {n}, expected {expected}"
            );
        }
        // Whole weights: W_AF AF packets, then W_CS0 CS0 packets, in turn (AF's first turn
        // starts with no deficit and passes to CS0).
        let o = order(&mut Dwrr::new(2.0, 1.0), 9);
        use Class::{Af, Cs0};
        assert_eq!(o, vec![Cs0, Af, Af, Cs0, Af, Af, Cs0, Af, Af]);
    }

    #[test]
    fn ef_goes_first_nothing_is_served_from_empty_queues_and_an_idle_class_keeps_no_credit() {
        let mut s = Dwrr::new(4.0, 4.0);
        assert_eq!(s.pick(SimTime::ZERO, backlog(false, false, false), LINK), None);
        assert_eq!(s.pick(SimTime::ZERO, backlog(true, true, true), LINK), Some(Class::Ef));
        assert_eq!(s.pick(SimTime::ZERO, backlog(true, false, false), LINK), Some(Class::Ef));
        // A class alone is served whatever its deficit.
        for _ in 0..10 {
            assert_eq!(s.pick(SimTime::ZERO, backlog(false, false, true), LINK), Some(Class::Cs0));
        }
        for _ in 0..10 {
            assert_eq!(s.pick(SimTime::ZERO, backlog(false, true, false), LINK), Some(Class::Af));
        }
        // CS0 was idle while AF sent: it comes back with one quantum, not with saved credit.
        let o = order(&mut s, 16);
        let longest = |c: Class| o.split(|&k| k != c).map(<[Class]>::len).max().unwrap_or(0);
        assert!(longest(Class::Cs0) <= 4 && longest(Class::Af) <= 4, "{o:?}");
    }
}
