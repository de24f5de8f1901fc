//! The constellation's scenario input: its section's ranges checked by the scenario format
//! (`models/format.rs`, whose own tests use no model), and regressions the scenario fuzzer
//! (`tests/scenarios/scenario_fuzz.rs`) found in its sections, fixed.

use crate::models::format::validation_tests::errors;
use crate::models::Scenario;

/// A key given twice in an object of a list is named by its path, the object's index included
/// (see `a_duplicate_field_is_named_by_its_path` in the fuzzer).
#[test]
fn a_duplicate_field_in_a_site_is_named_by_its_path() {
    let json = r#"{"version": 1, "model": "constellation", "constellation": {"sites": [{"name": "a", "name": "b", "lat_deg": 0, "lon_deg": 0}]}}"#;
    let e = Scenario::from_json(json).unwrap_err();
    assert_eq!(e.field_errors()[0].path, "constellation.sites[0].name", "{json}: {e:?}");
}

/// Regression test for a panic the fuzzer found (fixed with a saturating multiply). Input:
///
/// ```json
/// {"version": 1, "model": "constellation", "constellation": {"planes": 65536, "sats_per_plane": 65536}}
/// ```
///
/// panics in `Scenario::from_json` (dev and test profiles, which check overflow):
/// "attempt to multiply with overflow" at crates/engine/src/orbit/walker.rs:109
/// (`WalkerSpec::total`: `planes * sats_per_plane` in u32), called from `validate_constellation`
/// in scenario/validate.rs, which evaluates `spec.total() > MAX_SATELLITES` before its
/// `planes <= 100 && sats_per_plane <= 100` guards. Any two values whose product exceeds
/// u32::MAX do it; release builds wrap silently instead..
#[test]
fn a_huge_constellation_is_refused_without_overflow() {
    let json =
        r#"{"version": 1, "model": "constellation", "constellation": {"planes": 65536, "sats_per_plane": 65536}}"#;
    let e = Scenario::from_json(json).unwrap_err();
    let paths: Vec<String> = e.field_errors().into_iter().map(|e| e.path).collect();
    assert!(paths.contains(&"constellation.planes".to_string()), "{e}");
    assert!(paths.contains(&"constellation.sats_per_plane".to_string()), "{e}");
}

#[test]
fn impossible_constellations_name_the_field() {
    let e = errors(
        r#"{"version": 1, "model": "constellation", "constellation": {"planes": 0, "altitude_km": 50, "inclination_deg": 200,
            "from": "Atlantis", "epoch_utc": "soon", "sites": [{"name": "", "lat_deg": 95, "lon_deg": 0}]}}"#,
    );
    let paths: Vec<&str> = e.iter().map(|s| s.split(':').next().unwrap()).collect();
    for p in [
        "constellation.planes",
        "constellation.altitude_km",
        "constellation.inclination_deg",
        "constellation.from",
        "constellation.epoch_utc",
        "constellation.sites[0].lat_deg",
        "constellation.sites[0].name",
    ] {
        assert!(paths.contains(&p), "{p} missing from {e:#?}");
    }
    assert!(e.iter().any(|s| s.starts_with("constellation.altitude_km: 50 is below the minimum 100")), "{e:#?}");
    let e =
        errors(r#"{"version": 1, "model": "constellation", "constellation": {"planes": 100, "sats_per_plane": 100}}"#);
    assert!(e.iter().any(|s| s.contains("10000 satellites, above the maximum 2000")), "{e:#?}");
    let e = errors(r#"{"version": 1, "model": "constellation", "constellation": {"planes": 7}}"#);
    assert!(e.iter().any(|s| s.starts_with("constellation.raan_spacing_deg:") && s.contains("no seam")), "{e:#?}");
    assert!(errors(r#"{"version": 1, "model": "constellation"}"#).is_empty());
}
