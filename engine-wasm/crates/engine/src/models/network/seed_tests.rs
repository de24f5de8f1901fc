//! The network and the scenario seed: only a random pairing is drawn from it (Hypatia's
//! pairing, a gateway and a list are fixed, and nothing else in the network is random).

use crate::sim::seeded::check_seeded;

const RANDOM_PAIRING: &str = r#"{"version": 2, "model": "network", "duration_s": 0.3, "warmup_s": 0,
    "metrics": {"bucket_s": 0.1},
    "network": {"matrix": "random-pairing", "protocol": "udp", "isl_rate_mbps": 1, "gsl_rate_mbps": 1, "isl_queue_pkts": 10, "gsl_queue_pkts": 10}}"#;

#[test]
fn a_random_pairing_repeats_a_seed_and_varies_with_it() {
    check_seeded("network", RANDOM_PAIRING);
}
