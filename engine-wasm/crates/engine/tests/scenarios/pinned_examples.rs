//! Every `examples/*.json` run, pinned: its summary and a digest of every series column are
//! kept in `tests/scenarios/snapshots/` and must stay byte-identical. A refactor that changes
//! a number fails here; a change made on purpose updates the snapshot in its own commit, with
//! the diff explained (`INSTA_UPDATE=always cargo test -p skyqueue-engine --test scenarios
//! pinned` rewrites them).
//!
//! The scenario echo of the results file is left out on purpose: the format of the scenario
//! may change (with a migration) while the run it describes stays the same. Each example is
//! also replayed as a version 1 file (every model's section written out, as `skyqueue
//! defaults` and results files did before version 2) and must give the same results.

use engine::models::ModelKind;
use engine::models::Scenario;
use engine::Simulation;
use serde_json::{json, Value};
use std::path::PathBuf;

/// Every `examples/*.json`, sorted by name.
pub(crate) fn examples() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../examples");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("examples/ exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}

/// FNV-1a 64 over the bytes of a string: a stable digest that needs no dependency.
fn fnv1a(s: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in s.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The summary as written, and per series column: id, points, finite points, sum, min, max
/// and a digest of the column's JSON text (every bit of every value, nulls included).
fn pinned(results_json: &str) -> String {
    let r: Value = serde_json::from_str(results_json).expect("results are JSON");
    let series = &r["series"];
    let columns = series["columns"].as_array().expect("columns");
    let values = series["values"].as_array().expect("values");
    let digest: Vec<Value> = columns
        .iter()
        .zip(values)
        .map(|(c, v)| {
            let xs: Vec<f64> = v.as_array().unwrap().iter().filter_map(Value::as_f64).collect();
            let (min, max) = xs.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &x| (a.min(x), b.max(x)));
            json!({
                "id": c["id"],
                "points": v.as_array().unwrap().len(),
                "finite": xs.len(),
                "sum": xs.iter().sum::<f64>(),
                "min": if xs.is_empty() { Value::Null } else { json!(min) },
                "max": if xs.is_empty() { Value::Null } else { json!(max) },
                "fnv1a": fnv1a(&v.to_string()),
            })
        })
        .collect();
    let series =
        json!({ "bucket_s": series["bucket_s"], "t_s_fnv1a": fnv1a(&series["t_s"].to_string()), "columns": digest });
    // The summary keeps its own key order: it is compared as the engine writes it.
    format!("{}\n{}", serde_json::to_string_pretty(&series).unwrap(), summary_text(results_json))
}

/// The `"summary": {...}` block exactly as the results file has it (key order and float
/// formatting included).
fn summary_text(results_json: &str) -> String {
    let start = results_json.find("\n  \"summary\": ").expect("a summary");
    let end = results_json[start..].find("\n  \"series\": ").expect("series after the summary") + start;
    results_json[start + 1..end].trim_end_matches(',').to_string()
}

/// The example as a version 1 file: version 1, and every model's section that it lacks,
/// with its defaults.
fn as_version_1(text: &str) -> String {
    let mut v: Value = serde_json::from_str(text).unwrap();
    for &k in ModelKind::ALL {
        let defaults: Value =
            serde_json::from_str(&Scenario { model: k, ..Scenario::default() }.to_json_pretty()).unwrap();
        for section in engine::models::sections(k) {
            if v.get(section).is_none() {
                v[section] = defaults[section].clone();
            }
        }
    }
    v["version"] = json!(1);
    v.to_string()
}

#[test]
fn every_example_is_pinned() {
    let files = examples();
    assert!(files.len() >= 11, "{files:?}");
    // Two at a time: the 24 h constellation runs dominate.
    let results: Vec<(String, String)> = std::thread::scope(|scope| {
        let handles: Vec<_> = files
            .chunks(files.len().div_ceil(2))
            .map(|chunk| {
                scope.spawn(move || {
                    chunk
                        .iter()
                        .map(|p| {
                            let text = std::fs::read_to_string(p).unwrap();
                            let run = |text: &str| {
                                let mut sim =
                                    Simulation::from_json(text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
                                sim.run_to_end();
                                sim.results_json()
                            };
                            let results = run(&text);
                            assert_eq!(run(&as_version_1(&text)), results, "{} as a version 1 file", p.display());
                            (p.file_stem().unwrap().to_string_lossy().to_string(), pinned(&results))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        for (name, text) in results {
            insta::assert_snapshot!(name, text);
        }
    });
}
