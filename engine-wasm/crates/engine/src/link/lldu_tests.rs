//! Tests of the LLDU link layer (`lldu.rs`).

use super::*;

/// A channel that erases the LLDUs of the listed slots, Bad exactly then.
struct Script(Vec<u64>, u64);

impl Erasures for Script {
    fn next_lldu(&mut self) -> (bool, bool) {
        let e = self.0.contains(&self.1);
        self.1 += 1;
        (e, e)
    }
}

fn link(scheme: Scheme, erased: &[u64]) -> LlduLink<Script> {
    // 10 slots of 1 ms, a round trip of 5 slots.
    let timing = Timing { slot_s: 1e-3, one_way_s: 2.5e-3, feedback_slots: 5 };
    LlduLink::new(scheme, timing, 4, Script(erased.to_vec(), 0))
}

fn run<E: Erasures>(l: &mut LlduLink<E>, slots: u64) -> Vec<PacketOutcome> {
    let mut out = vec![];
    for _ in 0..slots {
        l.step();
        out.extend(l.drain_packets());
    }
    out
}

#[test]
fn arq_resends_a_round_trip_later_and_delivers_in_order() {
    // Slot 1 (data 1) erased: heard at the end of slot 6, resent in slot 7, delivered at its
    // end; data 2..6 went out in slots 2..6 meanwhile.
    let mut l = link(Scheme::Arq { max_retx: None }, &[1]);
    let out = run(&mut l, 12);
    assert_eq!(out[0].lldus, vec![FIRST, DECODED, FIRST, FIRST]);
    // Packet 0 (data 0..3, first slot 0) complete at the end of slot 7: 8 ms + one way.
    assert!((out[0].delay_s.unwrap() - 10.5e-3).abs() < 1e-12);
    // Data 1: first sent in slot 1, delivered at the end of slot 7: 7 ms + 2.5 ms.
    assert_eq!(l.totals().resent, 1);
    // Packet 1: data 4..6 in slots 4..6, data 7 in slot 8 (slot 7 carried the retransmission).
    assert_eq!(out[1].lldus, vec![FIRST; 4]);
    assert!((out[1].delay_s.unwrap() - (9.0 - 4.0) * 1e-3 - 2.5e-3).abs() < 1e-12, "{:?}", out[1]);
    let totals = l.totals();
    assert_eq!((totals.slots, totals.erased, totals.lost), (12, 1, 0));
}

#[test]
fn arq_with_a_limit_gives_up_and_the_packet_is_lost() {
    // Data 0 erased in slot 0 and in both its retransmissions (slots 6 and 12): with two
    // allowed it is lost at the end of slot 12, and so is packet 0.
    let mut l = link(Scheme::Arq { max_retx: Some(2) }, &[0, 6, 12]);
    let out = run(&mut l, 16);
    assert_eq!(out[0].lldus, vec![LOST, FIRST, FIRST, FIRST]);
    assert_eq!(out[0].delay_s, None);
    assert_eq!((l.totals().lost, l.totals().packets_lost), (1, 1));
    // Packet 1 (data 4..7: slots 4, 5, 7, 8) took 5 slots; in order it waited for packet 0's
    // loss to be known, at the end of slot 12.
    assert!((out[1].delay_s.unwrap() - 7.5e-3).abs() < 1e-12);
    assert!((out[1].in_order_delay_s.unwrap() - 11.5e-3).abs() < 1e-12);
}

#[test]
fn fec_decodes_up_to_nr_erasures_and_loses_the_erased_data_beyond() {
    // FEC 3/2: block 0 in slots 0..4 with two erasures (decoded), block 1 in slots 5..9 with
    // three (data 3 and 4 erased, lost; data 5 arrived and is delivered: systematic code).
    let mut l = link(Scheme::Fec { nd: 3, nr: 2, interleave: 1 }, &[0, 3, 5, 6, 9]);
    let out = run(&mut l, 15);
    assert_eq!(out[0].lldus, vec![DECODED, FIRST, FIRST, LOST]);
    assert_eq!(out[1].lldus, vec![LOST, FIRST, FIRST, FIRST]);
    assert_eq!((l.totals().delivered, l.totals().lost), (7, 2));
    // Data 0 is recovered at the end of its block (slot 4): 5 ms + one way; the others of
    // the block arrived after a slot.
    let delays: Vec<f64> = l.drain_delays().collect();
    assert!((delays[2] - 7.5e-3).abs() < 1e-12 && (delays[0] - 3.5e-3).abs() < 1e-12, "{delays:?}");
}

#[test]
fn interleaving_spreads_a_burst_over_the_blocks() {
    // FEC 3/1 four deep: a burst of 4 slots erases one LLDU of each of the 4 blocks, which
    // all decode; without interleaving it would erase most of one block.
    let burst = [0, 1, 2, 3];
    let mut deep = link(Scheme::Fec { nd: 3, nr: 1, interleave: 4 }, &burst);
    run(&mut deep, 16);
    assert_eq!((deep.totals().delivered, deep.totals().lost), (12, 0));
    let mut flat = link(Scheme::Fec { nd: 3, nr: 1, interleave: 1 }, &burst);
    run(&mut flat, 16);
    assert_eq!((flat.totals().delivered, flat.totals().lost), (9, 3));
}

#[test]
fn harq_asks_for_the_missing_lldus_plus_ns() {
    // HARQ 3/1, N_S = 1, R = 2: block 0 (slots 0..3) loses 3 LLDUs: one missing beyond the
    // code, so the receiver asks for 2 + 1 = 3 LLDUs, sent in slots 9..11 (heard at the end
    // of slot 8). One of them is erased: 2 arrive, enough.
    let mut l = link(Scheme::Harq { nd: 3, nr: 1, ns: 1, max_rounds: 2 }, &[0, 1, 2, 10]);
    let out = run(&mut l, 20);
    assert_eq!(out[0].lldus, vec![DECODED + 1, DECODED + 1, DECODED + 1, FIRST]);
    assert_eq!(l.totals().resent, 3);
    // Data 0 waited from slot 0 to the end of slot 11.
    assert!((out[0].delay_s.unwrap() - 12e-3 - 2.5e-3).abs() < 1e-12);
    assert_eq!(l.totals().lost, 0);
}

#[test]
fn harq_gives_up_after_r_rounds() {
    // Every LLDU of block 0 and of both of its rounds is erased: rounds of 3 + 1 = 4 LLDUs in
    // slots 9..12 (block 0 ended in slot 3) and 18..21.
    let erased: Vec<u64> = (0..4).chain(9..13).chain(18..22).collect();
    let mut l = link(Scheme::Harq { nd: 3, nr: 1, ns: 1, max_rounds: 2 }, &erased);
    let out = run(&mut l, 30);
    assert_eq!(out[0].lldus[..3], [LOST, LOST, LOST]);
    assert_eq!((l.totals().resent, l.totals().lost), (8, 3));
}

#[test]
fn a_perfect_channel_costs_only_the_repair_lldus() {
    for (scheme, eff) in [
        (Scheme::None, 1.0),
        (Scheme::Arq { max_retx: None }, 1.0),
        (Scheme::Fec { nd: 10, nr: 2, interleave: 3 }, 10.0 / 12.0),
        (Scheme::Harq { nd: 5, nr: 2, ns: 1, max_rounds: 2 }, 5.0 / 7.0),
    ] {
        let mut l = link(scheme, &[]);
        run(&mut l, 1008); // whole groups of every scheme
        let t = l.totals();
        assert!((t.delivered as f64 / t.slots as f64 - eff).abs() < 1e-12, "{scheme:?}");
        assert_eq!(t.lost, 0);
    }
}
