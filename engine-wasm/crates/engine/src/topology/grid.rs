//! "+Grid" inter-satellite links for any shell of a catalogue: each satellite links to its two
//! neighbours in its plane (ahead and behind by argument of latitude) and to the satellite of
//! each adjacent plane nearest to it in argument of latitude. This is the ISL pattern of
//! Starlink's filings and of Hypatia (Kassing et al., "Exploring the 'Internet from space' with
//! Hypatia", IMC 2020, §3: "+Grid", four ISLs per satellite), whose generated shells pair
//! (p, s) with (p + 1, s).
//!
//! Real planes are uneven (a plane of 18 beside one of 22), so "the same slot in the next plane"
//! is not always defined. The rule is that of the independent route computation
//! `calc pair --tle` is tested against (`tests/independent_routes.rs`): every satellite chooses,
//! in each adjacent plane, the satellite nearest in argument of latitude (at the catalogue's
//! reference time), and a link joins it to each one it chooses; a satellite chosen from two
//! sides has more than four links (a real laser terminal would not: the rule is kept for routes
//! that agree with the reference). Where two planes of equal size pair slot i with slot i + r
//! for one shift r and every pair so made is nearest (within [`TIE_DEG`]), that pairing is taken,
//! as Hypatia's (p, s) - (p + 1, s): a filed shell's half-slot phasing leaves two satellites
//! equally near, and the shift keeps its links one to one, four per satellite. Pairing every
//! equal pair of planes by a shift regardless (the rule before 2026-11-29) lengthened Sydney -
//! Tokyo by 0.46 ms on average over Starlink's catalogue: a real plane's satellites are not
//! evenly spaced. The pairing
//! is fixed for the run, as in Hypatia. The ring of planes closes (a delta's last plane
//! neighbours its first) unless the catalogue found it open (a star's seam, planes missing:
//! [`crate::orbit::catalogue::OPEN_RING_RATIO`]). No link joins two shells.
//!
//! A link is usable while its length is at most the shell's maximum: by default the longest
//! line of sight between two satellites of the shell that stays 80 km above the Earth,
//! 2 sqrt((R + h)^2 - (R + 80)^2) (Hypatia's `MAX_ISL_LENGTH_M`, 5,016 km at 550 km).

use crate::orbit::catalogue::Catalogue;
use crate::topology::isl::{Isl, IslKind};

/// Equatorial radius of WGS-72 [km].
const RE_KM: f64 = 6378.135;
/// Two satellites this close in distance [deg of argument of latitude] are equally near (a
/// generated shell's element sets round angles to 1e-4 deg).
const TIE_DEG: f64 = 1e-3;
/// The lowest a laser's line of sight may pass above the Earth [km] (Hypatia's choice).
pub const GRAZING_KM: f64 = 80.0;

/// Longest line of sight between two satellites at `altitude_km` that clears [`GRAZING_KM`] [km].
pub fn max_isl_km(altitude_km: f64) -> f64 {
    let (r, g) = (RE_KM + altitude_km, RE_KM + GRAZING_KM);
    2.0 * (r * r - g * g).max(0.0).sqrt()
}

/// Angular distance between two angles [deg], 0 to 180.
fn ang(a: f64, b: f64) -> f64 {
    let d = (a - b).rem_euclid(360.0);
    d.min(360.0 - d)
}

/// The +Grid links of every shell of `cat`; satellite indices are positions in `cat.placed`.
pub fn plus_grid(cat: &Catalogue) -> Vec<Isl> {
    let mut out = vec![];
    // Planes as index ranges into `placed` (placed is ordered shell, plane, slot).
    let mut planes: Vec<(u32, std::ops::Range<usize>)> = vec![];
    let mut start = 0;
    for i in 1..=cat.placed.len() {
        let boundary = i == cat.placed.len()
            || (cat.placed[i].shell, cat.placed[i].plane) != (cat.placed[start].shell, cat.placed[start].plane);
        if boundary {
            planes.push((cat.placed[start].shell, start..i));
            start = i;
        }
    }
    // Intra-plane: ring of the slots (one link for a plane of two).
    for (_, r) in &planes {
        let n = r.len();
        if n < 2 {
            continue;
        }
        let links = if n == 2 { 1 } else { n };
        for k in 0..links {
            let (a, b) = (r.start + k, r.start + (k + 1) % n);
            out.push(Isl { a: a as u32, b: b as u32, kind: IslKind::IntraPlane });
        }
    }
    // Cross-plane, shell by shell: each satellite to the nearest in argument of latitude of each
    // adjacent plane, both ways, each link once.
    let u = |i: usize| cat.placed[i].u_deg;
    let nearest = |a: usize, plane: &std::ops::Range<usize>| {
        plane.clone().min_by(|&x, &y| ang(u(a), u(x)).total_cmp(&ang(u(a), u(y))).then(x.cmp(&y)))
    };
    let nearest_deg = |a: usize, plane: &std::ops::Range<usize>| nearest(a, plane).map_or(0.0, |b| ang(u(a), u(b)));
    for (s, shell) in cat.shells.iter().enumerate() {
        let ps: Vec<&std::ops::Range<usize>> =
            planes.iter().filter(|(sh, _)| *sh as usize == s).map(|(_, r)| r).collect();
        let np = ps.len();
        if np < 2 {
            continue;
        }
        let pairs = if shell.star || np == 2 { np - 1 } else { np };
        for k in 0..pairs {
            let (west, east) = (ps[k], ps[(k + 1) % np]);
            let (nw, ne) = (west.len(), east.len());
            // Planes of equal size: slot i to slot i + r, the shift r of least total distance
            // (the first such r), as Hypatia's (p, s) - (p + 1, s), if that gives every
            // satellite of both a nearest partner: a filed shell's half-slot phasing leaves two
            // equally near, and the shift keeps its pairing one to one.
            let shifted = (nw == ne).then(|| {
                let cost =
                    |r: usize| (0..nw).map(|i| ang(u(west.start + i), u(east.start + (i + r) % ne))).sum::<f64>();
                let r = (0..ne).min_by(|&x, &y| cost(x).total_cmp(&cost(y)).then(x.cmp(&y))).unwrap_or(0);
                (0..nw).map(|i| (west.start + i, east.start + (i + r) % ne)).collect::<Vec<_>>()
            });
            let all_nearest = |pairs: &[(usize, usize)]| {
                pairs.iter().all(|&(a, b)| {
                    let d = ang(u(a), u(b));
                    d <= nearest_deg(a, east) + TIE_DEG && d <= nearest_deg(b, west) + TIE_DEG
                })
            };
            let mut chosen: Vec<(usize, usize)> = match shifted {
                Some(p) if all_nearest(&p) => p,
                _ => {
                    let mut c: Vec<(usize, usize)> =
                        west.clone().filter_map(|a| Some((a, nearest(a, east)?))).collect();
                    c.extend(east.clone().filter_map(|b| Some((nearest(b, west)?, b))));
                    c
                }
            };
            chosen.sort_unstable();
            chosen.dedup();
            out.extend(chosen.into_iter().map(|(a, b)| Isl { a: a as u32, b: b as u32, kind: IslKind::CrossPlane }));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orbit::catalogue::{group, latest_epoch_jd, ShellRules};
    use crate::orbit::tle::parse_tle_text;

    #[test]
    fn the_grazing_range_is_hypatias_at_550_km() {
        // Hypatia's main_starlink_550.py: MAX_ISL_LENGTH_M = 5016591.2330984278.
        assert!((max_isl_km(550.0) - 5016.591).abs() < 0.01, "{}", max_isl_km(550.0));
    }

    #[test]
    fn a_filed_shell_read_back_from_its_element_sets_is_hypatias_plus_grid() {
        use crate::orbit::frames::julian_date;
        use crate::orbit::propagate::{PropagationModel, Propagator};
        use crate::orbit::walker::ConstellationPreset;
        let spec = ConstellationPreset::StarlinkShell1.spec();
        let jd = julian_date(2026, 5, 13, 0, 0, 0.0);
        let p = Propagator::from_walker(&spec, jd, PropagationModel::Sgp4).unwrap();
        let text: String = p.tles().iter().map(|t| format!("{}\n{}\n", t.line1, t.line2)).collect();
        let sets = parse_tle_text(&text).unwrap();
        let cat = group(&sets, jd, &ShellRules::default());
        assert_eq!(cat.shells.len(), 1);
        assert_eq!((cat.shells[0].planes, cat.shells[0].per_plane), (72, [22, 22, 22]));
        let links = plus_grid(&cat);
        // Four lasers each: 2 x 1584 links, half of them between planes.
        assert_eq!(links.len(), 2 * 1584);
        let mut degree = vec![0u32; cat.placed.len()];
        for l in &links {
            degree[l.a as usize] += 1;
            degree[l.b as usize] += 1;
        }
        assert!(degree.iter().all(|&d| d == 4));
    }

    #[test]
    fn every_satellite_links_to_both_neighbouring_planes_and_planes_are_rings() {
        let sets = parse_tle_text(include_str!("../../tests/fixtures/starlink-70deg-cut.tle")).unwrap();
        let cat = group(&sets, latest_epoch_jd(&sets).unwrap(), &ShellRules::default());
        let links = plus_grid(&cat);
        let np = cat.shells[0].planes;
        assert!(!cat.shells[0].star, "the 70 deg shell's planes go all around");
        // The planes each satellite links to, besides its own.
        let mut planes_linked: Vec<std::collections::BTreeSet<u32>> = vec![Default::default(); cat.placed.len()];
        let mut pairs = std::collections::BTreeSet::new();
        for l in &links {
            assert!(pairs.insert((l.a.min(l.b), l.a.max(l.b))), "a link twice: {l:?}");
            let (a, b) = (cat.placed[l.a as usize], cat.placed[l.b as usize]);
            assert_eq!(a.shell, b.shell, "no link between shells");
            match l.kind {
                IslKind::IntraPlane => assert_eq!(a.plane, b.plane),
                _ => {
                    // Only neighbouring planes, the last beside the first.
                    let d = (a.plane + np - b.plane) % np;
                    assert!(d == 1 || d == np - 1, "{a:?} {b:?}");
                    planes_linked[l.a as usize].insert(b.plane);
                    planes_linked[l.b as usize].insert(a.plane);
                }
            }
        }
        // Every satellite chooses the nearest of each neighbouring plane: links to both.
        for (i, p) in cat.placed.iter().enumerate() {
            let want: std::collections::BTreeSet<u32> = [(p.plane + 1) % np, (p.plane + np - 1) % np].into();
            assert_eq!(planes_linked[i], want, "satellite {i} {p:?}");
        }
        // Intra-plane: n links per plane of n >= 3 (every plane has 5 or more).
        let intra = links.iter().filter(|l| l.kind == IslKind::IntraPlane).count();
        assert_eq!(intra, cat.placed.len());
        assert!(cat.shells[0].per_plane[0] >= 5, "{:?}", cat.shells[0]);
    }
}
