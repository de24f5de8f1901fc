//! Running a scenario with a given seed, for the models' seed tests (`models/<id>/seed_tests.rs`):
//! the scenario seed drives every random choice through named streams (`kernel/rng.rs`), so the
//! same scenario and seed give the same results, byte for byte, and another seed another run
//! wherever the model draws anything.

use crate::Simulation;
use serde_json::Value;

/// The results file of `scenario` run to its end with `seed`.
pub(crate) fn results(scenario: &str, seed: u64) -> String {
    let mut s: Value = serde_json::from_str(scenario).unwrap();
    s["seed"] = Value::from(seed);
    let mut sim = Simulation::from_json(&s.to_string()).unwrap_or_else(|e| panic!("{e}: {scenario}"));
    sim.run_to_end();
    sim.results_json()
}

/// The summary of a results file, as JSON text.
pub(crate) fn summary(results: &str) -> String {
    let v: Value = serde_json::from_str(results).unwrap();
    v["summary"].to_string()
}

/// A results file without its echo of the scenario (which holds the seed).
pub(crate) fn without_scenario(results: &str) -> Value {
    let mut v: Value = serde_json::from_str(results).unwrap();
    v.as_object_mut().unwrap().remove("scenario");
    v
}

/// Same seed, same bytes; another seed, another summary.
pub(crate) fn check_seeded(name: &str, scenario: &str) {
    let a = results(scenario, 1);
    assert_eq!(a, results(scenario, 1), "{name}: seed 1 twice");
    let b = results(scenario, 2);
    assert_ne!(summary(&a), summary(&b), "{name}: seeds 1 and 2 give the same summary");
}
