//! Tests of the all-pairs routes (`all_pairs.rs`).

use super::*;
use crate::topology::routing::{Router, RoutingMetric};

/// A deterministic pseudo-random stream in [0, 1).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Hypatia's computation literally: Floyd-Warshall on the satellites, then the best
/// destination satellite per (satellite, destination), then the best source satellite.
fn hypatia_brute(sats: &[Vec3], ground: &[Vec3], isls: &[(u32, u32)], max_gsl: f64) -> Vec<f64> {
    let n = sats.len();
    let mut d = vec![f64::INFINITY; n * n];
    for i in 0..n {
        d[i * n + i] = 0.0;
    }
    for &(a, b) in isls {
        let l = distance_km(&sats[a as usize], &sats[b as usize]);
        d[a as usize * n + b as usize] = l;
        d[b as usize * n + a as usize] = l;
    }
    for k in 0..n {
        for i in 0..n {
            for j in 0..n {
                let c = d[i * n + k] + d[k * n + j];
                if c < d[i * n + j] {
                    d[i * n + j] = c;
                }
            }
        }
    }
    let range = |g: usize| -> Vec<(usize, f64)> {
        (0..n).map(|s| (s, distance_km(&ground[g], &sats[s]))).filter(|&(_, l)| l <= max_gsl).collect()
    };
    let ng = ground.len();
    let mut out = vec![f64::NAN; ng * ng];
    for src in 0..ng {
        for dst in 0..ng {
            if src == dst {
                out[src * ng + dst] = 0.0;
                continue;
            }
            let mut best = f64::INFINITY;
            for (a, la) in range(src) {
                for (b, lb) in range(dst) {
                    best = best.min(la + d[a * n + b] + lb);
                }
            }
            if best.is_finite() {
                out[src * ng + dst] = best;
            }
        }
    }
    out
}

/// A small shell: `orbits` x `per` satellites on circles of radius `r` km (inclined planes),
/// and `ng` ground stations on a sphere of 6378 km.
fn geometry(orbits: usize, per: usize, ng: usize, seed: u64) -> (Vec<Vec3>, Vec<Vec3>) {
    let mut rng = Lcg(seed);
    let r = 6928.0;
    let inc = 53f64.to_radians();
    let mut sats = vec![];
    for p in 0..orbits {
        let raan = p as f64 * 2.0 * core::f64::consts::PI / orbits as f64;
        for s in 0..per {
            let u = s as f64 * 2.0 * core::f64::consts::PI / per as f64 + 0.3 * rng.next();
            let (x, y) = (r * u.cos(), r * u.sin());
            let (y, z) = (y * inc.cos(), y * inc.sin());
            sats.push([x * raan.cos() - y * raan.sin(), x * raan.sin() + y * raan.cos(), z]);
        }
    }
    let ground = (0..ng)
        .map(|_| {
            let (lat, lon) = ((rng.next() - 0.5) * 1.8, rng.next() * 2.0 * core::f64::consts::PI);
            [6378.0 * lat.cos() * lon.cos(), 6378.0 * lat.cos() * lon.sin(), 6378.0 * lat.sin()]
        })
        .collect();
    (sats, ground)
}

#[test]
fn matches_floyd_warshall_and_the_router_on_small_shells() {
    for (orbits, per, ng, seed, max_gsl) in [(4, 5, 8, 1, 2500.0), (6, 6, 12, 7, 1800.0), (5, 8, 10, 3, 3000.0)] {
        let (sats, ground) = geometry(orbits, per, ng, seed);
        let isls = plus_grid_isls(orbits, per);
        let mut out = vec![];
        Workspace::default().lengths(&sats, &ground, &isls, 1e9, max_gsl, &mut out).unwrap();
        let want = hypatia_brute(&sats, &ground, &isls, max_gsl);
        let (mut reachable, mut unreachable) = (0, 0);
        for (k, (&a, &b)) in out.iter().zip(&want).enumerate() {
            assert!(a.is_nan() == b.is_nan() && (a.is_nan() || (a - b).abs() < 1e-9), "pair {k}: {a} vs {b}");
            if a.is_nan() {
                unreachable += 1;
            } else {
                reachable += 1;
            }
        }
        assert!(reachable > ng, "too few reachable pairs to test anything: {reachable}");
        // The Router, one pair at a time, on satellites + the two ground stations only (so
        // that no other ground station can relay), least delay.
        let ns = sats.len();
        let mut path = vec![];
        for src in 0..ng {
            for dst in (0..ng).filter(|&d| d != src) {
                let mut r = Router::new(ns + 2);
                for &(a, b) in &isls {
                    r.add_edge(a, b, distance_km(&sats[a as usize], &sats[b as usize]));
                }
                for (node, g) in [(ns, src), (ns + 1, dst)] {
                    for (s, p) in sats.iter().enumerate() {
                        let l = distance_km(&ground[g], p);
                        if l <= max_gsl {
                            r.add_edge(node as u32, s as u32, l);
                        }
                    }
                }
                let got = out[src * ng + dst];
                match r.route(ns, ns + 1, RoutingMetric::MinDelay, &mut path) {
                    Some(l) => assert!((l - got).abs() < 1e-9, "{src}->{dst}: router {l} vs {got}"),
                    None => assert!(got.is_nan(), "{src}->{dst}: router finds none, here {got}"),
                }
            }
        }
        let _ = unreachable;
    }
}

#[test]
fn an_isl_beyond_the_maximum_is_refused_as_hypatia_refuses_it() {
    let (sats, ground) = geometry(4, 4, 3, 5);
    let isls = plus_grid_isls(4, 4);
    let err = Workspace::default().lengths(&sats, &ground, &isls, 100.0, 2000.0, &mut vec![]).unwrap_err();
    assert!(err.contains("above the maximum"), "{err}");
}

#[test]
fn plus_grid_is_hypatias_order_and_the_limits_are_its_values() {
    assert_eq!(&plus_grid_isls(3, 3)[..6], &[(0, 1), (0, 3), (1, 2), (1, 4), (0, 2), (2, 5)]);
    assert_eq!(plus_grid_isls(72, 22).len(), 3168);
    // Hypatia's description.txt for Starlink shell 1.
    assert!((max_gsl_length_m(HYPATIA_CONE_RADIUS_M, HYPATIA_SHELL_ALTITUDE_M) - 1_089_686.418_195_620_2).abs() < 1e-6);
    assert!((max_isl_length_m(HYPATIA_SHELL_ALTITUDE_M) - 5_016_591.233_098_428).abs() < 1e-6);
    // Tokyo in Hypatia's extended ground_stations.txt.
    let p = hypatia_geodetic_to_cartesian_m(35.6895, 139.69171, 0.0);
    for (a, b) in p.iter().zip([-3_954_843.592_378, 3_354_935.154_958, 3_700_263.820_217]) {
        assert!((a - b).abs() < 1e-5, "{p:?}");
    }
}

/// Hypatia's generated element sets for a 3 x 3 shell (generate_tles_from_scratch.py, manual).
fn tiny_tles() -> String {
    hypatia_tles_manual("Tiny", 3, 3, true, 53.0, 1e-7, 0.0, 15.19)
}

#[test]
fn steps_hypatias_files_deterministically() {
    let gs = "0,A,0.0,0.0,0.0\n1,B,10.0,60.0,0.0\n2,C,-30.0,150.0,0.0,-4717000.0,2723000.0,-3170000.0\n";
    let mut a = AllPairs::new(&tiny_tles(), gs, 1e9, 3e6).unwrap();
    let mut b = AllPairs::new(&tiny_tles(), gs, 1e9, 3e6).unwrap();
    assert_eq!((a.satellites(), a.ground_stations(), a.isls()), (9, 3, 18));
    for k in 0..20 {
        let t = k as f64 * 30.0;
        let x = a.step(t).unwrap().to_vec();
        let y = b.step(t).unwrap();
        assert_eq!(x.len(), 9);
        assert!(x.iter().zip(y).all(|(p, q)| p.to_bits() == q.to_bits()));
        assert_eq!(x[0], 0.0);
    }
    assert!(a.check_budget(10).is_ok());
    assert!(a.check_budget(10_000_000_000).unwrap_err().contains("budget"));
    assert!(AllPairs::new("3 4\n", gs, 1e9, 3e6).is_err());
    assert!(AllPairs::new(&tiny_tles(), "0,A,0,0\n", 1e9, 3e6).is_err());
    assert!(AllPairs::new(&tiny_tles(), gs, f64::NAN, 3e6).is_err());
}

#[test]
fn generated_kuiper_630_element_sets_are_hypatias() {
    // Satellites 183 and 184 of Kuiper-630 as Hypatia's own test data holds them
    // (ns3-sat-sim/simulator/test_data/end_to_end/satellite_network_state/tles.txt, lines 2-7,
    // there numbered from 0).
    let text = hypatia_tles_manual("Kuiper-630", 34, 34, true, 51.9, 0.0000001, 0.0, 14.80);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "34 34");
    assert_eq!(lines.len(), 1 + 3 * 1156);
    assert_eq!(lines[1 + 3 * 183 + 1], "1 00184U 00000ABC 00001.00000000  .00000000  00000-0  00000+0 0    06");
    assert_eq!(lines[1 + 3 * 183 + 2], "2 00184  51.9000  52.9412 0000001   0.0000 142.9412 14.80000000    00");
    assert_eq!(lines[1 + 3 * 184 + 2], "2 00185  51.9000  52.9412 0000001   0.0000 153.5294 14.80000000    07");
    let (orbits, per_orbit, sets) = parse_hypatia_tles(&text).unwrap();
    assert_eq!((orbits, per_orbit, sets.len()), (34, 34, 1156));
    // Hypatia's description.txt for the shell.
    assert!((max_isl_length_m(630_000.0) - 5_442_958.203_036_287).abs() < 1e-6);
}
