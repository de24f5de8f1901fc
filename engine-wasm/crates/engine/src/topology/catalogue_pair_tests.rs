use super::*;
use crate::orbit::catalogue::{group, latest_epoch_jd, ShellRules};
use crate::orbit::frames::{ecef_from_eci, elevation_deg, gmst_rad, JD_J2000};
use crate::orbit::sites::resolve;
use crate::orbit::tle::parse_tle_text;

const CUT: &str = include_str!("../../tests/fixtures/starlink-70deg-cut.tle");

fn great_circle_km(a: &Site, b: &Site) -> f64 {
    // Haversine on the sphere of the Earth's mean radius... a lower bound needs the smallest
    // radius the sites can sit on: the polar radius (6356.75 km) bounds every geodetic point.
    let (p1, p2) = (a.lat_deg.to_radians(), b.lat_deg.to_radians());
    let dl = (b.lon_deg - a.lon_deg).to_radians();
    let h = ((p2 - p1) / 2.0).sin().powi(2) + p1.cos() * p2.cos() * (dl / 2.0).sin().powi(2);
    2.0 * 6356.75 * h.sqrt().asin()
}

/// Dijkstra in O(V^2) over an adjacency matrix given as an edge list: no heap, no shared code.
fn shortest_km(n: usize, edges: &[(usize, usize, f64)], src: usize, dst: usize) -> Option<f64> {
    let mut adj = vec![vec![]; n];
    for &(a, b, w) in edges {
        adj[a].push((b, w));
        adj[b].push((a, w));
    }
    let mut dist = vec![f64::INFINITY; n];
    let mut done = vec![false; n];
    dist[src] = 0.0;
    loop {
        let u = (0..n).filter(|&i| !done[i] && dist[i].is_finite()).min_by(|&a, &b| dist[a].total_cmp(&dist[b]))?;
        if u == dst {
            return Some(dist[u]);
        }
        done[u] = true;
        for &(v, w) in &adj[u] {
            if dist[u] + w < dist[v] {
                dist[v] = dist[u] + w;
            }
        }
    }
}

/// The cut catalogue at its latest epoch, London and New York, least delay at 25 degrees.
fn setup(isl: IslMode) -> (Vec<(Tle, sgp4::Elements)>, f64, Catalogue, [Site; 2], CatalogueOptions) {
    let sets = parse_tle_text(CUT).unwrap();
    let ref_jd = latest_epoch_jd(&sets).unwrap();
    let cat = group(&sets, ref_jd, &ShellRules::default());
    let sites = [resolve("London", &[]).unwrap(), resolve("New York", &[]).unwrap()];
    let opts = CatalogueOptions { isl, routing: RoutingMetric::MinDelay, min_elevation_deg: 25.0, max_isl_km: None };
    (sets, ref_jd, cat, sites, opts)
}

#[test]
fn london_new_york_over_real_starlink_sets_agrees_with_an_independent_search_and_never_beats_light() {
    let (sets, ref_jd, cat, sites, opts) = setup(IslMode::Grid);
    let mut pair = CataloguePair::new(&sets, &cat, opts, sites.clone(), &[]).unwrap();
    let bound_ms = great_circle_km(&sites[0], &sites[1]) / C_KM_S * 1e3;
    // Independent positions: SGP4 at each instant (no interpolation), Earth-fixed by the sidereal angle.
    let consts: Vec<(sgp4::Constants, f64)> = cat
        .placed
        .iter()
        .map(|p| {
            let el = &sets[p.set].1;
            (sgp4::Constants::from_elements_afspc_compatibility_mode(el).unwrap(), JD_J2000 + el.epoch() * 365.25)
        })
        .collect();
    let range = max_isl_km(cat.shells[0].altitude_km);
    let ground: Vec<Vec3> = sites.iter().map(|s| ecef_from_geodetic(s.lat_deg, s.lon_deg, 0.0)).collect();
    let n = consts.len();
    let (mut routed, mut checked) = (0, 0);
    let mut worst_km: f64 = 0.0;
    for k in 0..40 {
        let t = k as f64 * 45.0;
        let d = pair.step(t);
        let g = gmst_rad(ref_jd + t / 86_400.0);
        let pos: Vec<Vec3> = consts
            .iter()
            .map(|(c, jd)| {
                let m = (ref_jd - jd) * 1440.0 + t / 60.0;
                ecef_from_eci(&c.propagate_afspc_compatibility_mode(sgp4::MinutesSinceEpoch(m)).unwrap().position, g)
            })
            .collect();
        // The engine interpolates between SGP4 evaluations 60 s apart (orbit::propagate).
        for (p, s) in pos.iter().zip(pair.satellites()) {
            worst_km = worst_km.max(distance_km(p, &s.ecef));
        }
        let mut edges: Vec<(usize, usize, f64)> = pair
            .links()
            .iter()
            .map(|l| (l.a as usize, l.b as usize, distance_km(&pos[l.a as usize], &pos[l.b as usize])))
            .filter(|e| e.2 <= range)
            .collect();
        for (s, site) in ground.iter().enumerate() {
            for (i, p) in pos.iter().enumerate() {
                if elevation_deg(site, p) >= 25.0 {
                    edges.push((n + s, i, distance_km(site, p)));
                }
            }
        }
        let want = shortest_km(n + 2, &edges, n, n + 1).map_or(f64::NAN, |km| km / C_KM_S * 1e3);
        assert_eq!(d.is_nan(), want.is_nan(), "t = {t}: engine {d}, independent {want}");
        if d.is_finite() {
            routed += 1;
            assert!(d >= bound_ms, "t = {t}: {d} ms beats light along the great circle ({bound_ms} ms)");
            assert!((d - want).abs() < 1e-3, "t = {t}: engine {d} ms, independent {want} ms");
            checked += 1;
        }
    }
    // docs/BENCHMARKS.md quotes this bound on the interpolation's error at full scale.
    assert!(worst_km < 0.01, "interpolated positions {worst_km} km from SGP4's");
    eprintln!("largest interpolation error over {n} satellites: {:.2} m", worst_km * 1e3);
    // The 70-degree shell alone, at 25 degrees of elevation, joins London and New York most of the time.
    assert!(routed >= 20, "routed at {routed} of 40 steps");
    assert_eq!(checked, routed);
    let s = pair.summary();
    assert!(s.delay_ms.min >= bound_ms && s.delay_ms.max < 4.0 * bound_ms, "{s:?}");
    assert!(s.hops[0] >= 1 && s.isls_up[0] > 0, "{s:?}");
}

#[test]
fn a_bent_pipe_needs_a_satellite_both_ends_see_or_a_relay_between() {
    let (sets, _, cat, sites, opts) = setup(IslMode::None);
    // No relay on the ocean: London and New York never share a satellite at 25 degrees.
    let mut pair = CataloguePair::new(&sets, &cat, opts.clone(), sites.clone(), &[]).unwrap();
    for k in 0..10 {
        assert!(pair.step(k as f64 * 60.0).is_nan());
    }
    assert!(pair.links().is_empty());
    // London to Paris: one satellite sees both.
    let near = [resolve("London", &[]).unwrap(), Site { name: "Paris".into(), lat_deg: 48.86, lon_deg: 2.35 }];
    let mut pair = CataloguePair::new(&sets, &cat, opts, near, &[]).unwrap();
    let routed = (0..20).filter(|&k| pair.step(k as f64 * 60.0).is_finite()).count();
    assert!(routed > 0);
    assert_eq!(pair.summary().hops[1], 0, "a bent pipe to a site both see is one satellite");
}
