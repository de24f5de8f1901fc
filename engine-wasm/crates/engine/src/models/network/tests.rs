//! The network's unit tests: what the run keeps, the followed flow, the series, chunked
//! advancing.

use super::NetworkSummary;
use crate::models::Scenario;
use crate::Simulation;

const SMALL: &str = r#"{"version": 2, "model": "network", "duration_s": 2, "warmup_s": 0,
    "metrics": {"bucket_s": 0.1},
    "network": {"constellation": "starlink-550",
      "stations": "London,51.51,-0.13\nNew York,40.71,-74.01\nSao Paulo,-23.55,-46.63\nLagos,6.52,3.38\nTokyo,35.69,139.69",
      "matrix": "to-gateway", "gateway": "London", "protocol": "tcp", "flow_bytes": 200000,
      "isl_rate_mbps": 20, "gsl_rate_mbps": 10, "isl_queue_pkts": 50, "gsl_queue_pkts": 50, "follow": 1}}"#;

fn run(json: &str, chunks: usize) -> (NetworkSummary, String) {
    let mut sim = Simulation::new(Scenario::from_json(json).unwrap()).unwrap();
    let end = sim.end().as_secs_f64();
    for k in 1..=chunks {
        sim.advance_to_secs(end * k as f64 / chunks as f64).unwrap();
    }
    let results = sim.results_json();
    (sim.summary().take::<NetworkSummary>().unwrap(), results)
}

#[test]
fn four_stations_send_to_a_gateway_and_every_packet_is_accounted_for() {
    let (n, _) = run(SMALL, 1);
    assert_eq!((n.flows.len(), n.ground_stations, n.satellites), (4, 5, 72 * 22));
    assert!(n.flows.iter().all(|f| f.to == "London"), "{:?}", n.flows);
    for f in &n.flows {
        assert!(f.lost <= f.sent, "{f:?}");
        // 200 kB is 145 segments: each flow sent them all, some twice.
        assert!(f.sent >= 145, "{f:?}");
    }
    // The data of every flow goes down to London on the ground-link device of the satellite
    // over it: that is the busiest link, and the one whose queue overflows (London's own device
    // sends only ACKs).
    let top = &n.busiest_links[0];
    assert!(
        top.link.starts_with("satellite ") && top.link.ends_with("'s ground link") && top.dropped > 0,
        "{:?}",
        n.busiest_links
    );
    let london = n.busiest_links.iter().find(|l| l.link == "London's ground link");
    assert!(london.is_none_or(|l| l.dropped == 0 && l.utilization < top.utilization), "{london:?}");
    // Sized flows finish, and their completion times are summarised.
    let c = n.completion.as_ref().unwrap();
    assert_eq!((c.flows, c.finished), (4, 4), "{c:?}");
    assert!(c.max_s.unwrap() < 2.0 && c.median_s.unwrap() <= c.max_s.unwrap());
    // Four flows of 200 kB acknowledged in 2 s: 3.2 Mb/s of goodput, over the run's 2 s.
    let bytes = 4.0 * 145.0 * 1380.0;
    assert!((n.goodput_mbps - bytes * 8.0 / 2.0 / 1e6).abs() < 1e-9, "{}", n.goodput_mbps);
    // The followed flow, Sao Paulo -> London (9,480 km on the ground, 31.6 ms at the speed of
    // light): up, along the +Grid's staircase of ISLs and down, longer than the great circle
    // and under twice it.
    assert_eq!((n.flows[1].from.as_str(), n.flows[1].to.as_str()), ("Sao Paulo", "London"));
    let d = n.follow.delay_ms.unwrap();
    assert!((31.6..63.2).contains(&d) && (3..=20).contains(&n.follow.links.unwrap()), "{:?}", n.follow);
}

#[test]
fn a_run_in_pieces_gives_the_same_results_as_in_one() {
    let (_, one) = run(SMALL, 1);
    let (_, many) = run(SMALL, 13);
    assert_eq!(one, many);
}

#[test]
fn the_series_add_up_to_the_summary() {
    // As published (buckets of the forwarding interval), and with buckets of 0.3 s over a run
    // of 2.05 s: every bucket, the last one shorter, holds what happened in it.
    series_add_up(SMALL);
    let odd = SMALL
        .replace(r#""duration_s": 2,"#, r#""duration_s": 2.05,"#)
        .replace(r#""bucket_s": 0.1"#, r#""bucket_s": 0.3"#);
    series_add_up(&odd);
}

fn series_add_up(json: &str) {
    let mut sim = Simulation::new(Scenario::from_json(json).unwrap()).unwrap();
    sim.run_to_end();
    let results: serde_json::Value = serde_json::from_str(&sim.results_json()).unwrap();
    let series = &results["series"];
    let ids: Vec<&str> = series["columns"].as_array().unwrap().iter().map(|c| c["id"].as_str().unwrap()).collect();
    let col = |id: &str| series["values"][ids.iter().position(|c| *c == id).unwrap()].as_array().unwrap().clone();
    let width = series["bucket_s"].as_f64().unwrap();
    // Goodput in Mb/s per bucket, times the bucket, is the megabits delivered.
    let mbit: f64 = col("goodput_mbps").iter().filter_map(|v| v.as_f64()).map(|v| v * width).sum();
    let n = sim.summary().take::<NetworkSummary>().unwrap();
    let duration = sim.end().as_secs_f64();
    assert!((mbit - n.goodput_mbps * duration).abs() < 1e-6, "{mbit} {} over {duration} s", n.goodput_mbps);
    let busiest = col("busiest_util").iter().filter_map(|v| v.as_f64()).fold(0.0, f64::max);
    assert!(busiest > 0.5 && busiest <= 1.0, "{busiest}");
}

#[test]
fn the_followed_flows_packets_step_record_by_record_and_the_run_is_the_same() {
    // Inside the wire for a network: the followed flow (Sao Paulo -> London) only, named by
    // its stations and satellites; stepping lands on every record and ends with the whole
    // run's results, which are those of a run not traced.
    let s = Scenario::from_json(SMALL).unwrap();
    let n = crate::sim::check_stepping_by_record(s.clone(), 100_000);
    assert!(n > 4 * 145, "a record per send, hop, delivery and ACK: {n}");
    let mut traced = Simulation::new(s.clone()).unwrap();
    traced.set_trace_limit(100_000).unwrap();
    traced.run_to_end();
    let mut plain = Simulation::new(s).unwrap();
    plain.run_to_end();
    assert!(traced.traces_packets());
    assert_eq!(traced.results_json(), plain.results_json());
    let rows = traced.trace().rows(0);
    assert!(rows.iter().all(|r| r.flow == 1), "only the followed flow");
    let send = rows.iter().find(|r| r.kind == crate::trace::TraceKind::Send).unwrap();
    assert_eq!(send.node, "Sao Paulo");
    assert!(send.route_hops > 0, "{send:?}");
    let hop = rows.iter().find(|r| r.kind == crate::trace::TraceKind::Hop && r.node != "Sao Paulo").unwrap();
    assert!(hop.node.starts_with("satellite "), "{hop:?}");
    let deliver = rows.iter().find(|r| r.kind == crate::trace::TraceKind::Deliver).unwrap();
    assert_eq!(deliver.node, "London");
}
