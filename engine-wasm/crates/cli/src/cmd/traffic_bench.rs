//! `skyqueue bench --workload traffic-matrix`: Hypatia's `traffic_matrix_load` workload
//! (engine::network::hypatia_load) run as a packet network, timed as Hypatia times it: wall
//! seconds per simulated second (its "slowdown") against the aggregate goodput.

use crate::output::{outln, Failure};
use engine::network::hypatia_load::{self as hl, Protocol};
use engine::network::mesh::Mesh;
use std::time::Instant;

/// Most simulated seconds.
const MAX_DURATION_S: f64 = 3600.0;
/// Most packets the 100 flows may offer at the line rate over the run: its budget (each packet
/// is about 15 events over a few hops: 1.5e9 events, some minutes natively).
const MAX_OFFERED_PACKETS: f64 = 1e8;

/// Runs the workload and prints what it did and how long it took.
pub fn traffic_matrix(protocol: Protocol, rate_mbps: f64, duration_s: f64, json: bool) -> Result<(), Failure> {
    if !(0.01..=100_000.0).contains(&rate_mbps) {
        return Err(Failure::Usage(format!("--rate-mbps: {rate_mbps} is outside the allowed range (0.01 to 100000)")));
    }
    if !(duration_s > 0.0 && duration_s <= MAX_DURATION_S) {
        return Err(Failure::Usage(format!(
            "--duration-s: {duration_s} is outside the allowed range (above 0, up to {MAX_DURATION_S})"
        )));
    }
    let offered = 100.0 * rate_mbps * 1e6 / (1500.0 * 8.0) * duration_s;
    if offered > MAX_OFFERED_PACKETS {
        return Err(Failure::Usage(format!(
            "--rate-mbps x --duration-s: 100 flows at {rate_mbps} Mb/s for {duration_s} s offer {offered:.2e} packets, above the budget of {MAX_OFFERED_PACKETS:e}: a lower rate or a shorter run"
        )));
    }
    let t0 = Instant::now();
    let shell = hl::kuiper_630().map_err(Failure::Data)?;
    let (flows, o) = hl::workload(protocol, rate_mbps, duration_s);
    let mut mesh = Mesh::new(shell, &flows, o).map_err(Failure::Data)?;
    mesh.run_until(o.end).map_err(Failure::Data)?;
    let wall_s = t0.elapsed().as_secs_f64();
    let results = mesh.flow_results();
    let bytes: u64 = results.iter().map(|f| f.goodput_bytes).sum();
    let goodput_mbps = bytes as f64 * 8.0 / duration_s / 1e6;
    let slowdown = wall_s / duration_s;
    let losses = mesh.losses();
    let name = match protocol {
        Protocol::Tcp => "tcp",
        Protocol::Udp => "udp",
    };
    if json {
        let per_flow: Vec<u64> = results.iter().map(|f| f.goodput_bytes).collect();
        outln!(
            "{}",
            serde_json::json!({
                "workload": "traffic-matrix", "protocol": name, "rate_mbps": rate_mbps, "duration_s": duration_s,
                "flows": flows.len(), "satellites": 1156, "ground_stations": 100, "wall_seconds": wall_s,
                "slowdown": slowdown, "goodput_mbps": goodput_mbps, "events": mesh.events(),
                "lost_queue": losses.queue, "lost_no_route": losses.no_route, "goodput_bytes_per_flow": per_flow
            })
        );
    } else {
        outln!(
            "traffic-matrix: Kuiper-630, 100 {name} flows between the 100 largest cities at {rate_mbps} Mb/s for {duration_s} s: aggregate goodput {goodput_mbps:.1} Mb/s; {slowdown:.3} wall s per simulated s ({} events, {wall_s:.2} s); lost {} at queues, {} for want of a route",
            mesh.events(),
            losses.queue,
            losses.no_route
        );
    }
    Ok(())
}
