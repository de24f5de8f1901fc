//! The scenario seed, over every model: the same scenario and seed give the same results, byte
//! for byte (each model's short run from its defaults). What another seed changes is each
//! model's own (`src/models/<id>/seed_tests.rs`: what the model draws, or that it draws nothing).

use engine::models::ModelKind;
use engine::Simulation;
use serde_json::json;

/// The results file of the model's defaults, run for `duration_s` with `seed`.
fn results(model: ModelKind, duration_s: f64, seed: u64) -> String {
    let s = json!({ "version": 2, "model": model.name(), "duration_s": duration_s, "warmup_s": 0, "seed": seed });
    let mut sim = Simulation::from_json(&s.to_string()).unwrap_or_else(|e| panic!("{}: {e}", model.name()));
    sim.run_to_end();
    sim.results_json()
}

#[test]
fn every_model_repeats_a_seed_byte_for_byte() {
    for &k in ModelKind::ALL {
        let a = results(k, 3.0, 7);
        assert_eq!(a, results(k, 3.0, 7), "{}: seed 7 twice", k.name());
        assert!(a.contains("\"summary\""), "{}", k.name());
    }
}
