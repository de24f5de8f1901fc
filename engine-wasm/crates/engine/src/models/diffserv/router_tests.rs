//! Tests of the DiffServ router: EF strict priority, DWRR and PSS sharing, drop-tail class
//! buffers, the TCP flows, the counters and `run`.

use super::*;
use crate::sched::pss::params_from_wrr;
use crate::transport::congestion::CcKind;

const MSS: f64 = 1500.0;
const L: f64 = MSS * 8.0;

fn af(start_s: f64) -> FlowSpec {
    FlowSpec { class: Class::Af, transport: Transport::Tcp(CcKind::Cubic), start_s }
}

fn cs0(start_s: f64) -> FlowSpec {
    FlowSpec { class: Class::Cs0, transport: Transport::Tcp(CcKind::Cubic), start_s }
}

/// `n` AF and `n` CS0 flows starting 10 ms apart, interleaved.
fn both(n: usize) -> Vec<FlowSpec> {
    (0..n).flat_map(|k| [af(0.02 * k as f64), cs0(0.01 + 0.02 * k as f64)]).collect()
}

/// A 2 Mb/s link with a 40 ms RTT (6 ms a packet).
fn spec(flows: Vec<FlowSpec>, ef_bps: f64, buffer_pkts: usize, sharing: Sharing) -> RouterSpec {
    RouterSpec {
        capacity_bps: 2e6,
        one_way_s: 0.02,
        mss_bytes: MSS,
        buffer_pkts,
        ef_bps,
        sharing,
        flows,
        ..RouterSpec::default()
    }
}

fn pss(w_af: f64, w_cs0: f64, capacity: f64, ef_expected: f64) -> Sharing {
    Sharing::Pss(params_from_wrr(w_af, w_cs0, L, L, capacity, ef_expected, 0.0).1)
}

/// Runs like [`run`], calling `check(now, event handled, router)` after every event; returns
/// the router and the events still pending at the end.
fn run_checked(
    spec: RouterSpec,
    duration_s: f64,
    mut check: impl FnMut(SimTime, &Event, &Router),
) -> (Router, EventQueue<Event>) {
    let mut events = EventQueue::new();
    let mut r = Router::new(spec, &mut events);
    let end = SimTime::from_secs_f64(duration_s);
    while let Some((t, ev)) = events.pop_until(end) {
        r.handle(t, ev.clone(), &mut events);
        check(t, &ev, &r);
    }
    (r, events)
}

fn class_of(r: &Router, flow: usize) -> usize {
    class_index(r.spec.flows[flow].class)
}

#[test]
fn ef_waits_at_most_one_packet_behind_af_or_cs0_when_saturated() {
    // EF by strict priority, non-preemptive (paper 001 §2, Algorithm 1 lines 18-27 for PSS):
    // with AF and CS0 backlogged, an EF packet waits at most for the packet already on the
    // link. Each EF packet's wait is measured from its emission to its start on the link.
    let tx = SimDuration::from_secs_f64(L / 2e6);
    for sharing in [Sharing::Dwrr { w_af: 3.0, w_cs0: 2.0 }, pss(3.0, 2.0, 2e6, 0.5e6)] {
        let label = format!("{sharing:?}");
        let mut emitted = std::collections::VecDeque::new();
        let (mut offered, mut sent) = (0.0, 0.0);
        let (mut longest, mut contended) = (SimDuration::ZERO, 0);
        let (r, _) = run_checked(spec(both(4), 0.5e6, 30, sharing), 6.0, |now, _, r| {
            if r.counters.ef_offered_bits > offered {
                offered = r.counters.ef_offered_bits;
                emitted.push_back(now);
            }
            if r.counters.bits[0] > sent {
                sent = r.counters.bits[0];
                let wait = now.saturating_since(emitted.pop_front().expect("EF sent before it was offered"));
                longest = longest.max(wait);
            }
            assert!(r.queue_lens()[0] <= 1, "{label}: {} EF packets waiting at {now}", r.queue_lens()[0]);
            if r.queue_lens()[0] == 1 {
                assert!(r.link.busy(), "{label}: EF waits on an idle link at {now}");
                contended += (r.queue_lens()[1] > 0 && r.queue_lens()[2] > 0) as u32;
            }
        });
        assert!(longest <= tx, "{label}: an EF packet waited {longest:?}, one packet takes {tx:?}");
        assert!(contended > 50, "{label}: AF and CS0 were rarely backlogged behind EF ({contended})");
        assert_eq!(r.counters.drops[0], 0);
    }
}

#[test]
fn class_buffers_are_drop_tail() {
    // A packet is dropped only when its class buffer is full: after any event that dropped
    // packets of a class, that buffer holds exactly `buffer_pkts`; no buffer ever holds more.
    let buffer = 4;
    for sharing in [Sharing::Dwrr { w_af: 2.0, w_cs0: 2.0 }, pss(2.0, 2.0, 2e6, 0.5e6)] {
        let mut drops = [0u64; 3];
        let (r, _) = run_checked(spec(both(5), 0.5e6, buffer, sharing), 5.0, |now, _, r| {
            let q = r.queue_lens();
            for k in 0..3 {
                assert!(q[k] <= buffer, "class {k}: {} packets in a buffer of {buffer}", q[k]);
                if r.counters.drops[k] > drops[k] {
                    assert_eq!(q[k], buffer, "class {k} dropped at {now} with room in its buffer");
                }
            }
            drops = r.counters.drops;
        });
        assert!(r.counters.drops[1] > 0 && r.counters.drops[2] > 0, "{:?}", r.counters.drops);
    }
}

#[test]
fn ef_packets_are_offered_sent_dropped_or_queued() {
    // Conservation at the EF buffer: offered = sent + dropped + waiting. EF at 0.75 of a link
    // held at half its capacity overflows a 20-packet buffer.
    let s = RouterSpec {
        ef_bps: 1.5e6,
        buffer_pkts: 20,
        capacity_profile: RateProfile::Trace { points: vec![[0.0, 0.5]] },
        ..spec(vec![], 0.0, 0, Sharing::Dwrr { w_af: 1.0, w_cs0: 1.0 })
    };
    let r = run(s, 3.0);
    let c = &r.counters;
    let offered = c.ef_offered_bits / L;
    assert!(c.drops[0] > 100, "{c:?}");
    assert_eq!(offered, c.bits[0] / L + c.drops[0] as f64 + r.queue_lens()[0] as f64, "{c:?}");
    assert_eq!(r.queue_lens()[0], 20);
    // On the slowed link a packet takes 12 ms: starts at 0, 12 ms, ..., 3 s (the end counts).
    assert_eq!(c.bits[0] / L, 251.0);
    assert_eq!(r.capacity_at(1.0), 1e6);
    assert_eq!(r.ef_rate_at(1.0), 1.5e6);
}

#[test]
fn every_data_packet_sent_reaches_its_receiver_one_way_later() {
    // Conservation on the link: packets a class started = Arrive events handled + Arrive
    // events still in flight at the end. TCP: a sender's cumulative ACK never passes what its
    // receiver delivered in order, and delivered data never exceeds what the class sent.
    let mut arrived = [0u64; 3];
    let (r, mut pending) =
        run_checked(spec(both(3), 0.5e6, 10, Sharing::Dwrr { w_af: 3.0, w_cs0: 2.0 }), 5.0, |_, ev, r| {
            if let Event::Arrive { flow, .. } = ev {
                arrived[class_of(r, *flow)] += 1;
            }
        });
    let mut in_flight = [0u64; 3];
    while let Some((_, ev)) = pending.pop() {
        if let Event::Arrive { flow, .. } = ev {
            in_flight[class_of(&r, flow)] += 1;
        }
    }
    for k in 1..3 {
        assert_eq!(r.counters.bits[k] / L, (arrived[k] + in_flight[k]) as f64, "class {k}");
        assert!(in_flight[k] > 0);
    }
    let delivered = r.delivered();
    let mut per_class = [0u64; 3];
    for (i, s) in r.flow_stats().iter().enumerate() {
        assert!(s.acked <= delivered[i], "flow {i}: acked {} of {} delivered", s.acked, delivered[i]);
        assert!(delivered[i] > 0, "flow {i}");
        per_class[class_of(&r, i)] += delivered[i];
    }
    for k in 1..3 {
        assert!(per_class[k] <= arrived[k], "class {k}: {} delivered of {} arrived", per_class[k], arrived[k]);
    }
}

#[test]
fn a_class_alone_is_the_same_drop_tail_bottleneck_under_any_sharing() {
    // With one class alone, DWRR and PSS (AF is served at low priority when CS0 is empty,
    // Algorithm 1 line 27) both reduce to one FIFO drop-tail queue: the same packets, drops and
    // deliveries, AF or CS0 alike. The bottleneck is then full after slow start.
    let c = 2e6;
    let bdp = (c * 0.04 / L) as usize;
    let outcome = |flows: Vec<FlowSpec>, sharing: Sharing, k: usize, dur: f64| {
        let r = run(spec(flows, 0.0, bdp, sharing), dur);
        let other = if k == 1 { 2 } else { 1 };
        assert_eq!((r.counters.bits[0], r.counters.bits[other]), (0.0, 0.0));
        (
            r.counters.bits[k],
            r.counters.drops[k],
            r.delivered(),
            r.flow_stats().iter().map(|s| s.retransmits).collect::<Vec<_>>(),
        )
    };
    let two_af = vec![af(0.0), af(0.5)];
    let two_cs0 = vec![cs0(0.0), cs0(0.5)];
    let reference = outcome(two_af.clone(), Sharing::Dwrr { w_af: 3.0, w_cs0: 2.0 }, 1, 20.0);
    assert_eq!(outcome(two_af, pss(3.0, 2.0, c, 0.0), 1, 20.0), reference);
    assert_eq!(outcome(two_cs0.clone(), pss(3.0, 2.0, c, 0.0), 2, 20.0), reference);
    assert_eq!(outcome(two_cs0.clone(), Sharing::Dwrr { w_af: 7.0, w_cs0: 2.0 }, 2, 20.0), reference);
    assert!(reference.1 > 0, "the buffer never overflowed: {reference:?}");
    let early = outcome(two_cs0, Sharing::Dwrr { w_af: 1.0, w_cs0: 1.0 }, 2, 10.0);
    let rate = (reference.0 - early.0) / 10.0;
    assert!(rate > 0.95 * c && rate <= c + L / 10.0, "{rate} b/s on a {c} b/s link");
}

/// The router's class queues (unlimited buffers) for `sharing`.
fn classes(sharing: Sharing) -> ClassQueues<Pkt> {
    ClassQueues::new(sharing.build(), usize::MAX, 2e6)
}

/// Puts a packet in class `k`'s buffer.
fn push(q: &mut ClassQueues<Pkt>, k: usize) {
    let class = [Class::Ef, Class::Af, Class::Cs0][k];
    crate::sched::Scheduler::enqueue(q, SimTime::ZERO, Pkt { class, bits: L, payload: Payload::Ef }, &mut vec![]);
}

/// Takes the packet the sharing picks; returns its class queue.
fn serve(q: &mut ClassQueues<Pkt>) -> Option<usize> {
    let p = crate::sched::Scheduler::dequeue(q, SimTime::ZERO, &mut NoRates, &mut vec![])?;
    Some(class_index(p.class))
}

/// Serves `n` packets by DWRR from AF and CS0 queues kept non-empty; returns the order served.
fn dwrr_order(w_af: f64, w_cs0: f64, n: usize) -> Vec<usize> {
    let mut q = classes(Sharing::Dwrr { w_af, w_cs0 });
    (0..n)
        .map(|_| {
            for k in 1..3 {
                if q.lens()[k] == 0 {
                    push(&mut q, k);
                }
            }
            serve(&mut q).unwrap()
        })
        .collect()
}

#[test]
fn dwrr_shares_in_proportion_to_the_weights_when_both_are_backlogged() {
    // Quanta W_AF and W_CS0 packets per round: AF gets W_AF / (W_AF + W_CS0) of the packets
    // (K_AF, paper 001 eq. 2 with equal sizes), within one quantum, fractional weights carrying
    // their deficit over; no class sends more than its quantum (rounded up) in a row.
    for (w_af, w_cs0) in [(3.0, 1.0), (2.5, 1.0), (1.0, 4.0), (20.0, 20.0), (7.3, 2.9)] {
        let n = 2000;
        let order = dwrr_order(w_af, w_cs0, n);
        let af = order.iter().filter(|&&k| k == 1).count() as f64;
        let expected = n as f64 * w_af / (w_af + w_cs0);
        assert!(
            (af - expected).abs() <= w_af.max(w_cs0),
            "weights {w_af}/{w_cs0}: {af} AF packets of {n}, expected {expected}"
        );
        let longest = |class: usize| order.split(|&k| k != class).map(<[usize]>::len).max().unwrap_or(0);
        assert!(
            longest(1) as f64 <= w_af.ceil() && longest(2) as f64 <= w_cs0.ceil(),
            "weights {w_af}/{w_cs0}: runs of {} AF, {} CS0",
            longest(1),
            longest(2)
        );
    }
}

#[test]
fn dwrr_serves_ef_first_and_an_idle_class_keeps_no_credit() {
    let mut q = classes(Sharing::Dwrr { w_af: 4.0, w_cs0: 4.0 });
    assert_eq!(serve(&mut q), None);
    for k in 0..3 {
        push(&mut q, k);
    }
    assert_eq!(serve(&mut q), Some(0));
    assert_eq!(q.lens()[0], 0);
    // AF backlogged; CS0 with one packet, served out of a quantum of 4, then empty: the 3
    // packets of quantum it did not use are not kept while it is idle.
    let serve_af_backlogged = |q: &mut ClassQueues<Pkt>| {
        let k = serve(q).unwrap();
        push(q, 1);
        k
    };
    while serve_af_backlogged(&mut q) != 2 {}
    for _ in 0..20 {
        assert_eq!(serve_af_backlogged(&mut q), 1);
    }
    // Both backlogged again: never more than one quantum (4) of one class in a row.
    for _ in 0..100 {
        push(&mut q, 2);
    }
    let mut run = (0, 0);
    for _ in 0..60 {
        let k = serve_af_backlogged(&mut q);
        run = if k == run.0 { (k, run.1 + 1) } else { (k, 1) };
        assert!(run.1 <= 4, "{} packets of class {k} in a row", run.1);
    }
}

#[test]
fn dwrr_gives_af_k_af_of_what_ef_leaves_through_the_router() {
    // Paper 001 eq. 1: AF = K_AF (C - EF) with both TCP classes backlogged; K_AF = 3 / 4.
    let c = 2e6;
    let r = run(spec(both(4), 0.5e6, 30, Sharing::Dwrr { w_af: 3.0, w_cs0: 1.0 }), 20.0);
    let b = &r.counters.bits;
    let af_share = b[1] / (b[1] + b[2]);
    assert!((af_share - 0.75).abs() < 0.02, "AF share {af_share}: {b:?}");
    assert!(((b[1] + b[2]) / 20.0 / (c - 0.5e6) - 1.0).abs() < 0.03, "{b:?}");
    assert!(r.pss_state().is_none() && r.credit_range().is_none());
}

#[test]
fn pss_keeps_its_credit_within_0_and_l_m_and_switches_af() {
    // Algorithm 1 lines 22 and 5: the credit never leaves [0, L_M]; saturated, AF switches
    // between high and low priority.
    let Sharing::Pss(p) = pss(3.0, 2.0, 2e6, 0.5e6) else { unreachable!() };
    let (r, _) = run_checked(spec(both(4), 0.5e6, 30, Sharing::Pss(p.clone())), 6.0, |now, _, r| {
        let (credit, _, _) = r.pss_state().unwrap();
        assert!(credit >= 0.0 && credit <= p.lm_bits + 1e-6, "credit {credit} at {now}, L_M {}", p.lm_bits);
    });
    let (lo, hi) = r.credit_range().unwrap();
    assert!(lo >= 0.0 && hi <= p.lm_bits + 1e-6 && hi > lo, "{lo}..{hi}");
    assert!(r.pss_state().unwrap().2 > 10, "{:?}", r.pss_state());
}

#[test]
fn an_ef_profile_at_zero_pauses_the_source_and_it_resumes_within_a_millisecond() {
    // 6 Mb/s, a packet every 2 ms, paused on [1 s, 1.5005 s): 500 packets before (0 to 998 ms);
    // paused, the source looks again every millisecond and resumes at 1.501 s, then sends
    // every 2 ms up to 2.999 s: 750 packets.
    let s = RouterSpec {
        capacity_bps: 20e6,
        ef_bps: 6e6,
        ef_profile: RateProfile::Trace { points: vec![[0.0, 1.0], [1.0, 0.0], [1.5005, 1.0]] },
        ..spec(vec![], 0.0, 100, Sharing::Dwrr { w_af: 1.0, w_cs0: 1.0 })
    };
    let mut at = vec![];
    let mut offered = 0.0;
    let (r, _) = run_checked(s, 3.0, |now, _, r| {
        if r.counters.ef_offered_bits > offered {
            offered = r.counters.ef_offered_bits;
            at.push(now.0);
        }
    });
    assert_eq!((at[499], at[500], at[at.len() - 1]), (998_000_000, 1_501_000_000, 2_999_000_000));
    assert_eq!(r.counters.ef_offered_bits / L, 1250.0);
    assert_eq!(r.counters.bits[0], r.counters.ef_offered_bits);
    assert_eq!(r.ef_rate_at(1.2), 0.0);
}

#[test]
fn flows_send_nothing_before_their_start() {
    let late = spec(vec![af(0.0), cs0(2.5)], 0.0, 30, Sharing::Dwrr { w_af: 2.0, w_cs0: 2.0 });
    let r = run(late.clone(), 2.4);
    assert_eq!(r.counters.bits[2], 0.0);
    assert_eq!(r.delivered()[1], 0);
    assert!(r.delivered()[0] > 0);
    let r = run(late, 4.0);
    assert!(r.counters.bits[2] > 0.0 && r.delivered()[1] > 0);
    // No flow and no EF: nothing ever happens.
    let r = run(spec(vec![], 0.0, 30, Sharing::Dwrr { w_af: 2.0, w_cs0: 2.0 }), 10.0);
    assert_eq!((r.counters.bits, r.counters.drops, r.counters.ef_offered_bits), ([0.0; 3], [0; 3], 0.0));
}

#[test]
fn counters_count_whole_packets_and_runs_repeat_exactly() {
    let s = spec(both(3), 0.5e6, 10, pss(3.0, 2.0, 2e6, 0.5e6));
    let a = run(s.clone(), 3.0);
    let b = run(s, 3.0);
    for k in 0..3 {
        assert_eq!(a.counters.bits[k] % L, 0.0, "class {k}: {}", a.counters.bits[k]);
    }
    assert_eq!(format!("{:?}", a.counters), format!("{:?}", b.counters));
    assert_eq!(a.delivered(), b.delivered());
    assert_eq!(a.credit_range(), b.credit_range());
    assert_eq!(a.mss_bits(), L);
}
