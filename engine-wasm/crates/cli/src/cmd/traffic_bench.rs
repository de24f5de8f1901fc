//! `skyqueue bench --workload traffic-matrix`: Hypatia's `traffic_matrix_load` workload
//! (engine::network::hypatia_load) run as a packet network, timed as Hypatia times it: wall
//! seconds per simulated second (its "slowdown") against the aggregate goodput.

use crate::output::{outln, Failure};
use engine::network::hypatia_load::{self as hl, Protocol};
use engine::network::mesh::{Mesh, Source};
// The mesh's budgets, which the network model applies too: most packets the flows may offer
// (1e8: a packet is 2 events a hop, its ACK as many, several minutes natively), and most
// forwarding work, states (one every 100 ms) x ground stations x (satellites + ISLs), the
// Dijkstras' share (5e9: 1,441 s of Kuiper-630, about 160 s over the 9,327 Starlink
// satellites in use; measured 0.128 wall s per simulated s of Kuiper-630 at 0.01 Mb/s).
use engine::network::mesh::{MAX_FORWARDING_WORK, MAX_OFFERED_PACKETS};
use std::time::Instant;

/// Most simulated seconds.
const MAX_DURATION_S: f64 = 3600.0;

/// Runs the workload and prints what it did and how long it took; with `path`, writes that
/// flow's path over time to files named from the prefix.
pub fn traffic_matrix(
    protocol: Protocol,
    rate_mbps: f64,
    duration_s: f64,
    catalogue: Option<(&str, &str)>,
    path: Option<(usize, &str)>,
    json: bool,
) -> Result<(), Failure> {
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
    let run = Run { protocol, rate_mbps, duration_s, path, json, t0 };
    match catalogue {
        None => {
            let shell = hl::kuiper_630().map_err(Failure::Data)?;
            let isls = shell.isls().len();
            run.go(shell, "Kuiper-630", isls)
        }
        Some((file, text)) => {
            let graph = hl::over_catalogue(text).map_err(|m| Failure::Data(format!("{file}: {m}")))?;
            let isls = graph.isls();
            run.go(graph, file, isls)
        }
    }
}

/// One run's options.
struct Run<'a> {
    protocol: Protocol,
    rate_mbps: f64,
    duration_s: f64,
    path: Option<(usize, &'a str)>,
    json: bool,
    t0: Instant,
}

impl Run<'_> {
    /// Runs the flows over `graph` (named `over`) and reports.
    fn go<S: Source>(&self, graph: S, over: &str, isls: usize) -> Result<(), Failure> {
        let Run { protocol, rate_mbps, duration_s, path, json, t0 } = *self;
        let sats = graph.satellites();
        let stations = graph.ground_stations();
        let work = (duration_s / 0.1).ceil() * stations as f64 * (sats + isls) as f64;
        if work > MAX_FORWARDING_WORK {
            return Err(Failure::Usage(format!(
                "--duration-s: {duration_s} s of forwarding state every 100 ms for {stations} ground stations over {sats} satellites and {isls} ISLs is {work:.2e}, above the budget of {MAX_FORWARDING_WORK:e}: a shorter run"
            )));
        }
        let (flows, o) = hl::workload_over(sats, protocol, rate_mbps, duration_s);
        let mut mesh = Mesh::new(graph, &flows, o).map_err(Failure::Data)?;
        if let Some((k, _)) = path {
            mesh.record_paths(k).map_err(|m| Failure::Usage(format!("--path-flow: {m}")))?;
        }
        mesh.run_until(o.end).map_err(Failure::Data)?;
        let written = match path {
            Some((k, prefix)) => Some(write_path(&mesh, k, prefix, o.end, o.gsl_queue, &flows[k], over)?),
            None => None,
        };
        let wall_s = t0.elapsed().as_secs_f64();
        let results = mesh.flow_results();
        let bytes: u64 = results.iter().map(|f| f.goodput_bytes).sum();
        let goodput_mbps = bytes as f64 * 8.0 / duration_s / 1e6;
        let slowdown = wall_s / duration_s;
        let losses = mesh.losses();
        // The ten busiest devices: the share of the run each spent sending.
        let mut links = mesh.link_results();
        links.sort_by(|a, b| b.busy.cmp(&a.busy).then(a.from.cmp(&b.from)));
        links.truncate(10);
        let name_of = |n: u32| {
            if (n as usize) < sats {
                format!("satellite {n}")
            } else {
                format!("city {}", n as usize - sats)
            }
        };
        let busiest: Vec<serde_json::Value> = links
            .iter()
            .map(|l| {
                serde_json::json!({
                    "from": name_of(l.from),
                    "to": l.isl_to.map_or("ground (its one ground-link device)".to_string(), name_of),
                    "utilisation": l.busy.as_secs_f64() / duration_s, "sent": l.sent, "dropped": l.dropped
                })
            })
            .collect();
        let name = match protocol {
            Protocol::Tcp => "tcp",
            Protocol::Udp => "udp",
        };
        if json {
            let per_flow: Vec<serde_json::Value> = results
                .iter()
                .zip(&flows)
                .map(|(r, f)| {
                    let ms = |s: f64| if s.is_finite() { Some(s * 1e3) } else { None };
                    serde_json::json!({
                        "from_city": f.src as usize - sats, "to_city": f.dst as usize - sats,
                        "goodput_bytes": r.goodput_bytes, "sent": r.sent, "received": r.received,
                        "lost_queue": r.lost.queue, "lost_no_route": r.lost.no_route,
                            "acks_lost": r.acks_lost.queue + r.acks_lost.no_route,
                        "delay_mean_ms": ms(r.delay_mean_s), "rtt_mean_ms": ms(r.rtt_mean_s),
                        "retransmits": r.retransmits, "timeouts": r.timeouts
                    })
                })
                .collect();
            outln!(
                "{}",
                serde_json::json!({
                    "workload": "traffic-matrix", "protocol": name, "rate_mbps": rate_mbps, "duration_s": duration_s,
                    "flows": flows.len(), "over": over, "satellites": sats, "ground_stations": stations, "wall_seconds": wall_s,
                    "slowdown": slowdown, "goodput_mbps": goodput_mbps, "events": mesh.events(),
                    "lost_queue": losses.queue, "lost_no_route": losses.no_route, "per_flow": per_flow,
                    "path_files": written.as_ref().map(|w| &w.0), "path_mean_delay_ms": written.as_ref().map(|w| w.1),
                    "busiest_links": busiest
                })
            );
        } else {
            outln!(
                "traffic-matrix: {over} ({sats} satellites), 100 {name} flows between the 100 largest cities at {rate_mbps} Mb/s for {duration_s} s: aggregate goodput {goodput_mbps:.1} Mb/s; {slowdown:.3} wall s per simulated s ({} events, {wall_s:.2} s); lost {} at queues, {} for want of a route",
                mesh.events(),
                losses.queue,
                losses.no_route
            );
            if let (Some((files, mean_ms)), Some((k, prefix))) = (&written, path) {
                let replay = if files.iter().any(|f| f.ends_with(".mahimahi")) {
                    format!("try mm-delay {mean_ms:.0} mm-link {prefix}.mahimahi {prefix}.mahimahi, or sudo sh {prefix}.netem.sh eth0")
                } else {
                    format!("no Mahimahi trace (no path, or too short a run for a packet); try sudo sh {prefix}.netem.sh eth0")
                };
                outln!("flow {k}'s path: {} (mean one-way delay {mean_ms:.1} ms; {replay})", files.join(", "));
            }
        }
        Ok(())
    }
}

/// Writes flow `k`'s path as PREFIX.mahimahi, PREFIX.netem.sh and PREFIX.csv; returns the files
/// and the path's mean one-way delay [ms].
fn write_path<S: Source>(
    mesh: &Mesh<S>,
    k: usize,
    prefix: &str,
    end: engine::kernel::SimTime,
    queue: usize,
    flow: &engine::network::mesh::FlowSpec,
    over: &str,
) -> Result<(Vec<String>, f64), Failure> {
    use engine::network::path_export as pe;
    let samples = mesh.paths(k);
    let title = format!(
        "flow {k} of Hypatia's traffic-matrix workload: ground station node {} to {} over {over}",
        flow.src, flow.dst
    );
    // Without a path for the whole run there is no Mahimahi trace; the script and the table
    // still say so.
    let mut files = vec![
        (format!("{prefix}.netem.sh"), pe::netem_script(&samples, end, queue, &title)),
        (format!("{prefix}.csv"), pe::path_csv(&samples)),
    ];
    if let Ok(trace) = pe::mahimahi_link_trace(&samples, end) {
        files.insert(0, (format!("{prefix}.mahimahi"), trace));
    }
    for (name, text) in &files {
        std::fs::write(name, text).map_err(|e| Failure::Io(format!("{name}: {e}")))?;
    }
    Ok((files.into_iter().map(|(n, _)| n).collect(), pe::mean_delay_ms(&samples, end)))
}
