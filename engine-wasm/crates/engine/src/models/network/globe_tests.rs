//! The network on the globe: the constellation described as the pair models describe theirs,
//! and the packed geometry read back by its documented layout (web/src/engine/geometry.ts reads
//! the same), its loads against the traffic that made them.

use super::NetworkSummary;
use crate::models::Scenario;
use crate::orbit::frames::R_EARTH_KM;
use crate::Simulation;

/// Four stations sending long-lived TCP to London over Starlink shell 1; the followed flow is
/// Sao Paulo's.
const LONG: &str = r#"{"version": 2, "model": "network", "duration_s": 1.5, "warmup_s": 0,
    "metrics": {"bucket_s": 0.1},
    "network": {"constellation": "starlink-550",
      "stations": "London,51.51,-0.13\nNew York,40.71,-74.01\nSao Paulo,-23.55,-46.63\nLagos,6.52,3.38\nTokyo,35.69,139.69",
      "matrix": "to-gateway", "gateway": "London", "protocol": "tcp",
      "isl_rate_mbps": 20, "gsl_rate_mbps": 10, "isl_queue_pkts": 50, "gsl_queue_pkts": 50, "follow": 1}}"#;

/// The packed geometry, read as web/src/engine/geometry.ts reads it.
struct Packed {
    n: usize,
    ecef: Vec<[f64; 3]>,
    state: Vec<f64>,
    access: [f64; 2],
    delay_ms: f64,
    route: Vec<u32>,
    link_load: Vec<f64>,
    station_load: Vec<f64>,
}

fn unpack(g: &[f64]) -> Packed {
    let mut i = 0;
    let mut take = |k: usize| {
        let v = g[i..i + k].to_vec();
        i += k;
        v
    };
    let n = take(1)[0] as usize;
    let ecef = take(3 * n).chunks(3).map(|c| [c[0], c[1], c[2]]).collect();
    let _ascending = take(n);
    let l = take(1)[0] as usize;
    let state = take(l);
    let _b = take(l);
    let t = take(6);
    let route = take(t[5] as usize).iter().map(|&r| r as u32).collect();
    let packets = take(1)[0] as usize;
    assert_eq!(packets, 0, "the network draws no packets in flight");
    let nl = take(1)[0] as usize;
    assert_eq!(nl, l, "one load per potential ISL");
    let link_load = take(nl);
    let ns = take(1)[0] as usize;
    let station_load = take(ns);
    assert_eq!(i, g.len(), "the layout accounts for every value");
    Packed { n, ecef, state, access: [t[0], t[1]], delay_ms: t[3], route, link_load, station_load }
}

#[test]
fn the_constellation_is_described_with_its_ground_stations_and_the_followed_flow_as_the_sites() {
    let sim = Simulation::new(Scenario::from_json(LONG).unwrap()).unwrap();
    let info = sim.constellation_info().expect("the network is drawn on the globe");
    assert_eq!((info.sats.len(), info.links.len(), info.planes), (72 * 22, 2 * 72 * 22, 72));
    // Satellite i of Hypatia's numbering is in orbit i / 22, slot i % 22.
    assert_eq!(info.sats[22 * 5 + 3], (5, 3));
    // The altitude drawn is where SGP4 puts the first satellite at time zero: Hypatia's 15.19
    // revolutions a day are a semi-major axis of 6,889 km, 517 km over the 6,371 km sphere the
    // globe draws (its "550" names the shell).
    let shell = &info.shells[0];
    assert!((shell.altitude_km - 517.0).abs() < 5.0 && (shell.inclination_deg - 53.0).abs() < 1e-9, "{shell:?}");
    // The footprint's elevation: where a satellite there is Hypatia's maximum ground-link length,
    // sqrt(940.7² + 550²) = 1,089.7 km, away in a straight line.
    let e = info.elevation_mask_deg;
    let d = crate::orbit::frames::slant_range_km(shell.altitude_km, e);
    assert!((d - 1089.7).abs() < 0.1 && (15.0..30.0).contains(&e), "{e}° is {d} km away");
    let names: Vec<&str> = info.ground_stations.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["London", "New York", "Sao Paulo", "Lagos", "Tokyo"]);
    assert_eq!((info.sites[0].name.as_str(), info.sites[1].name.as_str()), ("Sao Paulo", "London"));
    // Hypatia's element sets are of 2000-01-01.
    assert_eq!(info.epoch_unix_ms, 946_684_800_000.0);
}

#[test]
fn the_geometry_draws_the_followed_path_and_loads_the_links_its_traffic_crosses() {
    let mut sim = Simulation::new(Scenario::from_json(LONG).unwrap()).unwrap();
    let mut last_route: Vec<u32> = vec![];
    let mut stable = 0;
    for k in 1..=15 {
        sim.advance_to_secs(0.1 * f64::from(k) + 0.05).unwrap();
        let g = unpack(&sim.geometry_packed().unwrap());
        assert_eq!(g.n, 72 * 22);
        for p in &g.ecef {
            let r = (p[0] * p[0] + p[1] * p[1] + p[2] * p[2]).sqrt();
            assert!((r - R_EARTH_KM - 517.0).abs() < 25.0, "a satellite {r} km from the centre");
        }
        // Hypatia's +Grid over one shell: every ISL is usable at every state.
        assert!(g.state.iter().all(|&s| s == 0.0));
        // The followed flow's satellites, ends first and last, and its path's delay.
        assert!(!g.route.is_empty());
        assert_eq!(g.access, [f64::from(g.route[0]), f64::from(*g.route.last().unwrap())]);
        let n = sim.summary().take::<NetworkSummary>().unwrap();
        assert_eq!(Some(g.delay_ms), n.follow.delay_ms);
        assert_eq!(Some(g.route.len() as u32 + 1), n.follow.links, "the ISLs and the two ground links");
        assert!(g.link_load.iter().chain(&g.station_load).all(|u| (0.0..=1.0).contains(u)));
        // Sao Paulo's own ground link carries its data up the whole time (at the end too: the
        // loads of the last whole interval); London's only sends ACKs, less than the busiest sender.
        assert!(g.station_load[2] > 0.0, "{:?}", g.station_load);
        assert!(g.station_load[0] < g.station_load[1..].iter().copied().fold(0.0, f64::max), "{:?}", g.station_load);
        // The path held since the last interval: every ISL on it carried the flow's data in it.
        if g.route == last_route {
            stable += 1;
            for w in g.route.windows(2) {
                let (a, b) = (w[0].min(w[1]), w[0].max(w[1]));
                let info = sim.constellation_info().unwrap();
                let k = info.links.iter().position(|l| (l.a.min(l.b), l.a.max(l.b)) == (a, b)).unwrap();
                assert!(g.link_load[k] > 0.0, "the ISL {a}-{b} on the path carried nothing");
            }
        }
        last_route = g.route;
    }
    assert!(stable >= 5, "the path held over only {stable} intervals");
}

#[test]
fn a_catalogue_network_is_drawn_by_its_catalogues_shells_planes_and_links() {
    let tle = include_str!("../../../../../../examples/iridium-66.tle");
    let scenario = serde_json::json!({"version": 2, "model": "network", "duration_s": 0.3, "warmup_s": 0,
        "network": {"constellation": "catalogue", "tle": tle,
            "stations": "Paris,48.86,2.35\nDakar,14.72,-17.47\nNairobi,-1.29,36.82",
            "matrix": "to-gateway", "gateway": "Paris", "protocol": "udp", "udp_rate_mbps": 0.5}});
    let mut sim = Simulation::new(Scenario::from_json(&scenario.to_string()).unwrap()).unwrap();
    let info = sim.constellation_info().unwrap();
    // `tle check examples/iridium-66.tle`: one shell of 6 planes of 11.
    assert_eq!((info.sats.len(), info.planes, info.shells.len()), (66, 6, 1));
    assert_eq!(info.ground_stations.len(), 3);
    assert_eq!(info.elevation_mask_deg, crate::network::hypatia_load::CATALOGUE_MIN_ELEVATION_DEG);
    sim.run_to_end();
    let n = sim.summary().take::<NetworkSummary>().unwrap();
    assert_eq!(info.links.len(), n.isls);
    let g = unpack(&sim.geometry_packed().unwrap());
    // Over a catalogue a link beyond its range is down (drawn dashed), the others up.
    assert_eq!(g.state.len(), n.isls);
    assert!(g.state.iter().all(|&s| s == 0.0 || s == 1.0) && g.state.contains(&0.0));
}
