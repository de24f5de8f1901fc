//! VoIP over LEO and the scenario seed: on/off sources, fading and delays are drawn from it.

use crate::sim::seeded::check_seeded;

const VOIP: &str = r#"{"version": 2, "model": "voip-leo", "duration_s": 3, "warmup_s": 0.5, "metrics": {"bucket_s": 0.5},
    "voip": {"flows": 10, "policy": "pf", "delay_source": "range"}}"#;

#[test]
fn voip_over_leo_repeats_a_seed_and_varies_with_it() {
    check_seeded("voip-leo", VOIP);
}
