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

/// A TCP preset from `examples/`, cut to `duration_s`, with `scheme`.
fn tcp_preset(text: &str, duration_s: f64, scheme: &str) -> crate::models::Scenario {
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
    v["duration_s"] = duration_s.into();
    v["link"]["scheme"] = scheme.into();
    crate::models::Scenario::from_json(&v.to_string()).unwrap()
}

fn download(duration_s: f64, scheme: &str) -> crate::models::Scenario {
    tcp_preset(include_str!("../../../../../../examples/link-tcp-internet-100kb.json"), duration_s, scheme)
}

#[test]
fn the_packet_trace_follows_each_segment_over_the_link_and_changes_no_result() {
    for s in [
        download(20.0, "arq"),
        download(20.0, "harq"),
        tcp_preset(include_str!("../../../../../../examples/link-tcp-distribution.json"), 30.0, "arq"),
    ] {
        let mut plain = Simulation::new(s.clone()).unwrap();
        plain.run_to_end();
        let mut traced = Simulation::new(s.clone()).unwrap();
        assert!(traced.traces_packets());
        traced.set_trace_limit(1_000_000).unwrap();
        traced.run_to_end();
        assert_eq!(plain.results_json(), traced.results_json(), "recording changed the run");
        let tcp = traced.summary().take::<super::LinkSummary>().unwrap().tcp.unwrap();
        let rows = traced.trace().rows(0);
        let count = |k: &str| rows.iter().filter(|r| r.kind.name() == k).count() as u64;
        // Every segment sent is a send or a retransmission; each drop at the buffer is one.
        assert_eq!(count("send") + count("retransmit"), tcp.segments_sent);
        assert_eq!(count("retransmit"), tcp.retransmits);
        assert_eq!(count("timeout"), tcp.timeouts);
        let buffer = rows.iter().filter(|r| r.kind.name() == "drop" && r.node == "sender").count() as u64;
        assert_eq!(buffer, tcp.buffer_drops);
        // Each delivered segment crossed the link (two hops) and was acknowledged.
        assert!(count("deliver") > 50, "{}", count("deliver"));
        assert!(count("ack") >= count("ack-arrive") && count("ack") == count("deliver"));
        let hop = |from: &str| rows.iter().filter(|r| r.kind.name() == "hop" && r.node == from).count() as u64;
        assert!(hop("link") >= count("deliver") && hop("sender") >= hop("link"));
        assert!(rows.windows(2).all(|w| w[1].n == w[0].n + 1 && w[1].t_s >= w[0].t_s));
        assert_eq!(traced.trace().nodes(), ["sender", "link", "receiver"]);
    }
}

#[test]
fn an_erased_lldu_holds_its_packet_a_round_trip_at_the_link() {
    // Paper 002 §3.5.3: under SR-ARQ an erased LLDU is resent after the round trip (500 ms):
    // its packet leaves the link that much later, and the hop says so.
    let mut sim = Simulation::new(download(60.0, "arq")).unwrap();
    sim.set_trace_limit(1_000_000).unwrap();
    sim.run_to_end();
    let rows = sim.trace().rows(0);
    let held: Vec<f64> =
        rows.iter().filter(|r| r.kind.name() == "hop" && r.node == "link").map(|r| r.waited_ms).collect();
    assert!(held.iter().any(|&w| w >= 500.0), "no packet held a round trip: {held:?}");
    assert!(held.iter().any(|&w| w < 1.0));
}

#[test]
fn stepping_event_by_event_visits_every_record_and_ends_where_a_whole_run_ends() {
    let s = download(3.0, "arq");
    let n = crate::sim::check_stepping_by_record(s, 100_000);
    assert!(n > 100, "{n} records");
}

#[test]
fn a_saturated_link_records_no_packet_trace() {
    let sim = Simulation::from_json(r#"{"version": 2, "model": "link-layer", "duration_s": 10}"#).unwrap();
    assert!(!sim.traces_packets());
}

/// A scenario of `duration_s` whose channel is the trace `csv`, with `link` fields beside it.
fn traced(csv: &str, link: &str, duration_s: f64) -> String {
    let trace = serde_json::to_string(csv).unwrap();
    format!(
        r#"{{"version": 2, "model": "link-layer", "seed": 1, "duration_s": {duration_s}, "warmup_s": 0, "link": {{"channel_trace": {trace}{link}}}}}"#
    )
}

#[test]
fn an_erasure_trace_erases_exactly_the_slots_it_names_and_loops() {
    // A synthetic trace of 1 s: erased from 0.2 s to 0.3 s (0.1 of the time), then clear; a
    // run of 3 s reads it three times. With 0/1 samples nothing is random: the erased share is
    // the trace's, to the slot.
    let csv = "t_s,erased\n0,0\n0.2,1\n0.3,0\n0.65,0\n";
    let l = run(&traced(csv, r#", "scheme": "none""#, 3.0));
    let t = l.channel_trace.as_ref().expect("the run names its trace");
    assert_eq!((t.column.as_str(), t.samples, t.span_s), ("erased", 4, 1.0));
    assert!((t.erasure_rate - 0.1).abs() < 1e-12, "{}", t.erasure_rate);
    assert!((l.erased_fraction - 0.1).abs() < 1e-3, "{}", l.erased_fraction);
    assert_eq!(l.bad_fraction, l.erased_fraction);
    // The closed forms are told the trace's rate and its run (0.1 s of slots).
    assert!((l.theory.erasure_rate - 0.1).abs() < 1e-9, "{}", l.theory.erasure_rate);
    assert!((l.theory.mean_burst_lldus * l.slot_us * 1e-6 - 0.1).abs() < 1e-3, "{}", l.theory.mean_burst_lldus);
    // Same scenario and seed, same run.
    assert_eq!(l, run(&traced(csv, r#", "scheme": "none""#, 3.0)));
}

#[test]
fn an_es_n0_trace_follows_the_stated_points_and_the_code() {
    // Half the time at 5 dB, half at 8 dB in the Interleaved Internet scenario: the stated
    // points give PER 1e-1 and 1e-2, so the stated-points chain erases their mean, 0.055.
    let csv = "# synthetic\nt_s,es_n0_db\n0,5\n0.5,8\n";
    let internet = r#", "scheme": "none", "phy": "interleaved-internet", "rate_bps": 263000"#;
    let mut rates = vec![];
    for seed in 1..=3 {
        let json = traced(csv, internet, 40.0).replace(r#""seed": 1"#, &format!(r#""seed": {seed}"#));
        let l = run(&json);
        assert!((l.channel_trace.as_ref().unwrap().erasure_rate - 0.055).abs() < 1e-3);
        rates.push(l.erased_fraction);
    }
    let mean = rates.iter().sum::<f64>() / rates.len() as f64;
    assert!((mean - 0.055).abs() < 0.015, "{rates:?}");
    // Read as each codeword's Es/N0 through the code's waterfall (the modelled physical layer),
    // 5 and 8 dB are far above the code's threshold: almost nothing is erased.
    let l = run(&traced(csv, &format!(r#"{internet}, "phy_model": "faded""#), 5.0));
    assert!(l.erased_fraction < 0.01, "{}", l.erased_fraction);
    // Far below the threshold every codeword fails, far above none: half the time each.
    let deep = "t_s,es_n0_db\n0,-20\n0.5,30\n";
    let l = run(&traced(deep, &format!(r#"{internet}, "phy_model": "faded""#), 2.0));
    assert!((l.erased_fraction - 0.5).abs() < 1e-3, "{}", l.erased_fraction);
}

#[test]
fn a_bad_trace_is_refused_naming_the_field_and_the_line() {
    for (csv, link, field, words) in [
        ("time,erased\n0,1\n", "", "link.channel_trace", "line 1: the header"),
        ("t_s,erased\n0,0\n1,oops\n", "", "link.channel_trace", "line 3: erased `oops` is not a number"),
        ("t_s,erased\n0,0\n1,0\n0.5,0\n", "", "link.channel_trace", "line 4: time 0.5 s is not after"),
        ("t_s,erased\n0,1\n1,1\n", "", "link.channel_trace", "above the maximum 0.9"),
        ("t_s,es_n0_db\n0,5\n1,8\n", "", "link.phy", "an Es/N0 trace"),
    ] {
        let json = traced(csv, link, 1.0);
        let err = Simulation::from_json(&json).err().unwrap_or_else(|| panic!("{csv} accepted")).to_string();
        assert!(err.contains(field) && err.contains(words), "{csv}: {err}");
    }
}
