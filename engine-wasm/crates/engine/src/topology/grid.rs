//! "+Grid" inter-satellite links for any shell of a catalogue: each satellite links to its two
//! neighbours in its plane and to one satellite of each adjacent plane, the one nearest in
//! argument of latitude. This is the ISL pattern of Starlink's filings and of Hypatia
//! (Kassing et al., "Exploring the 'Internet from space' with Hypatia", IMC 2020, §3: "+Grid",
//! four ISLs per satellite).
//!
//! Real planes are uneven (a plane of 18 beside one of 22), so "the same slot in the next plane"
//! is not always defined. Two planes of equal size pair slot i with slot i + r, r the shift with
//! the least total difference in argument of latitude (at the catalogue's reference time), as
//! Hypatia pairs (p, s) with (p + 1, s). Otherwise partners are matched greedily, nearest first:
//! every pair of a satellite of plane p and one of plane p + 1 whose arguments of latitude
//! differ by at most one slot of the denser plane is a candidate; candidates are taken in order
//! of that difference while both ends are free on that side. Each satellite thus has at most one partner eastwards and one
//! westwards, four lasers in all, and the pairing is fixed for the run as in Hypatia. A delta
//! shell's last plane links to its first; a star shell's does not (its seam). No link joins two
//! shells.
//!
//! A link is usable while its length is at most the shell's maximum: by default the longest
//! line of sight between two satellites of the shell that stays 80 km above the Earth,
//! 2 sqrt((R + h)^2 - (R + 80)^2) (Hypatia's `MAX_ISL_LENGTH_M`, 5,016 km at 550 km).

use crate::orbit::catalogue::Catalogue;
use crate::topology::isl::{Isl, IslKind};

/// Equatorial radius of WGS-72 [km].
const RE_KM: f64 = 6378.135;
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
    // Cross-plane, shell by shell.
    for (s, shell) in cat.shells.iter().enumerate() {
        let ps: Vec<&std::ops::Range<usize>> =
            planes.iter().filter(|(sh, _)| *sh as usize == s).map(|(_, r)| r).collect();
        let np = ps.len();
        if np < 2 {
            continue;
        }
        let pairs = if shell.star || np == 2 { np - 1 } else { np };
        let mut east_taken = vec![false; cat.placed.len()];
        let mut west_taken = vec![false; cat.placed.len()];
        for k in 0..pairs {
            let (west, east) = (ps[k], ps[(k + 1) % np]);
            let u = |i: usize| cat.placed[i].u_deg;
            let (nw, ne) = (west.len(), east.len());
            let mut cand: Vec<(f64, usize, usize)> = vec![];
            if nw == ne {
                // Planes of equal size: slot i to slot i + r for the shift r with the least total
                // angular distance (the first such r), as Hypatia's (p, s) - (p + 1, s).
                let cost =
                    |r: usize| (0..nw).map(|i| ang(u(west.start + i), u(east.start + (i + r) % ne))).sum::<f64>();
                let r = (0..ne).min_by(|&x, &y| cost(x).total_cmp(&cost(y)).then(x.cmp(&y))).unwrap_or(0);
                cand.extend((0..nw).map(|i| (0.0, west.start + i, east.start + (i + r) % ne)));
            } else {
                // Every pair within one slot of the denser plane, nearest first.
                let limit = 360.0 / nw.max(ne) as f64;
                for a in west.clone() {
                    for b in east.clone() {
                        let d = ang(u(a), u(b));
                        if d <= limit {
                            cand.push((d, a, b));
                        }
                    }
                }
                cand.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)).then(x.2.cmp(&y.2)));
            }
            for (_, a, b) in cand {
                if !east_taken[a] && !west_taken[b] {
                    east_taken[a] = true;
                    west_taken[b] = true;
                    out.push(Isl { a: a as u32, b: b as u32, kind: IslKind::CrossPlane });
                }
            }
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
    fn every_satellite_has_at_most_four_lasers_and_planes_are_rings() {
        let sets = parse_tle_text(include_str!("../../tests/fixtures/starlink-70deg-cut.tle")).unwrap();
        let cat = group(&sets, latest_epoch_jd(&sets).unwrap(), &ShellRules::default());
        let links = plus_grid(&cat);
        let mut degree = vec![0u32; cat.placed.len()];
        for l in &links {
            degree[l.a as usize] += 1;
            degree[l.b as usize] += 1;
            let (a, b) = (cat.placed[l.a as usize], cat.placed[l.b as usize]);
            assert_eq!(a.shell, b.shell, "no link between shells");
            match l.kind {
                IslKind::IntraPlane => assert_eq!(a.plane, b.plane),
                _ => assert_ne!(a.plane, b.plane),
            }
        }
        assert!(degree.iter().all(|&d| d <= 4), "{:?}", degree.iter().max());
        // Real planes are uneven (this shell's alternate planes hold 15-17 and 24-27, many
        // slots doubled 1 deg apart), so not every satellite finds a partner on both sides; but
        // nearly every one links to a neighbouring plane.
        let cross = degree.iter().filter(|&&d| d >= 3).count();
        assert!(cross * 10 >= degree.len() * 9, "{cross} of {}", degree.len());
        // Intra-plane: n links per plane of n >= 3.
        let intra = links.iter().filter(|l| l.kind == IslKind::IntraPlane).count();
        assert!(intra >= cat.placed.len() - 2 * cat.shells[0].planes as usize);
    }
}
