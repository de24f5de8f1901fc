//! DiffServ and the scenario seed: the sources' start times are drawn from it; over seeds a
//! summary metric has a spread, so a sweep's confidence bars have a width.

use super::DiffservSummary;
use crate::sim::seeded::{check_seeded, results, without_scenario};
use crate::Simulation;
use serde_json::Value;

/// Paper 001's router scaled down (2 Mb/s, RTT 100 ms, 3 + 3 flows) for 5 s.
const DIFFSERV: &str = r#"{"version": 2, "model": "diffserv", "duration_s": 5, "warmup_s": 1, "metrics": {"bucket_s": 0.1},
    "diffserv": {"capacity_bps": 2000000, "rtt_ms": 100, "ef_bps": 500000, "ef_expected_bps": 500000, "w_af": 3, "w_cs0": 2,
    "af_flows": 3, "cs0_flows": 3}}"#;

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
