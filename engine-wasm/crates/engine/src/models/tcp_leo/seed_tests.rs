//! TCP over Iridium and the scenario seed: the transfer's start is drawn in
//! `transfer.start_window_s`.

use crate::sim::seeded::check_seeded;

/// A 9 kB transfer over Iridium whose start is drawn in a 600 s window.
const TCP_LEO: &str = r#"{"version": 2, "model": "tcp-leo", "duration_s": 700, "metrics": {"bucket_s": 10},
    "transfer": {"bytes": 9000, "start_s": 10, "start_window_s": 600}}"#;

#[test]
fn tcp_over_iridium_repeats_a_seed_and_varies_with_it() {
    // The seed draws the start inside its window, so the route and the transfer time differ.
    check_seeded("tcp-leo", TCP_LEO);
}
