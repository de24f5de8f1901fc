//! The lab as a whole run: scenario in, summary and series out.

use crate::sim::Simulation;

fn run(json: &str) -> super::LinkSummary {
    let mut sim = Simulation::from_json(json).expect("valid scenario");
    sim.run_to_end();
    sim.summary().take::<super::LinkSummary>().expect("the link's summary")
}

#[test]
fn a_default_run_agrees_with_its_closed_form() {
    let l = run(r#"{"version": 2, "model": "link-layer", "seed": 3, "duration_s": 30}"#);
    assert_eq!(l.scheme, "HARQ-II 5/7, N_S 1, R 2");
    assert_eq!(l.lldus_per_packet, 47);
    assert!((l.slot_us - 112.82).abs() < 0.01, "{}", l.slot_us);
    assert!(
        (l.efficiency / l.theory.efficiency - 1.0).abs() < 0.02,
        "{} against {}",
        l.efficiency,
        l.theory.efficiency
    );
    assert!(
        (l.lldu_delay_ms / l.theory.delay_ms - 1.0).abs() < 0.02,
        "{} against {}",
        l.lldu_delay_ms,
        l.theory.delay_ms
    );
    assert!(l.packets > 3000, "{}", l.packets);
    // In order a packet waits for those before it.
    assert!(l.packet_in_order_delay_ms >= l.packet_delay_ms);
    let head = l.head.expect("a packet is open");
    assert_eq!(head.lldus.len(), 47);
}

#[test]
fn field_errors_name_the_field() {
    for (json, field) in [
        (r#"{"version": 2, "model": "link-layer", "link": {"alpha": 0}}"#, "link.alpha"),
        (r#"{"version": 2, "model": "link-layer", "link": {"alpha": 0.5, "beta": 0.99}}"#, "link.beta"),
        (r#"{"version": 2, "model": "link-layer", "link": {"interleave": 0}}"#, "link.interleave"),
        (r#"{"version": 2, "model": "link-layer", "duration_s": 1000000, "link": {"rate_bps": 1e9}}"#, "duration_s"),
    ] {
        let err = Simulation::from_json(json).err().unwrap_or_else(|| panic!("{json} accepted")).to_string();
        assert!(err.contains(field), "{json}: {err}");
    }
}
