//! The constellation and the scenario seed: it has no random choice (orbital geometry, access
//! and routing only), so the seed changes nothing but its own echo.

use crate::sim::seeded::{results, summary, without_scenario};

const CONSTELLATION: &str = r#"{"version": 2, "model": "constellation", "duration_s": 600, "metrics": {"bucket_s": 10},
    "constellation": {"preset": "iridium", "step_s": 5, "from": "Atlantic ship", "to": "London"}}"#;

/// The constellation model draws nothing: satellites follow their orbits, access and routing
/// are deterministic rules on the geometry. Another seed gives the same results file but for
/// the seed in its echo of the scenario.
#[test]
fn the_constellation_does_not_depend_on_the_seed() {
    let a = results(CONSTELLATION, 1);
    assert_eq!(a, results(CONSTELLATION, 1));
    let b = results(CONSTELLATION, 987_654_321);
    assert_ne!(a, b, "the echo holds the seed");
    assert_eq!(without_scenario(&a), without_scenario(&b));
    // Something happened: the route was computed at every step.
    assert!(summary(&a).len() > 100, "{}", summary(&a));
}
