//! The constellation's commands: `calc pair` over a preset or a real catalogue, and `tle generate`.

use crate::{examples_dir, skyqueue, text};
use std::path::PathBuf;

#[test]
fn calc_pair_prints_handovers_seam_delay_and_hops() {
    let out = skyqueue(&[
        "calc",
        "pair",
        "--constellation",
        "iridium",
        "--from",
        "Atlantic ship",
        "--to",
        "London",
        "--hours",
        "6",
        "--step-s",
        "10",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for k in ["intra_orbital", "inter_orbital", "seam", "isl_change"] {
        assert!(v["handovers"][k].is_u64(), "handovers.{k} missing: {v}");
    }
    assert!(v["handovers"]["intra_orbital"].as_u64().unwrap() > 20);
    assert!(v["seam_separations"].is_u64());
    for k in ["min", "mean", "max"] {
        assert!(v["delay_ms"][k].as_f64().unwrap() > 2.0, "delay_ms.{k}");
    }
    assert!(v["hops"]["max"].as_u64().unwrap() >= v["hops"]["min"].as_u64().unwrap());
    // Coordinates work as sites; unknown names fail with the list of names.
    assert!(skyqueue(&["calc", "pair", "--from", "45,-30", "--to", "London", "--hours", "1", "--step-s", "30"])
        .status
        .success());
    let bad = skyqueue(&["calc", "pair", "--from", "Atlantis", "--to", "London"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("constellation.from: unknown site `Atlantis`"), "{}", text(&bad.stderr));
}

/// docs/REPRODUCTION.md "ISL settings": the seam's delay penalty for New Delhi - Hawaii is
/// positive with ns-2's settings (cut-off 60 deg, alternating partners), which `calc pair` uses
/// for Iridium as paper 004 did, and not with the scenario fields' defaults (68 deg, ahead).
#[test]
fn calc_pair_splits_the_delay_by_seam_state_and_uses_ns2_isl_settings_for_iridium() {
    let run = |extra: &[&str]| {
        let mut args = vec![
            "calc",
            "pair",
            "--constellation",
            "iridium",
            "--from",
            "New Delhi",
            "--to",
            "Hawaii gateway",
            "--hours",
            "24",
            "--step-s",
            "20",
        ];
        args.extend_from_slice(extra);
        let out = skyqueue(&args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let penalty = |v: &serde_json::Value| {
        v["delay_ms_across_seam"].as_f64().unwrap() - v["delay_ms_outside_seam"].as_f64().unwrap()
    };
    let ns2 = run(&[]);
    assert_eq!((ns2["polar_cutoff_deg"].as_f64(), ns2["isl_pairing"].as_str()), (Some(60.0), Some("alternating")));
    let default = run(&["--polar-cutoff", "68", "--isl-pairing", "ahead"]);
    assert_eq!((default["polar_cutoff_deg"].as_f64(), default["isl_pairing"].as_str()), (Some(68.0), Some("ahead")));
    // Other constellations keep the fields' defaults.
    let delta = skyqueue(&[
        "calc",
        "pair",
        "--constellation",
        "walker-delta-53",
        "--from",
        "Toulouse",
        "--to",
        "New York",
        "--hours",
        "1",
        "--step-s",
        "60",
    ]);
    let delta: serde_json::Value = serde_json::from_slice(&delta.stdout).unwrap();
    assert_eq!((delta["polar_cutoff_deg"].as_f64(), delta["isl_pairing"].as_str()), (Some(68.0), Some("ahead")));
    assert!(penalty(&default) < 5.0, "{default}");
    assert!(penalty(&ns2) > 12.0, "{ns2}");
    let bad = skyqueue(&["calc", "pair", "--from", "New Delhi", "--to", "London", "--isl-pairing", "sideways"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("constellation.isl_pairing"), "{}", text(&bad.stderr));
}

#[test]
fn tle_generate_writes_element_sets_that_tle_check_accepts_and_check_names_a_bad_line() {
    // docs/CLI.md: `tle generate` writes the element sets the engine uses, `tle check` lists
    // every bad line with its number and reason.
    let out = skyqueue(&["tle", "generate", "--constellation", "iridium"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let sets = text(&out.stdout);
    assert_eq!(sets.lines().filter(|l| l.starts_with("1 ")).count(), 66);
    let dir = std::env::temp_dir().join(format!("skyqueue-tle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("iridium.tle");
    std::fs::write(&good, &sets).unwrap();
    let out = skyqueue(&["tle", "check", good.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("66 element sets, all valid"), "{}", text(&out.stdout));
    // The second line of the file (the first set's line 1) broken: refused, with its number.
    let bad = dir.join("bad.tle");
    let broken: Vec<String> =
        sets.lines().enumerate().map(|(i, l)| if i == 1 { l.replacen("1 ", "1X", 1) } else { l.to_string() }).collect();
    std::fs::write(&bad, broken.join("\n")).unwrap();
    let out = skyqueue(&["tle", "check", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("1 bad line") && err.contains("line 2:"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn calc_pair_routes_london_new_york_over_a_real_catalogue_never_faster_than_light() {
    let cut = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../engine/tests/fixtures/starlink-70deg-cut.tle");
    let args = [
        "calc",
        "pair",
        "--tle",
        cut.to_str().unwrap(),
        "--from",
        "London",
        "--to",
        "New York",
        "--hours",
        "0.25",
        "--step-s",
        "10",
    ];
    let out = skyqueue(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for key in ["shells", "satellites_used", "satellites_excluded", "delay_ms", "hops", "route_changes", "ms_per_step"]
    {
        assert!(!v[key].is_null(), "{key} missing: {v}");
    }
    assert_eq!(v["steps"], 90);
    let (light, min) = (v["great_circle_ms"].as_f64().unwrap(), v["delay_ms"]["min"].as_f64().unwrap());
    assert!(min >= light && min < 3.0 * light, "{v}");
    assert_eq!(v["isl"], "grid");
    assert!(v["satellites_excluded"]["alone-in-a-band"].as_u64().unwrap() > 0, "{v}");
    // Refusals name the flag or the file and the reason.
    let refuse = |extra: &[&str], want: &str| {
        let mut a: Vec<&str> = vec!["calc", "pair"];
        a.extend_from_slice(extra);
        let out = skyqueue(&a);
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        assert!(text(&out.stderr).contains(want), "{extra:?}: {}", text(&out.stderr));
    };
    let readme = examples_dir().join("../README.md");
    refuse(&["--tle", readme.to_str().unwrap()], "README.md: not a catalogue of element sets");
    refuse(
        &["--tle", cut.to_str().unwrap(), "--min-elevation-deg", "95"],
        "--min-elevation-deg: 95 is outside 0 to 89",
    );
    refuse(
        &["--tle", cut.to_str().unwrap(), "--hours", "720", "--step-s", "0.01"],
        "above the budget of 1e9 satellite-steps",
    );
    refuse(&["--tle", cut.to_str().unwrap(), "--isl", "mesh"], "--isl: `mesh` is not grid, none or iridium");
    refuse(&["--isl", "grid"], "--tle");
}
