//! Tests of the diffserv model's sampling, warm-up and summary (`DiffservModel::advance_to`,
//! `DiffservState::theory_over`, `summary`, `jain`), through the driver where the behaviour is
//! observable there.

use super::*;
use crate::metrics::SeriesFrame;
use crate::models::diffserv::scenario::DiffservScenario;
use crate::models::ModelKind;
use crate::sched::pss::{theory_rates, theory_rates_at};
use crate::sim::Simulation;
use crate::traffic::profile::RateProfile;
use router::col;

/// Bits of a 1500-byte packet, the default packet size.
const L: f64 = 12_000.0;
const BUCKET_NS: u64 = 100_000_000;

fn scenario(d: DiffservScenario, duration_s: f64, warmup_s: f64) -> Scenario {
    Scenario { model: ModelKind::Diffserv, duration_s, warmup_s, diffserv: d, ..Scenario::default() }
}

/// A small saturated router: 2 Mb/s, RTT 40 ms, EF at 0.5 Mb/s as expected, 2 AF and 2 CS0
/// flows, weights 3:2.
fn small(sharing: SharingKind) -> DiffservScenario {
    DiffservScenario {
        capacity_bps: 2e6,
        rtt_ms: 40.0,
        ef_bps: 0.5e6,
        ef_expected_bps: 0.5e6,
        sharing,
        w_af: 3.0,
        w_cs0: 2.0,
        af_flows: 2,
        cs0_flows: 2,
        ..Default::default()
    }
}

/// One EF flow alone on a 20 Mb/s link at 6 Mb/s: a packet every 2 ms exactly from t = 0 (no
/// random phase), each sent at once (0.6 ms on the link).
fn ef_alone() -> DiffservScenario {
    DiffservScenario {
        capacity_bps: 20e6,
        ef_bps: 6e6,
        ef_expected_bps: 6e6,
        af_flows: 0,
        cs0_flows: 0,
        start_spread_s: 0.0,
        ..Default::default()
    }
}

/// Runs to the end; every series row and the summary.
fn run(s: Scenario) -> (SeriesFrame, DiffservSummary) {
    let mut sim = Simulation::new(s).unwrap();
    sim.run_to_end();
    let rows = sim.drain_series();
    (rows, sim.summary().take::<DiffservSummary>().unwrap())
}

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol * (1.0 + a.abs().max(b.abs()))
}

/// A `DiffservState` holding only the theory inputs (for `theory_over`).
fn theory_state(
    k_af: f64,
    c_avg: f64,
    ef_avg: f64,
    ef_expected: f64,
    capacity_profile: RateProfile,
    ef_profile: RateProfile,
) -> DiffservState {
    DiffservState {
        k_af,
        pss: None,
        c_avg,
        ef_avg,
        ef_expected,
        capacity_profile,
        ef_profile,
        next_sample: SimTime::ZERO,
        bucket: SimDuration(BUCKET_NS),
        window: 1,
        cum: Default::default(),
        levels: [0; 4],
        bits_at_warmup: None,
        offered_at_warmup: 0.0,
        delivered_at_warmup: vec![],
        warmup: SimTime::ZERO,
        flows_class: vec![],
    }
}

#[test]
fn a_trailing_window_rate_is_the_mean_of_the_bucket_rates_it_spans() {
    // The window changes what is sampled, not what runs: a 0.5 s window's rate at bucket j is
    // the mean of the 0.1 s rates of buckets j-4..j (of 0..j while fewer have closed).
    let one = run(scenario(DiffservScenario { rate_window_s: 0.1, ..small(SharingKind::Dwrr) }, 3.0, 0.0)).0;
    let five = run(scenario(DiffservScenario { rate_window_s: 0.5, ..small(SharingKind::Dwrr) }, 3.0, 0.0)).0;
    assert_eq!(one.len(), 30);
    assert_eq!(one.t_s, five.t_s);
    for k in [col::RATES, col::RATES + 1, col::RATES + 2, col::LINK + 1] {
        for j in 0..one.len() {
            let from = j.saturating_sub(4);
            let mean = one.values[k][from..=j].iter().sum::<f64>() / (j + 1 - from) as f64;
            assert!(
                close(five.values[k][j], mean, 1e-9),
                "column {k}, bucket {j}: {} vs mean {mean}",
                five.values[k][j]
            );
        }
        // Every bucket has its one sample.
        assert!(one.values[k].iter().all(|v| v.is_finite()), "column {k}: {:?}", one.values[k]);
    }
    // The traffic is really there (AF and CS0 both send, EF at its rate once the window is full).
    assert!(
        one.values[col::RATES + 1].iter().sum::<f64>() > 0.0 && one.values[col::RATES + 2].iter().sum::<f64>() > 0.0
    );
    assert!(
        five.values[col::LINK + 1][10..].iter().all(|&v| (v - 0.5).abs() < 0.03),
        "{:?}",
        five.values[col::LINK + 1]
    );
}

#[test]
fn bucket_rates_add_up_to_the_bits_of_the_run() {
    // Sum over buckets of (rate x bucket) telescopes to the bits sent before the last bucket's
    // end; the summary counts the whole run (warm-up 0): at most one packet apart per class.
    let (rows, s) = run(scenario(DiffservScenario { rate_window_s: 0.1, ..small(SharingKind::Pss) }, 3.0, 0.0));
    for k in 0..3 {
        let from_series: f64 = rows.values[col::RATES + k].iter().map(|r| r * 0.1 * 1e6).sum();
        let total = s.rates_mbps[k] * 3.0 * 1e6;
        assert!((total - from_series).abs() <= L + 1e-3, "class {k}: series {from_series} vs summary {total}");
        assert!(total > 0.0);
    }
}

#[test]
fn a_sampled_rate_never_exceeds_the_link_capacity_over_its_window() {
    // Bits are counted when a packet starts on the link, so a window holds at most its capacity
    // plus the one packet still on the link at its end. Saturated: DWRR and PSS, a fixed and a
    // varying capacity (paper 001 §4.2's C(t)), windows of one and of three buckets.
    let varying = RateProfile::Cosine { amplitude: 0.3, period_s: 2.0 };
    for (sharing, profile, window) in [
        (SharingKind::Dwrr, RateProfile::Constant {}, 0.1),
        (SharingKind::Pss, RateProfile::Constant {}, 0.3),
        (SharingKind::Pss, varying.clone(), 0.1),
        (SharingKind::Dwrr, varying, 0.3),
    ] {
        let d = DiffservScenario {
            capacity_profile: profile.clone(),
            rate_window_s: window,
            af_flows: 3,
            cs0_flows: 3,
            ..small(sharing)
        };
        let (rows, _) = run(scenario(d, 4.0, 0.0));
        let mut busiest: f64 = 0.0;
        for j in 0..rows.len() {
            let span = window.min(0.1 * (j + 1) as f64);
            let sent: f64 = (0..3).map(|k| rows.values[col::RATES + k][j]).sum();
            let link = rows.values[col::LINK][j];
            // Constant capacity: exactly C; varying: the window's mean capacity (32-point
            // midpoint rule) with 1 % for a packet's duration fixed at its start.
            let slack = if profile.is_constant() { 1e-9 } else { 0.01 * link };
            assert!(
                sent <= link + L / span / 1e6 + slack,
                "{sharing:?} {profile:?} bucket {j}: {sent} Mb/s on a {link} Mb/s link"
            );
            busiest = busiest.max(sent / link);
        }
        assert!(busiest > 0.95, "{sharing:?} {profile:?}: never saturated ({busiest})");
    }
}

/// EF packets in [from, to] (ns) of the 6 Mb/s EF flow: one every 2 ms from 0.
fn ef_packets(from_ns: u64, to_ns: u64) -> u64 {
    (0..=to_ns / 2_000_000).filter(|k| k * 2_000_000 >= from_ns).count() as u64
}

#[test]
fn the_warm_up_snapshot_is_taken_before_the_first_event_at_or_after_the_warm_up() {
    // EF alone emits at multiples of 2 ms. The summary counts what happened from the warm-up
    // on, the packet emitted exactly at the warm-up included: with a warm-up of 0 (the packet
    // at t = 0), mid-bucket on an emission (0.95 s), on a bucket end and an emission (1.0 s),
    // and between two emissions (1.001 s). The end (1.5 s) is an emission too, and counts.
    let end = 1.5;
    for warmup in [0.0, 0.95, 1.0, 1.001] {
        let (_, s) = run(scenario(ef_alone(), end, warmup));
        let measured = end - warmup;
        let expected = ef_packets(SimTime::from_secs_f64(warmup).0, SimTime::from_secs_f64(end).0);
        let offered = s.ef_offered_mbps * 1e6 * measured / L;
        let sent = s.rates_mbps[0] * 1e6 * measured / L;
        assert!((offered - expected as f64).abs() < 1e-6, "warm-up {warmup}: {offered} offered, {expected} expected");
        assert!((sent - expected as f64).abs() < 1e-6, "warm-up {warmup}: {sent} sent, {expected} expected");
        assert_eq!(s.rates_mbps[1..], [0.0, 0.0]);
        assert_eq!(s.drops, [0, 0, 0]);
    }
}

#[test]
fn results_do_not_depend_on_how_advance_to_is_chunked() {
    // PSS on a varying link with a varying EF (theory averaged, credit sampled), warm-up on a
    // bucket end. The chunked run stops one nanosecond before, at and after every bucket end
    // and the warm-up, and at irregular times in between.
    let d = DiffservScenario {
        capacity_profile: RateProfile::Cosine { amplitude: 0.3, period_s: 1.5 },
        ef_profile: RateProfile::Cosine { amplitude: 0.6, period_s: 0.61 },
        rate_window_s: 0.3,
        ..small(SharingKind::Pss)
    };
    let s = scenario(d, 3.0, 1.0);
    let mut whole = Simulation::new(s.clone()).unwrap();
    whole.run_to_end();
    let whole_rows = whole.drain_series();

    let mut stops: Vec<u64> = vec![];
    for k in 0..=30u64 {
        let b = k * BUCKET_NS;
        stops.extend([b.saturating_sub(1), b, b + 1]);
    }
    let mut t = 0u64;
    while t < 3_000_000_000 {
        t += 1 + (t * 7919 + 12_345) % 77_777_777;
        stops.push(t);
    }
    stops.extend([999_999_999, 1_000_000_000, 1_000_000_001, 3_000_000_000]);
    stops.sort_unstable();
    stops.dedup();
    let mut chunked = Simulation::new(s).unwrap();
    let mut rows = SeriesFrame { t_s: vec![], values: vec![vec![]; whole_rows.values.len()] };
    for &t in &stops {
        chunked.advance_to(SimTime(t)).unwrap();
        let f = chunked.drain_series();
        rows.t_s.extend(f.t_s);
        for (all, v) in rows.values.iter_mut().zip(f.values) {
            all.extend(v);
        }
    }
    assert!(chunked.is_finished());
    assert_eq!(format!("{whole_rows:?}"), format!("{rows:?}"));
    assert_eq!(whole.results_json(), chunked.results_json());
}

#[test]
fn queue_lengths_are_time_averages_over_each_bucket() {
    // EF at 2.4 Mb/s (a packet every 5 ms) into a link held at half its 2.4 Mb/s (10 ms a
    // packet) from t = 0: the link never idles, so the EF queue is k on [10k, 10k + 5) ms and
    // k + 1 on [10k + 5, 10k + 10) ms, and its time average over bucket j is exactly 10 j + 5
    // (the level at the bucket's end would be 10 j + 10, the count of changes another thing).
    // EF starts at t = 0 (no random phase).
    for sharing in [SharingKind::Dwrr, SharingKind::Pss] {
        let d = DiffservScenario {
            capacity_bps: 2.4e6,
            ef_bps: 2.4e6,
            ef_expected_bps: 1.2e6,
            capacity_profile: RateProfile::Trace { points: vec![[0.0, 0.5]] },
            buffer_pkts: 1000,
            af_flows: 0,
            cs0_flows: 0,
            start_spread_s: 0.0,
            sharing,
            ..Default::default()
        };
        let (rows, s) = run(scenario(d, 1.0, 0.0));
        let expected: Vec<f64> = (0..10).map(|j| 10.0 * j as f64 + 5.0).collect();
        assert_eq!(rows.values[col::QUEUES], expected, "{sharing:?}");
        assert_eq!(rows.values[col::QUEUES + 1], vec![0.0; 10]);
        assert_eq!(rows.values[col::QUEUES + 2], vec![0.0; 10]);
        // AF never sends: under PSS it stays at high priority the whole time (level 1), and
        // DWRR has no priority (level 0).
        let high = if sharing == SharingKind::Pss { 1.0 } else { 0.0 };
        assert_eq!(rows.values[col::HIGH], vec![high; 10], "{sharing:?}");
        assert_eq!(s.switches, (sharing == SharingKind::Pss).then_some(0));
    }
}

#[test]
fn the_priority_is_a_share_of_time_and_the_credit_stays_within_0_and_l_m() {
    // PSS saturated: the AF priority (1 high, 0 low) averaged over each bucket lies in [0, 1]
    // and is fractional in the buckets where AF switched; the credit sampled at each bucket's
    // end stays in [0, L_M] (Algorithm 1 lines 22, 5) and L_M, L_R are the configured ones.
    let (rows, s) = run(scenario(small(SharingKind::Pss), 4.0, 0.0));
    let p = s.pss.clone().unwrap();
    let high = &rows.values[col::HIGH];
    assert!(high.iter().all(|&h| (0.0..=1.0).contains(&h)), "{high:?}");
    assert!(high.iter().any(|&h| h > 0.0 && h < 1.0), "AF never switched: {high:?}");
    assert!(s.switches.unwrap() > 0);
    for j in 0..rows.len() {
        let credit = rows.values[col::CREDIT][j];
        assert!(credit >= 0.0 && credit <= p.lm_bits + 1e-6, "bucket {j}: credit {credit} outside [0, {}]", p.lm_bits);
        assert_eq!(rows.values[col::CREDIT + 1][j], p.lm_bits);
        assert_eq!(rows.values[col::CREDIT + 2][j], p.lr_bits);
    }
    let (lo, hi) = s.credit_range_bits.unwrap();
    assert!(lo >= 0.0 && hi <= p.lm_bits + 1e-6);
    // DWRR has neither credit nor priority.
    let (rows, s) = run(scenario(small(SharingKind::Dwrr), 1.0, 0.0));
    for k in col::CREDIT..col::CREDIT + 3 {
        assert!(rows.values[k].iter().all(|v| v.is_nan()), "column {k}: {:?}", rows.values[k]);
    }
    assert!(rows.values[col::HIGH].iter().all(|&h| h == 0.0));
    assert_eq!((s.switches, s.credit_range_bits, s.af_target_mbps), (None, None, None));
}

#[test]
fn the_theory_lines_are_eq_7_and_8_under_pss_and_eq_1_and_6_under_dwrr() {
    // EF at 0.4 Mb/s where PSS expects 0.8 Mb/s, on a fixed 2 Mb/s link, K_AF = 3 / 5 (eq. 2
    // with equal packet sizes): eq. 1 gives AF 0.6 (2 - 0.4), eq. 7 0.6 (2 - 0.8).
    for sharing in [SharingKind::Pss, SharingKind::Dwrr] {
        let d = DiffservScenario { ef_bps: 0.4e6, ef_expected_bps: 0.8e6, ..small(sharing) };
        let (rows, s) = run(scenario(d, 1.0, 0.0));
        assert!(close(s.k_af, 0.6, 1e-12), "{}", s.k_af);
        let th = theory_rates(0.6, 2e6, 0.4e6, 0.8e6).map(|x| x / 1e6);
        for k in 0..4 {
            assert!(close(s.theory_mbps[k], th[k], 1e-12), "{sharing:?} {k}: {:?} vs {th:?}", s.theory_mbps);
        }
        assert!(close(th[0], 0.96, 1e-12) && close(th[2], 0.72, 1e-12));
        let (af, cs0) = if sharing == SharingKind::Pss { (th[2], th[3]) } else { (th[0], th[1]) };
        for j in 0..rows.len() {
            assert!(
                close(rows.values[col::THEORY][j], af, 1e-12) && close(rows.values[col::THEORY + 1][j], cs0, 1e-12),
                "{sharing:?} bucket {j}"
            );
            assert!(close(rows.values[col::LINK][j], 2.0, 1e-12));
        }
        assert!(close(s.capacity_mbps, 2.0, 1e-12));
        assert_eq!(s.sharing, if sharing == SharingKind::Pss { "PSS" } else { "DWRR" });
    }
}

#[test]
fn theory_over_constant_profiles_is_theory_rates_at() {
    let st = theory_state(0.7, 20e6, 5e6, 10e6, RateProfile::Constant {}, RateProfile::Constant {});
    let at = theory_rates_at(0.7, 20e6, 20e6, 5e6, 10e6);
    for (a, b) in [(0.0, 1.0), (3.0, 100.0), (5.0, 5.0), (7.0, 2.0)] {
        assert_eq!(st.theory_over(a, b), at, "[{a}, {b}]");
    }
}

#[test]
fn theory_over_averages_the_equations_not_their_inputs() {
    // The capacity halves at t = 5 s: over [0, 10] the theory is the mean of eqs. 1, 6-8 before
    // and after (32 midpoints, 16 on each side). PSS expects EF = 0.4 C and gets it; after the
    // halving only 0.1 C is left, below AF's target K_AF (C - R_EF^exp) = 0.3 C, so eq. 7 is
    // capped there: the average is 0.2 C, where eq. 7 at the mean capacity would say 0.3 C.
    let c = 10e6;
    let st = theory_state(
        0.5,
        c,
        0.4 * c,
        0.4 * c,
        RateProfile::Trace { points: vec![[0.0, 1.0], [5.0, 0.5]] },
        RateProfile::Constant {},
    );
    let before = theory_rates_at(0.5, c, c, 0.4 * c, 0.4 * c);
    let after = theory_rates_at(0.5, c, 0.5 * c, 0.4 * c, 0.4 * c);
    let got = st.theory_over(0.0, 10.0);
    for k in 0..4 {
        assert!(close(got[k], (before[k] + after[k]) / 2.0, 1e-12), "{k}: {got:?}");
    }
    assert!(close(got[2], 0.2 * c, 1e-12), "{got:?}");
    assert!(theory_rates_at(0.5, c, 0.75 * c, 0.4 * c, 0.4 * c)[2] > 0.29 * c);
    // Outside the step, the window sees one constant value.
    assert_eq!(st.theory_over(6.0, 9.0), after);
    // An empty window is the value at its start.
    assert_eq!(st.theory_over(6.0, 6.0), after);
}

#[test]
fn theory_over_a_full_period_of_cosines_keeps_what_ef_leaves() {
    // Paper 001 §4.2: C(t) = C (1 + 0.3 cos(2 pi t / 10)), EF(t) = EF (1 + 0.6 cos(2 pi t / 5)).
    // Over whole periods what is left, C - EF on average, is shared by the weights under WRR
    // (eqs. 1, 6); PSS (eqs. 7, 8) shares the same leftover, and AF falls short of its target
    // where the leftover dips below it.
    let (c, ef, k) = (10e6, 2.5e6, 0.5);
    let st = theory_state(
        k,
        c,
        ef,
        ef,
        RateProfile::Cosine { amplitude: 0.3, period_s: 10.0 },
        RateProfile::Cosine { amplitude: 0.6, period_s: 5.0 },
    );
    let [wrr_af, wrr_cs0, pss_af, pss_cs0] = st.theory_over(0.0, 10.0);
    assert!(close(wrr_af, k * (c - ef), 1e-12), "{wrr_af}");
    assert!(close(wrr_cs0, (1.0 - k) * (c - ef), 1e-12), "{wrr_cs0}");
    assert!(close(pss_af + pss_cs0, c - ef, 1e-12), "{pss_af} + {pss_cs0}");
    let target = k * (c - ef);
    assert!(pss_af < 0.99 * target && pss_af > 0.8 * target, "{pss_af} vs target {target}");
}

#[test]
fn goodput_after_the_warm_up_is_what_each_flow_delivered_from_the_warm_up_on() {
    // The same run measured from 0 and from the warm-up (1.23456789 s): each flow's segments
    // from the warm-up on = segments by the end - segments before the warm-up (read one
    // nanosecond before it), AF flows first, then CS0, whatever the start order of the flows.
    let d = DiffservScenario { af_flows: 3, cs0_flows: 2, ..small(SharingKind::Dwrr) };
    let (end, w) = (3.0, 1.234_567_89);
    let mut from_zero = Simulation::new(scenario(d.clone(), end, 0.0)).unwrap();
    from_zero.advance_to(SimTime(SimTime::from_secs_f64(w).0 - 1)).unwrap();
    let before = from_zero.summary().take::<DiffservSummary>().unwrap();
    from_zero.run_to_end();
    let all = from_zero.summary().take::<DiffservSummary>().unwrap();
    let (_, after) = run(scenario(d, end, w));
    let t_before = (SimTime::from_secs_f64(w).0 - 1) as f64 / 1e9;
    assert_eq!(after.goodput_mbps.each_ref().map(Vec::len), [3, 2]);
    for c in 0..2 {
        for i in 0..after.goodput_mbps[c].len() {
            let segs = |mbps: f64, secs: f64| mbps * 1e6 * secs / L;
            let expected = segs(all.goodput_mbps[c][i], end) - segs(before.goodput_mbps[c][i], t_before);
            let got = segs(after.goodput_mbps[c][i], end - w);
            assert!((got - expected).abs() < 1e-6, "class {c} flow {i}: {got} vs {expected}");
        }
        // Not vacuous: in each class a flow delivered data both before and after the warm-up
        // (with 7-packet buffers a flow may also lose its first segments and spend the 3 s in
        // retransmission timeouts of 1 s and more, RFC 6298, delivering nothing).
        let across = (0..after.goodput_mbps[c].len())
            .filter(|&i| before.goodput_mbps[c][i] > 0.0 && after.goodput_mbps[c][i] > 0.0)
            .count();
        assert!(across > 0, "class {c}: no flow delivered across the warm-up: {before:?} {after:?}");
        assert!(close(after.jain[c], jain(&after.goodput_mbps[c]), 1e-12));
        assert!(after.jain[c] > 0.0 && after.jain[c] <= 1.0 + 1e-12);
    }
    for k in 0..3 {
        let bits = |s: &DiffservSummary, secs: f64| s.rates_mbps[k] * 1e6 * secs;
        assert!((bits(&after, end - w) - (bits(&all, end) - bits(&before, t_before))).abs() < 1e-3, "class {k}");
    }
    // From t = 0, in-order data delivered never exceeds what the class sent.
    for (c, class) in [(0, 1), (1, 2)] {
        let goodput: f64 = all.goodput_mbps[c].iter().sum();
        assert!(
            goodput <= all.rates_mbps[class] + 1e-9,
            "class {class}: goodput {goodput} above its rate {}",
            all.rates_mbps[class]
        );
    }
}

#[test]
fn a_class_without_flows_sends_nothing_and_has_no_fairness_index() {
    for sharing in [SharingKind::Pss, SharingKind::Dwrr] {
        let (_, s) = run(scenario(DiffservScenario { af_flows: 0, cs0_flows: 2, ..small(sharing) }, 2.0, 0.5));
        assert!(s.goodput_mbps[0].is_empty() && s.goodput_mbps[1].len() == 2, "{s:?}");
        assert!(s.jain[0].is_nan() && s.jain[1] > 0.5, "{:?}", s.jain);
        assert_eq!((s.rates_mbps[1], s.drops[1]), (0.0, 0));
        assert!(s.rates_mbps[2] > 1.0, "CS0 takes what EF leaves: {s:?}");
    }
}

#[test]
fn jains_index_is_one_for_equal_shares_and_one_over_n_for_a_single_taker() {
    assert_eq!(jain(&[2.0, 2.0, 2.0]), 1.0);
    assert!(close(jain(&[5.0, 0.0, 0.0, 0.0]), 0.25, 1e-15));
    assert!(close(jain(&[1.0, 2.0, 3.0]), 36.0 / 42.0, 1e-15));
    assert!(jain(&[]).is_nan());
    assert!(jain(&[0.0, 0.0]).is_nan());
}

#[test]
fn the_summary_before_any_measured_time_is_not_a_number() {
    // At the warm-up itself nothing has been measured: rates are NaN, not 0 or infinite.
    let mut sim = Simulation::new(scenario(small(SharingKind::Pss), 2.0, 0.5)).unwrap();
    sim.advance_to_secs(0.5).unwrap();
    let s = sim.summary().take::<DiffservSummary>().unwrap();
    assert!(s.rates_mbps.iter().all(|r| r.is_nan()) && s.ef_offered_mbps.is_nan(), "{s:?}");
    assert!(s.goodput_mbps.iter().flatten().all(|g| g.is_nan()));
}

#[test]
fn sources_start_at_seeded_times_within_the_spread() {
    // Each TCP flow within [0, spread), EF's phase within one packet interval (0.6 ms at
    // 20 Mb/s with 1500-byte packets): the same for the same seed, other times for another seed.
    let d = DiffservScenario { ef_bps: 20e6, af_flows: 4, cs0_flows: 3, start_spread_s: 2.0, ..Default::default() };
    let (flows, classes, ef) = sources(&d, 7);
    assert_eq!(classes, vec![1, 2, 1, 2, 1, 2, 1]);
    assert!(flows.iter().zip(&classes).all(|(f, &c)| (f.class == crate::sched::pss::Class::Af) == (c == 1)));
    assert!(flows.iter().all(|f| (0.0..2.0).contains(&f.start_s)), "{flows:?}");
    assert!((0.0..L / 20e6).contains(&ef), "{ef}");
    let starts = |d: &DiffservScenario, seed| sources(d, seed).0.iter().map(|f| f.start_s).collect::<Vec<_>>();
    assert_eq!(starts(&d, 7), starts(&d, 7));
    assert_eq!(sources(&d, 7).2, ef);
    let other = starts(&d, 8);
    assert!(other.iter().zip(starts(&d, 7)).all(|(a, b)| *a != b), "{other:?}");
    assert_ne!(sources(&d, 8).2, ef);
    // Named streams: one more CS0 flow (the last one, interleaved) leaves every other flow's
    // start and EF's phase as they were.
    let more = DiffservScenario { cs0_flows: 4, ..d.clone() };
    assert_eq!(starts(&more, 7)[..7], starts(&d, 7)[..]);
    assert_eq!(sources(&more, 7).2, ef);
    // Over many seeds the starts fill the interval: each quarter holds about a quarter of them.
    let mut quarters = [0; 4];
    for t in (0..200).flat_map(|seed| starts(&d, seed)) {
        quarters[(t / 0.5) as usize] += 1;
    }
    assert!(quarters.iter().all(|&q| q > 1400 * 15 / 100), "{quarters:?}");
    // Spread 0: everything at t = 0, whatever the seed; a phase never exceeds the spread.
    let zero = DiffservScenario { start_spread_s: 0.0, ..d.clone() };
    for seed in [1, 2, 3] {
        let (f, _, ef) = sources(&zero, seed);
        assert!(f.iter().all(|f| f.start_s == 0.0) && ef == 0.0);
    }
    let (_, _, ef) = sources(&DiffservScenario { start_spread_s: 1e-4, ..d.clone() }, 3);
    assert!((0.0..1e-4).contains(&ef), "{ef}");
}

/// A bound read from another field follows it: EF's rate up to the capacity, the expected EF
/// rate below 99 % of it.
#[test]
fn dependent_bounds_follow_the_other_field() {
    let mut s =
        serde_json::to_value(crate::models::Scenario { model: ModelKind::Diffserv, ..Default::default() }).unwrap();
    s["diffserv"]["capacity_bps"] = serde_json::json!(1e6);
    s["diffserv"]["ef_bps"] = serde_json::json!(2e6);
    s["diffserv"]["ef_expected_bps"] = serde_json::json!(0.995e6);
    let e = crate::models::Scenario::from_json(&s.to_string()).unwrap_err().field_errors();
    assert!(e.iter().any(|e| e.path == "diffserv.ef_bps" && e.message.contains("above the maximum 1000000")), "{e:?}");
    assert!(
        e.iter().any(|e| e.path == "diffserv.ef_expected_bps" && e.message.contains("above the maximum 990000")),
        "{e:?}"
    );
}
