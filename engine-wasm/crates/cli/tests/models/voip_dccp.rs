//! VoIP over DCCP through the command: sharded sweeps of its one-call preset and their merge, its
//! packet trace and a sweep of its calls.

use crate::{examples_dir, skyqueue, text};
use std::process::{Command, Output};

/// `skyqueue sweep` of the one-call DCCP preset over two packet error rates, two transports and
/// two seeds (eight runs), with `extra` options, its output file's bytes.
fn dccp_sweep(dir: &std::path::Path, name: &str, extra: &[&str], env: &[(&str, &str)]) -> Vec<u8> {
    let example = examples_dir().join("dccp-g711.json");
    let out = dir.join(name);
    let mut args = vec![
        "sweep",
        example.to_str().unwrap(),
        "--param",
        "dccp.per",
        "--values",
        "0.001,0.01",
        "--policies",
        "udp,ccid4",
        "--seeds",
        "2",
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_skyqueue"));
    cmd.args(&args);
    for k in [
        "SLURM_ARRAY_TASK_ID",
        "SLURM_ARRAY_TASK_MIN",
        "SLURM_ARRAY_TASK_MAX",
        "SLURM_ARRAY_TASK_COUNT",
        "JOB_COMPLETION_INDEX",
        "SKYQUEUE_SHARDS",
    ] {
        cmd.env_remove(k);
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    let o = cmd.output().unwrap();
    assert!(o.status.success(), "{args:?}: {}", text(&o.stderr));
    std::fs::read(&out).unwrap()
}

fn merge(parts: &[std::path::PathBuf], out: &std::path::Path) -> Output {
    let mut args = vec!["merge".to_string()];
    args.extend(parts.iter().map(|p| p.to_str().unwrap().to_string()));
    args.extend(["--out".to_string(), out.to_str().unwrap().to_string()]);
    Command::new(env!("CARGO_BIN_EXE_skyqueue")).args(&args).output().unwrap()
}

#[test]
fn a_sweep_cut_into_shards_merges_into_the_unsharded_file_byte_for_byte() {
    let dir = std::env::temp_dir().join(format!("skyqueue-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for format in ["json", "csv", "ipynb"] {
        let fmt: &[&str] = if format == "json" { &[] } else { &["--format", format] };
        let whole = dccp_sweep(&dir, "whole", fmt, &[]);
        for n in [1, 3, 7] {
            // Each shard in its own process, as a cluster runs them.
            let parts: Vec<_> = (0..n)
                .map(|i| {
                    let name = format!("part-{n}-{i}.json");
                    dccp_sweep(&dir, &name, &[fmt, &["--shard", &format!("{i}/{n}")]].concat(), &[]);
                    dir.join(name)
                })
                .collect();
            let merged = dir.join(format!("merged-{n}"));
            let o = merge(&parts, &merged);
            assert!(o.status.success(), "{n} shards: {}", text(&o.stderr));
            assert!(
                std::fs::read(&merged).unwrap() == whole,
                "{n} shards, {format}: the merged file differs from the unsharded one"
            );
        }
    }
    // A JSON sweep's parts merge to its CSV or its notebook as well, byte for byte.
    let parts: Vec<_> = (0..2)
        .map(|i| {
            let name = format!("json-part-{i}.json");
            dccp_sweep(&dir, &name, &["--shard", &format!("{i}/2")], &[]);
            dir.join(name)
        })
        .collect();
    for format in ["csv", "ipynb"] {
        let whole = dccp_sweep(&dir, "whole", &["--format", format], &[]);
        let merged = dir.join(format!("merged.{format}"));
        let mut args = vec!["merge".to_string(), "--format".into(), format.into(), "--out".into()];
        args.push(merged.to_str().unwrap().into());
        args.extend(parts.iter().map(|p| p.to_str().unwrap().to_string()));
        let o = Command::new(env!("CARGO_BIN_EXE_skyqueue")).args(&args).output().unwrap();
        assert!(o.status.success(), "{}", text(&o.stderr));
        assert!(std::fs::read(&merged).unwrap() == whole, "merge --format {format} differs from the sweep's own");
    }
    // Parts of format 1 (before they held the sweep's scenario) still merge, but not to a notebook.
    let old: Vec<_> = parts
        .iter()
        .map(|p| {
            let mut v: serde_json::Value = serde_json::from_slice(&std::fs::read(p).unwrap()).unwrap();
            v.as_object_mut().unwrap().remove("sweep_spec");
            v["skyqueue_sweep_part"] = serde_json::json!(1);
            let to = p.with_extension("v1.json");
            std::fs::write(&to, v.to_string()).unwrap();
            to
        })
        .collect();
    assert!(merge(&old, &dir.join("v1.json")).status.success());
    let mut args = vec!["merge".to_string(), "--format".into(), "ipynb".into()];
    args.extend(old.iter().map(|p| p.to_str().unwrap().to_string()));
    let o = Command::new(env!("CARGO_BIN_EXE_skyqueue")).args(&args).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("written by an older skyqueue"), "{}", text(&o.stderr));
    // The scheduler's environment in place of --shard: a Slurm array 1-3 (task 2 is shard 1 of
    // 3), a Kubernetes Indexed Job (index 1, three completions).
    let by_flag = dccp_sweep(&dir, "flag.json", &["--shard", "1/3"], &[]);
    let slurm = dccp_sweep(
        &dir,
        "slurm.json",
        &[],
        &[("SLURM_ARRAY_TASK_ID", "2"), ("SLURM_ARRAY_TASK_MIN", "1"), ("SLURM_ARRAY_TASK_MAX", "3")],
    );
    let k8s = dccp_sweep(&dir, "k8s.json", &["--shards", "3"], &[("JOB_COMPLETION_INDEX", "1")]);
    assert!(slurm == by_flag && k8s == by_flag);
    let k8s_env = dccp_sweep(&dir, "k8s-env.json", &[], &[("JOB_COMPLETION_INDEX", "1"), ("SKYQUEUE_SHARDS", "3")]);
    assert!(k8s_env == by_flag);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn merge_refuses_missing_repeated_and_foreign_parts_naming_them() {
    let dir = std::env::temp_dir().join(format!("skyqueue-merge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let part = |name: &str, shard: &str, extra: &[&str]| {
        dccp_sweep(&dir, name, &[&["--shard", shard], extra].concat(), &[]);
        dir.join(name)
    };
    let (a, b, c) = (part("a.json", "0/3", &[]), part("b.json", "1/3", &[]), part("c.json", "2/3", &[]));
    let foreign = part("foreign.json", "2/3", &["--threads", "1", "--format", "csv"]);
    let out = dir.join("out");
    for (parts, says) in [
        (vec![a.clone(), c.clone()], "shard 1 of 3 missing".to_string()),
        (vec![a.clone()], "shards 1, 2 of 3 missing".to_string()),
        (
            vec![a.clone(), b.clone(), b.clone(), c.clone()],
            format!("shard 1 of 3 is given twice: {} and {}", b.display(), b.display()),
        ),
        (vec![a.clone(), b.clone(), foreign.clone()], format!("{} belongs to another sweep", foreign.display())),
    ] {
        let o = merge(&parts, &out);
        assert_eq!(o.status.code(), Some(2), "{parts:?}");
        assert!(text(&o.stderr).contains(&says), "{parts:?}: {}", text(&o.stderr));
    }
    // A results file that is not a part, and bad --shard values.
    std::fs::write(dir.join("plain.json"), "[]").unwrap();
    let o = merge(&[dir.join("plain.json")], &out);
    assert!(text(&o.stderr).contains("is not a part of a sharded sweep"), "{}", text(&o.stderr));
    for (shard, says) in [
        ("3/3", "--shard: shard 3 is outside 0 to 2"),
        ("1/0", "--shard: 0 shards is outside 1 to 100000"),
        ("x", "--shard: `x` is not I/N"),
    ] {
        let o = skyqueue(&[
            "sweep",
            examples_dir().join("dccp-g711.json").to_str().unwrap(),
            "--param",
            "dccp.per",
            "--values",
            "0.001",
            "--shard",
            shard,
        ]);
        assert_eq!(o.status.code(), Some(2));
        assert!(text(&o.stderr).contains(says), "{shard}: {}", text(&o.stderr));
    }
    let o = Command::new(env!("CARGO_BIN_EXE_skyqueue"))
        .args([
            "sweep",
            examples_dir().join("dccp-g711.json").to_str().unwrap(),
            "--param",
            "dccp.per",
            "--values",
            "0.001",
        ])
        .env("JOB_COMPLETION_INDEX", "0")
        .env_remove("SKYQUEUE_SHARDS")
        .env_remove("SLURM_ARRAY_TASK_ID")
        .output()
        .unwrap();
    assert!(text(&o.stderr).contains("JOB_COMPLETION_INDEX is set but the count is not"), "{}", text(&o.stderr));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn merge_refuses_tampered_and_absurd_parts_before_allocating_and_sweep_and_bench_state_their_caps() {
    let dir = std::env::temp_dir().join(format!("skyqueue-tamper-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let name = "p0.json";
    dccp_sweep(&dir, name, &["--shard", "0/2"], &[]);
    dccp_sweep(&dir, "p1.json", &["--shard", "1/2"], &[]);
    let good: serde_json::Value = serde_json::from_slice(&std::fs::read(dir.join(name)).unwrap()).unwrap();
    let out = dir.join("out");
    let refuse = |edit: &dyn Fn(&mut serde_json::Value), says: &str| {
        let mut v = good.clone();
        edit(&mut v);
        std::fs::write(dir.join("bad.json"), v.to_string()).unwrap();
        let o = merge(&[dir.join("bad.json"), dir.join("p1.json")], &out);
        assert_eq!(o.status.code(), Some(2), "{says}");
        let err = text(&o.stderr);
        assert!(err.contains(says) && !err.contains("panicked"), "{says}: {err}");
    };
    // Counts near u64::MAX, or 3e8 runs: refused by name, nothing allocated from them.
    refuse(&|v| v["shards"] = serde_json::json!(u64::MAX - 1), "`shards` is not a count from 1 to 100000");
    refuse(&|v| v["runs"] = serde_json::json!(300_000_000u64), "`runs` is not a count from 0 to 20000");
    refuse(
        &|v| v["skyqueue_sweep_part"] = serde_json::json!(99),
        "part format 99, but this skyqueue reads formats 1 to 2",
    );
    refuse(&|v| v["rows"][0]["row"] = serde_json::json!({"edited": true}), "its rows do not match its digest");
    // The sweep a part says it belongs to (for the CSV's header and the notebook) is its digest's.
    refuse(
        &|v| v["sweep_spec"]["param"] = serde_json::json!("dccp.codec"),
        "its sweep_spec is not the sweep its digest names",
    );
    refuse(
        &|v| {
            let row = v["rows"][0].clone();
            v["rows"].as_array_mut().unwrap().push(row);
        },
        "its rows do not match its digest",
    );
    // sweep: the grid and the threads have budgets, said before anything runs.
    let dccp = examples_dir().join("dccp-g711.json");
    let values: Vec<String> = (0..201).map(|k| format!("{}", 0.001 + k as f64 * 1e-5)).collect();
    let o = skyqueue(&[
        "sweep",
        dccp.to_str().unwrap(),
        "--param",
        "dccp.per",
        "--values",
        &values.join(","),
        "--seeds",
        "100",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("201 values x 1 policies x 100 seeds is 20100 runs, above the budget of 20000"),
        "{}",
        text(&o.stderr)
    );
    let o = skyqueue(&[
        "sweep",
        dccp.to_str().unwrap(),
        "--param",
        "dccp.per",
        "--values",
        "0.001",
        "--threads",
        "18446744073709551615",
    ]);
    assert!(
        text(&o.stderr).contains("--threads: 18446744073709551615 is outside 0 (every core) to 256"),
        "{}",
        text(&o.stderr)
    );
    let voip = examples_dir().join("voip-leo-codes.json");
    let o = skyqueue(&[
        "sweep",
        voip.to_str().unwrap(),
        "--param",
        "voip.flows",
        "--values",
        "10",
        "--policies",
        "pf,codes,pf",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("--policies: `pf` is given twice"), "{}", text(&o.stderr));
    let o = skyqueue(&["bench", "--population", "4294967295"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("--population: `4294967295` is outside 1 to 10000000"), "{}", text(&o.stderr));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn messages_write_control_characters_as_escapes_so_a_value_cannot_fake_an_output_line() {
    let dir = std::env::temp_dir().join(format!("skyqueue-ctl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(examples_dir().join("dccp-g711.json")).unwrap()).unwrap();
    v["dccp"]["transport"] = "\u{1b}[2J\nok: 0 errors".into();
    let f = dir.join("ctl.json");
    std::fs::write(&f, v.to_string()).unwrap();
    let out = skyqueue(&["run", f.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(!err.contains('\u{1b}') && !err.contains("\nok: 0 errors"), "{err:?}");
    assert!(err.contains("\\u{1b}[2J\\u{a}ok: 0 errors"), "{err:?}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn run_traces_the_voice_packets_of_a_dccp_call() {
    // Paper 003's Speex call with silence suppression: each voice packet sent, its hops, the
    // drops by cause (the sender's buffer at a talk spurt), the TFRC reports.
    let dir = std::env::temp_dir().join(format!("skyqueue-trace-dccp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let preset = examples_dir().join("dccp-speex-dtx.json");
    let csv = dir.join("x.csv");
    let out = skyqueue(&["run", preset.to_str().unwrap(), "--trace", "packets", "--trace-out", csv.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("trace records"), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["summary"]["dccp"]["codec"], "Speex");
    let csv = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(csv.lines().next().unwrap().split(',').collect::<Vec<_>>(), engine::trace::COLUMNS);
    for want in [",send,", ",hop,", ",deliver,", ",ack,", ",ack-arrive,", "sender-buffer", "access link"] {
        assert!(csv.contains(want), "no {want} in the trace");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn sweep_of_twelve_dccp_calls_reports_each_transports_loss_and_its_spread() {
    // `skyqueue sweep examples/dccp-g711.json --param dccp.calls --values 12 --policies
    // ccid4,ccid4-n,ccid4-sca --seeds 5`, on two-minute calls: stderr gives each transport's
    // loss as mean ± standard deviation over the five seeds, and it is the rows' own.
    let dir = std::env::temp_dir().join(format!("skyqueue-sweep-dccp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(examples_dir().join("dccp-g711.json")).unwrap()).unwrap();
    v["duration_s"] = 120.into();
    let short = dir.join("short.json");
    std::fs::write(&short, v.to_string()).unwrap();
    let out = skyqueue(&[
        "sweep",
        short.to_str().unwrap(),
        "--param",
        "dccp.calls",
        "--values",
        "12",
        "--policies",
        "ccid4,ccid4-n,ccid4-sca",
        "--seeds",
        "5",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(rows.len(), 15);
    // Twelve calls over DCCP leave as two datagrams an interval (the maximum packet size).
    assert!(rows.iter().all(|r| r["summary"]["dccp"]["datagrams_per_interval"] == 2));
    let err = text(&out.stderr);
    for policy in ["ccid4", "ccid4-n", "ccid4-sca"] {
        let losses: Vec<f64> = rows
            .iter()
            .filter(|r| r["policy"] == policy)
            .map(|r| r["summary"]["dccp"]["loss_pct"].as_f64().unwrap())
            .collect();
        let mean = losses.iter().sum::<f64>() / 5.0;
        let sd = (losses.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / 4.0).sqrt();
        let line = err
            .lines()
            .find(|l| l.starts_with(&format!("sweep: dccp.calls = 12, {policy} (5 runs): ")))
            .unwrap_or_else(|| panic!("no line for {policy}: {err}"));
        assert!(line.contains(&format!("loss_pct {mean:.3} ± {sd:.3} %")), "{line} (rows: {mean:.3} ± {sd:.3})");
        assert!(line.contains("mos ") && line.contains("jitter_ms "), "{line}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
