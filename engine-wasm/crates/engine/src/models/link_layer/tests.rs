//! The lab as a whole run: scenario in, summary and series out.

use crate::sim::Simulation;

fn run(json: &str) -> super::LinkSummary {
    let mut sim = Simulation::from_json(json).expect("valid scenario");
    sim.run_to_end();
    sim.summary().take::<super::LinkSummary>().expect("the link's summary")
}

#[test]
fn a_default_run_agrees_with_its_closed_form() {
    let l = run(r#"{"version": 2, "model": "link-layer", "seed": 3, "duration_s": 30}"#);
    assert_eq!(l.scheme, "HARQ-II 5/7, N_S 1, R 2");
    assert_eq!(l.lldus_per_packet, 47);
    assert!((l.slot_us - 112.82).abs() < 0.01, "{}", l.slot_us);
    assert!(
        (l.efficiency / l.theory.efficiency - 1.0).abs() < 0.02,
        "{} against {}",
        l.efficiency,
        l.theory.efficiency
    );
    assert!(
        (l.lldu_delay_ms / l.theory.delay_ms - 1.0).abs() < 0.02,
        "{} against {}",
        l.lldu_delay_ms,
        l.theory.delay_ms
    );
    assert!(l.packets > 3000, "{}", l.packets);
    // In order a packet waits for those before it.
    assert!(l.packet_in_order_delay_ms >= l.packet_delay_ms);
    let head = l.head.expect("a packet is open");
    assert_eq!(head.lldus.len(), 47);
}

#[test]
fn field_errors_name_the_field() {
    for (json, field) in [
        (r#"{"version": 2, "model": "link-layer", "link": {"alpha": 0}}"#, "link.alpha"),
        (r#"{"version": 2, "model": "link-layer", "link": {"alpha": 0.5, "beta": 0.99}}"#, "link.beta"),
        (r#"{"version": 2, "model": "link-layer", "link": {"interleave": 0}}"#, "link.interleave"),
        (r#"{"version": 2, "model": "link-layer", "duration_s": 1000000, "link": {"rate_bps": 1e9}}"#, "duration_s"),
    ] {
        let err = Simulation::from_json(json).err().unwrap_or_else(|| panic!("{json} accepted")).to_string();
        assert!(err.contains(field), "{json}: {err}");
    }
}

#[test]
fn the_100_kb_download_tells_one_goodput_at_most_the_link_rate_and_its_window_ends_with_it() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../examples/link-tcp-internet-100kb.json"))
            .unwrap();
    let mut sim = Simulation::from_json(&text).unwrap();
    sim.run_to_end();
    let r: serde_json::Value = serde_json::from_str(&sim.results_json()).unwrap();
    let bucket_s = r["series"]["bucket_s"].as_f64().unwrap();
    let col = |id: &str| -> Vec<(f64, f64)> {
        let k = r["series"]["columns"].as_array().unwrap().iter().position(|c| c["id"] == id).unwrap();
        let t = r["series"]["t_s"].as_array().unwrap();
        r["series"]["values"][k]
            .as_array()
            .unwrap()
            .iter()
            .zip(t)
            .filter_map(|(v, t)| v.as_f64().map(|v| (t.as_f64().unwrap(), v)))
            .collect()
    };
    let l = sim.summary().take::<super::LinkSummary>().unwrap();
    let tcp = l.tcp.as_ref().expect("a TCP flow");
    let transfer_s = tcp.transfer_s.expect("the file arrives");
    // One goodput: the link table's is the TCP table's (it was the file over the whole 60 s).
    assert!((l.goodput_mbps * 1e3 - tcp.goodput_kbps).abs() < 1e-9, "{} against {}", l.goodput_mbps, tcp.goodput_kbps);
    // No bucket of the goodput series beats the 263 kb/s link, and the series sums to the file.
    let goodput = col("goodput_kbps");
    let peak = goodput.iter().map(|p| p.1).fold(0.0, f64::max);
    assert!(peak <= 263.0 + 1e-6, "goodput peaks at {peak} kb/s on a 263 kb/s link");
    let file_kbit = tcp.goodput_kbps * transfer_s;
    let sum: f64 = goodput.iter().map(|p| p.1 * bucket_s).sum();
    assert!((sum / file_kbit - 1.0).abs() < 0.02, "{sum} kbit drawn for {file_kbit}");
    // The window's chart ends when the file has arrived (the link's time, plus a bucket).
    let last_cwnd = col("cwnd").last().unwrap().0;
    assert!(last_cwnd <= transfer_s + bucket_s, "window drawn to {last_cwnd} s, file in {transfer_s} s");
    // A rate series is 0 where nothing arrived: after the file, nothing more.
    assert!(goodput.iter().filter(|p| p.0 > transfer_s + 1.0).all(|p| p.1 == 0.0));
}
