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

/// Spacing of the SGP4 evaluations that [`Propagator::states`] interpolates between [s].
///
/// Cubic Hermite interpolation on positions and velocities has an error of at most
/// h^4 / 384 x max|x|; a circular LEO orbit has |x| = r w^4 (Iridium: 7150 km x
/// (2 pi / 6028 s)^4 = 8.4e-9 km/s^4), so 60 s gives 0.3 m, and 3 m for an eccentric orbit
/// whose perigee turns at 1.4e-3 rad/s (Molniya). The tests hold the error under 100 m against
/// SGP4 at every second of a day, for Iridium and for loaded ISS and Molniya element sets.
pub const SGP4_GRID_S: f64 = 60.0;

/// SGP4 position [km] and velocity [km/s] of one satellite at one grid point; `None` where
/// SGP4 fails.
type Knot = Option<(Vec3, Vec3)>;

/// Propagates a whole constellation.
#[derive(Clone)]
pub struct Propagator {
    model: PropagationModel,
    epoch_jd: f64,
    tles: Vec<Tle>,
    sgp4: Vec<(sgp4::Constants, f64)>,
    circular: Vec<Circular>,
    /// Grid index `k` of the interval [k h, (k+1) h] whose two knots per satellite are in
    /// `knots` (SGP4 only).
    grid_k: Option<i64>,
    knots: Vec<[Knot; 2]>,
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
    /// UTC Julian date of simulated time zero.
    pub fn epoch_jd(&self) -> f64 {
        self.epoch_jd
    }

    /// A generated constellation at epoch `epoch_jd` (UTC Julian date).
    pub fn from_walker(spec: &WalkerSpec, epoch_jd: f64, model: PropagationModel) -> Result<Propagator, String> {
        let (year, day) = year_and_day(epoch_jd);
        let sats = spec.generate();
        let tles: Vec<Tle> = sats
            .iter()
            .enumerate()
            .map(|(i, e)| format_tle(80_000 + i as u32, &format!("SAT P{}-S{}", e.plane, e.slot), e, year, day))
            .collect();
        let mut p = Propagator { model, epoch_jd, tles, sgp4: vec![], circular: vec![], grid_k: None, knots: vec![] };
        match model {
            PropagationModel::Sgp4 => {
                let text: String = p.tles.iter().map(|t| format!("{}\n{}\n", t.line1, t.line2)).collect();
                let sets =
                    parse_tle_text(&text).map_err(|e| format!("generated element sets are invalid: {}", e[0]))?;
                p.sgp4 = sets
                    .iter()
                    .map(|(_, el)| {
                        let jd = frames::JD_J2000 + el.epoch() * 365.25;
                        sgp4::Constants::from_elements_afspc_compatibility_mode(el)
                            .map(|c| (c, jd))
                            .map_err(|e| format!("SGP4 cannot use these elements: {e}"))
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
            let c = sgp4::Constants::from_elements_afspc_compatibility_mode(&el)
                .map_err(|e| format!("{name}: SGP4 cannot use these elements: {e}"))?;
            sgp4.push((c, jd));
            tles.push(tle);
        }
        Ok(Propagator {
            model: PropagationModel::Sgp4,
            epoch_jd,
            tles,
            sgp4,
            circular: vec![],
            grid_k: None,
            knots: vec![],
        })
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
                let (su, cu, so, co, si, ci) = (
                    math::sin(u),
                    math::cos(u),
                    math::sin(c.raan),
                    math::cos(c.raan),
                    math::sin(c.inc),
                    math::cos(c.inc),
                );
                let pos = [c.r_km * (co * cu - so * su * ci), c.r_km * (so * cu + co * su * ci), c.r_km * su * si];
                Some((pos, c.r_km * c.n_rad_s * cu * si))
            }
        }
    }

    /// Greenwich sidereal angle [rad] at `t_s` after the epoch.
    pub fn gmst(&self, t_s: f64) -> f64 {
        gmst_rad(self.epoch_jd + t_s / 86_400.0)
    }

    /// SGP4's TEME position and velocity of satellite `i` at `t_s` after the epoch.
    fn sgp4_pv(&self, i: usize, t_s: f64) -> Knot {
        let (c, tle_jd) = &self.sgp4[i];
        let minutes = (self.epoch_jd - tle_jd) * 1440.0 + t_s / 60.0;
        let p = c.propagate_afspc_compatibility_mode(sgp4::MinutesSinceEpoch(minutes)).ok()?;
        Some((p.position, p.velocity))
    }

    /// Makes `knots` hold the grid interval `k`, reusing the previous interval's end when the
    /// run moves on by one interval.
    fn load_grid(&mut self, k: i64) {
        if self.grid_k == Some(k) {
            return;
        }
        let n = self.len();
        let t1 = (k + 1) as f64 * SGP4_GRID_S;
        if self.grid_k == Some(k - 1) {
            for i in 0..n {
                let next = self.sgp4_pv(i, t1);
                let pair = &mut self.knots[i];
                pair[0] = pair[1];
                pair[1] = next;
            }
        } else {
            let t0 = k as f64 * SGP4_GRID_S;
            self.knots = (0..n).map(|i| [self.sgp4_pv(i, t0), self.sgp4_pv(i, t1)]).collect();
        }
        self.grid_k = Some(k);
    }

    /// Earth-fixed states of every satellite at `t_s` after the epoch, into `out`. SGP4 is
    /// evaluated every [`SGP4_GRID_S`] and interpolated between (cubic Hermite on its positions
    /// and velocities, in the inertial frame, then rotated by the exact sidereal angle). A
    /// satellite SGP4 cannot place is put at the Earth's centre (never visible, never linked).
    pub fn states(&mut self, t_s: f64, out: &mut Vec<SatState>) {
        let g = self.gmst(t_s);
        let (sg, cg) = (math::sin(g), math::cos(g));
        // ecef_from_eci with the rotation's sine and cosine computed once per instant.
        let fixed = |p: Vec3, vz: f64| SatState {
            ecef: [cg * p[0] + sg * p[1], -sg * p[0] + cg * p[1], p[2]],
            ascending: vz > 0.0,
        };
        out.clear();
        match self.model {
            PropagationModel::TwoBody => out.extend((0..self.len()).map(|i| match self.eci(i, t_s) {
                Some((p, vz)) => fixed(p, vz),
                None => SatState { ecef: [0.0; 3], ascending: false },
            })),
            PropagationModel::Sgp4 => {
                let k = (t_s / SGP4_GRID_S).floor() as i64;
                self.load_grid(k);
                let h = SGP4_GRID_S;
                let s = (t_s - k as f64 * h) / h;
                let (s2, s3) = (s * s, s * s * s);
                // Hermite basis and its derivative (per unit s).
                let (h00, h10, h01, h11) =
                    (2.0 * s3 - 3.0 * s2 + 1.0, s3 - 2.0 * s2 + s, -2.0 * s3 + 3.0 * s2, s3 - s2);
                let (d00, d10, d01, d11) =
                    (6.0 * s2 - 6.0 * s, 3.0 * s2 - 4.0 * s + 1.0, -6.0 * s2 + 6.0 * s, 3.0 * s2 - 2.0 * s);
                out.extend(self.knots.iter().map(|pair| match pair {
                    [Some((p0, v0)), Some((p1, v1))] => {
                        let at = |j: usize| h00 * p0[j] + h10 * h * v0[j] + h01 * p1[j] + h11 * h * v1[j];
                        let vz = (d00 * p0[2] + d10 * h * v0[2] + d01 * p1[2] + d11 * h * v1[2]) / h;
                        fixed([at(0), at(1), at(2)], vz)
                    }
                    _ => SatState { ecef: [0.0; 3], ascending: false },
                }));
            }
        }
    }
}

/// TEME positions [km] of the element set (`line1`, `line2`) at each of `minutes` after its
/// epoch, flattened `[x0, y0, z0, x1, ...]`: the reference for comparing with other SGP4
/// implementations (satellite.js in the web tests).
pub fn teme_positions(line1: &str, line2: &str, minutes: &[f64]) -> Result<Vec<f64>, String> {
    let sets = parse_tle_text(&format!("{line1}\n{line2}\n"))
        .map_err(|e| e.iter().map(|x| x.to_string()).collect::<Vec<_>>().join("; "))?;
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
    Circular {
        raan: rad(e.raan_deg),
        inc: rad(e.inclination_deg),
        u0: rad(e.u0_deg),
        r_km: r,
        n_rad_s: (MU_KM3_S2 / (r * r * r)).sqrt(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orbit::frames::{distance_km, geodetic_from_ecef};
    use crate::orbit::walker::ConstellationPreset;

    const EPOCH: f64 = 2_461_041.5; // 2026-01-01T00:00:00Z

    #[test]
    fn sgp4_altitude_and_period_match_the_spec() {
        let mut p =
            Propagator::from_walker(&ConstellationPreset::Iridium.spec(), EPOCH, PropagationModel::Sgp4).unwrap();
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

    /// Largest distance [m] between the interpolated states and SGP4 itself (rotated by the
    /// same sidereal angle) over `seconds`, every `every` s, and how many times the
    /// ascending flag disagreed.
    fn grid_error(p: &mut Propagator, seconds: u32, every: usize) -> (f64, usize) {
        let mut s = vec![];
        let (mut worst, mut flips) = (0.0f64, 0);
        for t in (0..seconds).step_by(every) {
            let t = t as f64 + 0.37; // off the whole seconds too
            p.states(t, &mut s);
            let g = p.gmst(t);
            for (i, st) in s.iter().enumerate() {
                let (e, vz) = p.eci(i, t).unwrap();
                let exact = crate::orbit::frames::ecef_from_eci(&e, g);
                worst = worst.max(distance_km(&exact, &st.ecef) * 1e3);
                flips += ((vz > 0.0) != st.ascending) as usize;
            }
        }
        (worst, flips)
    }

    #[test]
    fn interpolated_states_stay_within_100_m_of_sgp4_over_a_day() {
        let mut p =
            Propagator::from_walker(&ConstellationPreset::Iridium.spec(), EPOCH, PropagationModel::Sgp4).unwrap();
        let (worst, flips) = grid_error(&mut p, 86_400, 7);
        assert!(worst < 100.0, "{worst} m");
        assert!(worst < 2.0, "{worst} m: the bound predicts under a metre for Iridium");
        assert_eq!(flips, 0);
        // Going back in time reloads the grid: the same states as a fresh propagator's.
        let mut fresh =
            Propagator::from_walker(&ConstellationPreset::Iridium.spec(), EPOCH, PropagationModel::Sgp4).unwrap();
        let (mut a, mut b) = (vec![], vec![]);
        p.states(1234.5, &mut a);
        fresh.states(1234.5, &mut b);
        assert_eq!(a, b);
    }

    #[test]
    fn interpolation_holds_for_loaded_iss_and_molniya_element_sets() {
        // Vallado's SGP4 verification set: a Molniya orbit (e = 0.69, 12 h) and the ISS.
        let text = "1 08195U 75081A   06176.33215444  .00000099  00000-0  11873-3 0   813\n\
                    2 08195  64.1586 279.0717 6877146 264.7651  20.2257  2.00491383225656\n\
                    1 25544U 98067A   08264.51782528 -.00002182  00000-0 -11606-4 0  2927\n\
                    2 25544  51.6416 247.4627 0006703 130.5360 325.0288 15.72125391563537\n";
        let sets = parse_tle_text(text).expect("valid element sets");
        let mut p = Propagator::from_sets(sets, 2_454_730.5).unwrap(); // 2008-09-20
        let (worst, flips) = grid_error(&mut p, 86_400, 11);
        assert!(worst < 100.0, "{worst} m");
        assert_eq!(flips, 0);
    }
}
