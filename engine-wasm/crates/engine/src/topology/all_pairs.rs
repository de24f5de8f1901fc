//! Every ground-station pair's shortest path over the satellites' +Grid ISLs, step by step: the
//! computation of Hypatia's `satgenpy` (snkas/hypatia) with the dynamic state algorithm
//! `algorithm_free_one_only_over_isls`, on Hypatia's own input files.
//!
//! What Hypatia does (satgenpy/satgen/dynamic_state/generate_dynamic_state.py and
//! fstate_calculation.py, `calculate_fstate_shortest_path_without_gs_relaying`): at each time
//! step it builds the graph of satellites joined by the ISLs of isls.txt (an ISL longer than the
//! maximum ISL length is an error), lists for each ground station the satellites within the
//! maximum GSL length (a straight-line distance, not an elevation), runs Floyd-Warshall on the
//! satellite graph, and gives each pair (src, dst) of ground stations the path
//! src -> satellite in range -> ISLs only -> satellite in range -> dst of least total length.
//! Ground stations never relay. Its forwarding state holds the next hops of those paths.
//!
//! What this module computes: the same least total length [km] for every ordered pair, by a
//! multi-source Dijkstra per source ground station instead of Floyd-Warshall. The source's
//! Dijkstra starts with every satellite in its range at its GSL length (a virtual source node
//! joined only to those satellites), relaxes ISLs only, and the pair's length is then the least
//! of `dist[sat] + gsl(dst, sat)` over the satellites in the destination's range. That is the
//! minimum Hypatia takes (its `possibilities` lists minimise the same sum), so both give the
//! same length whichever of several equally short paths each picks.
//!
//! Cost per step, with S satellites, L ISLs and G ground stations: S SGP4 evaluations, G x S
//! GSL distances, then G Dijkstras of O((S + L) log S) and G x G x (satellites in range)
//! for the destinations; Starlink shell 1 (S = 1584, L = 3168) with Hypatia's 100 ground
//! stations is about 5 x 10^5 edge relaxations per step. Floyd-Warshall is O(S^3), 4 x 10^9.
//! [`Router`](super::routing::Router) answers one destination per run with its path, so it is
//! the cross-check of the tests here rather than the engine of the step.
//!
//! Inputs are Hypatia's files: tles.txt (first line "orbits sats_per_orbit", then one
//! name/line 1/line 2 set per satellite, all of one epoch: satgenpy/satgen/tles/read_tles.py) and
//! ground_stations.txt in its extended form (`gid,name,lat,lon,elevation,x,y,z`, the Cartesian
//! position [m] Hypatia computes on the WGS-72 ellipsoid:
//! satgenpy/satgen/ground_stations/extend_ground_stations.py), or the basic form
//! (`gid,name,lat,lon,elevation`), converted with the same formula
//! (satgenpy/satgen/distance_tools/distance_tools.py, `geodetic2cartesian`). The ISLs are
//! Hypatia's +Grid (satgenpy/satgen/isls/generate_plus_grid_isls.py with isl_shift 0):
//! satellite (p, s) to (p, s + 1) and to (p + 1, s), both modulo the shell.
//!
//! Satellites are placed by SGP4 (WGS-72, the `sgp4` crate through
//! [`Propagator::eci`], at each step exactly, with no interpolation) and turned Earth-fixed by
//! the Greenwich mean sidereal angle. Hypatia places them with pyephem's own SGP4 and measures
//! every distance with pyephem observers, so the two differ by the models' differences
//! (docs/BENCHMARKS.md, "SkyQueue beside Hypatia").

use super::isl_graph::IslGraph;
use crate::orbit::catalogue::{self, epoch_jd};
use crate::orbit::frames::{distance_km, ecef_from_eci, Vec3, C_KM_S};
use crate::orbit::propagate::Propagator;

/// Hypatia's Earth radius [m] for its link lengths (WGS-72;
/// paper/satellite_networks_state/main_starlink_550.py, `EARTH_RADIUS`).
pub const HYPATIA_EARTH_RADIUS_M: f64 = 6_378_135.0;
/// Starlink shell 1's altitude [m] in Hypatia's paper (main_starlink_550.py, `ALTITUDE_M`).
pub const HYPATIA_SHELL_ALTITUDE_M: f64 = 550_000.0;
/// Starlink shell 1's satellite cone radius [m] in Hypatia's paper (main_starlink_550.py,
/// `SATELLITE_CONE_RADIUS_M`; 25 degrees of elevation).
pub const HYPATIA_CONE_RADIUS_M: f64 = 940_700.0;

/// Most ground stations (a step holds G x G lengths; 2,000 is 32 MB).
pub const MAX_GROUND_STATIONS: usize = 2_000;
/// Most work one run may take: the sum over its steps of ground stations x (satellites, ISLs
/// and ground-station-satellite links in range), the Dijkstras' and the destinations' share. 2,000
/// steps of Hypatia's paper workload (100 ground stations, 1,584 satellites, 3,168 ISLs, about
/// 900 links in range) are 1.1e9, 35 s natively. Checked before a run on the first two terms
/// ([`AllPairs::check_budget`]) and at each step on all three.
pub const WORK_BUDGET: f64 = 1e10;
/// Most ground-station-satellite links in range at one instant (each held as 16 bytes: 160 MB).
pub const MAX_LINKS_IN_RANGE: usize = 10_000_000;

/// Hypatia's maximum ISL length [m]: twice the distance from a satellite at `altitude_m` to the
/// tangent point of a sphere 80 km above the Earth, so that no ISL dips below 80 km
/// (main_starlink_550.py, `MAX_ISL_LENGTH_M`).
pub fn max_isl_length_m(altitude_m: f64) -> f64 {
    let (r, h) = (HYPATIA_EARTH_RADIUS_M, altitude_m);
    2.0 * ((r + h).powi(2) - (r + 80_000.0).powi(2)).sqrt()
}

/// Hypatia's maximum GSL length [m]: the hypotenuse of the cone radius and the altitude
/// (main_starlink_550.py, `MAX_GSL_LENGTH_M`).
pub fn max_gsl_length_m(cone_radius_m: f64, altitude_m: f64) -> f64 {
    (cone_radius_m.powi(2) + altitude_m.powi(2)).sqrt()
}

/// Earth-fixed position [m] of a geodetic point on the WGS-72 ellipsoid: Hypatia's
/// `geodetic2cartesian` (satgenpy/satgen/distance_tools/distance_tools.py).
pub fn hypatia_geodetic_to_cartesian_m(lat_deg: f64, lon_deg: f64, elevation_m: f64) -> Vec3 {
    let a = HYPATIA_EARTH_RADIUS_M;
    let f = 1.0 / 298.26;
    let e2 = 2.0 * f - f * f;
    let (lat, lon) = (lat_deg * (core::f64::consts::PI / 180.0), lon_deg * (core::f64::consts::PI / 180.0));
    let v = a / (1.0 - e2 * lat.sin() * lat.sin()).sqrt();
    [
        (v + elevation_m) * lat.cos() * lon.cos(),
        (v + elevation_m) * lat.cos() * lon.sin(),
        (v * (1.0 - e2) + elevation_m) * lat.sin(),
    ]
}

/// Hypatia's +Grid ISLs for `orbits` x `per_orbit` satellites numbered orbit by orbit
/// (satgenpy/satgen/isls/generate_plus_grid_isls.py, isl_shift 0): each satellite to the next in
/// its orbit and to the same slot of the next orbit, as (lower id, higher id) in Hypatia's order.
pub fn plus_grid_isls(orbits: usize, per_orbit: usize) -> Vec<(u32, u32)> {
    let mut out = Vec::with_capacity(2 * orbits * per_orbit);
    for i in 0..orbits {
        for j in 0..per_orbit {
            let sat = i * per_orbit + j;
            let same = i * per_orbit + (j + 1) % per_orbit;
            let next = (i + 1) % orbits * per_orbit + j;
            for b in [same, next] {
                out.push((sat.min(b) as u32, sat.max(b) as u32));
            }
        }
    }
    out
}

/// Hypatia's tles.txt for a Walker shell, as satgenpy writes it
/// (satgenpy/satgen/tles/generate_tles_from_scratch.py, `generate_tles_from_scratch_manual`):
/// orbit `o` at RAAN `o x 360 / orbits`, satellite `n` at mean anomaly `n x 360 / per_orbit`,
/// odd orbits shifted by half a slot when `phase_diff`, epoch 2000-01-01 00:00 UTC, no drag;
/// satellites named `<name> <id>`.
#[allow(clippy::too_many_arguments)]
pub fn hypatia_tles_manual(
    name: &str,
    orbits: usize,
    per_orbit: usize,
    phase_diff: bool,
    inclination_deg: f64,
    eccentricity: f64,
    arg_of_perigee_deg: f64,
    mean_motion_rev_per_day: f64,
) -> String {
    // `calculate_tle_line_checksum`: the digits' sum, a minus sign counting 1, modulo 10.
    let checksum =
        |l: &str| l.chars().map(|c| if c == '-' { 1 } else { c.to_digit(10).unwrap_or(0) }).sum::<u32>() % 10;
    let mut out = format!("{orbits} {per_orbit}\n");
    for orbit in 0..orbits {
        let raan = orbit as f64 * 360.0 / orbits as f64;
        let shift = if orbit % 2 == 1 && phase_diff { 360.0 / (per_orbit as f64 * 2.0) } else { 0.0 };
        for n in 0..per_orbit {
            let id = orbit * per_orbit + n;
            let ma = shift + n as f64 * 360.0 / per_orbit as f64;
            let l1 = format!("1 {:05}U 00000ABC 00001.00000000  .00000000  00000-0  00000+0 0    0", id + 1);
            let ecc = format!("{eccentricity:.7}");
            let l2 = format!(
                "2 {:05} {:>8} {:>8} {} {:>8} {:>8} {:>11}    0",
                id + 1,
                format!("{inclination_deg:.4}"),
                format!("{raan:.4}"),
                ecc.get(2..).unwrap_or("0000000"),
                format!("{arg_of_perigee_deg:.4}"),
                format!("{ma:.4}"),
                format!("{mean_motion_rev_per_day:.8}"),
            );
            out += &format!("{name} {id}\n{l1}{}\n{l2}{}\n", checksum(&l1), checksum(&l2));
        }
    }
    out
}

/// The shell of Hypatia's tles.txt: orbits, satellites per orbit, and the element sets in order.
pub type HypatiaShell = (usize, usize, Vec<(crate::orbit::tle::Tle, sgp4::Elements)>);

/// Hypatia's tles.txt: the shell's `(orbits, satellites per orbit)` and its element sets in
/// file order (satellite id = position), refused unless all share one epoch (as read_tles.py).
pub fn parse_hypatia_tles(text: &str) -> Result<HypatiaShell, String> {
    let mut lines = text.lines();
    let first = lines.next().ok_or("empty TLE file")?;
    let nums: Vec<usize> =
        first.split_whitespace().map(|w| w.parse::<usize>()).collect::<Result<_, _>>().map_err(|_| {
            format!("first line `{first}` is not `<orbits> <satellites per orbit>` (Hypatia's tles.txt)")
        })?;
    let [orbits, per_orbit] = nums[..] else {
        return Err(format!("first line `{first}` is not `<orbits> <satellites per orbit>` (Hypatia's tles.txt)"));
    };
    // The first line blanked, so that the parser's line numbers are the file's.
    let rest = format!("\n{}", text.split_once('\n').map(|(_, r)| r).unwrap_or(""));
    let sets = catalogue::parse(&rest)?;
    if orbits == 0 || per_orbit == 0 || orbits.checked_mul(per_orbit) != Some(sets.len()) {
        return Err(format!("{orbits} orbits x {per_orbit} satellites do not match the {} element sets", sets.len()));
    }
    let epoch = epoch_jd(&sets[0].1);
    if sets.iter().any(|(_, el)| epoch_jd(el) != epoch) {
        return Err("the element sets do not share one epoch (Hypatia requires it)".into());
    }
    Ok((orbits, per_orbit, sets))
}

/// Hypatia's ground_stations.txt, extended (`gid,name,lat,lon,elevation,x,y,z`, using its
/// x, y, z) or basic (`gid,name,lat,lon,elevation`, converted by
/// [`hypatia_geodetic_to_cartesian_m`]): Earth-fixed positions [km], in gid order.
pub fn parse_hypatia_ground_stations(text: &str) -> Result<Vec<Vec3>, String> {
    let mut out = vec![];
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let f: Vec<&str> = line.split(',').map(str::trim).collect();
        let num = |k: usize| -> Result<f64, String> {
            f.get(k)
                .and_then(|v| v.parse::<f64>().ok())
                .filter(|v| v.is_finite())
                .ok_or_else(|| format!("line {}: field {} is not a number", i + 1, k + 1))
        };
        if f.len() != 5 && f.len() != 8 {
            return Err(format!("line {}: {} fields, not 5 (basic) or 8 (extended)", i + 1, f.len()));
        }
        if f[0].parse::<usize>().ok() != Some(out.len()) {
            return Err(format!("line {}: gid `{}` is not {} (ids must count up from 0)", i + 1, f[0], out.len()));
        }
        if out.len() == MAX_GROUND_STATIONS {
            return Err(format!("more than {MAX_GROUND_STATIONS} ground stations, above the budget"));
        }
        let m = if f.len() == 8 {
            [num(5)?, num(6)?, num(7)?]
        } else {
            hypatia_geodetic_to_cartesian_m(num(2)?, num(3)?, num(4)?)
        };
        out.push([m[0] / 1e3, m[1] / 1e3, m[2] / 1e3]);
    }
    if out.len() < 2 {
        return Err("fewer than 2 ground stations".into());
    }
    Ok(out)
}

/// The all-pairs lengths of one instant, from positions: the algorithm alone (no orbits), so
/// that tests can give it any geometry.
#[derive(Clone, Debug, Default)]
pub struct Workspace {
    graph: IslGraph,
    in_range: Vec<Vec<(u32, f64)>>,
    dist: Vec<f64>,
}

impl Workspace {
    /// Lengths [km] of every ordered pair of `ground` stations into `out` (G x G, row = source;
    /// 0 on the diagonal, NaN where no path exists), over satellites at `sats` joined by `isls`
    /// (ECEF, km); returns the ground-station-satellite links in range. Refused if an ISL is
    /// longer than `max_isl_km`, as Hypatia refuses it, or above [`MAX_LINKS_IN_RANGE`].
    pub fn lengths(
        &mut self,
        sats: &[Vec3],
        ground: &[Vec3],
        isls: &[(u32, u32)],
        max_isl_km: f64,
        max_gsl_km: f64,
        out: &mut Vec<f64>,
    ) -> Result<usize, String> {
        let ng = ground.len();
        self.graph.build(sats.len(), sats, isls);
        if let Some((a, b, d)) = self.graph.longest().filter(|&(_, _, d)| d > max_isl_km || d.is_nan()) {
            return Err(format!("the ISL {a}-{b} is {d:.3} km long, above the maximum of {max_isl_km:.3} km"));
        }
        // Satellites in range of each ground station, by straight distance (Hypatia's `<=`).
        self.in_range.resize(ng, vec![]);
        let mut links = 0;
        for (g, site) in ground.iter().enumerate() {
            let list = &mut self.in_range[g];
            list.clear();
            for (s, p) in sats.iter().enumerate() {
                let d = distance_km(site, p);
                if d <= max_gsl_km {
                    list.push((s as u32, d));
                    links += 1;
                    if links > MAX_LINKS_IN_RANGE {
                        return Err(format!(
                            "more than {MAX_LINKS_IN_RANGE} ground-station-satellite links in range, above the budget"
                        ));
                    }
                }
            }
        }
        out.clear();
        out.resize(ng * ng, f64::NAN);
        for src in 0..ng {
            // Multi-source Dijkstra over ISLs: the virtual source (the ground station) reaches
            // each satellite in its range at its GSL length.
            self.graph.shortest(&self.in_range[src], &mut self.dist, None);
            let row = &mut out[src * ng..(src + 1) * ng];
            for (dst, cell) in row.iter_mut().enumerate() {
                if dst == src {
                    *cell = 0.0;
                    continue;
                }
                let best =
                    self.in_range[dst].iter().map(|&(s, d)| self.dist[s as usize] + d).fold(f64::INFINITY, f64::min);
                *cell = if best.is_finite() { best } else { f64::NAN };
            }
        }
        Ok(links)
    }
}

/// A +Grid shell and its ground stations from Hypatia's files, ready to step.
pub struct HypatiaShellInputs {
    /// The shell's satellites, time zero at their epoch.
    pub prop: Propagator,
    /// Earth-fixed ground-station positions [km].
    pub ground: Vec<Vec3>,
    /// The +Grid ISLs, each once.
    pub isls: Vec<(u32, u32)>,
    /// The maximum ISL length [km].
    pub max_isl_km: f64,
    /// The maximum ground-link length [km].
    pub max_gsl_km: f64,
    /// Orbits, and satellites per orbit (satellite `orbit * per_orbit + slot`).
    pub orbits: usize,
    /// Satellites per orbit.
    pub per_orbit: usize,
}

impl HypatiaShellInputs {
    /// From the text of Hypatia's tles.txt and ground_stations.txt, with the maximum ISL and
    /// GSL lengths [m] (Hypatia's description.txt; [`max_isl_length_m`], [`max_gsl_length_m`]).
    pub fn parse(tles: &str, ground_stations: &str, max_isl_m: f64, max_gsl_m: f64) -> Result<Self, String> {
        if !(max_isl_m > 0.0 && max_isl_m.is_finite() && max_gsl_m > 0.0 && max_gsl_m.is_finite()) {
            return Err("the maximum ISL and GSL lengths must be positive and finite".into());
        }
        let (orbits, per_orbit, sets) = parse_hypatia_tles(tles).map_err(|m| format!("element sets: {m}"))?;
        if orbits < 3 || per_orbit < 3 {
            // As generate_plus_grid_isls.py refuses them.
            return Err("+Grid needs at least 3 orbits of at least 3 satellites".into());
        }
        let ground = parse_hypatia_ground_stations(ground_stations).map_err(|m| format!("ground stations: {m}"))?;
        let epoch = epoch_jd(&sets[0].1);
        let prop = Propagator::from_sets(sets, epoch)?;
        Ok(HypatiaShellInputs {
            prop,
            ground,
            isls: plus_grid_isls(orbits, per_orbit),
            max_isl_km: max_isl_m / 1e3,
            max_gsl_km: max_gsl_m / 1e3,
            orbits,
            per_orbit,
        })
    }

    /// The satellites' Earth-fixed positions [km] at `t_s` seconds after the epoch into `out`.
    pub fn positions(&self, t_s: f64, out: &mut Vec<Vec3>) -> Result<(), String> {
        let g = self.prop.gmst(t_s);
        out.clear();
        for i in 0..self.prop.len() {
            let (p, _) = self.prop.eci(i, t_s).ok_or_else(|| format!("SGP4 cannot place satellite {i} at {t_s} s"))?;
            out.push(ecef_from_eci(&p, g));
        }
        Ok(())
    }
}

/// Hypatia's workload on its files: positions by SGP4 at each step, then [`Workspace::lengths`].
pub struct AllPairs {
    inputs: HypatiaShellInputs,
    sats: Vec<Vec3>,
    ws: Workspace,
    lengths: Vec<f64>,
    work_done: f64,
}

impl AllPairs {
    /// From the text of Hypatia's tles.txt and ground_stations.txt, with the maximum ISL and
    /// GSL lengths [m] (Hypatia's description.txt; [`max_isl_length_m`], [`max_gsl_length_m`]).
    pub fn new(tles: &str, ground_stations: &str, max_isl_m: f64, max_gsl_m: f64) -> Result<AllPairs, String> {
        Ok(AllPairs {
            inputs: HypatiaShellInputs::parse(tles, ground_stations, max_isl_m, max_gsl_m)?,
            sats: vec![],
            ws: Workspace::default(),
            lengths: vec![],
            work_done: 0.0,
        })
    }

    /// Satellites.
    pub fn satellites(&self) -> usize {
        self.inputs.prop.len()
    }

    /// Ground stations.
    pub fn ground_stations(&self) -> usize {
        self.inputs.ground.len()
    }

    /// ISLs.
    pub fn isls(&self) -> usize {
        self.inputs.isls.len()
    }

    /// Work of `steps` steps in the unit of [`WORK_BUDGET`], before the links in range.
    pub fn work(&self, steps: u64) -> f64 {
        steps as f64 * self.inputs.ground.len() as f64 * (self.inputs.prop.len() + self.inputs.isls.len()) as f64
    }

    /// Refuses `steps` steps above [`WORK_BUDGET`], naming it.
    pub fn check_budget(&self, steps: u64) -> Result<(), String> {
        let w = self.work(steps);
        if w > WORK_BUDGET {
            return Err(format!(
                "{steps} steps x {} ground stations x ({} satellites + {} ISLs) = {w:.2e} is above the budget of {WORK_BUDGET:e}: fewer steps",
                self.inputs.ground.len(),
                self.inputs.prop.len(),
                self.inputs.isls.len()
            ));
        }
        Ok(())
    }

    /// Every ordered pair's path length [km] at `t_s` seconds after the element sets' epoch
    /// (G x G, row = source, NaN where unreachable, 0 on the diagonal). Refused once the run's
    /// work passes [`WORK_BUDGET`].
    pub fn step(&mut self, t_s: f64) -> Result<&[f64], String> {
        self.inputs.positions(t_s, &mut self.sats)?;
        let links = self.ws.lengths(
            &self.sats,
            &self.inputs.ground,
            &self.inputs.isls,
            self.inputs.max_isl_km,
            self.inputs.max_gsl_km,
            &mut self.lengths,
        )?;
        self.work_done += self.work(1) + (self.inputs.ground.len() * links) as f64;
        if self.work_done > WORK_BUDGET {
            return Err(format!(
                "the run's work passed the budget of {WORK_BUDGET:e} (steps x ground stations x (satellites + ISLs + links in range)): fewer steps or ground stations, or a shorter GSL"
            ));
        }
        Ok(&self.lengths)
    }
}

/// A deterministic digest of one step's lengths: the sum of the finite lengths rounded to the
/// millimetre, and the count of unreachable pairs.
pub fn digest(lengths: &[f64]) -> (f64, u64) {
    let mut sum = 0.0;
    let mut unreachable = 0;
    for &l in lengths {
        if l.is_finite() {
            sum += (l * 1e6).round() / 1e6;
        } else {
            unreachable += 1;
        }
    }
    (sum, unreachable)
}

/// One-way propagation delay [s] of a length [km].
pub fn delay_s(length_km: f64) -> f64 {
    length_km / C_KM_S
}

#[cfg(test)]
#[path = "all_pairs_tests.rs"]
mod tests;
