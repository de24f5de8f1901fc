//! Every scheduler through [`Scheduler`] and every class sharing through [`ClassSharing`]:
//! conservation, order, bounds and drop reasons, on the same random load.

use super::dwrr::Dwrr;
use super::fq_codel::{FqCodel, FqCodelParams};
use super::per_flow::RoundRobin;
use super::pf::{Codes, ExpPf, MLwdf, Pf};
use super::policy::{build, LmsPolicy, PolicyParams};
use super::pss::{params_from_wrr, Pss};
use super::test_packet::P;
use super::*;
use crate::kernel::{SimDuration, Streams};
use DropReason::{Codel, Overflow, Timeout};

const FLOWS: usize = 4;
/// Per-flow buffer; every scheduler below holds at most FLOWS x PER_FLOW packets.
const PER_FLOW: usize = 10;
const MS: u64 = 1_000_000;

/// What a scheduler did with a random load.
struct Outcome {
    offered: usize,
    served: Vec<P>,
    dropped: Vec<(P, DropReason)>,
    left: usize,
    longest: usize,
}

/// Drives `s` for `steps` steps of 1 ms: each step 0 to 2 arrivals from random flows (flow 0
/// twice as often as the others), then one departure with probability 0.9, every flow's rate
/// drawn anew, so the load runs about 1.3 times the service and the buffers overflow.
fn drive(s: &mut dyn Scheduler<P>, steps: u64, seed: u64) -> Outcome {
    let mut rng = Streams::new(seed).stream("sched.tests");
    let mut o = Outcome { offered: 0, served: vec![], dropped: vec![], left: 0, longest: 0 };
    for k in 0..steps {
        let arrivals = (rng.next_f64() < 0.7) as u64 + (rng.next_f64() < 0.5) as u64;
        for i in 0..arrivals {
            let u = rng.next_f64() * (FLOWS + 1) as f64;
            let flow = (u as usize).saturating_sub(1).min(FLOWS - 1);
            let t = k * MS + i;
            s.enqueue(SimTime(t), P(flow, t), &mut o.dropped);
            o.offered += 1;
            o.longest = o.longest.max(s.len());
        }
        let rates: Vec<f64> = (0..FLOWS).map(|_| 0.1 + rng.next_f64()).collect();
        if rng.next_f64() < 0.9 {
            let now = SimTime(k * MS + 500_000);
            match s.dequeue(now, &mut |f| rates[f], &mut o.dropped) {
                Some(p) => o.served.push(p),
                None => assert_eq!(s.len(), 0, "nothing served with packets waiting"),
            }
        }
    }
    o.left = s.len();
    o
}

/// The properties every scheduler has: packets conserved (offered = served + dropped +
/// waiting), none served or dropped twice, each flow's packets served in arrival order, at
/// most `bound` waiting, and only the drop reasons in `reasons`, each of which occurred.
fn check(name: &str, s: &mut dyn Scheduler<P>, bound: usize, reasons: &[DropReason]) {
    let o = drive(s, 20_000, 7);
    assert_eq!(o.offered, o.served.len() + o.dropped.len() + o.left, "{name}: conservation");
    let mut all: Vec<(usize, u64)> =
        o.served.iter().chain(o.dropped.iter().map(|(p, _)| p)).map(|p| (p.0, p.1)).collect();
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), o.served.len() + o.dropped.len(), "{name}: a packet left twice");
    for f in 0..FLOWS {
        let times: Vec<u64> = o.served.iter().filter(|p| p.0 == f).map(|p| p.1).collect();
        assert!(times.windows(2).all(|w| w[0] < w[1]), "{name}: flow {f} served out of order");
        assert!(times.len() > 100, "{name}: flow {f} starved ({} served)", times.len());
    }
    assert!(o.longest <= bound, "{name}: {} waiting, bound {bound}", o.longest);
    for r in [Overflow, Timeout, Codel] {
        let n = o.dropped.iter().filter(|(_, why)| *why == r).count();
        assert_eq!(n > 0, reasons.contains(&r), "{name}: {n} drops for {r:?}, expected reasons {reasons:?}");
    }
}

/// A scheduler under test, named, with the drop reasons it may give.
type Case = (&'static str, Box<dyn Scheduler<P>>, &'static [DropReason]);

fn fq_params(limit: usize) -> FqCodelParams {
    FqCodelParams {
        target: SimDuration(5 * MS),
        interval: SimDuration(100 * MS),
        quantum: 1514,
        packet_bytes: 210,
        mtu: 1514,
        limit,
    }
}

#[test]
fn every_scheduler_conserves_orders_bounds_and_explains_its_drops() {
    let bound = FLOWS * PER_FLOW;
    let a = 30.0; // M-LWDF's and EXP-PF's a [1/s]
    let cases: Vec<Case> = vec![
        ("DropTail", Box::new(DropTail::new(Some(bound))), &[Overflow]),
        ("RR", Box::new(RoundRobin::new(FLOWS, PER_FLOW)), &[Overflow]),
        ("PF", Box::new(Pf::new(FLOWS, PER_FLOW, SimDuration(99 * MS), 1680.0)), &[Overflow]),
        (
            "CoDeS",
            Box::new(Codes::new(FLOWS, PER_FLOW, SimDuration(99 * MS), 1680.0, SimDuration(20 * MS))),
            &[Overflow, Timeout],
        ),
        ("M-LWDF", Box::new(MLwdf::new(FLOWS, PER_FLOW, SimDuration(99 * MS), 1680.0, a)), &[Overflow]),
        ("EXP-PF", Box::new(ExpPf::new(FLOWS, PER_FLOW, SimDuration(99 * MS), 1680.0, a)), &[Overflow]),
        ("FQ-CoDel", Box::new(FqCodel::new(FLOWS, fq_params(bound))), &[Overflow, Codel]),
    ];
    for (name, mut s, reasons) in cases {
        check(name, s.as_mut(), bound, reasons);
    }
}

#[test]
fn every_policy_built_from_its_parameters_behaves_as_its_type() {
    let p = PolicyParams {
        flows: FLOWS,
        total_buffer: FLOWS * PER_FLOW,
        pf_window: SimDuration(99 * MS),
        codes_timeout: SimDuration(20 * MS),
        delay_violation_prob: 0.05,
        delay_bound_s: 0.1,
        packet_bytes: 210.0,
    };
    let a = -crate::kernel::math::ln(0.05) / 0.1;
    let direct: [(LmsPolicy, Box<dyn Scheduler<P>>); 8] = [
        (LmsPolicy::DtS, Box::new(DropTail::new(Some(PER_FLOW)))),
        (LmsPolicy::DtH, Box::new(DropTail::new(Some(FLOWS * PER_FLOW)))),
        (LmsPolicy::Rr, Box::new(RoundRobin::new(FLOWS, PER_FLOW))),
        (LmsPolicy::Pf, Box::new(Pf::new(FLOWS, PER_FLOW, SimDuration(99 * MS), 1680.0))),
        (LmsPolicy::Codes, Box::new(Codes::new(FLOWS, PER_FLOW, SimDuration(99 * MS), 1680.0, SimDuration(20 * MS)))),
        (LmsPolicy::MLwdf, Box::new(MLwdf::new(FLOWS, PER_FLOW, SimDuration(99 * MS), 1680.0, a))),
        (LmsPolicy::ExpPf, Box::new(ExpPf::new(FLOWS, PER_FLOW, SimDuration(99 * MS), 1680.0, a))),
        (LmsPolicy::FqCodel, Box::new(FqCodel::new(FLOWS, fq_params(FLOWS * PER_FLOW)))),
    ];
    for (policy, mut reference) in direct {
        let mut built = build::<P>(policy, &p);
        let (x, y) = (drive(built.as_mut(), 5_000, 3), drive(reference.as_mut(), 5_000, 3));
        assert_eq!((x.served, x.dropped, x.left), (y.served, y.dropped, y.left), "{policy:?}");
    }
}

#[test]
fn class_sharings_serve_ef_first_and_never_an_empty_class() {
    let link = ClassLink { capacity_bps: 2e6, af_head_bits: 12_000.0 };
    let (_, pp) = params_from_wrr(3.0, 2.0, 12_000.0, 12_000.0, 2e6, 0.5e6, 0.0);
    let cases: Vec<(&str, Box<dyn ClassSharing>)> =
        vec![("DWRR", Box::new(Dwrr::new(3.0, 2.0))), ("PSS", Box::new(Pss::new(pp.clone())))];
    for (name, mut s) in cases {
        let mut rng = Streams::new(11).stream("sched.tests.classes");
        let mut served = [0u32; 3];
        for k in 0..20_000u64 {
            let b = Backlog { ef: rng.next_f64() < 0.2, af: rng.next_f64() < 0.8, cs0: rng.next_f64() < 0.8 };
            let c = s.pick(SimTime(k * 6 * MS), b, link);
            match c {
                None => assert!(!b.ef && !b.af && !b.cs0, "{name}: nothing served from {b:?}"),
                Some(Class::Ef) => served[0] += 1,
                Some(Class::Af) => served[1] += 1,
                Some(Class::Cs0) => served[2] += 1,
            }
            if let Some(c) = c {
                let waiting = match c {
                    Class::Ef => b.ef,
                    Class::Af => b.af,
                    Class::Cs0 => b.cs0,
                };
                assert!(waiting, "{name}: served empty {c:?} from {b:?}");
                assert!(!b.ef || c == Class::Ef, "{name}: {c:?} before EF");
            }
            match (name, s.credit()) {
                ("DWRR", credit) => assert_eq!(credit, None),
                (_, Some(cr)) => {
                    assert!(cr.credit_bits >= 0.0 && cr.credit_bits <= pp.lm_bits + 1e-6, "{name}: {cr:?}")
                }
                (_, None) => panic!("{name}: no credit state"),
            }
        }
        assert!(served.iter().all(|&n| n > 1000), "{name}: {served:?}");
    }
}
