//! The queue's unit tests: what the station keeps over a whole run.

use crate::models::Scenario;
use crate::Simulation;

use super::station::StationSummary;

#[test]
fn packets_are_conserved() {
    // Over the whole run (no warm-up): arrivals = departures + drops + waiting + in service.
    let mut sim = Simulation::new(
        Scenario::from_json(r#"{"version": 1, "duration_s": 30, "warmup_s": 0, "traffic": {"rate_pps": 1500, "flows": 3}, "queue": {"capacity_pkts": 8}}"#)
            .unwrap(),
    )
    .unwrap();
    sim.run_to_end();
    let q = sim.summary().take::<StationSummary>().unwrap();
    assert!(q.dropped_overflow > 0);
    let in_system = q.arrivals - q.departures - q.dropped_overflow;
    assert!(in_system <= 9, "{q:?}");
}
