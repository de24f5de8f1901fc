//! Tests of the TCP transfer over the moving route: segments, ACKs, handoffs and their outcome (`transfer.rs`).

use super::*;
use crate::crossing::{build_topology, ConstellationScenario};

/// Hawaii sends to Los Angeles over Iridium with ns-2's ISL settings (paper 004 §4).
fn topo() -> PairTopology {
    let k = ConstellationScenario {
        from: "Hawaii gateway".into(),
        to: "Los Angeles".into(),
        polar_cutoff_deg: 60.0,
        isl_pairing: crate::topology::isl::IslPairing::Alternating,
        ..Default::default()
    };
    build_topology(&k, "crossing").unwrap()
}

/// The first step (1 s apart) at which the route gets at least `by` ISL hops shorter.
fn first_shortening(by: f64) -> f64 {
    let mut t = topo();
    let mut before = f64::NAN;
    for i in 0..86_400 {
        let (_, hops, _) = t.step(i as f64);
        if before - hops >= by {
            return i as f64;
        }
        before = hops;
    }
    panic!("the route never gets {by} hops shorter in a day");
}

#[test]
fn nine_kilobytes_take_one_window_serialised_at_the_access_rate() {
    // 9 segments fit in IW 10: all leave at once; the last arrives after 9 up-link and 1
    // down-link serialisations (1056 B at 1.5 Mb/s: 5.63 ms each), the ISL ones (0.34 ms per
    // hop) and the one-way propagation.
    let mut t = topo();
    let o = TransferOptions::default();
    let r = run(&mut t, 600.0, &o);
    let hops = t.route().len() as f64 - 1.0;
    let one_way_ms = r.start_rtt_ms / 2.0;
    // 1056 bytes on the wire: 1000 of payload, 40 of TCP/IP header, 16 below IP (ns-2).
    let predicted_ms = one_way_ms + 10.0 * 8448.0 / 1.5e6 * 1e3 + hops * 8448.0 / 25e6 * 1e3;
    let got_ms = r.transfer_s.unwrap() * 1e3;
    assert!((got_ms - predicted_ms).abs() < 0.5, "transfer {got_ms:.3} ms, predicted {predicted_ms:.3} ms ({r:?})");
    assert_eq!((r.segments, r.retransmits, r.queue_drops, r.timeouts), (9, 0, 0, 0));
}

#[test]
fn larger_files_take_the_slow_start_rounds_the_rtt_predicts() {
    // High throughput (serialisation well under a millisecond): IW 10 doubling per round
    // trip sends 10, 20, 40, ... segments, so a file of 10 + 20 + 40 = 70 segments needs
    // two round trips for the ACKs of the first two rounds plus one way for the last.
    let o = |bytes| TransferOptions { bytes, throughput: Throughput::High, ..Default::default() };
    for (segs, rounds) in [(10u64, 0.0), (30, 1.0), (70, 2.0)] {
        let mut t = topo();
        let r = run(&mut t, 600.0, &o(segs * 1000));
        let predicted = (rounds + 0.5) * r.start_rtt_ms;
        let got = r.transfer_s.unwrap() * 1e3;
        assert!(
            (got - predicted).abs() < 0.03 * predicted + 1.0,
            "{segs} segments: {got:.2} ms, predicted {predicted:.2} ms"
        );
    }
}

#[test]
fn ns2_limits_count_the_arrival_even_at_an_idle_link() {
    // ns-2's DropTail refuses a packet when those waiting plus it would reach the limit,
    // at an idle link too: a limit of 1 passes nothing; with 2, one packet waits behind the
    // one being sent, so IW's burst of 9 loses 7 at the up-link and TCP recovers them.
    let o = |limit| TransferOptions { buffer: Buffer::Limit(limit), max_s: 60.0, ..Default::default() };
    let r = run(&mut topo(), 600.0, &o(1));
    assert_eq!((r.transfer_s, r.buffer_packets), (None, 0), "{r:?}");
    assert!(r.queue_drops >= 9 && r.timeouts > 0, "{r:?}");
    let r = run(&mut topo(), 600.0, &o(2));
    assert!(r.transfer_s.is_some() && r.buffer_packets == 1, "{r:?}");
    assert!(r.queue_drops >= 7 && r.retransmits >= 7, "{r:?}");
}

#[test]
fn a_shorter_route_mid_transfer_reorders_acks_and_is_reproducible() {
    // When the route gets several hops shorter (the seam stops separating the sites, say),
    // ACKs sent on the new route overtake those still on the long one (paper 004 Figs. 7-8).
    let leave = first_shortening(3.0);
    let o = TransferOptions { bytes: 15_000_000, max_s: 40.0, ..Default::default() };
    let mut t = topo();
    let r = run(&mut t, leave - 20.0, &o);
    assert!(
        r.reordered_acks > 0,
        "no reordering across the route change at {leave} s: {:?}",
        (r.reordered_acks, r.ack_hops_range)
    );
    let (lo, hi) = r.ack_hops_range.unwrap();
    assert!(hi > lo, "the ACKs' route did not change");
    let mut t2 = topo();
    assert_eq!(run(&mut t2, leave - 20.0, &o), r, "same start, same transfer");
}
