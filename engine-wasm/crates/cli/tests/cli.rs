//! The `skyqueue` command as a user runs it: every example runs, bad input fails cleanly. These
//! tests go over the models through the registry; a test of one model's tools, presets or fields
//! is in `tests/models/<model>.rs`.

use engine::models::ModelKind;
use std::path::PathBuf;
use std::process::{Command, Output};

fn skyqueue(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_skyqueue")).args(args).output().expect("skyqueue runs")
}

fn examples_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../examples")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// How many numbers above zero a JSON value holds, at any depth.
fn positive_numbers(v: &serde_json::Value) -> usize {
    match v {
        serde_json::Value::Number(n) => usize::from(n.as_f64().is_some_and(|x| x > 0.0)),
        serde_json::Value::Array(xs) => xs.iter().map(positive_numbers).sum(),
        serde_json::Value::Object(m) => m.values().map(positive_numbers).sum(),
        _ => 0,
    }
}

/// The example files, sorted, with the model each runs.
fn examples() -> Vec<(PathBuf, ModelKind)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(examples_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
            let model = v["model"].as_str().map(|m| ModelKind::from_name(m).expect("a model")).unwrap_or_default();
            (p, model)
        })
        .collect()
}

#[test]
fn every_example_runs_and_writes_results() {
    // Every preset the UI offers is a file in examples/ (web/src/scenario/presets.ts reads them
    // all), so this runs every preset through the CLI.
    let mut n = 0;
    for entry in std::fs::read_dir(examples_dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        n += 1;
        let out = skyqueue(&["run", path.to_str().unwrap()]);
        assert!(out.status.success(), "{}: {}", path.display(), text(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("results are JSON");
        // The model's summary is there and counted something (each example's numbers are pinned
        // in tests/scenarios/snapshots/).
        let model = v["scenario"]["model"].as_str().and_then(ModelKind::from_name).unwrap_or_default();
        let summary = &v["summary"][model.descriptor().summary_key];
        assert!(summary.is_object() && positive_numbers(summary) > 0, "{}: {summary}", path.display());
        assert_eq!(v["series"]["columns"].as_array().unwrap().len(), v["series"]["values"].as_array().unwrap().len());
        assert!(v["scenario"]["name"].as_str().is_some_and(|s| !s.is_empty()));
        assert!(v["scenario"]["description"].as_str().is_some_and(|s| s.len() > 40), "presets explain themselves");
    }
    assert!(n >= 3, "expected the example scenarios, found {n}");
}

#[test]
fn out_writes_a_file_and_prints_a_summary_and_seed_overrides() {
    let dir = std::env::temp_dir().join(format!("skyqueue-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("r.json");
    let example = examples_dir().join("mm1-load-0.8.json");
    let out = skyqueue(&["run", example.to_str().unwrap(), "--out", file.to_str().unwrap(), "--seed", "9"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("theory 4.0000 ms (M/M/1)"), "{}", text(&out.stdout));
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(v["scenario"]["seed"], 9);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn same_file_same_bytes() {
    let example = examples_dir().join("md1-load-0.8.json");
    let a = skyqueue(&["run", example.to_str().unwrap()]);
    let b = skyqueue(&["run", example.to_str().unwrap()]);
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
}

#[test]
fn an_invalid_scenario_exits_2_with_field_paths_on_stderr() {
    let dir = std::env::temp_dir().join(format!("skyqueue-cli-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.json");
    // Common fields, which every model has.
    std::fs::write(&bad, r#"{"version": 1, "duration_s": -1, "metrics": {"max_points": 1}}"#).unwrap();
    let out = skyqueue(&["run", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("duration_s: -1 must be greater than 0"), "{err}");
    assert!(err.contains("metrics.max_points: 1 is below the minimum 10"), "{err}");
    assert!(out.stdout.is_empty());

    std::fs::write(&bad, "{\"version\": 1,\n \"seed\": }").unwrap();
    let out = skyqueue(&["run", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("invalid JSON at line 2, column 10"), "{}", text(&out.stderr));

    let out = skyqueue(&["validate", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn missing_files_and_bad_usage_fail_cleanly() {
    let out = skyqueue(&["run", "/nonexistent/scenario.json"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("cannot read /nonexistent/scenario.json"));
    assert_eq!(skyqueue(&["frobnicate"]).status.code(), Some(2));
    assert_eq!(skyqueue(&["run"]).status.code(), Some(2));
    assert_eq!(skyqueue(&["run", "x.json", "--seed", "-3"]).status.code(), Some(2));
    assert_eq!(skyqueue(&["bench", "--population", "0"]).status.code(), Some(2));
}

#[test]
fn help_documents_every_subcommand() {
    let out = skyqueue(&["--help"]);
    assert!(out.status.success());
    let help = text(&out.stdout);
    for cmd in [
        "run <scenario.json>",
        "validate",
        "defaults",
        "bench",
        "calc slant",
        "calc pair",
        "calc emodel",
        "calc pss",
        "calc ge",
        "calc tfrc",
        "sweep",
        "merge",
        "--shard",
        "sites",
        "--out",
        "--seed",
    ] {
        assert!(help.contains(cmd), "help lacks {cmd}");
    }
}

#[test]
fn defaults_prints_a_scenario_that_validates() {
    let out = skyqueue(&["defaults"]);
    assert!(out.status.success());
    let dir = std::env::temp_dir().join(format!("skyqueue-cli-def-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("d.json");
    std::fs::write(&f, &out.stdout).unwrap();
    let v = skyqueue(&["validate", f.to_str().unwrap()]);
    assert!(v.status.success(), "{}", text(&v.stdout));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bench_reports_a_rate_and_a_reproducible_checksum() {
    let a = skyqueue(&["bench", "--events", "100000", "--json"]);
    let b = skyqueue(&["bench", "--events", "100000", "--json"]);
    let va: serde_json::Value = serde_json::from_slice(&a.stdout).unwrap();
    let vb: serde_json::Value = serde_json::from_slice(&b.stdout).unwrap();
    assert_eq!(va["checksum"], vb["checksum"]);
    assert!(va["events_per_s"].as_f64().unwrap() > 0.0);
}

#[test]
fn calc_slant_reproduces_paper_004_fig_3() {
    let out = skyqueue(&["calc", "slant", "--altitude-km", "780", "--elevation-deg", "8.2"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!((v["slant_km"].as_f64().unwrap() - 2463.0).abs() < 1.5);
    assert!((v["one_way_ms"].as_f64().unwrap() - 8.2).abs() < 0.05);
    assert_eq!(skyqueue(&["calc", "slant", "--altitude-km", "50", "--elevation-deg", "10"]).status.code(), Some(2));
    assert_eq!(skyqueue(&["calc", "slant", "--altitude-km", "780"]).status.code(), Some(2));
}

#[test]
fn calc_ge_gives_the_erasure_distribution_and_the_codeword_failure() {
    // α + β = 1: a memoryless chain, p = 1 − α = 0.1: the binomial, and FEC 10/12 fails when
    // 3 or more of the 12 are erased.
    let out = skyqueue(&["calc", "ge", "--alpha", "0.9", "--beta", "0.1", "--n", "12", "--k", "10"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let p_m: Vec<f64> = v["p_m"].as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect();
    let binom =
        |m: i32| (0..m).fold(1.0, |a, i| a * (12 - i) as f64 / (i + 1) as f64) * 0.1f64.powi(m) * 0.9f64.powi(12 - m);
    assert_eq!(p_m.len(), 13);
    for (m, p) in p_m.iter().enumerate() {
        assert!((p - binom(m as i32)).abs() < 1e-12, "m = {m}: {p}");
    }
    let fail = 1.0 - binom(0) - binom(1) - binom(2);
    assert!((v["codeword_failure"].as_f64().unwrap() - fail).abs() < 1e-12);
    assert!((v["erasure_prob"].as_f64().unwrap() - 0.1).abs() < 1e-12);
    // A bursty chain (paper 002 Fig. 5, β = 0.9): p = 0.01 / 0.11 = 1/11. Bursts of 10 LLDUs
    // fail a 10/12 codeword more often than the same p spread at random; an interleaver 100
    // deep spreads them (the codeword sees the 100-step chain, nearly memoryless): the
    // binomial's failure, with the same mean.
    let ge = |depth: &str| -> serde_json::Value {
        serde_json::from_slice(
            &skyqueue(&[
                "calc",
                "ge",
                "--alpha",
                "0.99",
                "--beta",
                "0.9",
                "--n",
                "12",
                "--k",
                "10",
                "--interleave",
                depth,
            ])
            .stdout,
        )
        .unwrap()
    };
    let (burst, deep) = (ge("1"), ge("100"));
    assert!((burst["erasure_prob"].as_f64().unwrap() - 1.0 / 11.0).abs() < 1e-12);
    assert!((burst["mean_erasures"].as_f64().unwrap() - deep["mean_erasures"].as_f64().unwrap()).abs() < 1e-9);
    let spread = |m: i32| {
        (0..m).fold(1.0, |a, i| a * (12 - i) as f64 / (i + 1) as f64)
            * (1.0f64 / 11.0).powi(m)
            * (10.0f64 / 11.0).powi(12 - m)
    };
    let spread_failure = 1.0 - spread(0) - spread(1) - spread(2);
    assert!(burst["codeword_failure"].as_f64().unwrap() > spread_failure + 0.04, "{burst}");
    assert!((deep["codeword_failure"].as_f64().unwrap() - spread_failure).abs() < 1e-3, "{deep}");
    // Invalid values are errors naming the flag.
    for (args, says) in [
        (vec!["--alpha", "1", "--beta", "0.5", "--n", "12"], "--alpha: 1 is outside 0 to 1 (both excluded)"),
        (vec!["--alpha", "0.9", "--beta", "0", "--n", "12"], "--beta: 0 is outside 0 to 1 (both excluded)"),
        (vec!["--alpha", "0.9", "--beta", "0.5", "--n", "12", "--k", "13"], "--k: 13 is above --n (12)"),
        (
            vec!["--alpha", "0.9", "--beta", "0.5", "--n", "12", "--interleave", "0"],
            "--interleave: 0 is outside 1 to 10000",
        ),
        (vec!["--alpha", "0.9", "--beta", "0.5"], "calc ge needs --n"),
    ] {
        let out = skyqueue(&[&["calc", "ge"][..], &args].concat());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(text(&out.stderr).contains(says), "{args:?}: {}", text(&out.stderr));
    }
}

#[test]
fn calc_tfrc_gives_the_rfc_5348_rate_and_ccid4s() {
    let x = |args: &[&str]| -> serde_json::Value {
        let out = skyqueue(&[&["calc", "tfrc"][..], args].concat());
        assert!(out.status.success(), "{}", text(&out.stderr));
        serde_json::from_slice(&out.stdout).unwrap()
    };
    // RFC 5348 §3.1 by hand: s 1460, R 0.1 s, p 0.01: 164 005 bytes/s.
    let v = x(&["--packet-bytes", "1460", "--rtt-s", "0.1", "--loss-event-rate", "0.01"]);
    assert!((v["x_bytes_per_s"].as_f64().unwrap() - 164_005.0).abs() < 5.0, "{v}");
    // Paper 003 eq. 5: s 200, R 1 s, p 0.1, oh 36: 2190.1 bytes/s; at p 0.001 the cap, 100
    // packets of 200 bytes per second.
    let v = x(&["--packet-bytes", "200", "--rtt-s", "1", "--loss-event-rate", "0.1", "--ccid", "4"]);
    assert!((v["x_bytes_per_s"].as_f64().unwrap() - 2190.1).abs() < 0.5, "{v}");
    let v = x(&["--packet-bytes", "200", "--rtt-s", "1", "--loss-event-rate", "0.001", "--ccid", "4"]);
    assert_eq!(v["x_bytes_per_s"].as_f64().unwrap(), 20_000.0);
    // A larger header lowers CCID4's rate.
    let a = x(&[
        "--packet-bytes",
        "200",
        "--rtt-s",
        "1",
        "--loss-event-rate",
        "0.1",
        "--ccid",
        "4",
        "--header-bytes",
        "40",
    ]);
    assert!(a["x_bytes_per_s"].as_f64().unwrap() < 2190.0);
    for (args, says) in [
        (
            vec!["--packet-bytes", "0", "--rtt-s", "1", "--loss-event-rate", "0.1"],
            "--packet-bytes: 0 is outside 1 to 65535",
        ),
        (
            vec!["--packet-bytes", "200", "--rtt-s", "0", "--loss-event-rate", "0.1"],
            "--rtt-s: 0 is outside above 0 to 60",
        ),
        (
            vec!["--packet-bytes", "200", "--rtt-s", "1", "--loss-event-rate", "0"],
            "--loss-event-rate: 0 is outside above 0 to 1",
        ),
        (
            vec!["--packet-bytes", "200", "--rtt-s", "1", "--loss-event-rate", "0.1", "--ccid", "2"],
            "--ccid: 2 is neither 3 nor 4",
        ),
        (vec!["--packet-bytes", "200", "--rtt-s", "1"], "calc tfrc needs --loss-event-rate"),
    ] {
        let out = skyqueue(&[&["calc", "tfrc"][..], &args].concat());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(text(&out.stderr).contains(says), "{args:?}: {}", text(&out.stderr));
    }
}

#[test]
fn calc_emodel_gives_r_and_mos() {
    let out = skyqueue(&["calc", "emodel", "--codec", "g711", "--delay-ms", "0"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // G.107 Table 3 defaults: R = 93.2.
    assert!((v["r"].as_f64().unwrap() - 93.2).abs() < 0.05, "{v}");
    assert!((v["mos"].as_f64().unwrap() - 4.41).abs() < 0.01);
    let sat = skyqueue(&[
        "calc",
        "emodel",
        "--codec",
        "g729",
        "--delay-ms",
        "250",
        "--loss-pct",
        "2",
        "--advantage",
        "20",
        "--jitter-buffer-ms",
        "40",
    ]);
    let s: serde_json::Value = serde_json::from_slice(&sat.stdout).unwrap();
    assert_eq!(s["one_way_delay_ms"], 290.0);
    assert!(s["r"].as_f64().unwrap() < 93.2 && s["mos"].as_f64().unwrap() > 1.0);
    assert_eq!(skyqueue(&["calc", "emodel", "--codec", "opus", "--delay-ms", "10"]).status.code(), Some(2));
    assert_eq!(skyqueue(&["calc", "emodel", "--codec", "g711", "--delay-ms", "-1"]).status.code(), Some(2));
    assert_eq!(skyqueue(&["calc", "emodel", "--codec", "g711", "--delay-ms", "NaN"]).status.code(), Some(2));
    assert_eq!(skyqueue(&["calc", "emodel", "--codec", "g711"]).status.code(), Some(2));
}

#[test]
fn calc_pss_reports_the_class_shares() {
    // BW 0.3 with windows of 10 packets, no EF: AF near 30 % (a little more: non-preemption).
    let out = skyqueue(&[
        "calc",
        "pss",
        "--capacity-bps",
        "20000000",
        "--bw",
        "0.3",
        "--lm",
        "75600",
        "--lr",
        "0",
        "--packet-bytes",
        "1500",
        "--duration-s",
        "5",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let (af, cs0, ef) =
        (v["af_share"].as_f64().unwrap(), v["cs0_share"].as_f64().unwrap(), v["ef_share"].as_f64().unwrap());
    assert!((0.28..0.36).contains(&af), "{v}");
    assert!((af + cs0 + ef - 1.0).abs() < 1e-9 && ef == 0.0);
    assert!(v["credit_max_bits"].as_f64().unwrap() <= 75600.0 + 1e-6);
    // EF takes its CBR share first.
    let with_ef = skyqueue(&[
        "calc",
        "pss",
        "--capacity-bps",
        "20000000",
        "--bw",
        "0.3",
        "--lm",
        "75600",
        "--lr",
        "0",
        "--packet-bytes",
        "1500",
        "--ef-bps",
        "5000000",
        "--duration-s",
        "5",
    ]);
    let w: serde_json::Value = serde_json::from_slice(&with_ef.stdout).unwrap();
    assert!((w["ef_share"].as_f64().unwrap() - 0.25).abs() < 0.01, "{w}");
    assert_eq!(
        skyqueue(&[
            "calc",
            "pss",
            "--capacity-bps",
            "2e7",
            "--bw",
            "1.5",
            "--lm",
            "1",
            "--lr",
            "0",
            "--packet-bytes",
            "1500"
        ])
        .status
        .code(),
        Some(2)
    );
    assert_eq!(
        skyqueue(&[
            "calc",
            "pss",
            "--capacity-bps",
            "2e7",
            "--bw",
            "0.5",
            "--lm",
            "10",
            "--lr",
            "20",
            "--packet-bytes",
            "1500"
        ])
        .status
        .code(),
        Some(2)
    );
}

#[test]
fn every_model_prints_its_summary_lines_with_out() {
    // One printer for every model (ModelSummary::lines); DiffServ had none before.
    let dir = std::env::temp_dir().join(format!("skyqueue-cli-lines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("r.json");
    for (example, expect) in [
        ("pss-b1-known-ef.json", "priority switches"),
        ("walker-delta-53.json", "one-way delay"),
        ("mm1k-overload.json", "dropped"),
    ] {
        let out = skyqueue(&["run", examples_dir().join(example).to_str().unwrap(), "--out", file.to_str().unwrap()]);
        assert!(out.status.success(), "{example}: {}", text(&out.stderr));
        assert!(text(&out.stdout).contains(expect), "{example}: {}", text(&out.stdout));
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn defaults_per_model_hold_only_that_models_sections_and_run() {
    for &k in ModelKind::ALL {
        let model = k.name();
        let out = skyqueue(&["defaults", "--model", model]);
        assert!(out.status.success(), "{model}: {}", text(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!((v["version"].as_u64(), v["model"].as_str()), (Some(2), Some(model)));
        for other in ModelKind::ALL {
            for section in other.sections() {
                let own = k.sections().contains(section);
                assert_eq!(v[*section].is_object(), own, "{model}: {section} in {v}");
                assert!(own || v.get(*section).is_none(), "{model}: {section} in {v}");
            }
        }
        let check = Command::new(env!("CARGO_BIN_EXE_skyqueue"))
            .args(["validate", "-"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        check.stdin.as_ref().unwrap().write_all(&out.stdout).unwrap();
        assert!(check.wait_with_output().unwrap().status.success(), "{model} defaults validate");
    }
    let bad = skyqueue(&["defaults", "--model", "bogus"]);
    assert_eq!(bad.status.code(), Some(2));
    let names: Vec<&str> = ModelKind::ALL.iter().map(|k| k.name()).collect();
    let refused = format!("--model: `bogus` is not a model (allowed: {})", names.join(", "));
    assert!(text(&bad.stderr).contains(&refused), "{}", text(&bad.stderr));
}

#[test]
fn schema_prints_every_models_fields_and_sweeps_refuse_policies_without_a_policy_field() {
    let out = skyqueue(&["schema"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // Every model, its policy field and its number fields' ranges as the registry declares them.
    let models = v["models"].as_array().unwrap();
    assert_eq!(models.len(), ModelKind::ALL.len());
    for (&k, m) in ModelKind::ALL.iter().zip(models) {
        assert_eq!(m["name"], k.name());
        assert_eq!(m["policy_path"].as_str(), k.descriptor().policy_path, "{}", k.name());
        let printed: Vec<&serde_json::Value> =
            m["groups"].as_array().unwrap().iter().flat_map(|g| g["fields"].as_array().unwrap()).collect();
        let declared = (k.descriptor().groups)();
        for f in declared.iter().flat_map(|g| &g.fields) {
            let p = printed.iter().find(|p| p["path"] == f.path).unwrap_or_else(|| panic!("{}", f.path));
            let want = serde_json::to_value(f).unwrap();
            assert_eq!((&p["min"], &p["max"]), (&want["min"], &want["max"]), "{}", f.path);
        }
    }
    // The Markdown reference is the committed docs/SCENARIO-FIELDS.md.
    let md = skyqueue(&["schema", "--markdown"]);
    let doc = std::fs::read_to_string(examples_dir().join("../docs/SCENARIO-FIELDS.md")).unwrap();
    assert_eq!(text(&md.stdout), doc);

    // An example of a model without a policy field refuses `--policies`.
    let (q, k) = examples().into_iter().find(|(_, k)| k.descriptor().policy_path.is_none()).expect("such a model");
    let out =
        skyqueue(&["sweep", q.to_str().unwrap(), "--param", "metrics.bucket_s", "--values", "5", "--policies", "pf"]);
    assert_eq!(out.status.code(), Some(2));
    let refused = format!("the {} model has no policies to sweep", k.name());
    assert!(text(&out.stderr).contains(&refused), "{}", text(&out.stderr));
}

#[test]
fn a_run_past_its_event_budget_writes_its_results_so_far_and_fails_naming_the_budget() {
    // docs/RELIABILITY.md: `--budget-events N` changes the events budget of one run; a run that
    // goes past it stops, writes what it measured and exits with status 2.
    let queue = examples_dir().join("mm1-load-0.8.json");
    let out = skyqueue(&["run", queue.to_str().unwrap(), "--budget-events", "5000"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("stopped: over budget at ") && err.contains("events processed"), "{err}");
    assert!(err.contains("(5000)") && err.contains("duration_s"), "{err}");
    let results: serde_json::Value = serde_json::from_str(&text(&out.stdout)).expect("the results so far");
    let events = results["summary"]["events"].as_u64().unwrap();
    // Stopped at the event that went past the budget, short of the run's 100 s.
    assert_eq!(events, 5001);
    assert!(results["summary"]["simulated_s"].as_f64().unwrap() < 100.0, "{}", results["summary"]);
    // Within the budget (the default, the browser's) the same run ends normally.
    assert_eq!(skyqueue(&["run", queue.to_str().unwrap()]).status.code(), Some(0));
    for bad in ["0", "1000000000001"] {
        let out = skyqueue(&["run", queue.to_str().unwrap(), "--budget-events", bad]);
        assert_eq!(out.status.code(), Some(2));
        assert!(
            text(&out.stderr)
                .contains(&format!("--budget-events: {bad} is outside the allowed range (1 to 1000000000000 events)")),
            "{}",
            text(&out.stderr)
        );
    }
    // Not a number (or past 2^64): the same range, not a u64's.
    for bad in ["lots", "-3", "1e6", "99999999999999999999"] {
        let out = skyqueue(&["run", queue.to_str().unwrap(), "--budget-events", bad]);
        assert_eq!(out.status.code(), Some(2));
        let err = text(&out.stderr);
        assert!(
            err.contains(&format!(
                "--budget-events: `{bad}` is not a whole number (allowed: 1 to 1000000000000 events)"
            )),
            "{err}"
        );
    }
}

#[test]
fn tle_check_reports_a_real_catalogues_shells_and_what_it_sets_aside() {
    // docs/CATALOGUES.md: the Starlink catalogue of 13 May 2026 (examples/), grouped into shells.
    let file = examples_dir().join("starlink-2026-05-13.tle");
    let out = skyqueue(&["tle", "check", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let o = text(&out.stdout);
    assert!(o.contains("10361 element sets, all valid") && o.contains("per plane (min / median / max)"), "{o}");
    assert!(o.contains("70.00°") && o.contains("raising-or-lowering:") && o.contains("decaying:"), "{o}");
    let out = skyqueue(&["tle", "check", "--json", file.to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).split_once('\n').unwrap().1).unwrap();
    assert!(v["shells"].as_array().unwrap().len() >= 5, "{v}");
    assert!(v["satellites_used"].as_u64().unwrap() > 9000);
    // The thresholds can be changed: only the two shells of 2,000 or more satellites remain.
    let out = skyqueue(&["tle", "check", file.to_str().unwrap(), "--shell-rules", r#"{"min_shell_satellites": 2000}"#]);
    assert!(text(&out.stdout).contains("2 shells, 5955 satellites in use"), "{}", text(&out.stdout));
    for (rules, says) in [
        (r#"{"plane_gap_deg": 0}"#, "--shell-rules: plane_gap_deg: 0 is outside 0.01 to 90"),
        (r#"{"plane_gap": 1}"#, "--shell-rules: unknown field `plane_gap`"),
        (r#"{"altitude_window_km": 1e308}"#, "--shell-rules: altitude_window_km: 1e308 is outside 0.1 to 500"),
    ] {
        let out = skyqueue(&["tle", "check", file.to_str().unwrap(), "--shell-rules", rules]);
        assert_eq!(out.status.code(), Some(2));
        assert!(text(&out.stderr).contains(says), "{}", text(&out.stderr));
    }
    // Iridium's own sets: one star shell of 6 planes of 11.
    let out = skyqueue(&["tle", "check", examples_dir().join("iridium-66.tle").to_str().unwrap()]);
    let o = text(&out.stdout);
    assert!(o.contains("1 shell, 66 satellites") && o.contains("11 / 11 / 11  star (a seam)"), "{o}");
}

#[test]
fn bench_times_one_step_of_a_real_catalogue() {
    let starlink = examples_dir().join("starlink-2026-05-13.tle");
    // Issue: `skyqueue bench --workload topology --tle FILE` prints the step time.
    let cut = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../engine/tests/fixtures/starlink-70deg-cut.tle");
    let out = skyqueue(&["bench", "--workload", "topology", "--tle", cut.to_str().unwrap(), "--steps", "20", "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((v["workload"].as_str(), v["steps"].as_u64()), (Some("topology"), Some(20)));
    assert!(v["satellites"].as_u64().unwrap() > 600 && v["ms_per_step"].as_f64().unwrap() > 0.0, "{v}");
    // The same steps give the same route: the checksum does not depend on the machine.
    let again =
        skyqueue(&["bench", "--workload", "topology", "--tle", cut.to_str().unwrap(), "--steps", "20", "--json"]);
    let w: serde_json::Value = serde_json::from_slice(&again.stdout).unwrap();
    assert_eq!(v["checksum"], w["checksum"]);
    for (extra, says) in [
        (
            vec!["--workload", "hold", "--tle", "x.tle"],
            "--tle goes with --workload topology, all-pairs or traffic-matrix",
        ),
        (
            vec!["--workload", "topology", "--tle", "x.tle", "--steps", "0"],
            "--steps: 0 is outside the allowed range (1 to 1000000 steps)",
        ),
        (
            vec!["--workload", "topology", "--tle", "x.tle", "--steps", "NaN"],
            "--steps: `NaN` is not a whole number (allowed: 1 to 1000000 steps)",
        ),
        // The whole Starlink catalogue's 9,362 satellites x 1e6 steps: past calc pair's budget of
        // satellite-steps, refused before a step.
        (
            vec!["--workload", "topology", "--tle", starlink.to_str().unwrap(), "--steps", "1000000"],
            "above the budget of 2e9 satellite-steps",
        ),
    ] {
        let mut a = vec!["bench"];
        a.extend(extra.iter());
        let out = skyqueue(&a);
        assert_eq!(out.status.code(), Some(2), "{a:?}");
        assert!(text(&out.stderr).contains(says), "{a:?}: {}", text(&out.stderr));
    }
    let wrong = skyqueue(&["bench", "--workload", "hold", "--path-out", "x"]);
    assert!(text(&wrong.stderr).contains("--path-out goes with --workload traffic-matrix"), "{}", text(&wrong.stderr));
    let missing = skyqueue(&["bench", "--workload", "topology", "--tle", "no-such.tle"]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(text(&missing.stderr).contains("cannot read no-such.tle"), "{}", text(&missing.stderr));
}

#[test]
fn bench_runs_hypatias_traffic_matrix_as_a_packet_network() {
    let args = ["bench", "--workload", "traffic-matrix", "--protocol", "udp", "--duration-s", "0.2", "--json"];
    let out = skyqueue(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (v["flows"].as_u64(), v["protocol"].as_str(), v["rate_mbps"].as_f64()),
        (Some(100), Some("udp"), Some(10.0))
    );
    let flows = v["per_flow"].as_array().unwrap();
    assert_eq!(flows.len(), 100);
    // Hypatia's pairing: flow 0 from Pune (58) to Montreal (94), flow 1 back.
    assert_eq!((flows[0]["from_city"].as_u64(), flows[0]["to_city"].as_u64()), (Some(58), Some(94)));
    assert_eq!((flows[1]["from_city"].as_u64(), flows[1]["to_city"].as_u64()), (Some(94), Some(58)));
    // The busiest links, named: ground-link devices at the line rate are busy all the time.
    let busiest = v["busiest_links"].as_array().unwrap();
    assert_eq!(busiest.len(), 10);
    let top = busiest[0]["utilisation"].as_f64().unwrap();
    assert!(top > 0.9 && top <= 1.0 + 1e-9, "{v}");
    assert!(
        busiest[0]["from"].as_str().unwrap().starts_with("city ")
            || busiest[0]["from"].as_str().unwrap().starts_with("satellite ")
    );
    // 100 flows at 10 Mb/s offer 1,000 Mb/s; some of it is lost at shared ground links, and
    // what was sent in the last one-way delay is still on its way.
    let goodput = v["goodput_mbps"].as_f64().unwrap();
    assert!(goodput > 100.0 && goodput < 1000.0, "{v}");
    assert!(v["slowdown"].as_f64().unwrap() > 0.0 && v["events"].as_u64().unwrap() > 100_000, "{v}");
    // The same run, the same network: the results do not depend on the machine.
    let w: serde_json::Value = serde_json::from_slice(&skyqueue(&args).stdout).unwrap();
    assert_eq!((&v["per_flow"], &v["events"]), (&w["per_flow"], &w["events"]));
    // A flow's path out, for Mahimahi and tc netem.
    let dir = std::env::temp_dir().join(format!("skyqueue-cli-path-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let prefix = dir.join("flow3");
    let p = prefix.to_str().unwrap();
    let out = skyqueue(&[&args[..], &["--path-flow", "3", "--path-out", p]].concat());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["path_mean_delay_ms"].as_f64().unwrap() > 1.0, "{v}");
    let trace = std::fs::read_to_string(format!("{p}.mahimahi")).unwrap();
    // 10 Mb/s for 0.2 s: 166 packets of 1,500 bytes, at whole milliseconds from 1.
    assert_eq!(trace.lines().count(), 166);
    assert!(trace.lines().all(|l| l.parse::<u64>().is_ok_and(|ms| (1..=200).contains(&ms))));
    let netem = std::fs::read_to_string(format!("{p}.netem.sh")).unwrap();
    assert!(netem.starts_with("#!/bin/sh\n") && netem.contains("root netem delay ") && netem.ends_with("root\n"));
    assert!(netem.contains(" limit "), "{netem}");
    assert_eq!(std::fs::read_to_string(format!("{p}.csv")).unwrap().lines().count(), 1 + 2);
    std::fs::remove_dir_all(&dir).unwrap();
    // Over a real catalogue instead (a cut of Starlink's), the same cities and pairing.
    let starlink = examples_dir().join("starlink-2026-05-13.tle");
    let cut = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../engine/tests/fixtures/starlink-70deg-cut.tle");
    let over = skyqueue(&[&args[..], &["--tle", cut.to_str().unwrap()]].concat());
    assert!(over.status.success(), "{}", text(&over.stderr));
    let c: serde_json::Value = serde_json::from_slice(&over.stdout).unwrap();
    assert!(
        c["satellites"].as_u64().unwrap() > 300 && c["over"].as_str().unwrap().ends_with("starlink-70deg-cut.tle"),
        "{c}"
    );
    assert!(c["goodput_mbps"].as_f64().unwrap() > 0.0, "{c}");
    for (extra, says) in [
        (vec!["--rate-mbps", "0"], "--rate-mbps: 0 is outside the allowed range (0.01 to 100000)"),
        (vec!["--duration-s", "1e9"], "--duration-s: 1000000000 is outside the allowed range (above 0, up to 3600)"),
        (vec!["--rate-mbps", "100000", "--duration-s", "100"], "offer 8.33e10 packets, above the budget of 1e8"),
        (vec!["--scenario", "x.json"], "builds its own network"),
        (vec!["--protocol", "sctp"], "--protocol: `sctp` is not tcp or udp"),
        (vec!["--path-flow", "100"], "--path-flow: 100 is outside the allowed range (0 to 99 (a flow))"),
        // An hour of forwarding state over the whole Starlink catalogue: refused before a step.
        (
            vec!["--tle", starlink.to_str().unwrap(), "--rate-mbps", "0.01", "--duration-s", "3600"],
            "is 1.10e11, above the budget of 5e9: a shorter run",
        ),
    ] {
        let mut a = vec!["bench", "--workload", "traffic-matrix"];
        a.extend(extra.iter());
        let out = skyqueue(&a);
        assert_eq!(out.status.code(), Some(2), "{a:?}");
        assert!(text(&out.stderr).contains(says), "{a:?}: {}", text(&out.stderr));
    }
}
