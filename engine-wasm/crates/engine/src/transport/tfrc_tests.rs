//! Tests of TCP-Friendly Rate Control: CCID3, CCID4 and paper 003's CCID4-N and CCID4-SCA (`tfrc.rs`).

use super::*;

fn t(s: f64) -> SimTime {
    SimTime::from_secs_f64(s)
}

fn d(s: f64) -> SimDuration {
    SimDuration::from_secs_f64(s)
}

const CCID4: TfrcParams = TfrcParams { ccid: Ccid::Ccid4, header_bytes: 36.0, nominal_rtt_s: 0.1, buffer_pkts: 5 };

#[test]
fn the_throughput_equation_matches_values_worked_by_hand() {
    // RFC 5348 §3.1, s = 1460, R = 0.1 s, p = 0.01, t_RTO = 0.4 s:
    // sqrt(2p/3) = 0.0816497, 3 sqrt(3p/8) = 0.1837117, p (1 + 32 p²) = 0.010032;
    // denominator 0.1 · 0.0816497 + 0.4 · 0.1837117 · 0.010032 = 0.00816497 + 0.00073720
    // = 0.00890217; X = 1460 / 0.00890217 = 164 005 bytes/s.
    let x = tfrc_bytes_per_s(1460.0, 0.1, 0.01);
    assert!((x - 164_005.0).abs() < 5.0, "{x}");
    // Paper 003's path: s = 200, R = 1 s, p = 0.001: sqrt(2p/3) = 0.0258199,
    // 4 · 3 sqrt(3p/8) · p (1 + 32e-6) = 4 · 0.0580948 · 0.001000032 = 0.00023239;
    // X = 200 / 0.0260523 = 7676.7 bytes/s.
    let x = tfrc_bytes_per_s(200.0, 1.0, 0.001);
    assert!((x - 7676.7).abs() < 0.5, "{x}");
}

#[test]
fn ccid4_uses_the_nominal_segment_with_the_header_correction_and_caps_at_100_packets() {
    // Eq. 5 at s = 200, oh = 36, R = 1 s, p = 0.001: 1460 / 0.0260523 · 200 / 236
    // = 56 041.3 · 0.847458 = 47 492.6 bytes/s; the cap is 100 · 200 = 20 000 bytes/s.
    let uncapped = CCID4_NOMINAL_BYTES * tcp_packets_per_s(0.001, 1.0, 4.0) * 200.0 / 236.0;
    assert!((uncapped - 47_492.6).abs() < 1.0, "{uncapped}");
    assert_eq!(ccid4_bytes_per_s(200.0, 36.0, 1.0, 0.001), 20_000.0);
    // At p = 0.1 the equation is below the cap: p (1 + 32 p²) = 0.132, so 1460 / (0.258199
    // + 4 · 0.580948 · 0.132) · 200 / 236 = 1460 / 0.564940 · 0.847458 = 2190.1 bytes/s.
    let x = ccid4_bytes_per_s(200.0, 36.0, 1.0, 0.1);
    assert!((x - 2190.1).abs() < 0.5, "{x}");
}

#[test]
fn initial_rates_follow_eqs_1_6_and_7() {
    let s = 100.0;
    // Eq. 1: min(4 s, max(2 s, 4380)) / R = 400 bytes/s at R = 1 s.
    assert!((CCID4.initial_rate(s, 1.0) - 400.0).abs() < 1e-9);
    // Eq. 6: 4380 / R · s / (s + oh) = 4380 · 100 / 136 = 3220.6 bytes/s.
    let n = TfrcParams { ccid: Ccid::Ccid4N, ..CCID4 };
    assert!((n.initial_rate(s, 1.0) - 3220.588).abs() < 1e-3);
    // CCID4-SCA: eq. 6 at the nominal 100 ms, ten times that on a one-second path.
    let sca = TfrcParams { ccid: Ccid::Ccid4Sca, ..CCID4 };
    assert!((sca.initial_rate(s, 1.0) - 32_205.88).abs() < 1e-2);
    // Eq. 7 as printed (4380 s / (s + oh)) would equal eq. 6 at R = 1 s: the erratum.
    assert!((4380.0 * s / (s + 36.0) - n.initial_rate(s, 1.0)).abs() < 1e-9);
    assert_eq!(n.feedbacks_per_rtt(1.0), 10.0);
    // Before any feedback (paper 003 §V): one packet per second for CCID4, one equivalent
    // segment per second, 1460 · 100 / 136 = 1073.5 bytes/s, for CCID4-N and CCID4-SCA.
    assert_eq!(CCID4.start_rate(s), s);
    assert!((n.start_rate(s) - 1073.529).abs() < 1e-3 && sca.start_rate(s) == n.start_rate(s));
    assert_eq!(TfrcSender::new(n, s, t(0.0)).rate(), n.start_rate(s));
    assert_eq!(CCID4.feedbacks_per_rtt(1.0), 1.0);
}

/// A sender fed to saturation and a receiver, one way `owd` seconds, no loss, stepped to
/// `end`: the sender's rate after each report.
fn slow_start(p: TfrcParams, owd: f64, end: f64) -> Vec<(f64, f64)> {
    let mut tx = TfrcSender::new(p, 100.0, t(0.0));
    let mut rx = TfrcReceiver::new(p, t(0.0));
    let mut inflight: VecDeque<(SimTime, TfrcPacket)> = VecDeque::new();
    let mut reports: VecDeque<(SimTime, TfrcFeedback)> = VecDeque::new();
    let mut rates = Vec::new();
    let mut id = 0;
    let dt = 0.001;
    let mut now = 0.0;
    while now < end {
        let n = t(now);
        while tx.backlog() < 5 {
            tx.offer(AppPacket { id, bytes: 100, created: n });
            id += 1;
        }
        while let Some(pkt) = tx.poll_send(n) {
            inflight.push_back((n + d(owd), pkt));
        }
        while inflight.front().is_some_and(|(at, _)| *at <= n) {
            let (_, pkt) = inflight.pop_front().unwrap();
            if let Some(fb) = rx.on_packet(&pkt, n) {
                reports.push_back((n + d(owd), fb));
            }
        }
        if let Some(fb) = rx.on_report_timer(n) {
            reports.push_back((n + d(owd), fb));
        }
        while reports.front().is_some_and(|(at, _)| *at <= n) {
            let (_, fb) = reports.pop_front().unwrap();
            tx.on_feedback(&fb, n);
            rates.push((now, tx.rate()));
        }
        tx.on_nofeedback(n);
        now += dt;
    }
    rates
}

#[test]
fn slow_start_doubles_the_rate_once_per_round_trip_limited_by_twice_the_receive_rate() {
    // RFC 5348 §4.3: one packet per second until the first report, then W_init / R, then
    // X = min(2 X, 2 X_recv) per RTT. CCID3 with 100-byte packets, R = 0.2 s: W_init =
    // 400 bytes, 2000 bytes/s; then 4000, 8000, ... while the receive rate keeps up.
    let p = TfrcParams { ccid: Ccid::Ccid3, ..CCID4 };
    let rates = slow_start(p, 0.1, 3.0);
    assert!((rates[0].1 - 2000.0).abs() < 50.0, "{rates:?}");
    let later: Vec<f64> = rates.iter().map(|r| r.1).collect();
    // Each step at most doubles, and the rate grows.
    for w in later.windows(2) {
        assert!(w[1] <= 2.0 * w[0] + 1e-6, "{later:?}");
    }
    // The receive rate lags the sending rate by a round trip, so the rate doubles about
    // every other report: above four times W_init / R within 3 s (15 round trips).
    assert!(*later.last().unwrap() > 4.0 * 2000.0, "{later:?}");
}

#[test]
fn ccid4_n_reports_n_times_per_round_trip_and_grows_faster() {
    let grow = |ccid| {
        let rates = slow_start(TfrcParams { ccid, ..CCID4 }, 0.5, 4.0);
        rates.iter().map(|r| r.1).fold(0.0, f64::max)
    };
    let (plain, n) = (grow(Ccid::Ccid4), grow(Ccid::Ccid4N));
    assert!(n > 4.0 * plain, "CCID4 reaches {plain:.0} bytes/s in 4 s, CCID4-N {n:.0}");
    // Every rate within CCID4's cap of 100 packets per second.
    assert!(n <= 100.0 * 100.0 + 1e-6);
}

#[test]
fn the_nofeedback_timer_halves_the_rate_and_an_idle_sender_keeps_the_initial_rate() {
    // RFC 5348 §4.4 (with RFC 3448 erratum 1458): no feedback for max(4R, 2s/X), X halved.
    let p = TfrcParams { ccid: Ccid::Ccid3, ..CCID4 };
    let mut tx = TfrcSender::new(p, 100.0, t(0.0));
    tx.offer(AppPacket { id: 0, bytes: 100, created: t(0.0) });
    tx.poll_send(t(0.0)).unwrap();
    tx.on_feedback(&TfrcFeedback { echo: t(0.0), t_delay: 0.0, x_recv: 100_000.0, p: 0.0 }, t(0.5));
    assert!((tx.rate() - 800.0).abs() < 1e-6, "W_init / R = 400 / 0.5: {}", tx.rate());
    // Busy: the sender sent since the timer was set, so the rate is halved below W_init/R.
    tx.x = 4000.0;
    tx.restart_timer(t(0.5));
    tx.offer(AppPacket { id: 1, bytes: 100, created: t(0.5) });
    // (The first packet left at one packet per second: the next may go at t = 1.)
    tx.poll_send(t(1.0)).unwrap();
    assert_eq!(tx.nofeedback_time(), t(2.5), "max(4R, 2s/X) = max(2.0, 0.05) after t = 0.5");
    tx.on_nofeedback(t(2.4));
    assert_eq!(tx.rate(), 4000.0, "not yet due");
    tx.on_nofeedback(t(2.5));
    assert!((tx.rate() - 2000.0).abs() < 1e-6, "{}", tx.rate());
    // Idle from now on: halved again while at least twice the initial rate (800), then
    // kept (RFC 5348 §4.4; RFC 4342 §5.1: an idle period does not cut below it).
    tx.on_nofeedback(tx.nofeedback_time());
    assert!((tx.rate() - 1000.0).abs() < 1e-6, "{}", tx.rate());
    tx.on_nofeedback(tx.nofeedback_time());
    assert!((tx.rate() - 1000.0).abs() < 1e-6, "{}", tx.rate());
    // Before any feedback: a sender that sent is halved from one packet per second, down
    // to s / t_mbi; one idle all along is not.
    let mut fresh = TfrcSender::new(p, 128.0, t(0.0));
    fresh.on_nofeedback(t(2.0));
    assert!((fresh.rate() - 128.0).abs() < 1e-9, "idle: {}", fresh.rate());
    for k in 0..12 {
        let at = fresh.nofeedback_time().max(fresh.next_send);
        fresh.offer(AppPacket { id: k, bytes: 128, created: at });
        assert!(fresh.poll_send(at).is_some());
        fresh.on_nofeedback(fresh.nofeedback_time().max(at));
    }
    assert!((fresh.rate() - 128.0 / T_MBI_S).abs() < 1e-9, "{}", fresh.rate());
}

#[test]
fn the_rtt_sample_leaves_out_the_receivers_hold_time() {
    // RFC 5348 §4.3 step 2: R_sample = (t_now − t_recvdata) − t_delay. Packet 0 arrives
    // at 0.5 and is reported at once (t_delay 0); packet 1, sent at 0.1, arrives at 0.6 and
    // waits for the receiver's timer at 0.8 (t_delay 0.2); that report reaches the sender
    // at 1.3: the sample is 1.3 − 0.1 − 0.2 = 1.0 s, not 1.2.
    let mut tx = TfrcSender::new(CCID4, 100.0, t(0.0));
    let mut rx = TfrcReceiver::new(CCID4, t(0.0));
    let pkt = |seq: u64, at: f64| TfrcPacket {
        seq,
        app: AppPacket { id: seq, bytes: 100, created: t(at) },
        sent: t(at),
        rtt_s: 0.0,
    };
    let first = rx.on_packet(&pkt(0, 0.0), t(0.5)).expect("the first packet is reported at once");
    assert_eq!(first.t_delay, 0.0);
    assert!(rx.on_packet(&pkt(1, 0.1), t(0.6)).is_none());
    rx.next_report = Some(t(0.8));
    let fb = rx.on_report_timer(t(0.8)).expect("a packet came since the last report");
    assert!((fb.t_delay - 0.2).abs() < 1e-9 && fb.echo == t(0.1), "{fb:?}");
    tx.on_feedback(&fb, t(1.3));
    assert!((tx.rtt().unwrap() - 1.0).abs() < 1e-9, "{:?}", tx.rtt());
}

#[test]
fn a_full_buffer_refuses_the_applications_packets() {
    let mut tx = TfrcSender::new(CCID4, 100.0, t(0.0));
    for id in 0..8 {
        tx.offer(AppPacket { id, bytes: 100, created: t(0.0) });
    }
    assert_eq!((tx.backlog(), tx.app_drops), (5, 3));
    // One packet per second before any feedback: the next leaves a second later.
    assert!(tx.poll_send(t(0.0)).is_some());
    assert!(tx.poll_send(t(0.5)).is_none());
    assert!(tx.poll_send(t(1.0)).is_some());
}

#[test]
fn the_loss_event_rate_is_the_inverse_weighted_mean_interval() {
    // RFC 5348 §5.4 by hand: intervals (newest first) 100 ×8 and an open I_0 of 50:
    // I_tot1 = 100 · 6 = 600, I_tot0 = 50 + 100 · 5 = 550... max / W_tot(6) = 100, p = 0.01.
    let mut rx = TfrcReceiver::new(CCID4, t(0.0));
    rx.intervals = VecDeque::from(vec![100.0; 8]);
    rx.event_start_seq = Some(0);
    rx.expected = 50;
    assert!((rx.loss_event_rate() - 0.01).abs() < 1e-12);
    // A long open interval raises the mean: I_0 = 700 gives I_tot0 = 700 + 100 · (6 − 1)
    // = 1200 over 6: p = 0.005.
    rx.expected = 700;
    assert!((rx.loss_event_rate() - 0.005).abs() < 1e-12);
}

#[test]
fn losses_within_one_rtt_are_one_event_and_the_first_interval_is_synthesised() {
    let p = TfrcParams { ccid: Ccid::Ccid3, ..CCID4 };
    let mut rx = TfrcReceiver::new(p, t(0.0));
    let pkt = |seq: u64, at: f64| TfrcPacket {
        seq,
        app: AppPacket { id: seq, bytes: 100, created: t(at) },
        sent: t(at),
        rtt_s: 0.2,
    };
    for seq in 0..100 {
        rx.on_packet(&pkt(seq, seq as f64 * 0.01), t(seq as f64 * 0.01));
    }
    // Two losses 50 ms apart: one event; the report goes at once.
    assert!(rx.on_packet(&pkt(101, 1.01), t(1.01)).is_some());
    assert!(rx.on_packet(&pkt(103, 1.03), t(1.06)).is_none());
    assert_eq!((rx.lost, rx.loss_events), (2, 1));
    let p1 = rx.loss_event_rate();
    assert!(p1 > 0.0 && p1 < 0.1, "{p1}");
    // The synthetic interval gives about the receive rate back through the equation.
    let i = rx.intervals[0];
    let x = tfrc_bytes_per_s(100.0, 0.2, 1.0 / i);
    assert!(x > 1000.0 && x < 100_000.0, "{x}");
    // A loss more than an RTT later opens a second event.
    rx.on_packet(&pkt(110, 1.5), t(1.5));
    assert_eq!(rx.loss_events, 2);
}
