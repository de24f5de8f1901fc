//! The scenario seed, model by model: it drives every random choice through named streams
//! (`kernel/rng.rs`), so the same scenario and seed give the same results, byte for byte, and
//! another seed another run wherever the model draws anything.
//!
//! Steps, per model, on short runs: the same scenario run twice with one seed gives identical
//! results files; two seeds give different summaries (queue: Poisson arrivals and exponential
//! service; VoIP over LEO: on/off sources, fading, delays; DiffServ: the sources' start times);
//! over seeds 1-5 a DiffServ summary metric has a non-zero standard deviation, so a sweep's
//! confidence bars have a width; TCP over Iridium draws its start in `transfer.start_window_s`.
//! The constellation model has no random choice (orbital
//! geometry, access and routing only): the seed changes nothing but its own echo.

use engine::models::diffserv::DiffservSummary;
use engine::Simulation;
use serde_json::Value;

/// The results file of `scenario` run to its end with `seed`.
fn results(scenario: &str, seed: u64) -> String {
    let mut s: Value = serde_json::from_str(scenario).unwrap();
    s["seed"] = Value::from(seed);
    let mut sim = Simulation::from_json(&s.to_string()).unwrap_or_else(|e| panic!("{e}: {scenario}"));
    sim.run_to_end();
    sim.results_json()
}

/// The summary of a results file, as JSON text.
fn summary(results: &str) -> String {
    let v: Value = serde_json::from_str(results).unwrap();
    v["summary"].to_string()
}

/// A results file without its echo of the scenario (which holds the seed).
fn without_scenario(results: &str) -> Value {
    let mut v: Value = serde_json::from_str(results).unwrap();
    v.as_object_mut().unwrap().remove("scenario");
    v
}

const QUEUE: &str = r#"{"version": 2, "model": "queue", "duration_s": 20, "warmup_s": 1,
    "traffic": {"flows": 4, "rate_pps": 800}, "queue": {"service": "exponential", "service_rate_pps": 1000}}"#;

const VOIP: &str = r#"{"version": 2, "model": "voip-leo", "duration_s": 3, "warmup_s": 0.5, "metrics": {"bucket_s": 0.5},
    "voip": {"flows": 10, "policy": "pf", "delay_source": "range"}}"#;

/// Paper 001's router scaled down (2 Mb/s, RTT 100 ms, 3 + 3 flows) for 5 s.
const DIFFSERV: &str = r#"{"version": 2, "model": "diffserv", "duration_s": 5, "warmup_s": 1, "metrics": {"bucket_s": 0.1},
    "diffserv": {"capacity_bps": 2000000, "rtt_ms": 100, "ef_bps": 500000, "ef_expected_bps": 500000, "w_af": 3, "w_cs0": 2,
    "af_flows": 3, "cs0_flows": 3}}"#;

/// A 9 kB transfer over Iridium whose start is drawn in a 600 s window.
const TCP_LEO: &str = r#"{"version": 2, "model": "tcp-leo", "duration_s": 700, "metrics": {"bucket_s": 10},
    "transfer": {"bytes": 9000, "start_s": 10, "start_window_s": 600}}"#;

const CONSTELLATION: &str = r#"{"version": 2, "model": "constellation", "duration_s": 600, "metrics": {"bucket_s": 10},
    "constellation": {"preset": "iridium", "step_s": 5, "from": "Atlantic ship", "to": "London"}}"#;

/// Same seed, same bytes; another seed, another summary.
fn check_seeded(name: &str, scenario: &str) {
    let a = results(scenario, 1);
    assert_eq!(a, results(scenario, 1), "{name}: seed 1 twice");
    let b = results(scenario, 2);
    assert_ne!(summary(&a), summary(&b), "{name}: seeds 1 and 2 give the same summary");
}

#[test]
fn the_queue_repeats_a_seed_and_varies_with_it() {
    check_seeded("queue", QUEUE);
}

#[test]
fn voip_over_leo_repeats_a_seed_and_varies_with_it() {
    check_seeded("voip-leo", VOIP);
}

#[test]
fn tcp_over_iridium_repeats_a_seed_and_varies_with_it() {
    // The seed draws the start inside its window, so the route and the transfer time differ.
    check_seeded("tcp-leo", TCP_LEO);
}

#[test]
fn diffserv_repeats_a_seed_and_varies_with_it() {
    check_seeded("diffserv", DIFFSERV);
    // PSS and DWRR alike.
    check_seeded("diffserv with DWRR", &DIFFSERV.replace(r#""w_af": 3"#, r#""sharing": "dwrr", "w_af": 3"#));
}

#[test]
fn diffserv_over_five_seeds_has_a_spread_for_the_confidence_bars() {
    // The AF output rate and the AF goodput of seeds 1-5 (what `skyqueue sweep --seeds 5` and the
    // sweep panel average): their sample standard deviation is not zero.
    let runs: Vec<DiffservSummary> = (1..=5)
        .map(|seed| {
            let mut s: Value = serde_json::from_str(DIFFSERV).unwrap();
            s["seed"] = Value::from(seed);
            let mut sim = Simulation::from_json(&s.to_string()).unwrap();
            sim.run_to_end();
            sim.summary().take::<DiffservSummary>().unwrap()
        })
        .collect();
    let sd = |xs: Vec<f64>| {
        let m = xs.iter().sum::<f64>() / xs.len() as f64;
        (xs.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (xs.len() - 1) as f64).sqrt()
    };
    let af: Vec<f64> = runs.iter().map(|s| s.rates_mbps[1]).collect();
    let goodput: Vec<f64> = runs.iter().map(|s| s.goodput_mbps[0].iter().sum()).collect();
    assert!(sd(af.clone()) > 1e-3, "AF rate {af:?}");
    assert!(sd(goodput.clone()) > 1e-3, "AF goodput {goodput:?}");
    // EF is a CBR source by strict priority: its rate over the measured span stays as set.
    assert!(
        runs.iter().all(|s| (s.rates_mbps[0] - 0.5).abs() < 0.01),
        "{:?}",
        runs.iter().map(|s| s.rates_mbps[0]).collect::<Vec<_>>()
    );
}

#[test]
fn diffserv_without_a_start_spread_does_not_depend_on_the_seed() {
    // `start_spread_s` 0: every source starts at t = 0 and nothing else is drawn.
    let fixed = DIFFSERV.replace(r#""af_flows": 3"#, r#""start_spread_s": 0, "af_flows": 3"#);
    assert_eq!(without_scenario(&results(&fixed, 1)), without_scenario(&results(&fixed, 2)));
}

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
