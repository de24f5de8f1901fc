//! The constellation model over a real catalogue: the same routes as the catalogue route that
//! `calc pair --tle` follows (itself checked against an independent search), handovers typed
//! by shell and plane, and the errors a user meets first.

use super::*;
use crate::crossing::ConstellationScenario;
use crate::orbit::catalogue::latest_epoch_jd;
use crate::orbit::frames::iso_from_julian_date;
use crate::orbit::tle::parse_tle_text;
use crate::sim::Simulation;
use crate::topology::access::AccessPolicy;
use crate::topology::catalogue_pair::{CatalogueOptions, CataloguePair, IslMode};
use crate::topology::isl::IslChoice;
use crate::topology::routing::RoutingMetric;

/// 612 element sets cut from a Starlink catalogue of 13 May 2026 (the 70° shell and strays).
const CUT: &str = include_str!("../../../tests/fixtures/starlink-70deg-cut.tle");

fn cut_epoch() -> String {
    iso_from_julian_date(latest_epoch_jd(&parse_tle_text(CUT).unwrap()).unwrap())
}

fn over_the_cut(access: AccessPolicy) -> ConstellationScenario {
    ConstellationScenario {
        tle: Some(CUT.into()),
        isl: IslChoice::Grid,
        access,
        routing: RoutingMetric::MinDelay,
        elevation_mask_deg: Some(25.0),
        epoch_utc: cut_epoch(),
        from: "London".into(),
        to: "New York".into(),
        ..Default::default()
    }
}

#[test]
fn free_access_over_grid_follows_the_catalogue_route_step_for_step() {
    let k = over_the_cut(AccessPolicy::Free);
    let mut topo = build_topology(&k, "constellation").unwrap();
    let epoch = k.epoch_jd().unwrap();
    let (_, cat, _) = k.catalogue(epoch).unwrap();
    let sets = crate::orbit::catalogue::parse(CUT).unwrap();
    let opts = CatalogueOptions {
        isl: IslMode::Grid,
        routing: RoutingMetric::MinDelay,
        min_elevation_deg: 25.0,
        max_isl_km: None,
    };
    let mut pair = CataloguePair::new(&sets, &cat, opts, [topo.summary().from, topo.summary().to], &[]).unwrap();
    let mut routed = 0;
    for step in 0..40 {
        let t = step as f64 * 45.0;
        let (ms, hops, seam) = topo.step(t);
        let expected = pair.step(t);
        assert_eq!(ms.to_bits(), expected.to_bits(), "step {step}: {ms} against {expected}");
        assert!(!seam, "Starlink's 70° shell is a delta: no seam");
        if ms.is_finite() {
            routed += 1;
            assert_eq!(topo.route(), pair.route(), "step {step}");
            assert_eq!(hops as usize, pair.route().len() - 1);
        }
    }
    assert!(routed >= 20, "routed at {routed} of 40 steps");
    assert_eq!(topo.info().shells.len(), 1);
    assert!(topo.info().links.len() > 1000);
}

#[test]
fn one_access_satellite_per_end_never_beats_free_access() {
    // Free access lets the route pick both satellites; the other policies fix them, so their
    // delay is at least as long at every step both route.
    for policy in [AccessPolicy::HighestElevation, AccessPolicy::LongestVisibility, AccessPolicy::Ns2] {
        let mut fixed = build_topology(&over_the_cut(policy), "constellation").unwrap();
        let mut free = build_topology(&over_the_cut(AccessPolicy::Free), "constellation").unwrap();
        let mut both = 0;
        for step in 0..30 {
            let t = step as f64 * 30.0;
            let (a, b) = (fixed.step(t).0, free.step(t).0);
            if a.is_finite() && b.is_finite() {
                both += 1;
                assert!(a >= b - 1e-9, "{policy:?} step {step}: {a} ms under free access's {b}");
            }
        }
        assert!(both >= 10, "{policy:?}: {both} steps");
        let s = fixed.summary();
        assert_eq!(s.handovers.shell_change, 0, "one shell: no shell change");
    }
}

#[test]
fn longest_visibility_keeps_its_satellite_longer_than_highest_elevation() {
    // Over 40 minutes of the 70° shell: highest elevation hands over whenever another satellite
    // climbs higher; longest visibility only when its satellite sets.
    let count = |policy| {
        let mut t = build_topology(&over_the_cut(policy), "constellation").unwrap();
        (0..240).for_each(|k| {
            t.step(k as f64 * 10.0);
        });
        let h = t.summary().handovers;
        h.intra_orbital + h.inter_orbital
    };
    let (longest, highest) = (count(AccessPolicy::LongestVisibility), count(AccessPolicy::HighestElevation));
    assert!(longest > 0 && longest < highest, "longest visibility {longest}, highest elevation {highest}");
}

#[test]
fn a_catalogue_runs_as_a_scenario_and_refuses_an_epoch_far_from_its_sets() {
    let scenario = |epoch: &str| {
        serde_json::json!({
            "version": 1, "model": "constellation", "duration_s": 600, "warmup_s": 0,
            "constellation": {"tle": CUT, "isl": "grid", "access": "free", "routing": "min-delay",
                "elevation_mask_deg": 25, "epoch_utc": epoch, "step_s": 10, "from": "London", "to": "New York"}
        })
        .to_string()
    };
    let mut sim = Simulation::from_json(&scenario(&cut_epoch())).unwrap();
    sim.run_to_end();
    let v = serde_json::to_value(sim.summary()).unwrap();
    let c = &v["constellation"];
    assert_eq!(c["steps"], 61, "{c}");
    assert!(c["delay_ms"]["min"].as_f64().unwrap() > 18.5, "{c}");
    let err = Simulation::from_json(&scenario("2026-01-01T00:00:00Z")).err().unwrap().to_string();
    assert!(err.contains("constellation.tle") && err.contains("stale"), "{err}");
    assert!(err.contains("latest epoch is 2026-05-1") && err.contains("constellation.epoch_utc"), "{err}");
    // Thresholds are the scenario's: a shell needs 10,000 satellites, and none is left.
    let mut v: serde_json::Value = serde_json::from_str(&scenario(&cut_epoch())).unwrap();
    v["constellation"]["shell_rules"] = serde_json::json!({"min_shell_satellites": 10000});
    let err = Simulation::from_json(&v.to_string()).err().unwrap().to_string();
    assert!(err.contains("no shell of at least 10000 satellites"), "{err}");
    v["constellation"]["shell_rules"] = serde_json::json!({"plane_gap_deg": 0});
    let err = Simulation::from_json(&v.to_string()).err().unwrap().to_string();
    assert!(err.contains("constellation.shell_rules.plane_gap_deg"), "{err}");
}
