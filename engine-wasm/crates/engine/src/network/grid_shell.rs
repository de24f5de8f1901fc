//! A +Grid shell and its ground stations as the moving graph of a [`Mesh`](super::mesh::Mesh),
//! from Hypatia's inputs (tles.txt, ground_stations.txt; `topology::all_pairs` reads them):
//! satellites placed by SGP4 at each state and turned Earth-fixed, every +Grid ISL usable (as
//! satgenpy, which refuses a shell whose ISLs exceed the maximum length rather than dropping
//! one), and a ground link from each ground station to every satellite within the maximum
//! ground-link length, a straight-line distance (satgenpy's `distance_m_ground_station_to_satellite`
//! against `max_gsl_length_m` in `generate_dynamic_state.py`).

use super::mesh::{Snapshot, Source};
use crate::kernel::SimTime;
use crate::orbit::catalogue::epoch_jd;
use crate::orbit::frames::{distance_km, ecef_from_eci, Vec3};
use crate::orbit::propagate::Propagator;
use crate::topology::all_pairs::{parse_hypatia_ground_stations, parse_hypatia_tles, plus_grid_isls};

/// A +Grid shell over ground stations; time zero is the element sets' epoch.
pub struct GridShell {
    prop: Propagator,
    ground: Vec<Vec3>,
    isls: Vec<(u32, u32)>,
    max_isl_km: f64,
    max_gsl_km: f64,
}

impl GridShell {
    /// From the text of Hypatia's tles.txt and ground_stations.txt and its maximum ISL and
    /// ground-link lengths [m].
    pub fn from_hypatia(
        tles: &str,
        ground_stations: &str,
        max_isl_m: f64,
        max_gsl_m: f64,
    ) -> Result<GridShell, String> {
        if !(max_isl_m > 0.0 && max_isl_m.is_finite() && max_gsl_m > 0.0 && max_gsl_m.is_finite()) {
            return Err("the maximum ISL and ground-link lengths must be positive and finite".into());
        }
        let (orbits, per_orbit, sets) = parse_hypatia_tles(tles).map_err(|m| format!("element sets: {m}"))?;
        if orbits < 3 || per_orbit < 3 {
            return Err("+Grid needs at least 3 orbits of at least 3 satellites".into());
        }
        let ground = parse_hypatia_ground_stations(ground_stations).map_err(|m| format!("ground stations: {m}"))?;
        let epoch = epoch_jd(&sets[0].1);
        let prop = Propagator::from_sets(sets, epoch)?;
        Ok(GridShell {
            prop,
            ground,
            isls: plus_grid_isls(orbits, per_orbit),
            max_isl_km: max_isl_m / 1e3,
            max_gsl_km: max_gsl_m / 1e3,
        })
    }

    /// The ISLs, each once.
    pub fn isls(&self) -> &[(u32, u32)] {
        &self.isls
    }
}

impl Source for GridShell {
    fn satellites(&self) -> usize {
        self.prop.len()
    }

    fn ground_stations(&self) -> usize {
        self.ground.len()
    }

    fn snapshot(&mut self, t: SimTime, out: &mut Snapshot) -> Result<(), String> {
        let t_s = t.as_secs_f64();
        let g = self.prop.gmst(t_s);
        let n = self.prop.len();
        out.positions.clear();
        for i in 0..n {
            let (p, _) = self.prop.eci(i, t_s).ok_or_else(|| format!("SGP4 cannot place satellite {i} at {t_s} s"))?;
            out.positions.push(ecef_from_eci(&p, g));
        }
        out.positions.extend_from_slice(&self.ground);
        for &(a, b) in &self.isls {
            let d = distance_km(&out.positions[a as usize], &out.positions[b as usize]);
            if d > self.max_isl_km {
                return Err(format!(
                    "the ISL {a}-{b} is {d:.3} km long at {t_s} s, above the maximum of {:.3} km",
                    self.max_isl_km
                ));
            }
        }
        out.isls.clone_from(&self.isls);
        out.gsls.clear();
        for (k, site) in self.ground.iter().enumerate() {
            for (s, p) in out.positions[..n].iter().enumerate() {
                if distance_km(site, p) <= self.max_gsl_km {
                    out.gsls.push(((n + k) as u32, s as u32));
                }
            }
        }
        Ok(())
    }
}
