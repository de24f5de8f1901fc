//! Tests of the congestion controls (`congestion.rs`).

use super::*;

#[test]
fn the_choices_are_the_scenario_values_of_every_kind() {
    let c = CcKind::choices();
    assert_eq!(c.len(), CcKind::ALL.len());
    for (&(value, _), &k) in c.iter().zip(&CcKind::ALL) {
        assert_eq!(serde_json::from_value::<CcKind>(serde_json::json!(value)).unwrap(), k);
    }
}

#[test]
fn cubic_follows_w_t_after_a_loss() {
    // RFC 9438 §4.2: after a loss at W = 100, K = cbrt(100 x 0.3 / 0.4) = 4.217 s and the
    // window follows C (t - K)^3 + W_max, flat around W_max at t = K. A GEO round trip
    // (0.5 s) keeps CUBIC out of the Reno-friendly region, which dominates at short RTTs.
    let mut c = Cubic::default();
    let ss = c.on_loss(100.0, 100.0, SimTime::ZERO);
    assert!((ss - 70.0).abs() < 1e-12);
    let mut cwnd = ss;
    let rtt = 0.5;
    let mut t = 0.0;
    while t < 8.0 {
        // One window of ACKs per RTT.
        let acks = cwnd.floor() as usize;
        for _ in 0..acks {
            cwnd = c.on_ack(cwnd, ss, 1.0, SimTime::from_secs_f64(t), SimDuration::from_secs_f64(rtt));
        }
        t += rtt;
        if (t - 2.0).abs() < rtt / 2.0 || (t - 6.0).abs() < rtt / 2.0 {
            // The window aims at W(t + RTT) each round: compare with W at the round's end.
            let expect = c.w_cubic(t);
            assert!((cwnd - expect).abs() / expect < 0.05, "t {t}: cwnd {cwnd} vs W(t) {expect}");
        }
    }
    assert!((c.k() - (100.0f64 * 0.3 / 0.4).cbrt()).abs() < 1e-9);
}

#[test]
fn cubic_beta_is_a_field_rfc_8312_by_default_and_the_linux_of_paper_002_at_0_8() {
    // Default: RFC 8312's 0.7. Paper 002 §5: "CUBIC decreases its congestion window by
    // multiplying it by 0.8"; K and the Reno-friendly slope follow beta.
    assert_eq!(Cubic::default().beta(), CUBIC_BETA);
    let mut c = Cubic::with_beta(0.8);
    assert!((c.on_loss(100.0, 100.0, SimTime::ZERO) - 80.0).abs() < 1e-12);
    c.on_ack(80.0, 80.0, 1.0, SimTime::ZERO, SimDuration::from_secs_f64(0.5));
    assert!((c.k() - (100.0f64 * 0.2 / 0.4).cbrt()).abs() < 1e-9);
    // Fast convergence: W_max = W (1 + beta) / 2 below the last maximum.
    c.on_loss(90.0, 90.0, SimTime(1_000_000_000));
    assert!((c.w_max() - 90.0 * 0.9).abs() < 1e-9);
    // Through the dispatcher too.
    let mut any = AnyCc::new_with_cubic_beta(CcKind::Cubic, 0.8);
    assert!((any.on_loss(50.0, 50.0, SimTime::ZERO) - 40.0).abs() < 1e-12);
    let mut reno = AnyCc::new_with_cubic_beta(CcKind::NewReno, 0.8);
    assert!((reno.on_loss(50.0, 50.0, SimTime::ZERO) - 25.0).abs() < 1e-12);
}

#[test]
fn fast_convergence_lowers_w_max_on_consecutive_shrinking_losses() {
    let mut c = Cubic::default();
    c.on_loss(100.0, 100.0, SimTime::ZERO);
    c.on_loss(80.0, 80.0, SimTime(1_000_000_000)); // below the last maximum: release bandwidth
    assert!((c.w_max() - 80.0 * 0.85).abs() < 1e-9);
}

/// The window after `rounds` round trips of `rtt` seconds, one ACK per segment of the
/// window each round, from `w` with slow-start threshold `ss`.
fn rounds(cc: &mut dyn CongestionControl, mut w: f64, ss: f64, rtt: f64, rounds: usize) -> f64 {
    for _ in 0..rounds {
        for _ in 0..w.floor() as usize {
            w = cc.on_ack(w, ss, 1.0, SimTime::ZERO, SimDuration::from_secs_f64(rtt));
        }
    }
    w
}

#[test]
fn hybla_grows_the_rate_as_a_flow_with_the_reference_rtt_does() {
    // Caini and Firrincieli's aim (their eqs. 5-6): a window scaled by ρ = RTT / RTT_0 makes
    // the sending rate W / RTT grow in time as NewReno's does at RTT_0 = 25 ms.
    // Slow start, RTT 100 ms (ρ = 4): one round multiplies the window by 2^4, as four
    // doublings of a 25 ms flow in the same 100 ms.
    let mut h = Hybla::default();
    assert!((rounds(&mut h, 10.0, f64::INFINITY, 0.1, 1) - 160.0).abs() < 1e-9);
    assert!((h.rho() - 4.0).abs() < 1e-9);
    // Congestion avoidance over 5 s: Hybla at 500 ms (ρ = 20, 10 rounds) and NewReno at
    // 25 ms (200 rounds) gain the same rate, about 1 / RTT_0² = 1600 segments/s per second.
    // (Large windows: with ρ² / W per ACK a round of W ACKs adds a little less than ρ² when
    // ρ² is not small against W, an artefact of counting in whole rounds.)
    let mut h = Hybla::default();
    let (w0_h, w0_r) = (20_000.0, 1_000.0); // both 40,000 segments/s
    let gain_h = (rounds(&mut h, w0_h, 1.0, 0.5, 10) - w0_h) / 0.5;
    let gain_r = (rounds(&mut NewReno, w0_r, 1.0, 0.025, 200) - w0_r) / 0.025;
    assert!((gain_h - gain_r).abs() / gain_r < 0.05, "Hybla +{gain_h:.0} segments/s, NewReno at RTT_0 +{gain_r:.0}");
    assert!((gain_r / 5.0 - 1600.0).abs() / 1600.0 < 0.05, "{gain_r}");
    // Without the scaling (NewReno at 500 ms) the rate gains ρ² = 400 times less.
    let gain_slow = (rounds(&mut NewReno, w0_h, 1.0, 0.5, 10) - w0_h) / 0.5;
    assert!((gain_h / gain_slow - 400.0).abs() < 20.0, "{}", gain_h / gain_slow);
    // At or below RTT_0 Hybla is NewReno.
    let mut h = Hybla::default();
    assert_eq!(rounds(&mut h, 10.0, 1.0, 0.02, 3), rounds(&mut NewReno, 10.0, 1.0, 0.02, 3));
}

#[test]
fn westwood_plus_estimates_the_bandwidth_through_ack_compression_and_sets_ssthresh_from_it() {
    // 100 segments/s over a 100 ms round trip, first as evenly spaced ACKs (one per 10 ms),
    // then compressed: ten ACKs at the same instant every 100 ms. Westwood+ samples once
    // per round trip, so both give 100 segments/s (Grieco and Mascolo 2004: the original
    // Westwood's per-ACK samples, ten segments over no time at all, diverge).
    let rtt = Some(SimDuration::from_secs_f64(0.1));
    for compressed in [false, true] {
        let mut w = WestwoodPlus::default();
        for k in 0..500u64 {
            let at = if compressed { k / 10 * 100 } else { k * 10 }; // ms
            w.on_delivered(1.0, SimTime(at * 1_000_000), rtt);
        }
        assert!((w.bandwidth() - 100.0).abs() < 5.0, "compressed {compressed}: {:.1} segments/s", w.bandwidth());
        // After a loss: ssthresh = BWE RTT_min = 10 segments, whatever the window.
        let ss = w.on_loss(80.0, 80.0, SimTime::ZERO);
        assert!((ss - 10.0).abs() < 0.5, "ssthresh {ss}");
    }
    // The filter: a rate that halves is followed with the 7/8 low-pass, not at once.
    let mut w = WestwoodPlus::default();
    let mut t = 0u64;
    for _ in 0..300 {
        t += 10;
        w.on_delivered(1.0, SimTime(t * 1_000_000), rtt);
    }
    for _ in 0..21 {
        t += 20;
        w.on_delivered(1.0, SimTime(t * 1_000_000), rtt);
    }
    // Two samples of 50 after the change (every ~110 ms): 100 -> 93.75 -> 88.3.
    assert!((80.0..95.0).contains(&w.bandwidth()), "{:.1}", w.bandwidth());
    // No estimate yet: NewReno's halving.
    assert_eq!(WestwoodPlus::default().on_loss(40.0, 40.0, SimTime::ZERO), 20.0);
}

#[test]
fn newreno_halves_and_grows_linearly() {
    let mut r = NewReno;
    assert_eq!(r.on_loss(40.0, 400.0, SimTime::ZERO), 20.0);
    let mut w = 20.0;
    for _ in 0..20 {
        w = r.on_ack(w, 20.0, 1.0, SimTime::ZERO, SimDuration(100_000_000));
    }
    assert!((w - 21.0).abs() < 0.05, "{w}"); // about one segment per window
    assert_eq!(r.on_ack(2.0, 10.0, 1.0, SimTime::ZERO, SimDuration(100_000_000)), 3.0);
    // slow start
}

#[test]
fn compound_grows_its_delay_window_binomially_on_an_empty_path_and_retreats_on_a_queue() {
    // Tan et al. 2006 eq. 5 on a 500 ms path, congestion avoidance from 100 segments: with
    // every RTT sample at the base RTT (no backlog) the delay window grows each round by
    // α win^0.75 − 1 (about 2.95 at 100 segments), far faster than the loss window's one
    // segment per round; with samples 40 % above the base, diff = win (1 − 1/1.4) ≥ γ and
    // it shrinks by diff.
    let rtt = SimDuration::from_secs_f64(0.5);
    let round = |c: &mut Compound, cwnd: f64, t0: f64, sample: SimDuration| {
        // One round trip's ACKs, one per segment, each with its RTT sample.
        let mut w = cwnd;
        for i in 0..cwnd as usize {
            let now = SimTime::from_secs_f64(t0 + 0.5 * i as f64 / cwnd);
            c.on_delivered(1.0, now, Some(sample));
            w = c.on_ack(w, 10.0, 1.0, now, rtt);
        }
        w
    };
    let mut c = Compound::default();
    let w1 = round(&mut c, 100.0, 0.0, rtt);
    let w2 = round(&mut c, w1, 0.5, rtt);
    let grew = w2 - w1;
    let expected = 1.0 + (CTCP_ALPHA * crate::kernel::math::pow(w1, CTCP_K) - 1.0);
    assert!(
        (grew - expected).abs() < 0.3,
        "one round on an empty path: +{grew:.2} segments, eq. 5 gives +{expected:.2}"
    );
    assert!(c.dwnd() > 2.0);
    // A standing queue: RTT 700 ms against a base of 500 ms.
    let d_before = c.dwnd();
    let w3 = round(&mut c, w2, 1.0, SimDuration::from_secs_f64(0.7));
    let _ = round(&mut c, w3, 1.5, SimDuration::from_secs_f64(0.7));
    assert!(c.dwnd() < d_before, "the delay window retreats on a queue: {d_before:.1} -> {:.1}", c.dwnd());
    // A loss: the whole window falls to win (1 − β) = half.
    let mut c = Compound::default();
    let w = round(&mut c, 100.0, 0.0, rtt);
    let w = round(&mut c, w, 0.5, rtt);
    let ss = c.on_loss(w, w, SimTime::from_secs_f64(1.0));
    assert!((ss - w / 2.0).abs() < 1e-9, "after a loss {ss:.2}, half of {w:.2}");
}
