//! The plane/slot grid of a constellation read from element sets (a user's TLE file), so that
//! the ISL rules of a Walker constellation (intra-plane neighbours, cross-plane partners, the
//! seam of a star) apply to it.
//!
//! Method (stated here because no paper gives one): each satellite's RAAN and argument of
//! latitude u = ω + M are carried to the scenario's epoch with the secular J2 rates (Vallado,
//! *Fundamentals of Astrodynamics*, eq. 9-41 for the nodal rate; u advances at the TLE's mean
//! motion). Satellites whose RAANs lie within [`PLANE_GAP_DEG`] of each other share a plane;
//! every plane must hold the same number of satellites. Planes are numbered eastwards from the
//! widest RAAN gap: a star constellation (planes over 180 deg, Iridium) has its seam there, its
//! widest gap being at least 1.5 times the others; otherwise the planes form a delta. Within a
//! plane, slots follow u, slot 0 of each plane being the first satellite at or ahead of slot 0 of
//! the plane before; the mean offset gives the phasing (star: in slots; delta: Walker F).

use super::catalogue::circular_mean;
use super::frames::{JD_J2000, MU_KM3_S2, R_EARTH_KM};
use super::tle::Tle;
use super::walker::{WalkerKind, WalkerSpec};
use core::f64::consts::PI;

/// Satellites closer than this in RAAN share a plane [deg].
pub const PLANE_GAP_DEG: f64 = 5.0;
/// Largest spread of inclinations in one shell [deg].
pub const MAX_INCLINATION_SPREAD_DEG: f64 = 10.0;
/// J2 of WGS-72 (the SGP4 constants).
const J2: f64 = 1.082_616e-3;
/// Equatorial radius of WGS-72 [km] (J2's reference radius).
const RE_WGS72_KM: f64 = 6378.135;

/// The grid of a constellation of element sets.
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    /// The Walker description of the grid (planes, satellites per plane, mean altitude and
    /// inclination, spacing, phasing); its elevation mask is the caller's.
    pub spec: WalkerSpec,
    /// The element sets' indices, plane by plane, slot by slot (as `WalkerSpec::generate`).
    pub order: Vec<usize>,
}

fn wrap360(x: f64) -> f64 {
    let r = x % 360.0;
    if r < 0.0 {
        r + 360.0
    } else {
        r
    }
}

/// Splits sorted angles [deg] into clusters separated by gaps above `gap`; returns index lists
/// into `angles` (each ascending, wrapping through 360) and starts after the widest gap.
fn clusters(angles: &[(f64, usize)], gap: f64) -> Vec<Vec<usize>> {
    let n = angles.len();
    // The widest gap (from angle i to i + 1, circularly) is where clusters start.
    let widest = (0..n).max_by(|&a, &b| {
        let ga = wrap360(angles[(a + 1) % n].0 - angles[a].0);
        let gb = wrap360(angles[(b + 1) % n].0 - angles[b].0);
        ga.total_cmp(&gb).then(b.cmp(&a))
    });
    let start = widest.map_or(0, |w| (w + 1) % n);
    let mut out: Vec<Vec<usize>> = vec![];
    for k in 0..n {
        let i = (start + k) % n;
        let prev = (i + n - 1) % n;
        let step = wrap360(angles[i].0 - angles[prev].0);
        if out.is_empty() || (step > gap && n > 1) {
            out.push(vec![]);
        }
        out.last_mut().unwrap().push(angles[i].1);
    }
    out
}

/// The grid of `sets` at the Julian date `epoch_jd`, or why the sets do not form one.
pub fn grid(
    sets: &[(Tle, sgp4::Elements)],
    epoch_jd: f64,
    elevation_mask_deg: f64,
    max_satellites: u32,
) -> Result<Grid, String> {
    let n = sets.len();
    if n == 0 {
        return Err("no element sets".into());
    }
    if n > max_satellites as usize {
        return Err(format!("{n} satellites, above the maximum {max_satellites}"));
    }
    // RAAN, u, inclination and altitude of each, at the scenario's epoch.
    let mut raan = Vec::with_capacity(n);
    let mut u = Vec::with_capacity(n);
    let mut inc = Vec::with_capacity(n);
    let mut alt = Vec::with_capacity(n);
    for (tle, el) in sets {
        let name = tle.name.clone().unwrap_or_else(|| format!("satellite {}", el.norad_id));
        if el.mean_motion <= 0.0 || el.eccentricity > 0.1 {
            return Err(format!(
                "{name}: not a near-circular orbit (eccentricity {}, mean motion {} rev/day)",
                el.eccentricity, el.mean_motion
            ));
        }
        if let Some(m) = crate::orbit::catalogue::out_of_range(el) {
            return Err(format!("{name}: {m}"));
        }
        let n_rad_s = el.mean_motion * 2.0 * PI / 86_400.0;
        let a = (MU_KM3_S2 / (n_rad_s * n_rad_s)).cbrt();
        let dt_s = (epoch_jd - (JD_J2000 + el.epoch() * 365.25)) * 86_400.0;
        let i_rad = el.inclination * PI / 180.0;
        let p = a * (1.0 - el.eccentricity * el.eccentricity);
        let raan_dot = -1.5 * n_rad_s * J2 * (RE_WGS72_KM / p).powi(2) * i_rad.cos();
        raan.push(wrap360(el.right_ascension + raan_dot * dt_s * 180.0 / PI));
        u.push(wrap360(el.argument_of_perigee + el.mean_anomaly + n_rad_s * dt_s * 180.0 / PI));
        inc.push(el.inclination);
        alt.push(a - R_EARTH_KM);
    }
    let (lo, hi) = inc.iter().fold((f64::MAX, f64::MIN), |(l, h), &x| (l.min(x), h.max(x)));
    if hi - lo > MAX_INCLINATION_SPREAD_DEG {
        return Err(format!("inclinations from {lo:.1} to {hi:.1} deg: one shell of one inclination (within {MAX_INCLINATION_SPREAD_DEG} deg) is needed for its links"));
    }
    let mut by_raan: Vec<(f64, usize)> = raan.iter().copied().zip(0..n).collect();
    by_raan.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    // Planes, numbered from the widest gap between them.
    let mut planes = clusters(&by_raan, PLANE_GAP_DEG);
    let centres: Vec<f64> = planes.iter().map(|p| circular_mean(p.iter().map(|&i| raan[i]))).collect();
    let mut centre_order: Vec<(f64, usize)> = centres.iter().copied().zip(0..planes.len()).collect();
    centre_order.sort_by(|a, b| a.0.total_cmp(&b.0));
    let ordered = clusters(&centre_order, 0.0);
    let plane_order: Vec<usize> = ordered.into_iter().flatten().collect();
    planes = plane_order.iter().map(|&k| planes[k].clone()).collect();
    let centres: Vec<f64> = plane_order.iter().map(|&k| centres[k]).collect();
    let p_count = planes.len();
    let s_count = planes[0].len();
    if let Some((k, p)) = planes.iter().enumerate().find(|(_, p)| p.len() != s_count) {
        return Err(format!(
            "the planes hold different numbers of satellites (plane 1 at RAAN {:.1} deg: {s_count}; plane {} at RAAN {:.1} deg: {}): inter-satellite links need the same number in every plane (remove spares)",
            centres[0],
            k + 1,
            centres[k],
            p.len()
        ));
    }
    if p_count > 100 || s_count > 100 {
        return Err(format!(
            "{p_count} planes of {s_count} satellites: at most 100 planes and 100 satellites per plane"
        ));
    }
    // Star or delta: the widest gap (the last plane back to the first) against the others.
    let gaps: Vec<f64> = (0..p_count).map(|k| wrap360(centres[(k + 1) % p_count] - centres[k])).collect();
    let interior = &gaps[..p_count.saturating_sub(1)];
    let mean_interior = if interior.is_empty() { 360.0 } else { interior.iter().sum::<f64>() / interior.len() as f64 };
    let kind =
        if p_count >= 2 && gaps[p_count - 1] >= 1.5 * mean_interior { WalkerKind::Star } else { WalkerKind::Delta };
    // Slots by argument of latitude; slot 0 of each plane at or ahead of the previous plane's.
    let mut order = Vec::with_capacity(n);
    let mut offsets = vec![];
    let mut prev_u0: Option<f64> = None;
    for plane in &planes {
        let mut sats: Vec<usize> = plane.clone();
        sats.sort_by(|&a, &b| u[a].total_cmp(&u[b]).then(a.cmp(&b)));
        let first = match prev_u0 {
            None => 0,
            Some(u0) => (0..sats.len())
                .min_by(|&a, &b| wrap360(u[sats[a]] - u0).total_cmp(&wrap360(u[sats[b]] - u0)))
                .unwrap_or(0),
        };
        sats.rotate_left(first);
        if let Some(u0) = prev_u0 {
            offsets.push(wrap360(u[sats[0]] - u0));
        }
        prev_u0 = Some(u[sats[0]]);
        order.extend(sats);
    }
    let slot_deg = 360.0 / s_count as f64;
    let mean_offset = if offsets.is_empty() { 0.0 } else { offsets.iter().sum::<f64>() / offsets.len() as f64 };
    let total = (p_count * s_count) as f64;
    let (raan_spacing_deg, phasing) = match kind {
        WalkerKind::Star => (mean_interior, (mean_offset / slot_deg).clamp(0.0, 1.0)),
        WalkerKind::Delta => {
            (360.0 / p_count as f64, (mean_offset * total / 360.0).round().clamp(0.0, (p_count - 1) as f64))
        }
    };
    let spec = WalkerSpec {
        kind,
        planes: p_count as u32,
        sats_per_plane: s_count as u32,
        altitude_km: alt.iter().sum::<f64>() / n as f64,
        inclination_deg: inc.iter().sum::<f64>() / n as f64,
        raan_spacing_deg,
        phasing,
        elevation_mask_deg,
    };
    Ok(Grid { spec, order })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orbit::frames::julian_date;
    use crate::orbit::tle::{format_tle, parse_tle_text};
    use crate::orbit::walker::ConstellationPreset;

    fn sets_of(spec: &WalkerSpec, shuffle: bool) -> Vec<(Tle, sgp4::Elements)> {
        let mut tles: Vec<Tle> = spec
            .generate()
            .iter()
            .enumerate()
            .map(|(i, e)| format_tle(90_000 + i as u32, &format!("P{}-S{}", e.plane, e.slot), e, 2026, 1.0))
            .collect();
        if shuffle {
            // A fixed permutation: files list satellites in any order.
            let n = tles.len();
            tles = (0..n).map(|i| tles[(i * 7 + 3) % n].clone()).collect();
        }
        let text: String =
            tles.iter().map(|t| format!("{}\n{}\n{}\n", t.name.clone().unwrap(), t.line1, t.line2)).collect();
        parse_tle_text(&text).unwrap()
    }

    #[test]
    fn recovers_iridium_from_its_own_element_sets_in_any_order() {
        let spec = ConstellationPreset::Iridium.spec();
        let sets = sets_of(&spec, true);
        let g = grid(&sets, julian_date(2026, 1, 1, 0, 0, 0.0), spec.elevation_mask_deg, 2000).unwrap();
        assert_eq!((g.spec.kind, g.spec.planes, g.spec.sats_per_plane), (WalkerKind::Star, 6, 11));
        assert!((g.spec.raan_spacing_deg - spec.raan_spacing_deg).abs() < 0.01, "{}", g.spec.raan_spacing_deg);
        assert!((g.spec.phasing - spec.phasing).abs() < 0.01, "{}", g.spec.phasing);
        assert!((g.spec.inclination_deg - spec.inclination_deg).abs() < 0.01);
        assert!((g.spec.altitude_km - spec.altitude_km).abs() < 15.0, "{}", g.spec.altitude_km);
        // Each satellite lands on its own plane and slot (its name says which).
        for (k, &i) in g.order.iter().enumerate() {
            let want = format!("P{}-S{}", k / 11, k % 11);
            assert_eq!(sets[i].0.name.as_deref(), Some(want.as_str()));
        }
    }

    #[test]
    fn recovers_a_walker_delta_with_its_f() {
        let spec = ConstellationPreset::WalkerDelta53.spec();
        let g = grid(&sets_of(&spec, true), julian_date(2026, 1, 1, 0, 0, 0.0), 25.0, 2000).unwrap();
        assert_eq!(
            (g.spec.kind, g.spec.planes, g.spec.sats_per_plane),
            (WalkerKind::Delta, spec.planes, spec.sats_per_plane)
        );
        assert_eq!(g.spec.phasing, spec.phasing);
        assert_eq!(g.spec.elevation_mask_deg, 25.0);
    }

    #[test]
    fn refuses_unequal_planes_and_mixed_shells_with_the_reason() {
        let spec = ConstellationPreset::Iridium.spec();
        let mut sets = sets_of(&spec, false);
        sets.remove(5);
        let e = grid(&sets, julian_date(2026, 1, 1, 0, 0, 0.0), 8.2, 2000).unwrap_err();
        assert!(e.contains("different numbers of satellites") && e.contains(": 10"), "{e}");
        let delta = sets_of(&ConstellationPreset::WalkerDelta53.spec(), false);
        let mixed: Vec<_> = sets_of(&spec, false).into_iter().chain(delta).collect();
        let e = grid(&mixed, julian_date(2026, 1, 1, 0, 0, 0.0), 8.2, 2000).unwrap_err();
        assert!(e.contains("inclinations from 53.0 to 86.4"), "{e}");
        assert!(grid(&mixed, julian_date(2026, 1, 1, 0, 0, 0.0), 8.2, 100)
            .unwrap_err()
            .contains("above the maximum 100"));
    }
}
