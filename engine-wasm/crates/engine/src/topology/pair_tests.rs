//! Tests of the pair topology: the step (access, seam, route and its delay), the typed events
//! of paper 004 §2.3 and the summary they add up to, `info` and the packed geometry.

use super::*;
use crate::crossing::{build_topology, ConstellationScenario};
use crate::orbit::walker::ConstellationPreset;
use std::collections::VecDeque;

fn topo(from: &str, to: &str, edit: impl FnOnce(&mut ConstellationScenario)) -> PairTopology {
    let mut k = ConstellationScenario { from: from.into(), to: to.into(), ..Default::default() };
    edit(&mut k);
    build_topology(&k, "crossing").unwrap()
}

fn iridium(from: &str, to: &str) -> PairTopology {
    topo(from, to, |_| {})
}

/// Light time over `km` [ms].
fn ms(km: f64) -> f64 {
    km / C_KM_S * 1e3
}

/// Whether the link between `a` and `b` (either way) is up at the last step.
fn up(t: &PairTopology, a: u32, b: u32) -> bool {
    t.links.iter().zip(&t.states).any(|(l, s)| *s == IslState::Up && ((l.a, l.b) == (a, b) || (l.a, l.b) == (b, a)))
}

/// Fewest hops from `a` to `b` over the links up at the last step (breadth first).
fn fewest_hops(t: &PairTopology, a: usize, b: usize) -> Option<usize> {
    let n = t.sats.len();
    let mut dist = vec![usize::MAX; n];
    dist[a] = 0;
    let mut q = VecDeque::from([a]);
    while let Some(u) = q.pop_front() {
        for (l, s) in t.links.iter().zip(&t.states) {
            let v = if l.a as usize == u {
                l.b
            } else if l.b as usize == u {
                l.a
            } else {
                continue;
            };
            if *s == IslState::Up && dist[v as usize] == usize::MAX {
                dist[v as usize] = dist[u] + 1;
                q.push_back(v as usize);
            }
        }
    }
    (dist[b] != usize::MAX).then_some(dist[b])
}

#[test]
fn the_route_runs_over_up_links_between_the_access_satellites_and_its_delay_is_its_length() {
    // At each step: the route goes from the first site's access satellite to the second's
    // over links that are up; its delay is (uplink + ISL path + downlink) / c; min-hop routing
    // (paper 004 Table 3) takes the fewest hops; the delay to the last satellite leaves out
    // the downlink; the pair is separated by the seam when one access satellite ascends and
    // the other descends (§2.3 item 4).
    let mut t = iridium("Los Angeles", "Hawaii gateway");
    let (mut seam_steps, mut routed) = (0, 0);
    for k in 0..120 {
        let (delay, hops, seam) = t.step(60.0 * k as f64);
        let [Some(a), Some(b)] = t.access else { panic!("Iridium covers both sites at step {k}") };
        assert_eq!((t.route[0] as usize, *t.route.last().unwrap() as usize), (a, b), "step {k}");
        let mut isl_km = 0.0;
        for w in t.route.windows(2) {
            assert!(up(&t, w[0], w[1]), "step {k}: {} - {} is not an up link", w[0], w[1]);
            isl_km += distance_km(&t.sats[w[0] as usize].ecef, &t.sats[w[1] as usize].ecef);
        }
        let upl = distance_km(&t.site_ecef[0], &t.sats[a].ecef);
        let down = distance_km(&t.site_ecef[1], &t.sats[b].ecef);
        assert!((delay - ms(upl + isl_km + down)).abs() < 1e-9, "step {k}: {delay} vs {}", ms(upl + isl_km + down));
        assert!((t.delay_to_last_satellite_ms() - (delay - ms(down))).abs() < 1e-9, "step {k}");
        assert_eq!(hops, (t.route.len() - 1) as f64);
        assert_eq!(Some(t.route.len() - 1), fewest_hops(&t, a, b), "step {k}");
        assert_eq!(seam, t.sats[a].ascending != t.sats[b].ascending, "step {k}");
        seam_steps += seam as u32;
        routed += 1;
    }
    assert!(seam_steps > 0 && seam_steps < routed, "{seam_steps} of {routed} steps across the seam");
}

#[test]
fn geometry_packed_follows_its_documented_layout() {
    // [n_sats, ECEF xyz per satellite, ascending per satellite, n_links, state per link
    //  (0 up, 1 polar cut-off, 2 seam), partner b per link, access_from, access_to, seam,
    //  delay_ms, gmst, n_route, route...]
    let mut t = iridium("Atlantic ship", "London");
    t.step(0.0);
    let (delay, _, seam) = t.step(900.0);
    let g = t.geometry_packed();
    let n = g[0] as usize;
    assert_eq!(n, 66);
    let mut i = 1;
    for s in &t.sats {
        assert_eq!(g[i..i + 3], s.ecef);
        let r = (s.ecef[0].powi(2) + s.ecef[1].powi(2) + s.ecef[2].powi(2)).sqrt();
        assert!((r - 6371.0 - 780.0).abs() < 30.0, "{r} km from the centre");
        i += 3;
    }
    for s in &t.sats {
        assert_eq!(g[i], if s.ascending { 1.0 } else { 0.0 });
        i += 1;
    }
    assert!(g[1 + 3 * n..1 + 4 * n].contains(&0.0) && g[1 + 3 * n..1 + 4 * n].contains(&1.0));
    let links = g[i] as usize;
    assert_eq!(links, t.links.len());
    i += 1;
    for (l, s) in t.links.iter().zip(&t.states) {
        assert_eq!(g[i], s.code() as f64);
        // Without the teaching option, every cross-seam link is down for the seam.
        if l.kind == isl::IslKind::CrossSeam {
            assert_eq!(g[i], 2.0);
        }
        i += 1;
    }
    assert!(
        g[i - links..i].contains(&0.0) && g[i - links..i].contains(&1.0),
        "some links up, some cut off at the poles"
    );
    for l in &t.links {
        assert_eq!(g[i], l.b as f64);
        i += 1;
    }
    assert_eq!(g[i..i + 2], t.access.map(|a| a.unwrap() as f64));
    assert_eq!(g[i + 2], seam as u8 as f64);
    assert_eq!(g[i + 3], delay);
    assert_eq!(g[i + 4], t.prop.gmst(900.0));
    let hops = g[i + 5] as usize;
    assert_eq!(g[i + 6..], t.route.iter().map(|&r| r as f64).collect::<Vec<_>>()[..]);
    assert_eq!(g.len(), i + 6 + hops);
    assert!(hops >= 2);
}

#[test]
fn seam_partners_in_the_packed_geometry_follow_the_re_pairing() {
    // With links across the seam (the teaching option), each last-plane satellite is re-paired
    // with the nearest first-plane satellite at every step; the packed partners say which.
    let mut t = topo("Los Angeles", "Hawaii gateway", |k| k.seam_isls = true);
    let mut partners = std::collections::BTreeSet::new();
    for k in 0..10 {
        t.step(300.0 * k as f64);
        let g = t.geometry_packed();
        let links = t.links.len();
        let partner_at = 1 + 4 * 66 + 1 + links;
        for (j, l) in t.links.iter().enumerate().filter(|(_, l)| l.kind == isl::IslKind::CrossSeam) {
            let b = g[partner_at + j] as usize;
            assert_eq!(b, l.b as usize);
            assert!(b < 11, "partner {b} is not in the first plane");
            let d = distance_km(&t.sats[l.a as usize].ecef, &t.sats[b].ecef);
            assert!((0..11).all(|x| distance_km(&t.sats[l.a as usize].ecef, &t.sats[x].ecef) >= d));
            assert_ne!(g[1 + 4 * 66 + 1 + j], 2.0, "a cross-seam link down for the seam with the option on");
            partners.insert((l.a, b));
        }
    }
    assert!(partners.len() > 11, "the seam partners never changed: {partners:?}");
}

/// An event as the tests expect it: kind, end, satellites before and after.
type ExpectedEvent = (TopoEventKind, Option<u8>, Option<u32>, Option<u32>);

/// What one end's access change should have produced.
fn expected_access_event(end: u8, before: Option<usize>, now: Option<usize>, slots: usize) -> Option<ExpectedEvent> {
    let kind = match (before, now) {
        (Some(a), Some(b)) if a == b => return None,
        (Some(a), Some(b)) if a / slots == b / slots => TopoEventKind::IntraOrbital,
        (Some(_), Some(_)) => TopoEventKind::InterOrbital,
        (Some(_), None) => TopoEventKind::AccessLost,
        (None, Some(_)) => TopoEventKind::AccessGained,
        (None, None) => return None,
    };
    Some((kind, Some(end), before.map(|x| x as u32), now.map(|x| x as u32)))
}

#[test]
fn events_classify_each_change_and_the_summary_adds_them_up() {
    // Paper 004 §2.3: an access change within a plane is intra-orbital, to another plane
    // inter-orbital; entering seam separation is a seam handover; a route change with both
    // access satellites kept is an ISL change; link state changes are logged with a reason.
    // Each step's events are exactly those; the summary's counts are the events'.
    let step_s = 20.0;
    let mut t = iridium("Los Angeles", "Hawaii gateway");
    let mut all = vec![];
    let mut seam_first = false;
    let (mut delays, mut hops, mut seam_steps, mut unrouted) = (vec![], vec![], 0u64, 0u64);
    let mut n_steps = 0u64;
    let mut ties = 0u64;
    let mut t_s = 0.0;
    while t_s <= 10.0 * 3600.0 {
        let (access, seam, route, states) = (t.access, t.seam, t.route.clone(), t.states.clone());
        let (d, h, now_seam) = t.step(t_s);
        let events = t.drain_events();
        n_steps += 1;
        seam_steps += now_seam as u64;
        if d.is_finite() {
            delays.push(d);
            hops.push(h as u32);
        } else {
            unrouted += 1;
        }
        if n_steps == 1 {
            assert!(events.is_empty(), "the first step is no change: {events:?}");
            seam_first = now_seam;
            t_s += step_s;
            continue;
        }
        let mut expected = vec![];
        for end in 0..2u8 {
            expected.extend(expected_access_event(end, access[end as usize], t.access[end as usize], 11));
        }
        if now_seam && !seam {
            expected.push((TopoEventKind::SeamEnter, None, None, None));
        } else if !now_seam && seam {
            expected.push((TopoEventKind::SeamLeave, None, None, None));
        }
        if t.access == access && !route.is_empty() && !t.route.is_empty() && t.route != route {
            // A route change is an event when a user can see it: other hops, or a delay step of
            // at least ISL_CHANGE_MIN_MS against the old route at this instant.
            let km = |r: &[u32]| -> f64 {
                r.windows(2).map(|w| distance_km(&t.sats[w[0] as usize].ecef, &t.sats[w[1] as usize].ecef)).sum()
            };
            let step = ms(km(&t.route)) - ms(km(&route));
            if route.len() != t.route.len() || step.abs() >= ISL_CHANGE_MIN_MS {
                expected.push((TopoEventKind::IslChange, None, None, None));
                // The route change says how many hops the route had before and has now, and
                // the delay it adds.
                let e = events.iter().find(|e| e.kind == TopoEventKind::IslChange).expect("an isl-change event");
                assert_eq!(e.hops, Some([(route.len() - 1) as u32, (t.route.len() - 1) as u32]), "at {t_s} s");
                assert!((e.step_ms.unwrap() - step).abs() < 1e-9, "at {t_s} s");
            } else {
                ties += 1;
            }
        }
        let mut got: Vec<_> = events
            .iter()
            .filter(|e| !matches!(e.kind, TopoEventKind::LinkUp | TopoEventKind::LinkDown))
            .map(|e| (e.kind, e.end, e.from_sat, e.to_sat))
            .collect();
        got.sort_by_key(|e| format!("{e:?}"));
        expected.sort_by_key(|e| format!("{e:?}"));
        assert_eq!(got, expected, "at {t_s} s");
        // One event per link whose state changed, naming its ends; without links across the
        // seam only the polar cut-off (§2.2) switches links, so that is every reason.
        let mut changed: Vec<_> = t
            .links
            .iter()
            .zip(states.iter().zip(&t.states))
            .filter(|(_, (a, b))| a != b)
            .map(|(l, (_, b))| (l.a, l.b, *b == IslState::Up))
            .collect();
        let mut link_events: Vec<_> = events
            .iter()
            .filter(|e| matches!(e.kind, TopoEventKind::LinkUp | TopoEventKind::LinkDown))
            .map(|e| (e.from_sat.unwrap(), e.to_sat.unwrap(), e.kind == TopoEventKind::LinkUp))
            .collect();
        changed.sort_unstable();
        link_events.sort_unstable();
        assert_eq!(link_events, changed, "at {t_s} s");
        assert!(events
            .iter()
            .filter(|e| matches!(e.kind, TopoEventKind::LinkUp | TopoEventKind::LinkDown))
            .all(|e| e.reason == Some("polar-cutoff")));
        assert!(events.iter().all(|e| e.t_s == t_s));
        all.extend(events);
        t_s += step_s;
    }
    let count = |k: TopoEventKind| all.iter().filter(|e| e.kind == k).count() as u64;
    let s = t.summary();
    let h = &s.handovers;
    assert_eq!(
        (h.intra_orbital, h.inter_orbital, h.seam, h.isl_change),
        (
            count(TopoEventKind::IntraOrbital),
            count(TopoEventKind::InterOrbital),
            count(TopoEventKind::SeamEnter),
            count(TopoEventKind::IslChange)
        )
    );
    for k in
        [TopoEventKind::IntraOrbital, TopoEventKind::InterOrbital, TopoEventKind::SeamEnter, TopoEventKind::IslChange]
    {
        assert!(count(k) > 0, "no {k:?} in 10 h");
    }
    assert_eq!(s.link_changes, count(TopoEventKind::LinkUp) + count(TopoEventKind::LinkDown));
    // Route flips between near-equal routes happen (so the rule above was exercised) and are
    // not events.
    assert!(ties > 0, "no tie between equal-hop routes in 10 h");
    // Separations: the entries, plus one if the run starts separated.
    assert_eq!(s.seam_separations, count(TopoEventKind::SeamEnter) + seam_first as u64);
    assert_eq!((s.steps, s.steps_without_route), (n_steps, unrouted));
    assert!((s.seam_fraction - seam_steps as f64 / n_steps as f64).abs() < 1e-15);
    // Plane changes: inter-orbital handovers of one end less than 30 min after its previous
    // one count once.
    let mut plane_changes = 0;
    let mut intra_gaps = vec![];
    for end in 0..2u8 {
        let mut last: Option<f64> = None;
        for e in all.iter().filter(|e| e.end == Some(end) && e.kind == TopoEventKind::InterOrbital) {
            plane_changes += last.is_none_or(|l| e.t_s - l >= 1800.0) as u64;
            last = Some(e.t_s);
        }
        let intra: Vec<f64> =
            all.iter().filter(|e| e.end == Some(end) && e.kind == TopoEventKind::IntraOrbital).map(|e| e.t_s).collect();
        intra_gaps.extend(intra.windows(2).map(|w| w[1] - w[0]));
    }
    assert_eq!(s.plane_changes, plane_changes);
    let interval = intra_gaps.iter().sum::<f64>() / intra_gaps.len() as f64 / 60.0;
    assert!((s.intra_orbital_interval_min - interval).abs() < 1e-9, "{} vs {interval}", s.intra_orbital_interval_min);
    // Delay and hops over the routed steps.
    let mean = delays.iter().sum::<f64>() / delays.len() as f64;
    let (lo, hi) = delays.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &d| (a.min(d), b.max(d)));
    assert_eq!((s.delay_ms.min, s.delay_ms.max), (lo, hi));
    assert!((s.delay_ms.mean - mean).abs() < 1e-9);
    assert_eq!((s.hops.min, s.hops.max), (*hops.iter().min().unwrap(), *hops.iter().max().unwrap()));
    // Up- and downlinks: 780 km at zenith to 2463 km at the 8.2 deg mask (paper 004 Fig. 3),
    // give or take SGP4's oscillation of the radius.
    assert!(
        s.access_delay_ms.min >= 2.55 && s.access_delay_ms.max <= 8.3 && s.access_delay_ms.mean > s.access_delay_ms.min,
        "{:?}",
        s.access_delay_ms
    );
}

#[test]
fn drain_events_hands_each_event_out_once() {
    let mut t = iridium("Atlantic ship", "London");
    t.step(0.0);
    assert!(t.drain_events().is_empty());
    let mut n = 0;
    for k in 1..=40 {
        t.step(30.0 * k as f64);
        let e = t.drain_events();
        assert!(e.iter().all(|e| e.t_s == 30.0 * k as f64));
        n += e.len();
        assert!(t.drain_events().is_empty());
    }
    assert!(n > 0, "20 min without an event");
}

#[test]
fn without_a_route_the_delay_and_hops_are_not_numbers_and_the_gap_is_counted() {
    // Two planes of three satellites leave the sites uncovered most of the time: no access
    // means no route, a NaN delay (the VoIP model then keeps the last known delay), -1 for the
    // missing access in the packed geometry, and the access lost and found again as events,
    // not as handovers.
    let mut t = topo("London", "Toulouse", |k| {
        k.planes = Some(2);
        k.sats_per_plane = Some(3);
    });
    let (mut unrouted, mut routed) = (0u64, 0u64);
    let mut events = vec![];
    for k in 0..240 {
        let (delay, hops, _) = t.step(60.0 * k as f64);
        events.extend(t.drain_events());
        if t.access.contains(&None) {
            assert!(delay.is_nan() && hops.is_nan() && t.route.is_empty(), "{delay} {hops}");
            assert!(t.delay_to_last_satellite_ms().is_nan());
            let g = t.geometry_packed();
            let at = 1 + 4 * 6 + 1 + 2 * t.links.len();
            assert!(
                g[at..at + 2].contains(&-1.0) && g[at + 3].is_nan() && g[at + 5] == 0.0 && g.len() == at + 6,
                "{:?}",
                &g[at..]
            );
        }
        if delay.is_nan() {
            unrouted += 1;
        } else {
            routed += 1;
        }
    }
    let s = t.summary();
    assert_eq!((s.steps, s.steps_without_route), (240, unrouted));
    assert!(unrouted > 100 && routed > 0, "{unrouted} unrouted, {routed} routed");
    assert!(
        events.iter().any(|e| e.kind == TopoEventKind::AccessLost)
            && events.iter().any(|e| e.kind == TopoEventKind::AccessGained)
    );
    assert!(s.delay_ms.min.is_finite() && s.delay_ms.min <= s.delay_ms.mean && s.delay_ms.mean <= s.delay_ms.max);

    // Never routed: the summary has no delay, and 0 hops.
    let mut never = topo("London", "Sydney", |k| {
        k.planes = Some(1);
        k.sats_per_plane = Some(1);
    });
    never.step(0.0);
    assert!(never.access.contains(&None));
    let s = never.summary();
    assert!(s.delay_ms.min.is_nan() && s.delay_ms.mean.is_nan() && s.delay_ms.max.is_nan());
    assert_eq!((s.hops.min, s.hops.max, s.steps, s.steps_without_route), (0, 0, 1, 1));
    assert!(s.intra_orbital_interval_min.is_nan());
}

#[test]
fn info_describes_the_constellation() {
    // Iridium (paper 004 Table 2): 6 planes of 11, 31.6 deg apart, a 22 deg seam.
    let mut t = iridium("Atlantic ship", "London");
    t.step(0.0);
    let info = t.info();
    assert_eq!(info.sats.len(), 66);
    assert!(info.sats.iter().enumerate().all(|(i, &(p, s))| (p, s) == (i as u32 / 11, i as u32 % 11)));
    assert_eq!(info.links, isl::links(&t.spec));
    assert_eq!((info.planes, info.sats_per_plane, info.kind), (6, 11, WalkerKind::Star));
    assert_eq!((info.altitude_km, info.inclination_deg, info.elevation_mask_deg), (780.0, 86.4, 8.2));
    assert_eq!(info.plane_raan_deg.len(), 6);
    assert!(
        info.plane_raan_deg.iter().enumerate().all(|(k, r)| (r - 31.6 * k as f64).abs() < 1e-9),
        "{:?}",
        info.plane_raan_deg
    );
    assert!((info.seam_raan_deg.unwrap() + 11.0).abs() < 1e-9);
    assert_eq!(info.tle_text.lines().count(), 3 * 66);
    assert!(info.tle_text.lines().skip(1).step_by(3).all(|l| l.starts_with("1 ")));
    assert!(info.tle_text.lines().skip(2).step_by(3).all(|l| l.starts_with("2 ")));
    assert_eq!([info.sites[0].name.as_str(), info.sites[1].name.as_str()], ["Atlantic ship", "London"]);
    assert!(info.site_choices.iter().any(|s| s.name == "Hawaii gateway"));
    // A delta has no seam and planes over 360 deg.
    let d = topo("Atlantic ship", "London", |k| k.preset = ConstellationPreset::WalkerDelta53).info();
    assert_eq!((d.kind, d.seam_raan_deg, d.planes), (WalkerKind::Delta, None, 12));
    assert!(d.plane_raan_deg.iter().enumerate().all(|(k, r)| (r - 30.0 * k as f64).abs() < 1e-9));
}

#[test]
fn a_delta_constellation_is_never_separated_by_a_seam() {
    // Its access satellites can still move in opposite directions; that is no seam.
    let mut t = topo("Los Angeles", "Hawaii gateway", |k| k.preset = ConstellationPreset::WalkerDelta53);
    let mut opposite = 0;
    for k in 0..60 {
        let (_, _, seam) = t.step(120.0 * k as f64);
        assert!(!seam);
        if let [Some(a), Some(b)] = t.access {
            opposite += (t.sats[a].ascending != t.sats[b].ascending) as u32;
        }
    }
    assert!(opposite > 0);
    assert!(t.drain_events().iter().all(|e| !matches!(e.kind, TopoEventKind::SeamEnter | TopoEventKind::SeamLeave)));
    let s = t.summary();
    assert_eq!((s.seam_separations, s.handovers.seam, s.seam_fraction), (0, 0, 0.0));
}
