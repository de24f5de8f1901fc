//! DiffServ's scenario input: its section's ranges and profiles checked by the scenario format
//! (`models/format.rs`, whose own tests use no model).

use crate::models::format::validation_tests::errors;
use crate::models::Scenario;

#[test]
fn diffserv_ranges_name_the_field() {
    // Bad inputs: a weight of 0, a capacity of 0, negative flows, bad profiles.
    let e = errors(
        r#"{"version": 1, "model": "diffserv", "diffserv": {"capacity_bps": 0, "w_af": 0, "pss_lr_bits": -1,
            "capacity_profile": {"kind": "cosine", "amplitude": 1.2, "period_s": 15},
            "ef_profile": {"kind": "trace", "points": [[0, 1], [0, 2]]}}}"#,
    );
    let paths: Vec<&str> = e.iter().map(|s| s.split(':').next().unwrap()).collect();
    for p in [
        "diffserv.capacity_bps",
        "diffserv.w_af",
        "diffserv.pss_lr_bits",
        "diffserv.capacity_profile.amplitude",
        "diffserv.ef_profile.points[1][0]",
    ] {
        assert!(paths.contains(&p), "{p} missing from {e:#?}");
    }
    assert!(e.iter().any(|s| s.starts_with("diffserv.w_af: 0 is below the minimum 2")), "{e:#?}");
    let e = errors(r#"{"version": 1, "model": "diffserv", "diffserv": {"af_flows": -1}}"#);
    assert!(e[0].starts_with("diffserv.af_flows"), "{e:#?}");
    let e = errors(r#"{"version": 1, "model": "diffserv", "diffserv": {"capacity_profile": {"kind": "square"}}}"#);
    assert!(e[0].starts_with("diffserv.capacity_profile"), "{e:#?}");
    let e =
        errors(r#"{"version": 1, "model": "diffserv", "metrics": {"bucket_s": 2}, "diffserv": {"rate_window_s": 1}}"#);
    assert!(e.iter().any(|s| s.starts_with("diffserv.rate_window_s: 1 is below the minimum 2")), "{e:#?}");
    assert!(errors(r#"{"version": 1, "model": "diffserv"}"#).is_empty());
}

#[test]
fn a_key_given_twice_is_refused_at_every_version_and_depth() {
    // Version 1 with another model's section is read into a map to be migrated: the last
    // `rtt_ms` used to win silently.
    for (json, path) in [
        (
            r#"{"version": 1, "model": "diffserv", "voip": {}, "diffserv": {"rtt_ms": "x", "rtt_ms": 500}}"#,
            "diffserv.rtt_ms",
        ),
        (r#"{"version": 1, "model": "diffserv", "voip": {"rtt_ms": "x", "rtt_ms": 500}}"#, "voip.rtt_ms"),
        (
            r#"{"version": 2, "model": "diffserv", "diffserv": {"capacity_profile": {"kind": "trace", "points": [[0, 1]], "kind": "constant"}}}"#,
            "diffserv.capacity_profile.kind",
        ),
    ] {
        let e = Scenario::from_json(json).unwrap_err().field_errors();
        assert_eq!(e.len(), 1, "{json}: {e:?}");
        assert_eq!(e[0].path, path, "{json}");
        assert!(e[0].message.starts_with("duplicate field"), "{}", e[0].message);
    }
}
