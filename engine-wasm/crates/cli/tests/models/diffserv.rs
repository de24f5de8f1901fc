//! DiffServ through the command: a sweep of its sharing parameter, PSS against DWRR.

use crate::{examples_dir, skyqueue, text};

#[test]
fn sweep_of_k_af_sets_the_diffserv_sharing() {
    // Paper 001 Fig. 6's x axis: K_AF, PSS against DWRR, on a short B2 (EF 5 Mb/s, PSS expects 10).
    let dir = std::env::temp_dir().join(format!("skyqueue-sweep-ds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(examples_dir().join("pss-b2-unknown-ef.json")).unwrap()).unwrap();
    v["duration_s"] = 30.into();
    v["warmup_s"] = 10.into();
    v["metrics"]["bucket_s"] = 1.into();
    let short = dir.join("b2.json");
    std::fs::write(&short, v.to_string()).unwrap();
    let out = skyqueue(&[
        "sweep",
        short.to_str().unwrap(),
        "--param",
        "diffserv.k_af",
        "--values",
        "0.3,0.7",
        "--policies",
        "pss,dwrr",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[0]["summary"]["diffserv"]["sharing"], "PSS");
    assert_eq!(rows[1]["summary"]["diffserv"]["sharing"], "DWRR");
    // PSS's AF follows eq. 7 = K_AF (C - R_EF^exp) = 0.7 x 10 Mb/s; DWRR's eq. 1 = 0.7 x 15 Mb/s.
    let af = |i: usize| rows[i]["summary"]["diffserv"]["rates_mbps"][1].as_f64().unwrap();
    assert!((af(2) / 7.0 - 1.0).abs() < 0.06, "PSS AF {}", af(2));
    assert!((af(3) / 10.5 - 1.0).abs() < 0.06, "DWRR AF {}", af(3));
    let bad = skyqueue(&["sweep", short.to_str().unwrap(), "--param", "diffserv.k_af", "--values", "0.5,1"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("diffserv.k_af: 1 is above the maximum 0.98"), "{}", text(&bad.stderr));
    // `a+b` sets both fields to each value, as the app's sweeps (and their exported commands) do.
    let both = skyqueue(&[
        "sweep",
        short.to_str().unwrap(),
        "--param",
        "diffserv.ef_bps+diffserv.ef_expected_bps",
        "--values",
        "3000000",
        "--policies",
        "pss",
    ]);
    assert!(both.status.success(), "{}", text(&both.stderr));
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&both.stdout).unwrap();
    let ds = &rows[0]["summary"]["diffserv"];
    // EF offered 3 Mb/s, and PSS's AF target K_AF (C - R_EF^exp) = 0.5 x (20 - 3) Mb/s: both set.
    assert_eq!(ds["ef_offered_mbps"].as_f64(), Some(3.0), "{ds}");
    assert!((ds["af_target_mbps"].as_f64().unwrap() - 8.5).abs() < 1e-9, "{ds}");
    std::fs::remove_dir_all(&dir).ok();
}
