//! The single-server FIFO queue against queueing theory.
//!
//! Steps: run the queue with Poisson arrivals for 1000 s (10 s warm-up) at loads 0.3 to 0.85,
//! with exponential (M/M/1) and constant (M/D/1) service, fixed seeds.
//! Expected result: the Pollaczek-Khinchine mean wait lies inside the run's 99 % batch-means
//! confidence interval, that interval is narrow (within 6 % of the mean), the utilisation
//! matches rho, and Little's law links the measured queue length and wait.

use crate::models::Scenario;
use crate::Simulation;

/// Ratio of the 99 % to the 95 % Student t critical value for 19 degrees of freedom (20
/// batches): 2.860935 / 2.093024.
const CI99_OVER_CI95: f64 = 2.860_935 / 2.093_024;

fn run(json: &str) -> crate::sim::Summary {
    let mut sim = Simulation::new(Scenario::from_json(json).expect("valid scenario")).expect("builds");
    sim.run_to_end();
    sim.summary()
}

fn queue(load: f64, service: &str, seed: u64) -> String {
    format!(
        r#"{{"version": 1, "seed": {seed}, "duration_s": 1000, "warmup_s": 10,
            "traffic": {{"rate_pps": {}}}, "queue": {{"service": "{service}", "service_rate_pps": 1000}}}}"#,
        load * 1000.0
    )
}

fn check_pk(load: f64, service: &str, seed: u64) {
    let s = run(&queue(load, service, seed)).take::<crate::models::queue::station::StationSummary>().unwrap();
    let theory = s.theory.as_ref().expect("P-K applies to an unlimited queue with rho < 1");
    let (mean, half) = (s.wait.mean_s, s.wait.ci95_half_s * CI99_OVER_CI95);
    let ctx = format!(
        "{service} rho {load}: wait {:.6} ms ± {:.6} (99 %), P-K {:.6} ms",
        mean * 1e3,
        half * 1e3,
        theory.wait_mean_s * 1e3
    );
    assert!((mean - theory.wait_mean_s).abs() <= half, "outside the CI: {ctx}");
    assert!(half < 0.06 * theory.wait_mean_s, "CI too wide to mean anything: {ctx}");
    assert!((s.utilization - load).abs() < 0.01, "utilization {} vs {load}", s.utilization);
    // Little's law: L_q = lambda W_q (both measured).
    let little = load * 1000.0 * mean;
    assert!((s.queue_len_mean_pkts / little - 1.0).abs() < 0.02, "Little: {} vs {little}", s.queue_len_mean_pkts);
    assert_eq!(s.dropped_overflow, 0);
}

#[test]
fn mm1_mean_wait_matches_pollaczek_khinchine_at_several_loads() {
    for (i, load) in [0.3, 0.5, 0.7, 0.85].into_iter().enumerate() {
        check_pk(load, "exponential", 100 + i as u64);
    }
}

#[test]
fn md1_mean_wait_matches_pollaczek_khinchine_at_several_loads() {
    for (i, load) in [0.3, 0.5, 0.7, 0.85].into_iter().enumerate() {
        check_pk(load, "deterministic", 200 + i as u64);
    }
}

#[test]
fn md1_waits_half_as_long_as_mm1_on_the_same_arrivals() {
    // Same seed: the arrival streams are identical (named streams), only service differs.
    let mm1 = run(&queue(0.8, "exponential", 7)).take::<crate::models::queue::station::StationSummary>().unwrap();
    let md1 = run(&queue(0.8, "deterministic", 7)).take::<crate::models::queue::station::StationSummary>().unwrap();
    assert_eq!(mm1.arrivals, md1.arrivals, "changing the server must not change the arrivals");
    let ratio = md1.wait.mean_s / mm1.wait.mean_s;
    assert!((ratio - 0.5).abs() < 0.08, "M/D/1 / M/M/1 wait ratio {ratio}");
}

#[test]
fn mm1k_blocking_matches_the_stationary_distribution() {
    // Overload (rho = 1.2) into a 10-packet buffer: K = 11 in the system.
    let s = run(r#"{"version": 1, "seed": 3, "duration_s": 300, "warmup_s": 10,
                    "traffic": {"rate_pps": 1200}, "queue": {"service_rate_pps": 1000, "capacity_pkts": 10}}"#)
    .take::<crate::models::queue::station::StationSummary>()
    .unwrap();
    let t = s.theory.as_ref().unwrap();
    assert_eq!(t.model, "M/M/1/11");
    assert!((s.loss_ratio / t.loss_ratio - 1.0).abs() < 0.03, "loss {} vs {}", s.loss_ratio, t.loss_ratio);
    assert!((s.wait.mean_s / t.wait_mean_s - 1.0).abs() < 0.03, "wait {} vs {}", s.wait.mean_s, t.wait_mean_s);
    assert!((s.utilization / t.utilization - 1.0).abs() < 0.01);
}

#[test]
fn the_95_percent_interval_covers_the_truth_about_95_percent_of_the_time() {
    // 40 independent short runs: coverage of a well-calibrated 95 % interval is 38 on average
    // (binomial sd 1.4); fewer than 33 means the interval is too narrow.
    let mut covered = 0;
    for seed in 0..40 {
        let json = format!(
            r#"{{"version": 1, "seed": {seed}, "duration_s": 60, "warmup_s": 2, "traffic": {{"rate_pps": 500}}}}"#
        );
        let s = run(&json).take::<crate::models::queue::station::StationSummary>().unwrap();
        let truth = s.theory.unwrap().wait_mean_s;
        covered += ((s.wait.mean_s - truth).abs() <= s.wait.ci95_half_s) as u32;
    }
    assert!(covered >= 33, "covered {covered}/40");
}
