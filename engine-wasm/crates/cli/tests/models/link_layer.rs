//! The link layer through the command: its packet trace and a channel trace loaded into its field.

use crate::{examples_dir, skyqueue, text};

#[test]
fn run_traces_the_segments_of_tcp_over_the_link_layer() {
    // Paper 002's 100 kB download over ARQ: each segment sent, onto the link, off it (held
    // while its erased LLDUs are resent), delivered, acknowledged.
    let dir = std::env::temp_dir().join(format!("skyqueue-trace-link-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let preset = examples_dir().join("link-tcp-internet-100kb.json");
    let json = dir.join("x.json");
    let out = skyqueue(&["run", preset.to_str().unwrap(), "--trace", "packets", "--trace-out", json.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rows: Vec<serde_json::Value> = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    for kind in ["send", "hop", "deliver", "ack", "ack-arrive"] {
        assert!(rows.iter().any(|r| r["kind"] == kind), "no {kind} in the trace");
    }
    assert!(rows.iter().any(|r| r["kind"] == "hop" && r["node"] == "link" && r["next"] == "receiver"));
    // A link fed by its own saturated source has no packets to follow: refused, saying so.
    let lab = examples_dir().join("link-harq-lab.json");
    let out = skyqueue(&["run", lab.to_str().unwrap(), "--trace", "packets", "--trace-out", "x.csv"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("this `link-layer` scenario has no packets to trace"), "{}", text(&out.stderr));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn run_load_puts_a_channel_trace_into_its_field_and_a_bad_one_is_refused_by_line() {
    let dir = std::env::temp_dir().join(format!("skyqueue-cli-trace-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let scenario = dir.join("link.json");
    std::fs::write(
        &scenario,
        r#"{"version": 2, "model": "link-layer", "duration_s": 2, "warmup_s": 0, "link": {"scheme": "none"}}"#,
    )
    .unwrap();
    // A synthetic trace: erased a quarter of each second.
    let trace = dir.join("fade.csv");
    std::fs::write(&trace, "t_s,erased\n0,0\n0.5,1\n0.75,0\n").unwrap();
    let load = format!("link.channel_trace={}", trace.display());
    let o = skyqueue(&["run", scenario.to_str().unwrap(), "--load", &load]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let l = &v["summary"]["link"];
    assert_eq!(l["channel_trace"]["samples"], 3, "{l}");
    assert_eq!(l["channel_trace"]["span_s"], 1.0, "{l}");
    assert!((l["erased_fraction"].as_f64().unwrap() - 0.25).abs() < 1e-3, "{l}");
    // A sweep reads it the same way: every run's channel is the trace.
    let o = skyqueue(&[
        "sweep",
        scenario.to_str().unwrap(),
        "--load",
        &load,
        "--param",
        "link.rtt_ms",
        "--values",
        "100,500",
        "--policies",
        "none,arq",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let runs: Vec<serde_json::Value> = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(runs.len(), 4);
    for r in &runs {
        assert_eq!(r["summary"]["link"]["channel_trace"]["samples"], 3, "{r}");
    }
    // A bad trace: the field, the line, the range.
    std::fs::write(&trace, "t_s,erased\n0,0\n0.5,2\n").unwrap();
    let o = skyqueue(&["run", scenario.to_str().unwrap(), "--load", &load]);
    assert!(!o.status.success());
    let e = text(&o.stderr);
    assert!(e.contains("link.channel_trace") && e.contains("line 3: erased 2 is outside 0 to 1"), "{e}");
    // A field that takes no file is named with those that do.
    let o = skyqueue(&["run", scenario.to_str().unwrap(), "--load", &format!("link.alpha={}", trace.display())]);
    assert_eq!(o.status.code(), Some(2));
    let e = text(&o.stderr);
    assert!(
        e.contains("`link.alpha` is not a field of the model `link-layer` that takes a file")
            && e.contains("link.channel_trace"),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
