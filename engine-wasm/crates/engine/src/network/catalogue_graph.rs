//! A real catalogue (any number of shells) and a list of ground stations as the moving graph of
//! a [`Mesh`](super::mesh::Mesh), with the rules `calc pair --tle` routes by
//! (`topology::catalogue_pair`, docs/CATALOGUES.md): the satellites the catalogue's grouping
//! keeps, propagated by SGP4 at each state; +Grid ISLs usable while within range
//! ([`usable_isls`]); a ground link from each station to every satellite above the minimum
//! elevation ([`in_view`]).

use super::mesh::{Snapshot, Source};
use super::shape::Shape;
use crate::kernel::SimTime;
use crate::orbit::catalogue::{self, ShellRules};
use crate::orbit::frames::{ecef_from_geodetic, unit, Vec3};
use crate::orbit::propagate::{Propagator, SatState};
use crate::topology::catalogue_pair::{in_view, isl_ranges, usable_isls};
use crate::topology::grid::plus_grid;
use crate::topology::isl::Isl;
use crate::topology::layout::Layout;

/// A catalogue over ground stations; time zero is the catalogue's reference time.
pub struct CatalogueGraph {
    prop: Propagator,
    links: Vec<Isl>,
    range_km: Vec<f64>,
    /// Each station's position and unit up vector.
    ground: Vec<(Vec3, Vec3)>,
    sin_min: f64,
    min_elevation_deg: f64,
    sats: Vec<SatState>,
    layout: Layout,
}

impl CatalogueGraph {
    /// The catalogue `text` grouped by `rules` at its latest epoch, over ground stations at
    /// (latitude, longitude) [deg], with ground links above `min_elevation_deg` and ISLs up to
    /// `max_isl_km` (`None`: each shell's grazing range).
    pub fn new(
        text: &str,
        rules: &ShellRules,
        stations: &[(f64, f64)],
        min_elevation_deg: f64,
        max_isl_km: Option<f64>,
    ) -> Result<CatalogueGraph, String> {
        if !(0.0..90.0).contains(&min_elevation_deg) {
            return Err(format!("the minimum elevation must be from 0 to under 90 degrees, not {min_elevation_deg}"));
        }
        if let Some(&(lat, lon)) =
            stations.iter().find(|(lat, lon)| !((-90.0..=90.0).contains(lat) && (-180.0..=180.0).contains(lon)))
        {
            return Err(format!("a ground station at latitude {lat}, longitude {lon} is off the globe"));
        }
        let (sets, cat) = catalogue::load(text, None, rules)?;
        let used = cat.placed.iter().map(|p| sets[p.set].clone()).collect();
        let prop = Propagator::from_sets(used, cat.reference_jd)?;
        let links = plus_grid(&cat);
        let layout = Layout::catalogue(&cat);
        let range_km = isl_ranges(&links, &cat, max_isl_km);
        let ground = stations
            .iter()
            .map(|&(lat, lon)| {
                let p = ecef_from_geodetic(lat, lon, 0.0);
                (p, unit(&p))
            })
            .collect();
        Ok(CatalogueGraph {
            prop,
            links,
            range_km,
            ground,
            sin_min: libm::sin(min_elevation_deg.to_radians()),
            min_elevation_deg,
            sats: vec![],
            layout,
        })
    }

    /// The potential ISLs.
    pub fn isls(&self) -> usize {
        self.links.len()
    }

    /// What a globe draws: the catalogue's shells, planes and slots (`calc pair --tle`'s).
    pub fn shape(&self) -> Shape {
        Shape {
            layout: self.layout.clone(),
            links: self.links.clone(),
            epoch_jd: self.prop.epoch_jd(),
            elevation_mask_deg: self.min_elevation_deg,
        }
    }

    /// Greenwich sidereal angle [rad] at `t`.
    pub fn gmst(&self, t: SimTime) -> f64 {
        self.prop.gmst(t.as_secs_f64())
    }
}

impl Source for CatalogueGraph {
    fn satellites(&self) -> usize {
        self.prop.len()
    }

    fn ground_stations(&self) -> usize {
        self.ground.len()
    }

    fn snapshot(&mut self, t: SimTime, out: &mut Snapshot) -> Result<(), String> {
        self.prop.states(t.as_secs_f64(), &mut self.sats);
        let n = self.sats.len() as u32;
        out.positions.clear();
        out.positions.extend(self.sats.iter().map(|s| s.ecef));
        out.positions.extend(self.ground.iter().map(|g| g.0));
        out.isls.clear();
        usable_isls(&self.links, &self.range_km, &self.sats, |a, b, _| out.isls.push((a, b)));
        out.gsls.clear();
        in_view(&self.ground, &self.sats, self.sin_min, |g, s, _| out.gsls.push((n + g as u32, s)));
        Ok(())
    }
}
