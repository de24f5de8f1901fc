//! Tests of the TCP sender and receiver (`tcp.rs`).

use super::*;

#[test]
fn receiver_acks_cumulatively_and_sacks_the_holes() {
    let mut r = TcpReceiver::default();
    assert_eq!(r.on_data(&Segment { seq: 0, ts: SimTime::ZERO }).cum, 1);
    let a = r.on_data(&Segment { seq: 2, ts: SimTime::ZERO });
    assert_eq!((a.cum, a.sack.clone()), (1, vec![(2, 3)]));
    let a = r.on_data(&Segment { seq: 4, ts: SimTime::ZERO });
    assert_eq!(a.sack, vec![(4, 5), (2, 3)]);
    let a = r.on_data(&Segment { seq: 1, ts: SimTime::ZERO });
    assert_eq!((a.cum, a.sack), (3, vec![(4, 5)]));
}

/// The receiver's ACKs as the plain definition gives them: every held segment in a set, the
/// SACK blocks its maximal runs, the one holding the segment just received first (RFC 2018
/// §4), then the lowest, at most 3.
fn reference_acks(arrivals: &[u64]) -> Vec<Ack> {
    let (mut rcv_nxt, mut held) = (0u64, std::collections::BTreeSet::new());
    arrivals
        .iter()
        .map(|&seq| {
            if seq == rcv_nxt {
                rcv_nxt += 1;
                while held.remove(&rcv_nxt) {
                    rcv_nxt += 1;
                }
            } else if seq > rcv_nxt {
                held.insert(seq);
            }
            let mut blocks: Vec<(u64, u64)> = vec![];
            for &s in &held {
                match blocks.last_mut() {
                    Some(b) if b.1 == s => b.1 += 1,
                    _ => blocks.push((s, s + 1)),
                }
            }
            if let Some(pos) = blocks.iter().position(|&(a, b)| seq >= a && seq < b) {
                let b = blocks.remove(pos);
                blocks.insert(0, b);
            }
            blocks.truncate(3);
            Ack { cum: rcv_nxt, sack: blocks, ts_echo: SimTime(seq) }
        })
        .collect()
}

#[test]
fn the_receivers_runs_give_the_acks_of_the_plain_definition() {
    // Reordered, lost and duplicated arrivals over a window of a few hundred segments.
    let mut rng = crate::kernel::Streams::new(7).stream("tcp.receiver");
    for trial in 0..20 {
        let span = 50 + 40 * trial;
        let arrivals: Vec<u64> = (0..3 * span).map(|_| rng.next_u64() % span).collect();
        let mut r = TcpReceiver::default();
        let got: Vec<Ack> = arrivals.iter().map(|&seq| r.on_data(&Segment { seq, ts: SimTime(seq) })).collect();
        assert_eq!(got, reference_acks(&arrivals), "trial {trial}");
    }
}

#[test]
fn three_sacked_segments_mark_a_loss_and_the_hole_goes_first() {
    let mut s = TcpSender::new(CcKind::NewReno, 10.0, u64::MAX, 1e9);
    let sent = s.poll_send(SimTime::ZERO);
    assert_eq!(sent.len(), 10);
    // Segment 0 lost; 1..=3 arrive: three SACKed above the hole.
    let mut r = TcpReceiver::default();
    for seq in 1..=3 {
        let ack = r.on_data(&Segment { seq, ts: SimTime::ZERO });
        s.on_ack(&ack, SimTime(100_000_000));
    }
    assert_eq!(s.ssthresh, 5.0); // window 10 / 2
    let next = s.poll_send(SimTime(100_000_000));
    assert_eq!(next.first().map(|d| d.seq), Some(0), "the hole is retransmitted first");
    assert_eq!(s.retransmits, 1);
}

/// Segments sent after each of the ACKs of segments 4..20 when segment 0 of a 20-segment
/// window was lost (NewReno: the window is halved to 10 at the third SACK).
fn sends_per_ack_through_recovery(rate_halving: bool) -> Vec<usize> {
    let mut s = TcpSender::new(CcKind::NewReno, 20.0, u64::MAX, 1e9).with_rate_halving(rate_halving);
    assert_eq!(s.poll_send(SimTime::ZERO).len(), 20);
    let mut r = TcpReceiver::default();
    let t = SimTime(100_000_000);
    for seq in 1..=3 {
        s.on_ack(&r.on_data(&Segment { seq, ts: SimTime::ZERO }), t);
    }
    assert_eq!(s.poll_send(t).first().map(|d| d.seq), Some(0), "the hole goes first");
    (4..20)
        .map(|seq| {
            s.on_ack(&r.on_data(&Segment { seq, ts: SimTime::ZERO }), t);
            s.poll_send(t).len()
        })
        .collect()
}

#[test]
fn rate_halving_sends_one_segment_per_two_acks_through_recovery() {
    // ns-2 TCP-Linux (`next_pkts_in_flight_`): from the window before the cut (20) down to
    // the new one (10), one segment for every two ACKs; RFC 6675 waits until the pipe is
    // below the new window, then sends one per ACK.
    let halving = sends_per_ack_through_recovery(true);
    assert!(halving.chunks(2).all(|pair| pair.iter().sum::<usize>() == 1), "one per two ACKs: {halving:?}");
    let rfc = sends_per_ack_through_recovery(false);
    let first = rfc.iter().position(|&n| n > 0).unwrap();
    assert!(first >= 4, "RFC 6675 sends nothing while the pipe is above the window: {rfc:?}");
    assert!(rfc[first..].iter().all(|&n| n == 1), "then one per ACK: {rfc:?}");
}

#[test]
fn ns2_linux_restarts_the_timer_on_duplicate_acks_and_rfc_6298_does_not() {
    // Segment 0 lost; the ACK of segment 1 is a duplicate (no new data): RFC 6298 (5.3)
    // keeps the deadline, ns-2's TCP-Linux (`renew_timer`) moves it to now + RTO.
    for every in [false, true] {
        let mut s = TcpSender::new(CcKind::NewReno, 4.0, u64::MAX, 1e9).with_rto_on_every_ack(every);
        s.poll_send(SimTime::ZERO);
        let before = s.rto_deadline().unwrap();
        let mut r = TcpReceiver::default();
        let t = SimTime(300_000_000);
        s.on_ack(&r.on_data(&Segment { seq: 1, ts: SimTime::ZERO }), t);
        let after = s.rto_deadline().unwrap();
        if every {
            assert!(after > before && after > t, "{every}: {before:?} -> {after:?}");
        } else {
            assert_eq!(after, before, "RFC 6298 keeps the timer on a duplicate ACK");
        }
    }
}

#[test]
fn a_lost_retransmission_is_sent_again_once_later_data_is_sacked() {
    // Window 10, segment 0 lost and its retransmission lost too. ns-2's scoreboard
    // (`scoreboard1.cc`: GetSndNxt() <= fack_) re-marks it once a segment first sent after
    // the retransmission is SACKed; RFC 6675 waits for the timer.
    for detect in [false, true] {
        let mut s = TcpSender::new(CcKind::NewReno, 10.0, u64::MAX, 1e9).with_lost_retransmit(detect);
        assert_eq!(s.poll_send(SimTime::ZERO).len(), 10);
        let mut r = TcpReceiver::default();
        let t = SimTime(100_000_000);
        let mut sent_later = vec![];
        for seq in 1..10 {
            s.on_ack(&r.on_data(&Segment { seq, ts: SimTime::ZERO }), t);
            sent_later.extend(s.poll_send(t).into_iter().map(|d| d.seq));
        }
        let rtx = sent_later.iter().position(|&q| q == 0).expect("the hole is retransmitted (and lost)");
        assert!(rtx + 1 < sent_later.len(), "new data after the retransmission: {sent_later:?}");
        let timeouts = s.timeouts;
        // The new data arrives and is SACKed; the retransmission of 0 never does.
        let t2 = SimTime(200_000_000);
        let mut again = vec![];
        for &seq in sent_later.iter().filter(|&&q| q >= 10) {
            s.on_ack(&r.on_data(&Segment { seq, ts: t }), t2);
            again.extend(s.poll_send(t2).into_iter().map(|d| d.seq));
        }
        assert_eq!(again.contains(&0), detect, "{detect}: sent after the SACKs {again:?}");
        assert_eq!(s.timeouts, timeouts, "no timeout either way");
        assert_eq!(s.ssthresh, 5.0, "{detect}: one cut for the episode");
    }
}

#[test]
fn the_rto_follows_rfc_6298_in_integer_time() {
    // First sample R = 300 ms: SRTT = R, RTTVAR = R / 2, RTO = max(1 s, R + 4 R / 2) = 1 s;
    // the timer is restarted at the ACK, exactly 1 s later.
    let mut s = TcpSender::new(CcKind::NewReno, 3.0, u64::MAX, 1e9);
    assert_eq!(s.poll_send(SimTime::ZERO).len(), 3);
    assert_eq!(s.rto_deadline(), Some(SimTime(1_000_000_000)));
    let mut r = TcpReceiver::default();
    let ack = r.on_data(&Segment { seq: 0, ts: SimTime::ZERO });
    s.on_ack(&ack, SimTime(300_000_000));
    assert_eq!((s.srtt(), s.rto()), (Some(SimDuration(300_000_000)), SimDuration(1_000_000_000)));
    assert_eq!(s.rto_deadline(), Some(SimTime(1_300_000_000)));
    // A sample of 900 ms: RTTVAR = 3/4 150 + 1/4 600 = 262.5 ms, SRTT = 7/8 300 + 1/8 900 =
    // 375 ms; the RTO, 375 + 4 x 262.5 = 1425 ms, exceeds the 1 s floor; the deadline is
    // now + RTO, all in whole nanoseconds.
    let ack = r.on_data(&Segment { seq: 1, ts: SimTime(100_000_000) });
    s.on_ack(&ack, SimTime(1_000_000_000));
    assert_eq!((s.srtt(), s.rto()), (Some(SimDuration(375_000_000)), SimDuration(1_425_000_000)));
    assert_eq!(s.rto_deadline(), Some(SimTime(2_425_000_000)));
    // Back-off doubles it, up to 60 s.
    s.on_rto(SimTime(2_425_000_000));
    assert_eq!(s.rto(), SimDuration(2_850_000_000));
}

#[test]
fn a_flow_through_the_transport_interface_delivers_in_order_and_times_out_on_a_dead_path() {
    // Lossless path, 10 ms each way, feedback per segment: everything sent is delivered
    // and acknowledged, nothing retransmitted, the timer always ahead of `now`.
    let mut f: Box<dyn TransportFlow> = super::super::Transport::Tcp(CcKind::Cubic).flow();
    let ms = |x: u64| SimTime(x * 1_000_000);
    let mut sent = 0;
    for round in 0..10u64 {
        let now = ms(20 * round);
        let segs = f.poll_send(now);
        assert!(!segs.is_empty() && segs.iter().all(|s| s.ts == now));
        sent += segs.len() as u64;
        let fbs: Vec<Feedback> = segs.iter().filter_map(|s| f.on_segment(s, now + SimDuration(10_000_000))).collect();
        for fb in &fbs {
            f.on_feedback(fb, ms(20 * round + 20));
        }
        assert!(f.timer().is_none_or(|d| d > ms(20 * round + 20)));
    }
    assert_eq!(f.delivered(), sent);
    assert_eq!(f.stats(), FlowStats { acked: sent, retransmits: 0, timeouts: 0 });
    // Dead path: nothing comes back. The timer does nothing a nanosecond early, fires at
    // its deadline, the window restarts from one segment and the RTO doubles.
    let mut g = TcpFlow::new(TcpSender::new(CcKind::NewReno, 10.0, u64::MAX, 1e9));
    assert_eq!(g.poll_send(SimTime::ZERO).len(), 10);
    let d = g.timer().unwrap();
    g.on_timer(SimTime(d.0 - 1));
    assert_eq!(g.stats().timeouts, 0);
    g.on_timer(d);
    assert_eq!(g.stats().timeouts, 1);
    assert_eq!(g.poll_send(d).iter().map(|s| s.seq).collect::<Vec<_>>(), vec![0]);
    assert_eq!(g.timer(), Some(d + SimDuration(2_000_000_000)));
    assert_eq!(g.sender().cwnd, 1.0);
}

#[test]
fn rto_restarts_from_one_segment_and_backs_off() {
    let mut s = TcpSender::new(CcKind::Cubic, 10.0, u64::MAX, 1e9);
    s.poll_send(SimTime::ZERO);
    let d = s.rto_deadline().unwrap();
    assert_eq!(d, SimTime(1_000_000_000));
    s.on_rto(d);
    assert_eq!(s.cwnd, 1.0);
    assert_eq!(s.timeouts, 1);
    let again = s.poll_send(d);
    assert_eq!(again.len(), 1);
    assert_eq!(again[0].seq, 0);
    assert_eq!(s.rto_deadline(), Some(d + SimDuration(2_000_000_000))); // doubled
}
