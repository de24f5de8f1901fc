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
