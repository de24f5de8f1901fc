//! The model as a whole run: scenario in, summary out.

use crate::sim::Simulation;

pub(super) fn run(json: &str) -> super::DccpSummary {
    let mut sim = Simulation::from_json(json).expect("valid scenario");
    sim.run_to_end();
    sim.summary().take::<super::DccpSummary>().expect("the model's summary")
}

#[test]
fn every_packet_made_is_played_or_lost_to_one_cause() {
    for transport in ["udp", "ccid4", "ccid4-sca"] {
        let s = run(&format!(
            r#"{{"version": 2, "model": "voip-dccp", "seed": 2, "duration_s": 60, "warmup_s": 0, "dccp": {{"transport": "{transport}", "codec": "speex", "dtx": true, "calls": 2}}}}"#
        ));
        let accounted = s.played + s.lost_app + s.lost_queue + s.lost_errors + s.late;
        // Packets still on their way at the end (half a second of them) are neither.
        assert!(accounted <= s.generated && s.generated - accounted < 60, "{transport}: {s:?}");
        assert!(s.generated > 1000, "{s:?}");
        if transport == "udp" {
            assert_eq!(s.lost_app, 0);
            assert!(s.dccp.is_none());
        }
    }
}

#[test]
fn a_udp_call_loses_what_the_link_loses() {
    // 0.1 % packet errors, no congestion, a 400 ms playout buffer over 20 ms of mean access
    // jitter: about 0.1 % lost, nearly all on the link.
    let s = run(
        r#"{"version": 2, "model": "voip-dccp", "seed": 1, "duration_s": 600, "dccp": {"transport": "udp", "codec": "g711"}}"#,
    );
    assert!(s.loss_pct > 0.03 && s.loss_pct < 0.3, "{s:?}");
    assert_eq!(s.lost_queue, 0);
    assert!(s.late_pct < 0.05, "{s:?}");
    assert!(s.r.unwrap() > 60.0);
}

/// A preset from `examples/`, cut to `duration_s`.
fn preset(text: &str, duration_s: f64) -> crate::models::Scenario {
    let mut s = crate::models::Scenario::from_json(text).unwrap();
    s.duration_s = duration_s;
    s
}

fn speex_dtx(duration_s: f64) -> crate::models::Scenario {
    preset(include_str!("../../../../../../examples/dccp-speex-dtx.json"), duration_s)
}

#[test]
fn the_packet_trace_follows_each_voice_packet_and_changes_no_result() {
    for s in [
        speex_dtx(60.0),
        preset(include_str!("../../../../../../examples/dccp-g711.json"), 30.0),
        preset(include_str!("../../../../../../examples/dccp-g711-12calls-tcp.json"), 20.0),
    ] {
        let mut plain = Simulation::new(s.clone()).unwrap();
        plain.run_to_end();
        let mut traced = Simulation::new(s.clone()).unwrap();
        traced.set_trace_limit(1_000_000).unwrap();
        traced.run_to_end();
        assert_eq!(plain.results_json(), traced.results_json(), "recording changed the run");
        let sum = traced.summary().take::<super::DccpSummary>().unwrap();
        let rows = traced.trace().rows(0);
        let count = |k: &str, reason: Option<&str>| {
            rows.iter()
                .filter(|r| r.kind.name() == k && reason.is_none_or(|x| r.reason.map(|r| r.name()) == Some(x)))
                .count() as u64
        };
        // Every voice packet made is sent once; each loss is a drop for its cause, where the
        // summary counts it (no warm-up in these presets).
        assert_eq!(count("send", None), sum.generated);
        assert_eq!(count("drop", Some("sender-buffer")), sum.lost_app);
        assert_eq!(count("drop", Some("overflow")), sum.lost_queue);
        assert_eq!(count("drop", Some("link-error")), sum.lost_errors);
        assert_eq!(count("drop", Some("late")), sum.late);
        assert_eq!(count("deliver", None), sum.played + sum.late, "{}", s.name);
        // Each sent packet leaves the sender once (a hop to the access) and the access once.
        let hops = |from: &str| rows.iter().filter(|r| r.kind.name() == "hop" && r.node == from).count() as u64;
        let arrived = sum.played + sum.late;
        assert!(hops("sender") >= arrived + sum.lost_errors && hops("access link") >= arrived);
        if let Some(d) = &sum.dccp {
            assert_eq!(count("ack", None), d.reports, "{}", s.name);
            assert!(count("ack-arrive", None) <= d.reports);
            assert_eq!(count("timeout", None), d.nofeedback_expiries, "{}", s.name);
        }
        assert!(rows.windows(2).all(|w| w[1].n == w[0].n + 1 && w[1].t_s >= w[0].t_s));
        assert_eq!(traced.trace().nodes(), ["sender", "access link", "receiver"]);
    }
}

#[test]
fn the_speex_talk_spurts_overflow_the_senders_buffer_in_the_trace() {
    // Paper 003 Table IV: at each talk spurt TFRC's rate lags the application's and the
    // sender's five-packet buffer overflows; Next loss goes to the first such drop.
    let mut sim = Simulation::new(speex_dtx(60.0)).unwrap();
    sim.set_trace_limit(100_000).unwrap();
    let r = sim.step_to_trouble(0).expect("a loss in the first minute");
    assert_eq!(
        (r.kind, r.reason, r.node),
        (crate::trace::TraceKind::Drop, Some(crate::trace::Reason::SenderBuffer), 0)
    );
    assert_eq!(sim.now(), r.t);
}

#[test]
fn stepping_event_by_event_visits_every_record_and_ends_where_a_whole_run_ends() {
    let s = speex_dtx(12.0);
    let n = crate::sim::check_stepping_by_record(s, 100_000);
    assert!(n > 200, "{n} records");
}

#[test]
fn twelve_g711_calls_leave_over_dccp_as_two_datagrams_no_longer_than_the_maximum_packet_size() {
    // Twelve 184-byte frames (180 of G.711 and IAX2's 4) are 2208 bytes: above DCCP's 1440
    // (Linux's dccp_sendmsg refuses it, EMSGSIZE), so each interval leaves as 7 frames (1288
    // bytes) and 5 (920). UDP sends the 2208 bytes as one datagram.
    let json = |t: &str, extra: &str| {
        format!(
            r#"{{"version": 2, "model": "voip-dccp", "seed": 3, "duration_s": 20, "warmup_s": 0, "dccp": {{"transport": "{t}", "codec": "g711", "calls": 12{extra}}}}}"#
        )
    };
    let scenario = |t: &str| crate::models::Scenario::from_json(&json(t, "")).unwrap();
    assert_eq!(scenario("ccid4").dccp.datagrams(12), vec![7.0 * 184.0, 5.0 * 184.0]);
    assert_eq!(scenario("udp").dccp.datagrams(12), vec![12.0 * 184.0]);
    // Five calls talking fit in one.
    assert_eq!(scenario("ccid4").dccp.datagrams(5), vec![5.0 * 184.0]);
    let s = run(&json("ccid4", ""));
    assert_eq!((s.datagrams_per_interval, s.payload_bytes, s.packet_bytes), (2, 1288.0, 1324.0));
    // Every interval made two packets (the last interval's may be cut by the end of the run).
    let intervals = (20.0 / 0.0225_f64).ceil() as u64;
    assert!(s.generated == 2 * intervals || s.generated + 1 == 2 * intervals, "{} packets", s.generated);
    // The same calls' wire rate: the second datagram adds one header, 36 bytes per interval.
    let u = run(&json("udp", ""));
    assert_eq!(u.datagrams_per_interval, 1);
    assert!((s.app_kbps - u.app_kbps - 36.0 * 8.0 / 22.5).abs() < 1e-9, "{} vs {}", s.app_kbps, u.app_kbps);
}

#[test]
fn ccid4_sends_at_most_100_packets_a_second_counting_the_real_datagrams() {
    // RFC 5622 §5 / RFC 4828 §4.2: CCID4's packets are at least 10 ms apart. With a maximum
    // packet size of one G.711 frame, twelve calls are twelve datagrams every 22.5 ms (533 a
    // second): at most 100 a second leave, the rest overflow the sender's buffer. A bigger
    // maximum (two datagrams an interval, 89 a second) is under the cap.
    let json = |mps: u32| {
        format!(
            r#"{{"version": 2, "model": "voip-dccp", "seed": 1, "duration_s": 30, "warmup_s": 0, "dccp": {{"transport": "ccid4-sca", "codec": "g711", "calls": 12, "per": 0, "max_packet_bytes": {mps}}}}}"#
        )
    };
    let small = run(&json(184));
    assert_eq!(small.datagrams_per_interval, 12);
    assert!(small.sent as f64 <= 100.0 * 30.0 + 1.0, "{} sent in 30 s", small.sent);
    assert!(small.sent as f64 > 0.8 * 100.0 * 30.0, "the cap, not the rate, holds it back: {}", small.sent);
    assert!(small.app_loss_pct > 70.0, "{small:?}");
    let two = run(&json(1440));
    assert!(two.sent as f64 > 0.9 * two.generated as f64, "{two:?}");
}

#[test]
fn a_message_above_the_maximum_packet_size_is_refused_naming_the_field() {
    let err = |dccp: &str| {
        let json = format!(r#"{{"version": 2, "model": "voip-dccp", "duration_s": 10, "dccp": {{{dccp}}}}}"#);
        Simulation::from_json(&json).err().map(|e| e.to_string()).unwrap_or_default()
    };
    let e = err(r#""codec": "g711", "max_packet_bytes": 100"#);
    assert!(e.contains("dccp.max_packet_bytes") && e.contains("184"), "{e}");
    let e = err(r#""codec": "cbr", "cbr_payload_bytes": 2000"#);
    assert!(e.contains("dccp.cbr_payload_bytes") && e.contains("EMSGSIZE"), "{e}");
    // UDP takes the long datagram (IP fragments it).
    assert_eq!(err(r#""codec": "cbr", "cbr_payload_bytes": 2000, "transport": "udp""#), "");
    let e = err(r#""rtt_ms": 50"#);
    assert!(e.contains("dccp.rtt_ms") && e.contains("79.5"), "{e}");
    assert_eq!(err(r#""rtt_ms": 50, "rtt_measured": false"#), "");
}

#[test]
fn the_measured_round_trip_is_what_tfrc_measures() {
    // Paper 003 §III: "an average RTT of around 1000msec" for small packets, measured. The
    // path's own round trip is that less the access's mean wait for a lone small packet (26.5
    // ms frames, grant probability 0.4: 79.5 ms), 920.5 ms. TFRC's samples leave out the
    // receiver's hold time and echo the last packet of a granted frame, the one that waited
    // least, so one G.711 call's TFRC measures a little under the 1 s (about 0.96 s); read as
    // the path's own round trip, the access's 79.5 ms come on top of everything.
    let rtt = |measured: bool| {
        let s = run(&format!(
            r#"{{"version": 2, "model": "voip-dccp", "seed": 2, "duration_s": 120, "warmup_s": 0, "dccp": {{"transport": "ccid4-sca", "codec": "g711", "per": 0, "rtt_measured": {measured}}}}}"#
        ));
        s.dccp.unwrap().rtt_ms.unwrap()
    };
    let (measured, base) = (rtt(true), rtt(false));
    let ctx = format!("TFRC's RTT: measured reading {measured:.1} ms, base reading {base:.1} ms");
    assert!(measured > 920.5 && measured < 1000.0, "{ctx}");
    assert!((base - measured - 79.5).abs() < 15.0, "{ctx}");
}
