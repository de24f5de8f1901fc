//! Satellite positions over time: SGP4 on generated (or loaded) element sets, or an ideal
//! two-body circular orbit for textbook comparisons (no J2, so planes do not precess).

use super::frames::{self, gmst_rad, rad, Vec3, MU_KM3_S2, R_EARTH_KM};
use super::tle::{format_tle, parse_tle_text, Tle};
use super::walker::{SatElements, WalkerSpec};
use crate::kernel::math;
use serde::{Deserialize, Serialize};

/// How positions are computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PropagationModel {
    /// SGP4 (the `sgp4` crate in AFSPC-compatibility mode, WGS-72: the same model as
    /// satellite.js) on mean-element sets written as TLEs.
    Sgp4,
    /// Circular Kepler orbits, RAAN fixed in inertial space.
    TwoBody,
}

/// Position and direction of one satellite at one instant.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SatState {
    /// Earth-fixed position [km].
    pub ecef: Vec3,
    /// Moving north (the ascending half of the constellation).
    pub ascending: bool,
}

#[derive(Clone, Debug)]
struct Circular {
    raan: f64,
    inc: f64,
    u0: f64,
    r_km: f64,
    n_rad_s: f64,
}

/// Propagates a whole constellation.
#[derive(Clone)]
pub struct Propagator {
    model: PropagationModel,
    epoch_jd: f64,
    tles: Vec<Tle>,
    sgp4: Vec<(sgp4::Constants, f64)>,
    circular: Vec<Circular>,
}

/// Year and 1-based fractional day of year of a Julian date (TLE epoch fields).
fn year_and_day(jd: f64) -> (i32, f64) {
    // Days since 1950-01-00 0h give the year by counting; adequate for 1957-2056.
    let mut year = 1957;
    while frames::julian_date(year + 1, 1, 1, 0, 0, 0.0) <= jd {
        year += 1;
    }
    (year, jd - frames::julian_date(year, 1, 1, 0, 0, 0.0) + 1.0)
}

impl Propagator {
    /// A generated constellation at epoch `epoch_jd` (UTC Julian date).
    pub fn from_walker(spec: &WalkerSpec, epoch_jd: f64, model: PropagationModel) -> Result<Propagator, String> {
        let (year, day) = year_and_day(epoch_jd);
        let sats = spec.generate();
        let tles: Vec<Tle> = sats
            .iter()
            .enumerate()
            .map(|(i, e)| format_tle(80_000 + i as u32, &format!("SAT P{}-S{}", e.plane, e.slot), e, year, day))
            .collect();
        let mut p = Propagator { model, epoch_jd, tles, sgp4: vec![], circular: vec![] };
        match model {
            PropagationModel::Sgp4 => {
                let text: String = p.tles.iter().map(|t| format!("{}\n{}\n", t.line1, t.line2)).collect();
                let sets = parse_tle_text(&text).map_err(|e| format!("generated element sets are invalid: {}", e[0]))?;
                p.sgp4 = sets
                    .iter()
                    .map(|(_, el)| {
                        let jd = frames::JD_J2000 + el.epoch() * 365.25;
                        sgp4::Constants::from_elements_afspc_compatibility_mode(el).map(|c| (c, jd)).map_err(|e| format!("SGP4 cannot use these elements: {e}"))
                    })
                    .collect::<Result<_, _>>()?;
            }
            PropagationModel::TwoBody => p.circular = sats.iter().map(circular).collect(),
        }
        Ok(p)
    }

    /// Loaded element sets (a user's TLE file), in the given order, propagated with SGP4 from
    /// each set's own epoch; simulated time zero is `epoch_jd`.
    pub fn from_sets(sets: Vec<(Tle, sgp4::Elements)>, epoch_jd: f64) -> Result<Propagator, String> {
        let mut sgp4 = Vec::with_capacity(sets.len());
        let mut tles = Vec::with_capacity(sets.len());
        for (tle, el) in sets {
            let jd = frames::JD_J2000 + el.epoch() * 365.25;
            let name = tle.name.clone().unwrap_or_else(|| format!("satellite {}", el.norad_id));
            let c = sgp4::Constants::from_elements_afspc_compatibility_mode(&el).map_err(|e| format!("{name}: SGP4 cannot use these elements: {e}"))?;
            sgp4.push((c, jd));
            tles.push(tle);
        }
        Ok(Propagator { model: PropagationModel::Sgp4, epoch_jd, tles, sgp4, circular: vec![] })
    }

    /// Number of satellites.
    pub fn len(&self) -> usize {
        self.tles.len()
    }

    /// Whether there is no satellite.
    pub fn is_empty(&self) -> bool {
        self.tles.is_empty()
    }

    /// The element sets (also for the two-body model, for export).
    pub fn tles(&self) -> &[Tle] {
        &self.tles
    }

    /// Inertial (TEME) position [km] of satellite `i` at `t_s` seconds after the epoch, and its
    /// z velocity [km/s]. `None` if SGP4 fails (decayed orbit); never for generated sets.
    pub fn eci(&self, i: usize, t_s: f64) -> Option<(Vec3, f64)> {
        match self.model {
            PropagationModel::Sgp4 => {
                let (c, tle_jd) = &self.sgp4[i];
                let minutes = (self.epoch_jd - tle_jd) * 1440.0 + t_s / 60.0;
                let p = c.propagate_afspc_compatibility_mode(sgp4::MinutesSinceEpoch(minutes)).ok()?;
                Some((p.position, p.velocity[2]))
            }
            PropagationModel::TwoBody => {
                let c = &self.circular[i];
                let u = c.u0 + c.n_rad_s * t_s;
                let (su, cu, so, co, si, ci) = (math::sin(u), math::cos(u), math::sin(c.raan), math::cos(c.raan), math::sin(c.inc), math::cos(c.inc));
                let pos = [c.r_km * (co * cu - so * su * ci), c.r_km * (so * cu + co * su * ci), c.r_km * su * si];
                Some((pos, c.r_km * c.n_rad_s * cu * si))
            }
        }
    }

    /// Greenwich sidereal angle [rad] at `t_s` after the epoch.
    pub fn gmst(&self, t_s: f64) -> f64 {
        gmst_rad(self.epoch_jd + t_s / 86_400.0)
    }

    /// Earth-fixed states of every satellite at `t_s` after the epoch, into `out`. A satellite
    /// SGP4 cannot place is put at the Earth's centre (never visible, never linked).
    pub fn states(&self, t_s: f64, out: &mut Vec<SatState>) {
        let g = self.gmst(t_s);
        let (sg, cg) = (math::sin(g), math::cos(g));
        out.clear();
        out.extend((0..self.len()).map(|i| match self.eci(i, t_s) {
            // ecef_from_eci with the rotation's sine and cosine computed once per instant.
            Some((p, vz)) => SatState { ecef: [cg * p[0] + sg * p[1], -sg * p[0] + cg * p[1], p[2]], ascending: vz > 0.0 },
            None => SatState { ecef: [0.0; 3], ascending: false },
        }));
    }
}

/// TEME positions [km] of the element set (`line1`, `line2`) at each of `minutes` after its
/// epoch, flattened `[x0, y0, z0, x1, ...]`: the reference for comparing with other SGP4
/// implementations (satellite.js in the web tests).
pub fn teme_positions(line1: &str, line2: &str, minutes: &[f64]) -> Result<Vec<f64>, String> {
    let sets = parse_tle_text(&format!("{line1}\n{line2}\n")).map_err(|e| e.iter().map(|x| x.to_string()).collect::<Vec<_>>().join("; "))?;
    let c = sgp4::Constants::from_elements_afspc_compatibility_mode(&sets[0].1).map_err(|e| e.to_string())?;
    let mut out = Vec::with_capacity(3 * minutes.len());
    for &m in minutes {
        let p = c.propagate_afspc_compatibility_mode(sgp4::MinutesSinceEpoch(m)).map_err(|e| e.to_string())?;
        out.extend_from_slice(&p.position);
    }
    Ok(out)
}

fn circular(e: &SatElements) -> Circular {
    let r = R_EARTH_KM + e.altitude_km;
    Circular { raan: rad(e.raan_deg), inc: rad(e.inclination_deg), u0: rad(e.u0_deg), r_km: r, n_rad_s: (MU_KM3_S2 / (r * r * r)).sqrt() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orbit::frames::{distance_km, geodetic_from_ecef};
    use crate::orbit::walker::ConstellationPreset;

    const EPOCH: f64 = 2_461_041.5; // 2026-01-01T00:00:00Z

    #[test]
    fn sgp4_altitude_and_period_match_the_spec() {
        let p = Propagator::from_walker(&ConstellationPreset::Iridium.spec(), EPOCH, PropagationModel::Sgp4).unwrap();
        let mut s = vec![];
        let mut alts = vec![];
        for t in (0..6000).step_by(60) {
            p.states(t as f64, &mut s);
            alts.extend(s.iter().map(|x| geodetic_from_ecef(&x.ecef).2));
        }
        let (lo, hi) = alts.iter().fold((f64::MAX, f64::MIN), |(a, b), &x| (a.min(x), b.max(x)));
        assert!(lo > 765.0 && hi < 800.0, "altitude range {lo}..{hi} km");
        // Period: the satellite returns to its inertial position after ~100.5 min.
        let period_s = 86_400.0 / crate::orbit::tle::mean_motion_rev_per_day(780.0);
        let (a, _) = p.eci(0, 0.0).unwrap();
        let (b, _) = p.eci(0, period_s).unwrap();
        assert!(distance_km(&a, &b) < 60.0, "{} km after one period", distance_km(&a, &b));
        assert!((period_s / 60.0 - 100.5).abs() < 0.3);
    }

    #[test]
    fn two_body_and_sgp4_start_close_and_satellites_keep_their_spacing() {
        let spec = ConstellationPreset::Iridium.spec();
        let sgp = Propagator::from_walker(&spec, EPOCH, PropagationModel::Sgp4).unwrap();
        let kep = Propagator::from_walker(&spec, EPOCH, PropagationModel::TwoBody).unwrap();
        let (a, _) = sgp.eci(5, 0.0).unwrap();
        let (b, _) = kep.eci(5, 0.0).unwrap();
        assert!(distance_km(&a, &b) < 30.0, "{}", distance_km(&a, &b));
        // Intra-plane neighbours are a constant chord apart: 2 r sin(180/11).
        let chord = 2.0 * (R_EARTH_KM + 780.0) * math::sin(rad(180.0 / 11.0));
        for t in [0.0, 1000.0, 5000.0] {
            let (x, _) = kep.eci(0, t).unwrap();
            let (y, _) = kep.eci(1, t).unwrap();
            assert!((distance_km(&x, &y) - chord).abs() < 1e-6);
        }
    }
}
