//! VoIP over LEO's scenario input: its section read, migrated and checked by the scenario format
//! (`models/format.rs`, whose own tests use no model).

use crate::models::format::validation_tests::errors;
use crate::models::format::OPTION_EXPECTED;
use crate::models::Scenario;
use crate::scenario::{FieldError, ScenarioError};

#[test]
fn a_type_error_does_not_hide_the_other_bad_fields() {
    // Two fields of the wrong type and two out of range: all four, each at its path.
    let text =
        r#"{"version": 2, "model": "voip-leo", "duration_s": -3, "seed": "one", "voip": {"flows": 0, "policy": 7}}"#;
    let err = Scenario::from_json(text).unwrap_err();
    let got: Vec<(String, String)> = err.field_errors().into_iter().map(|e| (e.path, e.message)).collect();
    let paths: Vec<&str> = got.iter().map(|(p, _)| p.as_str()).collect();
    for want in ["seed", "voip.policy", "duration_s", "voip.flows"] {
        assert!(paths.contains(&want), "{want} missing from {got:?}");
    }
    assert!(got.iter().any(|(p, m)| p == "seed" && m == "must be a whole number, not the text \"one\""), "{got:?}");
    // A valid scenario is untouched by this; a syntax error stays one error with its position.
    assert!(Scenario::from_json(r#"{"version": 2}"#).is_ok());
    assert!(matches!(Scenario::from_json("{\"version\": 2,"), Err(ScenarioError::Syntax { .. })));
}

#[test]
fn version_1_files_are_migrated_and_version_2_refuses_another_models_section() {
    // An old file (every section written out, as `skyqueue defaults` used to) reads as the
    // same scenario, at version 2, with the other models' sections back at their defaults.
    let old = r#"{"version": 1, "model": "voip-leo", "voip": {"flows": 12}, "traffic": {"flows": 0}, "diffserv": {"w_af": 5}}"#;
    let s = Scenario::from_json(old).unwrap();
    assert_eq!((s.version, s.voip.flows, s.traffic.flows, s.diffserv.w_af), (Some(2), 12, 1, 20.0));
    let new = r#"{"version": 2, "model": "voip-leo", "voip": {"flows": 12}, "traffic": {"flows": 3}}"#;
    let e = Scenario::from_json(new).unwrap_err().field_errors();
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].path, "traffic");
    assert_eq!(
        e[0].message,
        "is a section of the queue model, not of the voip-leo model (its sections: voip); remove it, or set `model`"
    );
}

#[test]
fn a_non_string_option_is_a_field_error_not_a_syntax_error() {
    // serde_json calls this "expected value" at a line and column, as if the JSON were bad.
    for json in [
        r#"{"version": 2, "model": "voip-leo", "voip": {"policy": true}}"#,
        r#"{"version": 1, "model": "voip-leo", "voip": {"policy": 3}}"#,
    ] {
        let err = Scenario::from_json(json).unwrap_err();
        assert_eq!(err.field_errors(), vec![FieldError::new("voip.policy", OPTION_EXPECTED)], "{json}");
    }
    assert!(matches!(
        Scenario::from_json(r#"{"version": 1, "model": "voip-leo", "voip": {"policy": }}"#),
        Err(ScenarioError::Syntax { .. })
    ));
}

#[test]
fn voip_ranges_name_the_field() {
    let e = errors(
        r#"{"version": 1, "model": "voip-leo", "voip": {"flows": 0, "codes_timeout_ms": -5, "lms": {"snr_ref_db": -100}}}"#,
    );
    let paths: Vec<&str> = e.iter().map(|s| s.split(':').next().unwrap()).collect();
    assert_eq!(paths, vec!["voip.flows", "voip.codes_timeout_ms", "voip.lms.snr_ref_db"], "{e:#?}");
    assert!(
        errors(r#"{"version": 1, "model": "voip-leo", "voip": {"flows": 2001}}"#)[0].contains("above the maximum 2000")
    );
    assert!(!errors(r#"{"version": 1, "model": "voip-leo", "voip": {"lms": {"snr_ref_db": NaN}}}"#).is_empty());
    assert!(errors(r#"{"version": 1, "model": "voip-leo"}"#).is_empty());
}
