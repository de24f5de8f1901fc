//! DiffServ's scenario input: its section's ranges and profiles checked by the scenario format
//! (`models/format.rs`, whose own tests use no model).

use crate::models::format::validation_tests::errors;

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
