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
