//! VoIP over LEO through the command: a sweep of its calls, its packet trace and `compare` of its policies.

use crate::{examples_dir, skyqueue, text};

#[test]
fn sweep_runs_a_grid_on_threads_and_rejects_bad_values_first() {
    let example = examples_dir().join("voip-leo-codes.json");
    let dir = std::env::temp_dir().join(format!("skyqueue-sweep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A short version of the preset.
    let mut v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&example).unwrap()).unwrap();
    v["duration_s"] = 6.into();
    v["warmup_s"] = 1.into();
    let short = dir.join("short.json");
    std::fs::write(&short, v.to_string()).unwrap();
    let out = skyqueue(&[
        "sweep",
        short.to_str().unwrap(),
        "--param",
        "voip.flows",
        "--values",
        "10,20",
        "--policies",
        "dt-s,pf",
        "--seeds",
        "2",
        "--threads",
        "2",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(rows.len(), 2 * 2 * 2);
    assert_eq!(rows[0]["value"], 10);
    assert_eq!(rows[0]["policy"], "dt-s");
    assert_eq!(rows[7]["summary"]["voip"]["policy"], "PF");
    assert_eq!(rows[7]["summary"]["voip"]["flows"], 20);
    // Same as running one point alone: the threads do not change results.
    assert_eq!(rows[1]["seed"], 2);
    let csv =
        skyqueue(&["sweep", short.to_str().unwrap(), "--param", "voip.flows", "--values", "10", "--format", "csv"]);
    let csv = text(&csv.stdout);
    // policy, seed, the swept field, then the summary by its paths: the app's and Python's columns.
    let header = csv.lines().next().unwrap();
    assert!(
        header.starts_with("policy,seed,voip.flows,") && header.split(',').any(|c| c == "voip.throughput_kbps"),
        "{header}"
    );
    assert!(!header.contains("summary."), "{header}");
    assert_eq!(csv.lines().count(), 2);
    let bad = skyqueue(&["sweep", short.to_str().unwrap(), "--param", "voip.flows", "--values", "10,0"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("voip.flows: 0 is below the minimum 1"), "{}", text(&bad.stderr));
    assert!(bad.stdout.is_empty(), "nothing runs when a value is invalid");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn run_traces_one_call_of_voip_over_leo() {
    // Paper 000's 75 calls: the first call's packets through the satellite's queue, the LMS
    // link's HARQ rounds (hops marked by the NACK) and the receiver.
    let dir = std::env::temp_dir().join(format!("skyqueue-trace-voip-leo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let preset = examples_dir().join("voip-leo-codes.json");
    let csv = dir.join("x.csv");
    let out = skyqueue(&["run", preset.to_str().unwrap(), "--trace", "packets", "--trace-out", csv.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let csv = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(csv.lines().next().unwrap().split(',').collect::<Vec<_>>(), engine::trace::COLUMNS);
    for want in [",send,", ",deliver,", ",satellite,receiver,", ",nack"] {
        assert!(csv.contains(want), "no {want} in the trace");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn compare_runs_a_scenario_once_per_policy_as_json_or_the_app_s_notebook() {
    let dir = std::env::temp_dir().join(format!("skyqueue-compare-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut s: serde_json::Value =
        serde_json::from_slice(&std::fs::read(examples_dir().join("voip-leo-codes.json")).unwrap()).unwrap();
    s["duration_s"] = serde_json::json!(3);
    s["warmup_s"] = serde_json::json!(1);
    let file = dir.join("s.json");
    std::fs::write(&file, s.to_string()).unwrap();
    let f = file.to_str().unwrap();
    let out = skyqueue(&["compare", f, "--policies", "pf,dt-s"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let runs: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(runs.len(), 2);
    assert_eq!(runs[1]["policy"], "dt-s");
    assert_eq!(runs[1]["results"]["scenario"]["voip"]["policy"], "dt-s");
    // Each run is what `skyqueue run` writes for the scenario with that policy.
    s["voip"]["policy"] = serde_json::json!("dt-s");
    std::fs::write(dir.join("dt-s.json"), s.to_string()).unwrap();
    let one = skyqueue(&["run", dir.join("dt-s.json").to_str().unwrap()]);
    assert_eq!(serde_json::from_slice::<serde_json::Value>(&one.stdout).unwrap(), runs[1]["results"]);
    let nb = skyqueue(&["compare", f, "--policies", "pf,dt-s", "--format", "ipynb"]);
    let nb: serde_json::Value = serde_json::from_slice(&nb.stdout).unwrap();
    let ids: Vec<&str> = nb["cells"].as_array().unwrap().iter().map(|c| c["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["about", "results", "table", "series"]);
    for (args, says) in [
        (vec!["compare", f, "--policies", "pf"], "--policies: 1 given; a comparison needs 2 to 8"),
        (vec!["compare", f, "--policies", "pf,pf"], "--policies: `pf` is given twice"),
        (vec!["compare", f, "--policies", "pf,nope"], "voip.policy"),
    ] {
        let o = skyqueue(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(text(&o.stderr).contains(says), "{args:?}: {}", text(&o.stderr));
    }
    let queue = examples_dir().join("mm1-load-0.8.json");
    let o = skyqueue(&["compare", queue.to_str().unwrap(), "--policies", "a,b"]);
    assert!(text(&o.stderr).contains("the queue model has no policies to compare"), "{}", text(&o.stderr));
    std::fs::remove_dir_all(&dir).ok();
}
