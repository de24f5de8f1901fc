//! The route between two ground sites over a whole catalogue (any number of shells), step by
//! step: every satellite propagated, every +Grid link checked against its range, and the route
//! found with ground-satellite links to every satellite in view.
//!
//! The graph at each step (as Hypatia's `algorithm_free_one_only_over_isls`): the satellites; the
//! two sites, each linked to every satellite above the minimum elevation; the usable ISLs
//! ([`super::grid`], or none). Without ISLs (`IslMode::None`, a bent pipe) ground stations relay
//! between satellites: the relays are the sites given (e.g. the built-in site list), each linked
//! to the satellites it sees. Edges weigh their length; the route is Dijkstra's shortest path
//! from one site to the other ([`super::routing::Router`], O((V + E) log V) per step with
//! V ≈ satellites and E ≈ 2 per satellite plus those in view of the sites), by least
//! propagation delay or by fewest hops then least delay. It is recomputed at every step: a link's
//! length changes at every step, so a delay-optimal route cannot be kept incrementally without
//! re-checking every alternative, and one search costs well under a millisecond natively on ten
//! thousand satellites (docs/BENCHMARKS.md).

use super::grid::{max_isl_km, plus_grid};
use super::isl::Isl;
use super::routing::{Router, RoutingMetric};
use crate::orbit::catalogue::Catalogue;
use crate::orbit::frames::{distance_km, ecef_from_geodetic, sin_elevation, unit, Vec3};
use crate::orbit::propagate::{Propagator, SatState};
use crate::orbit::sites::Site;
use crate::orbit::tle::Tle;
use serde::{Deserialize, Serialize};

/// Speed of light [km/s].
const C_KM_S: f64 = 299_792.458;

/// Which inter-satellite links a catalogue has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum IslMode {
    /// +Grid in every shell ([`super::grid`]).
    Grid,
    /// None: a bent pipe through ground stations.
    None,
}

/// Most satellites x steps one stepping of a catalogue may take: a day of 10,000 satellites at
/// 1 s is 8.6e8 (`calc pair --tle`, `bench --workload topology --tle`).
pub const SATELLITE_STEPS_BUDGET: f64 = 2e9;

/// Options of a catalogue route.
#[derive(Clone, Debug)]
pub struct CatalogueOptions {
    /// Links between satellites.
    pub isl: IslMode,
    /// What the route minimises.
    pub routing: RoutingMetric,
    /// Minimum elevation of a ground-satellite link [deg] (Starlink 25).
    pub min_elevation_deg: f64,
    /// Longest usable ISL [km]; `None` gives each shell its grazing range ([`max_isl_km`]).
    pub max_isl_km: Option<f64>,
}

/// The longest usable length of each of `links` [km]: `max_isl_km`, or else the grazing range
/// of its shell ([`max_isl_km`]).
pub fn isl_ranges(links: &[Isl], cat: &Catalogue, max_isl: Option<f64>) -> Vec<f64> {
    links
        .iter()
        .map(|l| max_isl.unwrap_or_else(|| max_isl_km(cat.shells[cat.placed[l.a as usize].shell as usize].altitude_km)))
        .collect()
}

/// Calls `f(a, b, km)` for each of `links` usable with the satellites at `sats`: within its
/// range (`range_km`, one per link) and between two placed satellites (one SGP4 cannot place
/// sits at the Earth's centre: never linked).
pub fn usable_isls(links: &[Isl], range_km: &[f64], sats: &[SatState], mut f: impl FnMut(u32, u32, f64)) {
    for (l, &range) in links.iter().zip(range_km) {
        let (a, b) = (&sats[l.a as usize].ecef, &sats[l.b as usize].ecef);
        let km = distance_km(a, b);
        if km <= range && a != &[0.0; 3] && b != &[0.0; 3] {
            f(l.a, l.b, km);
        }
    }
}

/// Calls `f(g, satellite, km)` for each ground station `g` (its position and unit up vector)
/// and each satellite it sees at an elevation whose sine is `sin_min` or more.
pub fn in_view(ground: &[(Vec3, Vec3)], sats: &[SatState], sin_min: f64, mut f: impl FnMut(usize, u32, f64)) {
    for (g, (pos, up)) in ground.iter().enumerate() {
        for (i, s) in sats.iter().enumerate() {
            if sin_elevation(pos, up, &s.ecef) >= sin_min {
                f(g, i as u32, distance_km(pos, &s.ecef));
            }
        }
    }
}

/// Minimum, mean and maximum.
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct Stats {
    /// Least.
    pub min: f64,
    /// Mean.
    pub mean: f64,
    /// Most.
    pub max: f64,
}

/// What a run of steps found.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct CatalogueSummary {
    /// Steps taken.
    pub steps: u64,
    /// Steps with no route.
    pub steps_without_route: u64,
    /// One-way delay [ms] over the steps with a route (NaN without any).
    pub delay_ms: Stats,
    /// Links between the two access satellites, fewest and most (relays count as hops).
    pub hops: [u32; 2],
    /// Steps whose route (its satellites) differs from the step before's, both routed.
    pub route_changes: u64,
    /// Usable ISLs at the last step, and links in all.
    pub isls_up: [u64; 2],
}

/// The route between two sites over a catalogue.
pub struct CataloguePair {
    prop: Propagator,
    opts: CatalogueOptions,
    links: Vec<Isl>,
    range_km: Vec<f64>,
    /// The two sites, then the relays (bent pipe only): position and unit up vector.
    ground: Vec<(Vec3, Vec3)>,
    sites: [Site; 2],
    router: Router,
    sats: Vec<SatState>,
    path: Vec<u32>,
    route: Vec<u32>,
    prev_route: Vec<u32>,
    last_delay_ms: f64,
    // Results.
    steps: u64,
    routed: u64,
    delay_sum: f64,
    delay_min: f64,
    delay_max: f64,
    hops: [u32; 2],
    route_changes: u64,
    isls_up: u64,
}

impl CataloguePair {
    /// The route from `sites[0]` to `sites[1]` over the satellites `cat` placed (element sets
    /// `sets`, the whole catalogue), time zero at the catalogue's reference time; `relays` are
    /// the ground stations of a bent pipe (unused with ISLs).
    pub fn new(
        sets: &[(Tle, sgp4::Elements)],
        cat: &Catalogue,
        opts: CatalogueOptions,
        sites: [Site; 2],
        relays: &[Site],
    ) -> Result<Self, String> {
        let used: Vec<(Tle, sgp4::Elements)> = cat.placed.iter().map(|p| sets[p.set].clone()).collect();
        let prop = Propagator::from_sets(used, cat.reference_jd)?;
        let links = match opts.isl {
            IslMode::Grid => plus_grid(cat),
            IslMode::None => vec![],
        };
        let range_km = isl_ranges(&links, cat, opts.max_isl_km);
        let at = |s: &Site| {
            let p = ecef_from_geodetic(s.lat_deg, s.lon_deg, 0.0);
            (p, unit(&p))
        };
        let mut ground: Vec<(Vec3, Vec3)> = sites.iter().map(at).collect();
        if opts.isl == IslMode::None {
            ground.extend(relays.iter().filter(|r| r.name != sites[0].name && r.name != sites[1].name).map(at));
        }
        let n = prop.len() + ground.len();
        Ok(CataloguePair {
            prop,
            opts,
            links,
            range_km,
            ground,
            sites,
            router: Router::new(n),
            sats: vec![],
            path: vec![],
            route: vec![],
            prev_route: vec![],
            last_delay_ms: f64::NAN,
            steps: 0,
            routed: 0,
            delay_sum: 0.0,
            delay_min: f64::INFINITY,
            delay_max: f64::NEG_INFINITY,
            hops: [u32::MAX, 0],
            route_changes: 0,
            isls_up: 0,
        })
    }

    /// Number of satellites in use.
    pub fn satellite_count(&self) -> usize {
        self.prop.len()
    }

    /// The potential ISLs (indices into the satellites in use).
    pub fn links(&self) -> &[Isl] {
        &self.links
    }

    /// Earth-fixed positions of the satellites at the last step [km].
    pub fn satellites(&self) -> &[SatState] {
        &self.sats
    }

    /// The route at the last step: the satellites from the first site's to the second's, and
    /// any relay as `u32::MAX` (empty without a route).
    pub fn route(&self) -> &[u32] {
        &self.route
    }

    /// One-way delay at the last step [ms], NaN without a route.
    pub fn delay_ms(&self) -> f64 {
        self.last_delay_ms
    }

    /// The graph at `t_s` seconds after the reference time, and its route; returns the one-way
    /// delay [ms] (NaN without a route).
    pub fn step(&mut self, t_s: f64) -> f64 {
        self.steps += 1;
        self.prop.states(t_s, &mut self.sats);
        let n = self.sats.len();
        self.router.clear();
        self.isls_up = 0;
        usable_isls(&self.links, &self.range_km, &self.sats, |a, b, km| {
            self.router.add_edge(a, b, km);
            self.isls_up += 1;
        });
        let sin_min = libm::sin(self.opts.min_elevation_deg.to_radians());
        in_view(&self.ground, &self.sats, sin_min, |g, i, km| self.router.add_edge((n + g) as u32, i, km));
        std::mem::swap(&mut self.route, &mut self.prev_route);
        self.route.clear();
        let km = self.router.route(n, n + 1, self.opts.routing, &mut self.path);
        self.last_delay_ms = km.map_or(f64::NAN, |km| km / C_KM_S * 1e3);
        if let Some(ms) = km.map(|km| km / C_KM_S * 1e3) {
            self.route.extend(self.path[1..self.path.len() - 1].iter().map(|&v| {
                if (v as usize) < n {
                    v
                } else {
                    u32::MAX
                }
            }));
            self.routed += 1;
            self.delay_sum += ms;
            self.delay_min = self.delay_min.min(ms);
            self.delay_max = self.delay_max.max(ms);
            let hops = self.route.len().saturating_sub(1) as u32;
            self.hops = [self.hops[0].min(hops), self.hops[1].max(hops)];
            if !self.prev_route.is_empty() && self.prev_route != self.route {
                self.route_changes += 1;
            }
        }
        self.last_delay_ms
    }

    /// The two sites.
    pub fn sites(&self) -> &[Site; 2] {
        &self.sites
    }

    /// What the steps so far found.
    pub fn summary(&self) -> CatalogueSummary {
        let none = self.routed == 0;
        CatalogueSummary {
            steps: self.steps,
            steps_without_route: self.steps - self.routed,
            delay_ms: Stats {
                min: if none { f64::NAN } else { self.delay_min },
                mean: if none { f64::NAN } else { self.delay_sum / self.routed as f64 },
                max: if none { f64::NAN } else { self.delay_max },
            },
            hops: if none { [0, 0] } else { self.hops },
            route_changes: self.route_changes,
            isls_up: [self.isls_up, self.links.len() as u64],
        }
    }
}

#[cfg(test)]
#[path = "catalogue_pair_tests.rs"]
mod tests;
