//! The network through the command: Hypatia's workload as a scenario (`skyqueue run`), a
//! catalogue given with `--catalogue`, and a matrix refused naming its field.

use crate::{examples_dir, skyqueue, text};

fn short(name: &str, duration_s: f64, dir: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("skyqueue-{dir}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(examples_dir().join(name)).unwrap()).unwrap();
    v["duration_s"] = duration_s.into();
    let file = dir.join("short.json");
    std::fs::write(&file, v.to_string()).unwrap();
    file
}

#[test]
fn hypatias_workload_runs_with_every_flow_and_the_busiest_links() {
    let file = short("network-hypatia-kuiper-tcp.json", 0.5, "net-run");
    let out = skyqueue(&["run", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let n = &r["summary"]["network"];
    assert_eq!(n["flows"].as_array().unwrap().len(), 100);
    assert_eq!((n["satellites"].as_u64(), n["ground_stations"].as_u64()), (Some(1156), Some(100)));
    // Flow 0 is Hypatia's first pair, city 58 to city 94, named as its file names them.
    assert_eq!(
        (n["flows"][0]["from"].as_str(), n["flows"][0]["to"].as_str()),
        (Some("Pune-(Poona)"), Some("Montréal"))
    );
    let links = n["busiest_links"].as_array().unwrap();
    assert_eq!(links.len(), 10);
    assert!(links.windows(2).all(|w| w[0]["utilization"].as_f64() >= w[1]["utilization"].as_f64()));
    // The printed summary names the busiest link.
    let printed = skyqueue(&["run", file.to_str().unwrap(), "-o", file.with_extension("out.json").to_str().unwrap()]);
    assert!(text(&printed.stdout).contains("busy: "), "{}", text(&printed.stdout));
}

#[test]
fn the_catalogue_example_with_the_whole_catalogue_is_within_its_budgets() {
    // Validated, not run (a minute and a half of CPU): the example as shipped, with the
    // catalogue its description names, passes the run budgets its users meet.
    let dir = examples_dir();
    let example = std::fs::read_to_string(dir.join("catalogue/network-starlink-traffic-matrix.json")).unwrap();
    let mut s: serde_json::Value = serde_json::from_str(&example).unwrap();
    s["network"]["tle"] = std::fs::read_to_string(dir.join("starlink-2026-05-13.tle")).unwrap().into();
    let file = std::env::temp_dir().join(format!("skyqueue-net-cat-whole-{}.json", std::process::id()));
    std::fs::write(&file, s.to_string()).unwrap();
    let out = skyqueue(&["validate", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stdout));
    let _ = std::fs::remove_file(&file);
}

#[test]
fn a_catalogue_goes_into_the_networks_element_sets() {
    let file = short("catalogue/network-starlink-traffic-matrix.json", 0.3, "net-cat");
    let cut = examples_dir().join("../engine-wasm/crates/engine/tests/fixtures/starlink-70deg-cut.tle");
    let out = skyqueue(&["run", file.to_str().unwrap(), "--catalogue", cut.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(r["summary"]["network"]["constellation"], "a real catalogue, +Grid in every shell");
    // Without the file, the catalogue constellation says what it needs.
    let out = skyqueue(&["validate", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stdout).contains("network.tle: the catalogue constellation needs its element sets"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn run_traces_the_followed_flows_packets() {
    // Half a second of Hypatia's workload: the followed flow, Pune to Montréal, hop by hop; the
    // results on stdout are the run's, traced or not.
    let file = short("network-hypatia-kuiper-tcp.json", 0.5, "net-trace");
    let csv = file.with_file_name("trace.csv");
    let out = skyqueue(&["run", file.to_str().unwrap(), "--trace", "packets", "--trace-out", csv.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let plain = skyqueue(&["run", file.to_str().unwrap()]);
    assert_eq!(out.stdout, plain.stdout, "the trace changed the results");
    let csv = std::fs::read_to_string(&csv).unwrap();
    let flow = engine::trace::COLUMNS.iter().position(|&c| c == "flow").unwrap();
    assert!(csv.lines().skip(1).all(|l| l.split(',').nth(flow) == Some("0")), "only the followed flow");
    assert!(csv.lines().any(|l| l.contains(",send,") && l.contains("Pune-(Poona)")));
    assert!(csv.lines().any(|l| l.contains(",hop,") && l.contains("satellite ")));
    assert!(csv.lines().any(|l| l.contains(",deliver,") && l.contains("Montréal")));
    assert!(csv.lines().any(|l| l.contains(",ack-arrive,") && l.contains("Pune-(Poona)")));
    std::fs::remove_dir_all(file.parent().unwrap()).ok();
}
