//! The queue and the scenario seed: Poisson arrivals and exponential service are drawn from it.

use crate::sim::seeded::check_seeded;

const QUEUE: &str = r#"{"version": 2, "model": "queue", "duration_s": 20, "warmup_s": 1,
    "traffic": {"flows": 4, "rate_pps": 800}, "queue": {"service": "exponential", "service_rate_pps": 1000}}"#;

#[test]
fn the_queue_repeats_a_seed_and_varies_with_it() {
    check_seeded("queue", QUEUE);
}
