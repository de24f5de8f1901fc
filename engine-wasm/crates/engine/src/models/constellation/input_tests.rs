//! The constellation's scenario input: regressions the scenario fuzzer
//! (`tests/scenarios/scenario_fuzz.rs`) found in its sections, fixed.

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
