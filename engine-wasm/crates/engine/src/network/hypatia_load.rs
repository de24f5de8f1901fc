//! Hypatia's `traffic_matrix_load` workload (snkas/hypatia, `paper/ns3_experiments/traffic_matrix_load`)
//! as a [`Mesh`]: Kuiper-630 (34 x 34 at 630 km, 51.9°, +Grid), its 100 most populous cities as
//! ground stations, 100 flows of a random reciprocal pairing of them, ISLs and ground links at
//! one rate with queues of 10 packets per Mb/s (100 at most for UDP), forwarding state every
//! 100 ms.
//!
//! - Shell: `paper/satellite_networks_state/main_kuiper_630.py` (`NUM_ORBS`, `NUM_SATS_PER_ORB`,
//!   `INCLINATION_DEGREE`, `MEAN_MOTION_REV_PER_DAY` 14.80, `ECCENTRICITY` 1e-7, `PHASE_DIFF`),
//!   its element sets as satgenpy writes them ([`hypatia_tles_manual`]); a minimum elevation of
//!   30° as Hypatia turns it into a maximum ground-link length (`SATELLITE_CONE_RADIUS_M`,
//!   `MAX_GSL_LENGTH_M`: 1,260 km), the maximum ISL length that keeps 80 km above the Earth.
//! - Ground stations: `paper/satellite_networks_state/input_data/ground_stations_cities_sorted_by_estimated_2025_pop_top_100.basic.txt`
//!   (MIT licence, the paper folder's), kept as [`TOP_100_CITIES`].
//! - Pairing: `step_1_generate_runs.py` seeds Python's `random` with 123456789, draws one
//!   number it discards and one seed (59,360,187), and networkload v1.3's
//!   `generate_from_to_reciprocated_random_pairing` (`schedule/fromto/from_to_random_pairing.py`)
//!   draws two cities at a time from those left (`random.sample` of the set, which Python 3.7
//!   to 3.10 turn into a tuple in ascending order) until none is: [`HYPATIA_PAIRING`], computed
//!   with that code in Python 3.11 with the tuple made explicit. Flow `2k` goes from the pair's
//!   first city to its second, flow `2k + 1` back.
//! - Rates and queues: `step_1_generate_runs.py`'s configurations (rate, queue = 10 x rate in
//!   Mb/s; `min(queue, 100)` for UDP); all flows start at 0 and are long-lived (TCP NewReno,
//!   size 1e12 bytes) or UDP at the link rate.

use super::catalogue_graph::CatalogueGraph;
use super::grid_shell::GridShell;
use super::mesh::{FlowSpec, MeshOptions, Traffic};
use crate::kernel::{SimDuration, SimTime};
use crate::orbit::catalogue::ShellRules;
use crate::topology::all_pairs::{hypatia_tles_manual, max_gsl_length_m, max_isl_length_m};
use crate::transport::congestion::CcKind;

/// Hypatia's 100 most populous cities (`gid,name,lat,lon,elevation`, gid 0 Tokyo to 99 Kunming).
pub const TOP_100_CITIES: &str = include_str!("data/top-100-cities.txt");

/// Kuiper-630's altitude [m].
pub const KUIPER_630_ALTITUDE_M: f64 = 630_000.0;

/// The 50 pairs of city gids of Hypatia's pairing (see the module documentation).
pub const HYPATIA_PAIRING: [(u32, u32); 50] = [
    (58, 94),
    (57, 10),
    (48, 93),
    (9, 56),
    (86, 39),
    (1, 95),
    (63, 11),
    (55, 40),
    (21, 60),
    (92, 42),
    (45, 7),
    (99, 89),
    (41, 79),
    (30, 80),
    (8, 0),
    (69, 82),
    (24, 88),
    (27, 23),
    (18, 32),
    (65, 25),
    (19, 37),
    (97, 36),
    (87, 90),
    (26, 49),
    (6, 67),
    (52, 96),
    (70, 17),
    (53, 85),
    (29, 43),
    (75, 73),
    (51, 98),
    (47, 31),
    (44, 71),
    (50, 28),
    (13, 81),
    (91, 20),
    (64, 38),
    (66, 61),
    (33, 54),
    (78, 2),
    (22, 46),
    (76, 3),
    (16, 77),
    (84, 68),
    (34, 59),
    (15, 12),
    (83, 14),
    (72, 62),
    (35, 4),
    (5, 74),
];

/// TCP (long-lived NewReno) or UDP at the link rate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// 100 long-lived TCP NewReno flows.
    Tcp,
    /// 100 UDP flows at the link rate.
    Udp,
}

/// Kuiper-630 over the top-100 cities, as a graph for the mesh.
pub fn kuiper_630() -> Result<GridShell, String> {
    kuiper_630_over(TOP_100_CITIES)
}

/// Kuiper-630 over ground stations given as Hypatia's ground_stations.txt
/// (`gid,name,lat,lon,elevation`): ground links above 30° (`main_kuiper_630.py`,
/// `SATELLITE_CONE_RADIUS_M = ALTITUDE_M / tan(30°)`).
pub fn kuiper_630_over(ground_stations: &str) -> Result<GridShell, String> {
    let tles = hypatia_tles_manual("Kuiper-630", 34, 34, true, 51.9, 0.0000001, 0.0, 14.80);
    let cone_m = KUIPER_630_ALTITUDE_M / 30f64.to_radians().tan();
    GridShell::from_hypatia(
        &tles,
        ground_stations,
        max_isl_length_m(KUIPER_630_ALTITUDE_M),
        max_gsl_length_m(cone_m, KUIPER_630_ALTITUDE_M),
    )
}

/// Starlink shell 1 as Hypatia models it (`main_starlink_550.py`: 72 x 22 at 550 km, 53°,
/// 15.19 revolutions a day, `SATELLITE_CONE_RADIUS_M` 940,700) over ground stations given as
/// Hypatia's ground_stations.txt.
pub fn starlink_550_over(ground_stations: &str) -> Result<GridShell, String> {
    let tles = hypatia_tles_manual("Starlink-550", 72, 22, true, 53.0, 0.0000001, 0.0, 15.19);
    GridShell::from_hypatia(&tles, ground_stations, max_isl_length_m(550_000.0), max_gsl_length_m(940_700.0, 550_000.0))
}

/// Minimum elevation of a ground link over a catalogue [deg] (Starlink's 25, as `calc pair`).
pub const CATALOGUE_MIN_ELEVATION_DEG: f64 = 25.0;

/// The top-100 cities' (latitude, longitude) [deg], gid order.
pub fn top_100_positions() -> Vec<(f64, f64)> {
    TOP_100_CITIES
        .lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            Some((f.get(2)?.parse().ok()?, f.get(3)?.parse().ok()?))
        })
        .collect()
}

/// The same cities over a real catalogue (docs/CATALOGUES.md's rules, ground links above
/// [`CATALOGUE_MIN_ELEVATION_DEG`]); node numbers then start after the catalogue's satellites
/// in use, so use [`workload_over`] for its flows.
pub fn over_catalogue(text: &str) -> Result<CatalogueGraph, String> {
    CatalogueGraph::new(text, &ShellRules::default(), &top_100_positions(), CATALOGUE_MIN_ELEVATION_DEG, None)
}

/// The 100 flows and the network's options at `rate_mbps` for `duration_s` over Kuiper-630.
pub fn workload(protocol: Protocol, rate_mbps: f64, duration_s: f64) -> (Vec<FlowSpec>, MeshOptions) {
    workload_over(34 * 34, protocol, rate_mbps, duration_s)
}

/// The 100 flows and the network's options at `rate_mbps` for `duration_s`, the cities' nodes
/// after `satellites`.
pub fn workload_over(
    satellites: usize,
    protocol: Protocol,
    rate_mbps: f64,
    duration_s: f64,
) -> (Vec<FlowSpec>, MeshOptions) {
    let node = |gid: u32| satellites as u32 + gid;
    let traffic = match protocol {
        Protocol::Tcp => Traffic::Tcp { cc: CcKind::NewReno, segments: None },
        Protocol::Udp => Traffic::Udp { rate_bps: rate_mbps * 1e6 },
    };
    let flows = HYPATIA_PAIRING
        .iter()
        .flat_map(|&(a, b)| [(a, b), (b, a)])
        .map(|(a, b)| FlowSpec { src: node(a), dst: node(b), start: SimTime::ZERO, traffic })
        .collect();
    let queue = (10.0 * rate_mbps).round().max(1.0) as usize;
    let queue = if protocol == Protocol::Udp { queue.min(100) } else { queue };
    let o = MeshOptions {
        isl_rate_bps: rate_mbps * 1e6,
        gsl_rate_bps: rate_mbps * 1e6,
        isl_queue: queue,
        gsl_queue: queue,
        update: SimDuration::from_secs_f64(0.1),
        bucket: SimDuration::from_secs_f64(0.1),
        end: SimTime::from_secs_f64(duration_s),
        max_events: 10_000_000_000,
    };
    (flows, o)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::network::mesh::{Mesh, Source};

    #[test]
    fn the_pairing_uses_every_city_once_and_the_files_are_hypatias() {
        let mut seen = [false; 100];
        for (a, b) in HYPATIA_PAIRING {
            for g in [a, b] {
                assert!(!seen[g as usize], "{g} twice");
                seen[g as usize] = true;
            }
        }
        let lines: Vec<&str> = TOP_100_CITIES.lines().collect();
        assert_eq!(
            (lines.len(), lines[0], lines[99]),
            (100, "0,Tokyo,35.6895,139.69171,0", "99,Kunming,25.03889,102.71833,0")
        );
        let shell = kuiper_630().unwrap();
        assert_eq!((shell.satellites(), shell.ground_stations(), shell.isls().len()), (1156, 100, 2312));
        let (flows, o) = workload(Protocol::Udp, 250.0, 1.0);
        assert_eq!((flows.len(), o.isl_queue, flows[0].src, flows[1].dst), (100, 100, 1156 + 58, 1156 + 58));
        assert_eq!(workload(Protocol::Tcp, 250.0, 1.0).1.gsl_queue, 2500);
    }

    #[test]
    fn every_flows_path_is_as_long_as_the_all_pairs_computation_says() {
        // The next hops the network forwards on, followed from each source, against the lengths
        // of Hypatia's all-pairs workload (topology::all_pairs) at the same instants.
        use crate::orbit::frames::C_KM_S;
        use crate::topology::all_pairs::AllPairs;
        let tles = hypatia_tles_manual("Kuiper-630", 34, 34, true, 51.9, 0.0000001, 0.0, 14.80);
        let cone_m = KUIPER_630_ALTITUDE_M / 30f64.to_radians().tan();
        let mut all = AllPairs::new(
            &tles,
            TOP_100_CITIES,
            max_isl_length_m(KUIPER_630_ALTITUDE_M),
            max_gsl_length_m(cone_m, KUIPER_630_ALTITUDE_M),
        )
        .unwrap();
        let (flows, o) = workload(Protocol::Udp, 1.0, 0.3);
        let mut m = Mesh::new(kuiper_630().unwrap(), &flows, o).unwrap();
        for k in 0..flows.len() {
            m.record_paths(k).unwrap();
        }
        m.run_until(o.end).unwrap();
        for step in 0..3 {
            let lengths = all.step(step as f64 * 0.1).unwrap().to_vec();
            for (k, f) in flows.iter().enumerate() {
                let (a, b) = (f.src as usize - 1156, f.dst as usize - 1156);
                let km = m.paths(k)[step].delay_s * C_KM_S;
                let want = lengths[a * 100 + b];
                assert!(
                    (km - want).abs() < 1e-6 || (km.is_nan() && want.is_nan()),
                    "flow {k} step {step}: {km} {want}"
                );
            }
        }
    }

    #[test]
    fn the_cities_route_over_a_real_catalogue() {
        // A cut of the Starlink catalogue of 2026-05-13 (its 70-degree shell).
        let text = include_str!("../../tests/fixtures/starlink-70deg-cut.tle");
        let graph = over_catalogue(text).unwrap();
        let sats = graph.satellites();
        assert!(sats > 300 && graph.isls() > sats, "{sats} satellites, {} ISLs", graph.isls());
        assert_eq!(top_100_positions().len(), 100);
        let (flows, o) = workload_over(sats, Protocol::Udp, 1.0, 0.3);
        assert_eq!(flows[0].src as usize, sats + 58);
        let mut m = Mesh::new(graph, &flows, o).unwrap();
        m.run_until(o.end).unwrap();
        // A polar shell of a few hundred satellites serves the cities sparsely: several share
        // one satellite's ground-link device, and some have none at times.
        let r = m.flow_results();
        assert!(r.iter().filter(|f| f.received > 0).count() > 20, "{r:?}");
        for f in &r {
            assert!(f.received + f.lost.queue + f.lost.no_route <= f.sent, "{f:?}");
        }
    }

    #[test]
    fn a_tenth_of_a_second_of_the_workload_runs_and_repeats() {
        let run = || {
            let (flows, o) = workload(Protocol::Udp, 10.0, 0.1);
            let mut m = Mesh::new(kuiper_630().unwrap(), &flows, o).unwrap();
            m.run_until(o.end).unwrap();
            let r = m.flow_results();
            (r.iter().map(|f| f.goodput_bytes).sum::<u64>(), m.events(), m.losses())
        };
        let (bytes, events, losses) = run();
        assert_eq!((bytes, events, losses), run());
        // 100 flows at 10 Mb/s for 0.1 s send 12.4 MB of payload; with one-way delays of 40 to
        // 90 ms, a fraction of it arrives by the end.
        assert!(bytes > 1_000_000 && bytes < 12_400_000, "{bytes} {events} {losses:?}");
        // 8,400 packets sent, each an event per hop (sent, transmitted, arrived).
        assert!(events > 50_000, "{events}");
    }
}
