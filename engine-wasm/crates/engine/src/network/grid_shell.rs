//! A +Grid shell and its ground stations as the moving graph of a [`Mesh`](super::mesh::Mesh),
//! from Hypatia's inputs (tles.txt, ground_stations.txt; `topology::all_pairs` reads them):
//! satellites placed by SGP4 at each state and turned Earth-fixed, every +Grid ISL usable (as
//! satgenpy, which refuses a shell whose ISLs exceed the maximum length rather than dropping
//! one), and a ground link from each ground station to every satellite within the maximum
//! ground-link length, a straight-line distance (satgenpy's `distance_m_ground_station_to_satellite`
//! against `max_gsl_length_m` in `generate_dynamic_state.py`).

use super::mesh::{Snapshot, Source};
use super::shape::{self, Shape};
use crate::kernel::SimTime;
use crate::orbit::frames::{distance_km, R_EARTH_KM};
use crate::orbit::walker::{WalkerKind, WalkerSpec};
use crate::topology::all_pairs::HypatiaShellInputs;
use crate::topology::layout::Layout;

/// A +Grid shell over ground stations; time zero is the element sets' epoch.
pub struct GridShell {
    inputs: HypatiaShellInputs,
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
        Ok(GridShell { inputs: HypatiaShellInputs::parse(tles, ground_stations, max_isl_m, max_gsl_m)? })
    }

    /// The ISLs, each once.
    pub fn isls(&self) -> &[(u32, u32)] {
        &self.inputs.isls
    }

    /// What a globe draws: Hypatia's satellites are numbered orbit by orbit (satellite
    /// `orbit * per_orbit + slot`, `generate_tles_from_scratch.py`), its orbits' RAANs evenly
    /// spaced over 360°, as a Walker delta's; the altitude is the first satellite's at time zero
    /// and the footprint's elevation the one at which a satellite there is the maximum ground-link
    /// length away.
    pub fn shape(&self) -> Shape {
        let i = &self.inputs;
        let altitude_km = i.prop.eci(0, 0.0).map_or(0.0, |(p, _)| distance_km(&p, &[0.0; 3]) - R_EARTH_KM);
        let inclination_deg = i.prop.tles().first().and_then(|t| t.line2.get(8..16)?.trim().parse().ok());
        let layout = Layout::walker(&WalkerSpec {
            kind: WalkerKind::Delta,
            planes: i.orbits as u32,
            sats_per_plane: i.per_orbit as u32,
            altitude_km,
            inclination_deg: inclination_deg.unwrap_or(0.0),
            raan_spacing_deg: 360.0 / i.orbits as f64,
            phasing: 0.0,
            elevation_mask_deg: 0.0,
        });
        Shape {
            links: shape::kinds(&layout, &i.isls),
            layout,
            epoch_jd: i.prop.epoch_jd(),
            elevation_mask_deg: shape::elevation_at_range_deg(altitude_km, i.max_gsl_km),
        }
    }

    /// Greenwich sidereal angle [rad] at `t`.
    pub fn gmst(&self, t: SimTime) -> f64 {
        self.inputs.prop.gmst(t.as_secs_f64())
    }
}

impl Source for GridShell {
    fn satellites(&self) -> usize {
        self.inputs.prop.len()
    }

    fn ground_stations(&self) -> usize {
        self.inputs.ground.len()
    }

    fn snapshot(&mut self, t: SimTime, out: &mut Snapshot) -> Result<(), String> {
        let t_s = t.as_secs_f64();
        let n = self.inputs.prop.len();
        self.inputs.positions(t_s, &mut out.positions)?;
        out.positions.extend_from_slice(&self.inputs.ground);
        let max_isl_km = self.inputs.max_isl_km;
        for &(a, b) in &self.inputs.isls {
            let d = distance_km(&out.positions[a as usize], &out.positions[b as usize]);
            if d > max_isl_km {
                return Err(format!(
                    "the ISL {a}-{b} is {d:.3} km long at {t_s} s, above the maximum of {max_isl_km:.3} km"
                ));
            }
        }
        out.isls.clone_from(&self.inputs.isls);
        out.gsls.clear();
        for (k, site) in self.inputs.ground.iter().enumerate() {
            for (s, p) in out.positions[..n].iter().enumerate() {
                if distance_km(site, p) <= self.inputs.max_gsl_km {
                    out.gsls.push(((n + k) as u32, s as u32));
                }
            }
        }
        Ok(())
    }
}
