//! The queue's scenario input: its sections read, written and checked by the scenario format
//! (`models/format.rs`, whose own tests use no model).

use crate::models::format::validation_tests::errors;
use crate::models::queue::scenario::ServiceDistribution;
use crate::models::Scenario;
use crate::scenario::{fields, MAX_SEED};

#[test]
fn defaults_fill_every_omitted_field() {
    let s = Scenario::from_json(r#"{"version": 1}"#).unwrap();
    assert!((s.traffic.rate_pps / s.queue.service_rate_pps - 0.8).abs() < 1e-12);
}

#[test]
fn written_json_reads_back_identically() {
    let mut s = Scenario::default();
    s.queue.capacity_pkts = Some(12);
    s.queue.service = ServiceDistribution::Deterministic;
    s.seed = MAX_SEED;
    let back = Scenario::from_json(&s.to_json_pretty()).unwrap();
    assert_eq!(back, s);
}

#[test]
fn the_issue_example_message() {
    assert_eq!(
        errors(r#"{"version": 1, "traffic": {"flows": 0}}"#),
        vec!["traffic.flows: 0 is below the minimum 1 (allowed: 1 to 10000)"]
    );
}

#[test]
fn every_invalid_field_is_reported_at_once() {
    let e = errors(
        r#"{"version": 1, "duration_s": -1, "seed": 9007199254740992,
            "traffic": {"flows": 20000, "rate_pps": 0},
            "queue": {"service_rate_pps": 2e7, "capacity_pkts": 2000000},
            "metrics": {"bucket_s": 0, "max_points": 5, "batches": 1}}"#,
    );
    let paths: Vec<&str> = e.iter().map(|s| s.split(':').next().unwrap()).collect();
    for p in [
        "seed",
        "duration_s",
        "traffic.flows",
        "traffic.rate_pps",
        "queue.service_rate_pps",
        "queue.capacity_pkts",
        "metrics.bucket_s",
        "metrics.max_points",
        "metrics.batches",
    ] {
        assert!(paths.contains(&p), "{p} missing from {e:#?}");
    }
    assert!(e.iter().any(|s| s == "duration_s: -1 must be greater than 0 (allowed: above 0 up to 2592000)"), "{e:#?}");
    assert!(e.iter().any(|s| s == "metrics.max_points: 5 is below the minimum 10 (allowed: 10 to 100000)"), "{e:#?}");
}

#[test]
fn an_unlimited_queue_above_saturation_runs_while_its_backlog_fits() {
    // 1200 into 1000 packets/s for 100 s: a backlog of about 20,000 packets, shown, not refused.
    assert!(errors(r#"{"version": 1, "traffic": {"rate_pps": 1200}}"#).is_empty());
    // 1e5 more arrivals than services per second for a day would hold 8.6e9 packets: refused.
    let e = errors(
        r#"{"version": 1, "duration_s": 86400, "traffic": {"rate_pps": 200000}, "queue": {"service_rate_pps": 100000}, "metrics": {"bucket_s": 10}}"#,
    );
    assert!(
        e.iter().any(|m| m.starts_with("queue.capacity_pkts: unlimited (null) with traffic.rate_pps (200000)")
            && m.contains("backlog")),
        "{e:?}"
    );
    assert!(errors(r#"{"version": 1, "traffic": {"rate_pps": 1000}, "queue": {"capacity_pkts": 50}}"#).is_empty());
}

#[test]
fn wrong_types_name_the_field() {
    let err = Scenario::from_json(r#"{"version": 1, "traffic": {"flows": "many"}}"#).unwrap_err();
    let e = &err.field_errors()[0];
    assert_eq!(e.path, "traffic.flows");
    assert_eq!(e.message, "must be a whole number, not the text \"many\"");
}

#[test]
fn unknown_fields_and_options_are_named() {
    let err = Scenario::from_json(r#"{"version": 1, "traffic": {"rate": 3}}"#).unwrap_err();
    assert_eq!(err.field_errors()[0].path, "traffic.rate");
    assert!(err.to_string().contains("unknown field `rate`"), "{err}");

    let err = Scenario::from_json(r#"{"version": 1, "queue": {"service": "gamma"}}"#).unwrap_err();
    assert_eq!(err.field_errors()[0].path, "queue.service");
    assert!(err.to_string().contains("exponential"), "{err}");
}

#[test]
fn keys_keep_the_formats_order() {
    // The queue was the only model once: its sections come before `metrics`, as they always have
    // (see `scenario_type!` in models/format.rs).
    assert_eq!(
        &fields::object::<Scenario>("").keys[..10],
        ["version", "model", "name", "description", "seed", "duration_s", "warmup_s", "traffic", "queue", "metrics"]
    );
}

#[test]
fn cross_field_limits() {
    let e = errors(
        r#"{"version": 1, "duration_s": 2000000, "traffic": {"rate_pps": 1e6}, "queue": {"service_rate_pps": 2e6}, "metrics": {"bucket_s": 1}}"#,
    );
    assert!(e.iter().any(|s| s.starts_with("traffic.rate_pps:") && s.contains("arrivals")), "{e:?}");
}

#[test]
fn one_mistake_gives_one_message() {
    // An invalid rate does not also trip the unlimited-capacity rule.
    let e = errors(r#"{"version": 1, "traffic": {"rate_pps": 1e9}}"#);
    assert_eq!(e.len(), 1, "{e:?}");
}
