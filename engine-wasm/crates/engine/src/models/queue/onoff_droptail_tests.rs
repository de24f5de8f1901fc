//! On/off VoIP sources into one drop-tail port: ns-3's workload Q as a SkyQueue scenario
//! (`examples/voip-onoff-droptail-ns3.json`), checked against the ns-3 3.37 and SimPy programs
//! that run the same work in `npm run bench:peers` (`scripts/bench/peers/`).
//!
//! Their outputs on the development machine (2026-11-26, seed 1): ns-3 sent 691,332, delivered
//! 559,221, dropped 131,560 (19.03 %), mean one-way delay 98.911 ms; SimPy 692,035 / 559,230 /
//! 132,248 (19.11 %) / 98.920 ms. The workload is random, so the check is statistical: SkyQueue's
//! mean over three seeds within 1 % of them (the issue's bar), and each figure beside the
//! closed forms it must follow (offered rate, link capacity, the delay of a full queue).

use crate::models::queue::station::StationSummary;
use crate::models::Scenario;
use crate::Simulation;

const EXAMPLE: &str = include_str!("../../../../../../examples/voip-onoff-droptail-ns3.json");

fn run(json: &str) -> StationSummary {
    let mut sim = Simulation::new(Scenario::from_json(json).expect("valid scenario")).expect("builds");
    sim.run_to_end();
    sim.summary().take::<StationSummary>().unwrap()
}

fn with(edits: &[(&str, serde_json::Value)]) -> String {
    let mut v: serde_json::Value = serde_json::from_str(EXAMPLE).unwrap();
    for (path, val) in edits {
        let mut at = &mut v;
        let parts: Vec<&str> = path.split('.').collect();
        for p in &parts[..parts.len() - 1] {
            at = &mut at[*p];
        }
        at[parts[parts.len() - 1]] = val.clone();
    }
    v.to_string()
}

#[test]
fn workload_q_agrees_with_ns3_and_simpy_within_one_percent() {
    let runs: Vec<StationSummary> = (1..=3).map(|seed| run(&with(&[("seed", seed.into())]))).collect();
    let mean = |f: &dyn Fn(&StationSummary) -> f64| runs.iter().map(f).sum::<f64>() / runs.len() as f64;
    let sent = mean(&|s| s.arrivals as f64);
    let delivered = mean(&|s| s.delivered as f64);
    let loss = mean(&|s| s.loss_ratio);
    let delay_ms = mean(&|s| s.delay.mean_s * 1e3);
    let ctx = format!("sent {sent:.0}, delivered {delivered:.0}, loss {:.3} %, delay {delay_ms:.3} ms", loss * 100.0);
    // The peers' figures (ns-3, SimPy), within 1 %.
    for (name, ns3, simpy, ours) in [
        ("sent", 691_332.0, 692_035.0, sent),
        ("delivered", 559_221.0, 559_230.0, delivered),
        ("dropped share", 0.1903, 0.1911, loss),
        ("mean delay", 98.911, 98.920, delay_ms),
    ] {
        for peer in [ns3, simpy] {
            assert!((ours / peer - 1.0).abs() < 0.01, "{name}: {ours} against {peer}; {ctx}");
        }
    }
    // Closed forms. Offered: 200 flows x 64000/1680 packets/s x 0.5/0.55 of the time on.
    let offered = 200.0 * 64_000.0 / 1680.0 * 0.5 / 0.55 * 100.0;
    assert!((sent / offered - 1.0).abs() < 0.005, "offered {offered:.0}; {ctx}");
    // The link never idles once the queue has filled: 9.4e6/1680 packets/s.
    let capacity = 9.4e6 / 1680.0 * (100.0 - 0.01);
    assert!(delivered <= capacity && delivered > 0.999 * capacity, "capacity {capacity:.0}; {ctx}");
    // A full queue: about 500 packets ahead, each 178.7 us, plus the packet's own serialisation
    // and 10 ms in flight: 99.6 ms at most.
    assert!(delay_ms < 500.0 * 0.178_723 + 0.178_723 + 10.0 + 0.1 && delay_ms > 95.0, "{ctx}");
    // The engine's fluid limit beside it: 1 - 1/rho dropped, waits of K/mu (an upper bound here:
    // the bursts sometimes leave the buffer short of full).
    let fluid = runs[0].theory.as_ref().expect("the fluid limit applies at rho > 1");
    assert_eq!(fluid.model, "fluid limit");
    assert!((loss - fluid.loss_ratio).abs() < 0.005, "fluid loss {}; {ctx}", fluid.loss_ratio);
    assert!(delay_ms < (fluid.sojourn_mean_s + 0.01) * 1e3, "fluid delay {}; {ctx}", fluid.sojourn_mean_s);
    for s in &runs {
        // Nothing lost or made: what was sent was delivered, dropped, is waiting (at most 500),
        // on the wire (1) or in flight (10 ms / 178.7 us: 56).
        let unaccounted = s.arrivals - s.delivered - s.dropped_overflow;
        assert!(unaccounted <= 500 + 1 + 56, "{unaccounted} packets unaccounted for; {ctx}");
    }
}

#[test]
fn delay_is_the_sojourn_plus_the_propagation() {
    // Poisson arrivals on a 1 Mb/s link with 125-byte packets: mu = 1000 packets/s, so M/D/1
    // theory applies, and each delivered packet's delay is its sojourn plus 25 ms.
    let json = r#"{"version": 2, "seed": 4, "duration_s": 200, "warmup_s": 5,
        "traffic": {"arrivals": "poisson", "rate_pps": 700, "packet_bytes": 125},
        "queue": {"service": "deterministic", "link_rate_bps": 1000000, "propagation_s": 0.025}}"#;
    let s = run(json);
    let theory = s.theory.as_ref().expect("M/D/1 from the link rate and the packet size");
    assert!((s.load - 0.7).abs() < 1e-12, "load {}", s.load);
    assert!(
        (s.wait.mean_s / theory.wait_mean_s - 1.0).abs() < 0.05,
        "wait {} vs {}",
        s.wait.mean_s,
        theory.wait_mean_s
    );
    let d = s.delay.mean_s - s.sojourn.mean_s;
    assert!((d - 0.025).abs() < 1e-4, "delay - sojourn = {d}");
    // Packets leaving in the last 25 ms are still in flight at the end.
    assert!(
        s.departures >= s.delivered && s.departures - s.delivered <= 40,
        "{} left, {} arrived",
        s.departures,
        s.delivered
    );
}

#[test]
fn sizes_in_bytes_are_required_where_rates_are_in_bits() {
    let no_size = with(&[("traffic.packet_bytes", serde_json::Value::Null)]);
    let e = Scenario::from_json(&no_size).unwrap_err().field_errors();
    assert!(e.iter().any(|f| f.path == "traffic.packet_bytes" && f.message.contains("on-off")), "{e:?}");
    let link_only = r#"{"version": 2, "traffic": {"rate_pps": 10}, "queue": {"link_rate_bps": 1e6}}"#;
    let e = Scenario::from_json(link_only).unwrap_err().field_errors();
    assert!(e.iter().any(|f| f.path == "traffic.packet_bytes" && f.message.contains("queue.link_rate_bps")), "{e:?}");
    let too_much =
        with(&[("traffic.flows", 10_000.into()), ("traffic.on_rate_bps", 1e9.into()), ("duration_s", 1e5.into())]);
    let e = Scenario::from_json(&too_much).unwrap_err().field_errors();
    assert!(
        e.iter().any(|f| f.path == "traffic.on_rate_bps" && f.message.contains("arrivals, above the maximum")),
        "{e:?}"
    );

    // Periods far shorter than the run: the walk over them would be the run's cost.
    let flicker = with(&[("traffic.on_mean_s", 1e-9.into()), ("traffic.off_mean_s", 1e-9.into())]);
    let e = Scenario::from_json(&flicker).unwrap_err().field_errors();
    assert!(e.iter().any(|f| f.path == "traffic.on_mean_s" && f.message.contains("on/off switches")), "{e:?}");
    // Packets in flight are held in memory.
    let far = with(&[
        ("queue.link_rate_bps", 1e11.into()),
        ("queue.propagation_s", 10.into()),
        ("traffic.on_rate_bps", 1e8.into()),
    ]);
    let e = Scenario::from_json(&far).unwrap_err().field_errors();
    assert!(e.iter().any(|f| f.path == "queue.propagation_s" && f.message.contains("packets in flight")), "{e:?}");
}

#[test]
fn a_source_whose_next_packet_lies_far_past_the_end_costs_only_the_periods_inside_the_run() {
    // 0.001 b/s puts the next 210-byte packet 1.68e6 s ahead, millions of on/off periods past the
    // 100 s run; on periods of 1 ns round to zero length half the time. Both used to spin inside
    // one event for ever: the walk over the periods now stops at the run's end.
    let quiet = run(&with(&[("traffic.on_rate_bps", 0.001.into())]));
    assert_eq!(quiet.arrivals, 0);
    let blink = run(&with(&[("traffic.on_mean_s", 1e-9.into())]));
    // On a 1e-9 / 0.05 share of the time at 38 packets/s: almost nothing, but what the time says.
    assert!(blink.arrivals < 10, "{}", blink.arrivals);
}
