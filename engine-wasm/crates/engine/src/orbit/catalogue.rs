//! A real catalogue of element sets (e.g. CelesTrak's `starlink.txt`: ten thousand satellites,
//! epochs spread over days, satellites raising or lowering their orbits) grouped into shells,
//! planes and slots, with what is not operational set aside and counted by reason.
//!
//! Method (no paper gives one; the thresholds are [`ShellRules`], fields of the scenario):
//!
//! 1. Each satellite's mean elements are carried to a common reference time with the secular J2
//!    rates (RAAN: Vallado, *Fundamentals of Astrodynamics*, eq. 9-41; the argument of latitude
//!    u = ω + M advances at the mean motion), and its altitude is read from the mean motion
//!    (Kepler's third law, a − R_e).
//! 2. Set aside, in this order: element sets SGP4 cannot use or above the geostationary altitude
//!    ([`MAX_ALTITUDE_KM`]; `unusable`), orbits more eccentric
//!    than `max_eccentricity` (`eccentric`), epochs more than `max_epoch_age_days` from the
//!    reference time (`stale`), altitudes below `decay_altitude_km` (`decaying`).
//! 3. Inclination groups: sorted inclinations split where two neighbours differ by more than
//!    `inclination_gap_deg`.
//! 4. Shells within a group: the altitude window of width 2 × `altitude_window_km` that holds the
//!    most satellites becomes a shell if it holds at least `min_shell_satellites`; its satellites
//!    leave and the next window is sought. A window whose planes (step 5) hold a median of fewer
//!    than `min_plane_median` satellites is no shell (satellites one or two per plane are
//!    moving between altitudes). What is left is `raising-or-lowering` (a shell of its
//!    inclination exists, it is not at that shell's altitude) or `alone-in-a-band` (no shell at
//!    its inclination).
//! 5. Planes within a shell: RAANs sorted, split where neighbours differ by more than
//!    `plane_gap_deg` (1.5 deg), numbered eastwards from the widest gap. A cluster of fewer than
//!    `min_plane_satellites` (5) is no plane but strays drifting between planes, set aside as
//!    `out-of-plane`: kept, a stray became a "plane" between two real ones and the grid's links
//!    between planes ran through it. The ring of planes is open (a star with a seam: Iridium,
//!    OneWeb) where its widest gap between neighbouring planes exceeds [`OPEN_RING_RATIO`] times
//!    their median gap, else closed (a delta: Starlink). Planes may hold different numbers of
//!    satellites.
//! 6. Slots within a plane: by argument of latitude, from the smallest.
//!
//! Steps 5 and 6 and the +Grid of [`crate::topology::grid`] follow the rules of a route
//! computation written apart from SkyQueue, which `calc pair --tle` is tested against
//! (`tests/independent_routes.rs`); docs/CATALOGUES.md states them.
// Input path: whatever a user's file, link or option holds is refused with a message, never
// unwrapped (docs/RELIABILITY.md).
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

use super::frames::{JD_J2000, MU_KM3_S2};
use super::tle::{parse_tle_text, Tle};
use core::f64::consts::PI;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// J2 of WGS-72 (the SGP4 constants).
const J2: f64 = 1.082_616e-3;
/// Equatorial radius of WGS-72 [km] (J2's reference radius).
const RE_WGS72_KM: f64 = 6378.135;
/// A shell whose widest gap between neighbouring planes is more than this many times their
/// median gap has an open ring of planes: a star with a seam there (Iridium's planes span 180
/// deg, the gap back to the first is 6 times the others), or a delta with planes missing.
pub const OPEN_RING_RATIO: f64 = 3.0;

/// The thresholds that group a catalogue into shells and set satellites aside.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ShellRules {
    /// Satellites whose inclinations differ by less than this share an inclination group [deg].
    pub inclination_gap_deg: f64,
    /// A shell holds the satellites within this of its altitude window's centre [km].
    pub altitude_window_km: f64,
    /// A window with fewer satellites is no shell.
    pub min_shell_satellites: u32,
    /// More eccentric orbits are set aside.
    pub max_eccentricity: f64,
    /// Satellites below this mean altitude are decaying [km].
    pub decay_altitude_km: f64,
    /// Element sets older or newer than this, from the reference time, are stale [days].
    pub max_epoch_age_days: f64,
    /// Satellites whose RAANs differ by less than this share a plane [deg].
    pub plane_gap_deg: f64,
    /// A window whose planes hold fewer satellites than this (median) is no shell: satellites
    /// spread one or two per plane are moving between altitudes.
    pub min_plane_median: u32,
    /// A cluster of RAANs with fewer satellites than this is no plane: its satellites are
    /// strays between planes, set aside as `out-of-plane`.
    pub min_plane_satellites: u32,
}

impl Default for ShellRules {
    fn default() -> Self {
        ShellRules {
            inclination_gap_deg: 1.0,
            altitude_window_km: 10.0,
            min_shell_satellites: 20,
            max_eccentricity: 0.005,
            decay_altitude_km: 300.0,
            max_epoch_age_days: 30.0,
            plane_gap_deg: 1.5,
            min_plane_median: 5,
            min_plane_satellites: 5,
        }
    }
}

impl ShellRules {
    /// The rules given as JSON (those left out keep their defaults; none given: every default),
    /// checked: or the message naming the rule that is wrong (`min_shell_satellites: 0 is
    /// outside 1 to 100000`).
    pub fn from_json(json: Option<&str>) -> Result<ShellRules, String> {
        let rules: ShellRules = match json {
            None => ShellRules::default(),
            Some(j) => serde_json::from_str(j).map_err(|e| e.to_string())?,
        };
        rules.check().map_err(|(f, m)| format!("{f}: {m}"))?;
        Ok(rules)
    }

    /// The first rule outside its range, as (field, message).
    pub fn check(&self) -> Result<(), (&'static str, String)> {
        let ranges: [(&'static str, f64, f64, f64); 9] = [
            ("inclination_gap_deg", self.inclination_gap_deg, 0.01, 30.0),
            ("altitude_window_km", self.altitude_window_km, 0.1, 500.0),
            ("min_shell_satellites", self.min_shell_satellites as f64, 1.0, 100_000.0),
            ("max_eccentricity", self.max_eccentricity, 0.0, 0.5),
            ("decay_altitude_km", self.decay_altitude_km, 0.0, 2000.0),
            ("max_epoch_age_days", self.max_epoch_age_days, 0.01, 3650.0),
            ("plane_gap_deg", self.plane_gap_deg, 0.01, 90.0),
            ("min_plane_median", self.min_plane_median as f64, 1.0, 10_000.0),
            ("min_plane_satellites", self.min_plane_satellites as f64, 1.0, 10_000.0),
        ];
        for (field, v, lo, hi) in ranges {
            if !(v.is_finite() && v >= lo && v <= hi) {
                // A huge or tiny value in scientific notation, never hundreds of digits.
                let shown = if v != 0.0 && !(1e-3..1e7).contains(&v.abs()) { format!("{v:e}") } else { format!("{v}") };
                return Err((field, format!("{shown} is outside {lo} to {hi}")));
            }
        }
        Ok(())
    }
}

/// Why a satellite is set aside.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Exclusion {
    /// SGP4 cannot use the element set at the reference time, or its mean motion puts it above
    /// [`MAX_ALTITUDE_KM`] ([`out_of_range`]).
    Unusable,
    /// Eccentricity above `max_eccentricity`.
    Eccentric,
    /// Epoch further than `max_epoch_age_days` from the reference time.
    Stale,
    /// Mean altitude below `decay_altitude_km`.
    Decaying,
    /// Not at the altitude of the shell of its inclination: raising or lowering its orbit.
    RaisingOrLowering,
    /// No shell at its inclination.
    AloneInABand,
    /// In a shell, but in a cluster of RAANs smaller than `min_plane_satellites`: a stray
    /// drifting between planes.
    OutOfPlane,
}

impl Exclusion {
    /// Every reason, in report order.
    pub const ALL: [Exclusion; 7] = [
        Exclusion::Unusable,
        Exclusion::Eccentric,
        Exclusion::Stale,
        Exclusion::Decaying,
        Exclusion::RaisingOrLowering,
        Exclusion::AloneInABand,
        Exclusion::OutOfPlane,
    ];

    /// The reason's name in reports (`raising-or-lowering`).
    pub fn name(self) -> &'static str {
        match self {
            Exclusion::Unusable => "unusable",
            Exclusion::Eccentric => "eccentric",
            Exclusion::Stale => "stale",
            Exclusion::Decaying => "decaying",
            Exclusion::RaisingOrLowering => "raising-or-lowering",
            Exclusion::AloneInABand => "alone-in-a-band",
            Exclusion::OutOfPlane => "out-of-plane",
        }
    }
}

/// One shell of the catalogue.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Shell {
    /// Mean inclination [deg].
    pub inclination_deg: f64,
    /// Median altitude [km].
    pub altitude_km: f64,
    /// Number of planes.
    pub planes: u32,
    /// Satellites in the shell.
    pub satellites: u32,
    /// Satellites per plane: fewest, median, most.
    pub per_plane: [u32; 3],
    /// The ring of planes is open: a star with a seam (Iridium, OneWeb), or planes missing
    /// ([`OPEN_RING_RATIO`]); else a delta whose last plane neighbours its first (Starlink).
    pub star: bool,
}

/// One satellite in use: its element set and its place.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Placed {
    /// Index of its element set in the catalogue's sets.
    pub set: usize,
    /// Shell, plane within the shell, slot within the plane.
    pub shell: u32,
    /// Plane within the shell, eastwards from the widest gap.
    pub plane: u32,
    /// Slot within the plane, by argument of latitude.
    pub slot: u32,
    /// Argument of latitude at the reference time [deg].
    pub u_deg: f64,
    /// RAAN at the reference time [deg].
    pub raan_deg: f64,
}

/// A catalogue grouped into shells.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Catalogue {
    /// UTC Julian date of the reference time.
    pub reference_jd: f64,
    /// The shells, by inclination then altitude.
    pub shells: Vec<Shell>,
    /// The satellites in use, shell by shell, plane by plane, slot by slot.
    pub placed: Vec<Placed>,
    /// The satellites set aside: (index of the element set, why).
    pub excluded: Vec<(usize, Exclusion)>,
}

impl Catalogue {
    /// Counts of the satellites set aside, by reason (every reason listed, zeros included).
    pub fn excluded_counts(&self) -> BTreeMap<&'static str, u32> {
        let mut m: BTreeMap<&'static str, u32> = Exclusion::ALL.iter().map(|e| (e.name(), 0)).collect();
        for (_, e) in &self.excluded {
            *m.entry(e.name()).or_default() += 1;
        }
        m
    }
}

/// Mean elements carried to the reference time.
struct Mean {
    inc: f64,
    alt: f64,
    raan: f64,
    u: f64,
}

fn wrap360(x: f64) -> f64 {
    let r = x % 360.0;
    if r < 0.0 {
        r + 360.0
    } else {
        r
    }
}

/// UTC Julian date of an element set's epoch.
pub fn epoch_jd(el: &sgp4::Elements) -> f64 {
    JD_J2000 + el.epoch() * 365.25
}

/// The latest epoch of the sets (the default reference time), or `None` for no sets.
pub fn latest_epoch_jd(sets: &[(Tle, sgp4::Elements)]) -> Option<f64> {
    sets.iter().map(|(_, el)| epoch_jd(el)).reduce(f64::max)
}

/// Highest mean altitude of a satellite the models use [km]: the geostationary altitude. They
/// follow LEO and MEO shells (routes, visibility, inter-satellite links); a mean motion below
/// about 1.0027 rev/day (0.01 gives 903,679 km) is set aside as `unusable` in a catalogue and
/// refused in a scenario's element sets.
pub const MAX_ALTITUDE_KM: f64 = 35_786.0;

/// Why the element set's mean motion is outside what the models use, or None: the one check
/// of every place element sets are read (a catalogue's grouping, a scenario's shell).
pub fn out_of_range(el: &sgp4::Elements) -> Option<String> {
    let n_rad_s = el.mean_motion * 2.0 * PI / 86_400.0;
    let alt = (MU_KM3_S2 / (n_rad_s * n_rad_s)).cbrt() - RE_WGS72_KM;
    if el.mean_motion.is_finite() && el.mean_motion > 0.0 && alt <= MAX_ALTITUDE_KM {
        return None;
    }
    Some(format!(
        "mean motion {} rev/day gives a mean altitude of {alt:.0} km; the models follow orbits up to {MAX_ALTITUDE_KM} km (LEO and MEO: a mean motion of at least {:.4} rev/day)",
        el.mean_motion,
        crate::orbit::tle::mean_motion_rev_per_day(MAX_ALTITUDE_KM)
    ))
}

fn mean_at(el: &sgp4::Elements, reference_jd: f64) -> Mean {
    let n_rad_s = el.mean_motion * 2.0 * PI / 86_400.0;
    let a = (MU_KM3_S2 / (n_rad_s * n_rad_s)).cbrt();
    let dt_s = (reference_jd - epoch_jd(el)) * 86_400.0;
    let i_rad = el.inclination * PI / 180.0;
    let p = a * (1.0 - el.eccentricity * el.eccentricity);
    let raan_dot = -1.5 * n_rad_s * J2 * (RE_WGS72_KM / p).powi(2) * i_rad.cos();
    Mean {
        inc: el.inclination,
        alt: a - RE_WGS72_KM,
        raan: wrap360(el.right_ascension + raan_dot * dt_s * 180.0 / PI),
        u: wrap360(el.argument_of_perigee + el.mean_anomaly + n_rad_s * dt_s * 180.0 / PI),
    }
}

/// Splits `idx`, sorted by `key`, where neighbours differ by more than `gap`.
fn split_sorted(idx: &[usize], key: impl Fn(usize) -> f64, gap: f64) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = vec![];
    for (k, &i) in idx.iter().enumerate() {
        if k == 0 || key(i) - key(idx[k - 1]) > gap {
            out.push(vec![]);
        }
        if let Some(last) = out.last_mut() {
            last.push(i);
        }
    }
    out
}

fn median_u32(xs: &mut [u32]) -> u32 {
    xs.sort_unstable();
    xs.get(xs.len() / 2).copied().unwrap_or(0)
}

/// Most element sets a catalogue may hold (CelesTrak's whole active catalogue is about 12,000;
/// every satellite is propagated at every step).
pub const MAX_SETS: usize = 50_000;
/// Largest catalogue text [bytes] (50,000 three-line sets are about 8.5 MB).
pub const MAX_TEXT_BYTES: usize = 16 << 20;

/// The element sets of a catalogue's text (two- or three-line sets), refused as a whole with the
/// first bad lines named, or beyond [`MAX_TEXT_BYTES`] / [`MAX_SETS`].
pub fn parse(text: &str) -> Result<Vec<(Tle, sgp4::Elements)>, String> {
    check_budget(text)?;
    parse_tle_text(text).map_err(|errs| {
        let shown: Vec<String> = errs.iter().take(5).map(|e| e.to_string()).collect();
        let more = if errs.len() > 5 { format!(" (and {} more bad lines)", errs.len() - 5) } else { String::new() };
        format!("not a catalogue of element sets: {}{more}", shown.join("; "))
    })
}

/// Refuses a catalogue's text beyond [`MAX_TEXT_BYTES`] or [`MAX_SETS`], before it is parsed.
pub fn check_budget(text: &str) -> Result<(), String> {
    if text.len() > MAX_TEXT_BYTES {
        return Err(format!("{} bytes, above the budget of {} MB of element sets", text.len(), MAX_TEXT_BYTES >> 20));
    }
    // A cheap count first, so that an oversized file is refused before it is parsed.
    let lines = text.lines().filter(|l| l.starts_with("1 ")).count();
    if lines > MAX_SETS {
        return Err(format!("{lines} element sets, above the budget of {MAX_SETS}"));
    }
    Ok(())
}

/// What `skyqueue tle check --json` prints of a catalogue, and what the app shows when a file
/// of element sets is loaded: the same report in both.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// Element sets read.
    pub element_sets: usize,
    /// The time the catalogue is grouped at, UTC (by default its latest epoch): a run over it
    /// starts near there (`constellation.epoch_utc`).
    pub reference_utc: String,
    /// The shells, by inclination then altitude.
    pub shells: Vec<Shell>,
    /// Satellites placed in a shell, plane and slot.
    pub satellites_used: usize,
    /// Satellites set aside, by reason (every reason listed, with 0 where none).
    pub satellites_excluded: BTreeMap<&'static str, u32>,
}

/// The report of a catalogue grouped at `reference_jd` (default: its latest epoch) by `rules`,
/// or why it cannot be grouped (bad lines, budgets, no shell left).
pub fn report(text: &str, reference_jd: Option<f64>, rules: &ShellRules) -> Result<Report, String> {
    let (sets, cat) = load(text, reference_jd, rules)?;
    Ok(Report::new(sets.len(), &cat))
}

impl Report {
    /// The report of `cat`, grouped from `element_sets` sets.
    pub fn new(element_sets: usize, cat: &Catalogue) -> Report {
        Report {
            element_sets,
            reference_utc: crate::orbit::frames::iso_from_julian_date(cat.reference_jd),
            shells: cat.shells.clone(),
            satellites_used: cat.placed.len(),
            satellites_excluded: cat.excluded_counts(),
        }
    }
}

/// Parses and groups a catalogue at `reference_jd` (default: its latest epoch); an error if no
/// shell is left after exclusion, with the counts by reason.
pub fn load(
    text: &str,
    reference_jd: Option<f64>,
    rules: &ShellRules,
) -> Result<(Vec<(Tle, sgp4::Elements)>, Catalogue), String> {
    rules.check().map_err(|(f, m)| format!("{f}: {m}"))?;
    let sets = parse(text)?;
    let jd = match reference_jd {
        Some(jd) => jd,
        None => latest_epoch_jd(&sets).ok_or("no element sets")?,
    };
    let cat = group(&sets, jd, rules);
    if cat.shells.is_empty() {
        let counts: Vec<String> =
            cat.excluded_counts().iter().filter(|(_, &n)| n > 0).map(|(k, n)| format!("{n} {k}")).collect();
        return Err(format!(
            "no shell of at least {} satellites is left after exclusion ({} element sets: {})",
            rules.min_shell_satellites,
            sets.len(),
            counts.join(", ")
        ));
    }
    Ok((sets, cat))
}

/// Groups `sets` into shells at the UTC Julian date `reference_jd`.
pub fn group(sets: &[(Tle, sgp4::Elements)], reference_jd: f64, rules: &ShellRules) -> Catalogue {
    let mut excluded = vec![];
    let mut means: Vec<Mean> = Vec::with_capacity(sets.len());
    let mut keep = vec![false; sets.len()];
    for (i, (_, el)) in sets.iter().enumerate() {
        let minutes = (reference_jd - epoch_jd(el)) * 1440.0;
        let usable = out_of_range(el).is_none()
            && sgp4::Constants::from_elements_afspc_compatibility_mode(el)
                .ok()
                .and_then(|c| c.propagate_afspc_compatibility_mode(sgp4::MinutesSinceEpoch(minutes)).ok())
                .is_some();
        let why = if !usable {
            Some(Exclusion::Unusable)
        } else if el.eccentricity > rules.max_eccentricity {
            Some(Exclusion::Eccentric)
        } else if (minutes / 1440.0).abs() > rules.max_epoch_age_days {
            Some(Exclusion::Stale)
        } else {
            None
        };
        let m = mean_at(el, reference_jd);
        let why = why.or((m.alt < rules.decay_altitude_km).then_some(Exclusion::Decaying));
        match why {
            Some(e) => excluded.push((i, e)),
            None => keep[i] = true,
        }
        means.push(m);
    }
    let mean = |i: usize| &means[i];
    let mut kept: Vec<usize> = (0..sets.len()).filter(|&i| keep[i]).collect();
    kept.sort_by(|&a, &b| mean(a).inc.total_cmp(&mean(b).inc).then(a.cmp(&b)));
    let mut shells = vec![];
    let mut placed = vec![];
    for group in split_sorted(&kept, |i| mean(i).inc, rules.inclination_gap_deg) {
        let mut left: Vec<usize> = group;
        left.sort_by(|&a, &b| mean(a).alt.total_cmp(&mean(b).alt).then(a.cmp(&b)));
        let mut found: Vec<Vec<usize>> = vec![];
        loop {
            // The window [alt_k, alt_k + 2w] holding the most satellites (two pointers).
            let w2 = 2.0 * rules.altitude_window_km;
            let (mut best, mut best_at, mut hi) = (0usize, 0usize, 0usize);
            for lo in 0..left.len() {
                hi = hi.max(lo);
                while hi < left.len() && mean(left[hi]).alt - mean(left[lo]).alt <= w2 {
                    hi += 1;
                }
                if hi - lo > best {
                    (best, best_at) = (hi - lo, lo);
                }
            }
            if best == 0 || best < rules.min_shell_satellites as usize {
                break;
            }
            found.push(left.drain(best_at..best_at + best).collect());
        }
        found.sort_by(|a, b| mean(a[0]).alt.total_cmp(&mean(b[0]).alt));
        let mut any = false;
        for members in found {
            let shell_no = shells.len() as u32;
            let Some((shell, sats, strays)) = planes_of(&members, shell_no, &mean, rules) else {
                left.extend(members);
                continue;
            };
            any = true;
            shells.push(shell);
            placed.extend(sats);
            excluded.extend(strays.into_iter().map(|i| (i, Exclusion::OutOfPlane)));
        }
        let reason = if any { Exclusion::RaisingOrLowering } else { Exclusion::AloneInABand };
        excluded.extend(left.iter().map(|&i| (i, reason)));
    }
    excluded.sort_by_key(|&(i, _)| i);
    Catalogue { reference_jd, shells, placed, excluded }
}

/// The planes and slots of one shell's members, and its strays (clusters of RAANs under
/// `min_plane_satellites`); `None` if its planes hold a median under `min_plane_median` (no
/// shell: satellites on their way between altitudes) or if no cluster is a plane.
fn planes_of<'a>(
    members: &[usize],
    shell_no: u32,
    mean: &dyn Fn(usize) -> &'a Mean,
    rules: &ShellRules,
) -> Option<(Shell, Vec<Placed>, Vec<usize>)> {
    let mut by_raan: Vec<usize> = members.to_vec();
    by_raan.sort_by(|&a, &b| mean(a).raan.total_cmp(&mean(b).raan).then(a.cmp(&b)));
    let n = by_raan.len();
    // Start after the widest RAAN gap (circularly), so no plane straddles the start.
    let gap_after = |k: usize| wrap360(mean(by_raan[(k + 1) % n]).raan - mean(by_raan[k]).raan);
    let widest = (0..n).max_by(|&a, &b| gap_after(a).total_cmp(&gap_after(b)).then(b.cmp(&a))).unwrap_or(0);
    by_raan.rotate_left((widest + 1) % n.max(1));
    // Unwrapped RAANs increase from the first.
    let first = by_raan.first().map_or(0.0, |&i| mean(i).raan);
    let unwrapped = |i: usize| first + wrap360(mean(i).raan - first);
    let clusters = split_sorted(&by_raan, unwrapped, rules.plane_gap_deg);
    let mut all_sizes: Vec<u32> = clusters.iter().map(|c| c.len() as u32).collect();
    if median_u32(&mut all_sizes) < rules.min_plane_median {
        return None;
    }
    let (planes, strays): (Vec<Vec<usize>>, Vec<Vec<usize>>) =
        clusters.into_iter().partition(|c| c.len() >= rules.min_plane_satellites as usize);
    if planes.is_empty() {
        return None;
    }
    let strays: Vec<usize> = strays.into_iter().flatten().collect();
    // The ring of planes: gaps between neighbouring planes' mean RAANs, the last back to the first.
    let centres: Vec<f64> = planes.iter().map(|p| circular_mean(p.iter().map(|&i| mean(i).raan))).collect();
    let np = centres.len();
    let mut gaps: Vec<f64> = (0..np).map(|k| wrap360(centres[(k + 1) % np] - centres[k])).collect();
    let widest_gap = gaps.iter().copied().fold(0.0, f64::max);
    gaps.sort_by(f64::total_cmp);
    let median_gap = gaps.get(np / 2).copied().unwrap_or(0.0);
    let mut out = Vec::with_capacity(n);
    let mut sizes = vec![];
    for (p, plane) in planes.iter().enumerate() {
        let mut sats = plane.clone();
        sats.sort_by(|&a, &b| mean(a).u.total_cmp(&mean(b).u).then(a.cmp(&b)));
        sizes.push(sats.len() as u32);
        out.extend(sats.iter().enumerate().map(|(s, &i)| Placed {
            set: i,
            shell: shell_no,
            plane: p as u32,
            slot: s as u32,
            u_deg: mean(i).u,
            raan_deg: mean(i).raan,
        }));
    }
    let kept: Vec<usize> = planes.iter().flatten().copied().collect();
    let incs: Vec<f64> = kept.iter().map(|&i| mean(i).inc).collect();
    let mut alts: Vec<f64> = kept.iter().map(|&i| mean(i).alt).collect();
    alts.sort_by(f64::total_cmp);
    let mut sorted_sizes = sizes.clone();
    let shell = Shell {
        inclination_deg: incs.iter().sum::<f64>() / incs.len().max(1) as f64,
        altitude_km: alts.get(alts.len() / 2).copied().unwrap_or(f64::NAN),
        planes: np as u32,
        satellites: kept.len() as u32,
        per_plane: [
            sizes.iter().copied().min().unwrap_or(0),
            median_u32(&mut sorted_sizes),
            sizes.iter().copied().max().unwrap_or(0),
        ],
        star: np >= 2 && widest_gap > OPEN_RING_RATIO * median_gap,
    };
    Some((shell, out, strays))
}

/// Circular mean of angles [deg], 0 to 360.
pub(crate) fn circular_mean(xs: impl Iterator<Item = f64>) -> f64 {
    let (mut s, mut c) = (0.0, 0.0);
    for x in xs {
        s += (x * PI / 180.0).sin();
        c += (x * PI / 180.0).cos();
    }
    wrap360(s.atan2(c) * 180.0 / PI)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orbit::tle::parse_tle_text;

    const CUT: &str = include_str!("../../tests/fixtures/starlink-70deg-cut.tle");

    #[test]
    fn the_cut_keeps_the_70_degree_shell_and_sets_the_others_aside_by_reason() {
        let sets = parse_tle_text(CUT).unwrap();
        let jd = latest_epoch_jd(&sets).unwrap();
        let c = group(&sets, jd, &ShellRules::default());
        assert_eq!(c.shells.len(), 1, "{:?}", c.shells);
        let s = &c.shells[0];
        assert!((s.inclination_deg - 70.0).abs() < 0.2, "{s:?}");
        assert!((560.0..580.0).contains(&s.altitude_km), "{s:?}");
        assert!(!s.star, "Starlink's planes go all around: a delta");
        assert!((30..=40).contains(&s.planes), "{s:?}");
        assert_eq!(c.placed.len() + c.excluded.len(), sets.len());
        let counts = c.excluded_counts();
        assert!(counts["alone-in-a-band"] > 20, "{counts:?}");
        // Every satellite placed once, in shell / plane / slot order.
        let mut seen: Vec<usize> = c.placed.iter().map(|p| p.set).collect();
        seen.extend(c.excluded.iter().map(|e| e.0));
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), sets.len());
        assert!(c.placed.windows(2).all(|w| (w[0].shell, w[0].plane, w[0].slot) < (w[1].shell, w[1].plane, w[1].slot)));
    }

    /// `line2` with its mean motion (columns 53-63) set to `rev_per_day` and its checksum redone.
    fn with_mean_motion(line2: &str, rev_per_day: &str) -> String {
        let mut l = format!("{}{:>11}{}", &line2[..52], rev_per_day, &line2[63..68]);
        let sum: u32 = l.chars().map(|c| if c == '-' { 1 } else { c.to_digit(10).unwrap_or(0) }).sum();
        l.push(char::from_digit(sum % 10, 10).unwrap());
        l
    }

    #[test]
    fn sets_beyond_meo_are_set_aside_as_unusable_and_refused_in_a_shell() {
        // Mean motions of 0.01 and 1e-8 rev/day: shells at 903,679 km and 9.1e9 km.
        let mut lines: Vec<String> = CUT.lines().map(String::from).collect();
        let seconds: Vec<usize> = (0..lines.len()).filter(|&i| lines[i].starts_with("2 ")).take(2).collect();
        for (&i, n) in seconds.iter().zip(["0.01000000", ".00000001"]) {
            lines[i] = with_mean_motion(&lines[i], n);
        }
        let sets = parse_tle_text(&lines.join("\n")).unwrap();
        for (_, el) in sets.iter().take(2) {
            let m = out_of_range(el).expect("above MEO");
            assert!(m.contains("the models follow orbits up to 35786 km"), "{m}");
        }
        assert!(out_of_range(&sets[2].1).is_none());
        let c = group(&sets, latest_epoch_jd(&sets).unwrap(), &ShellRules::default());
        assert_eq!(c.excluded[..2], [(0, Exclusion::Unusable), (1, Exclusion::Unusable)]);
        assert!(c.placed.iter().all(|p| p.set > 1));
    }

    #[test]
    fn the_whole_catalogue_falls_into_starlinks_shells() {
        // examples/starlink-2026-05-13.tle: 10,361 Starlink element sets, epochs 12-13 May 2026.
        let text = include_str!("../../../../../examples/starlink-2026-05-13.tle");
        let (sets, c) = load(text, None, &ShellRules::default()).unwrap();
        assert_eq!(sets.len(), 10_361);
        let has = |inc: f64, alt: f64, min: u32| {
            c.shells.iter().any(|s| {
                (s.inclination_deg - inc).abs() < 0.5 && (s.altitude_km - alt).abs() < 25.0 && s.satellites >= min
            })
        };
        // The filings' shells, some moved since: 43 deg (Gen2), 53 deg lowered from 550 km to
        // about 480, 53.2 deg at 540, 70 deg at 570, 97.6 deg at 560.
        for (inc, alt, min) in
            [(43.0, 485.0, 3000), (53.1, 478.0, 2500), (53.2, 540.0, 1200), (70.0, 570.0, 690), (97.6, 555.0, 450)]
        {
            assert!(has(inc, alt, min), "no shell near {inc} deg, {alt} km: {:?}", c.shells);
        }
        let counts = c.excluded_counts();
        assert!(counts["decaying"] > 0 && counts["raising-or-lowering"] > 0, "{counts:?}");
        assert_eq!(c.placed.len() + c.excluded.len(), sets.len());
        assert!(c.placed.len() > 9_000);
        // No plane of a stray or two: those drifting between planes are set aside.
        assert!(counts["out-of-plane"] > 0, "{counts:?}");
        assert!(c.shells.iter().all(|s| s.per_plane[0] >= 5), "{:?}", c.shells);
    }

    #[test]
    fn iridiums_ring_of_planes_is_open_at_its_seam_and_a_stray_is_no_plane() {
        // examples/iridium-66.tle: six planes 31.6 deg apart over 180 deg; the gap back to the
        // first is six times the others.
        let text = include_str!("../../../../../examples/iridium-66.tle");
        let (_, c) = load(text, None, &ShellRules::default()).unwrap();
        assert_eq!(c.shells.len(), 1);
        let s = &c.shells[0];
        assert_eq!((s.planes, s.per_plane, s.star), (6, [11, 11, 11], true), "{s:?}");
        // Four satellites of the first plane moved 20 deg east in RAAN: a cluster of four
        // between two planes, set aside; the rest keep their planes.
        let sets = parse_tle_text(text).unwrap();
        let first: Vec<usize> = c.placed.iter().filter(|p| p.plane == 0).map(|p| p.set).take(4).collect();
        let lines: Vec<String> = text
            .lines()
            .map(|l| {
                let moved = l.starts_with("2 ") && first.iter().any(|&i| sets[i].0.line2 == l);
                if !moved {
                    return l.to_string();
                }
                let raan: f64 = l[17..25].trim().parse().unwrap();
                let mut m = format!("{}{:>8.4}{}", &l[..17], (raan + 15.0) % 360.0, &l[25..68]);
                let sum: u32 = m.chars().map(|c| if c == '-' { 1 } else { c.to_digit(10).unwrap_or(0) }).sum();
                m.push(char::from_digit(sum % 10, 10).unwrap());
                m
            })
            .collect();
        let (_, c) = load(&lines.join("\n"), None, &ShellRules::default()).unwrap();
        assert_eq!(c.excluded_counts()["out-of-plane"], 4, "{:?}", c.excluded);
        let s = &c.shells[0];
        assert_eq!((s.planes, s.per_plane, s.star), (6, [7, 11, 11], true), "{s:?}");
    }

    #[test]
    fn a_file_that_is_no_catalogue_or_leaves_no_shell_is_refused_with_the_reason() {
        assert!(load("hello\nworld\n", None, &ShellRules::default()).unwrap_err().contains("not a catalogue"));
        let iss = "ISS (ZARYA)\n1 25544U 98067A   08264.51782528 -.00002182  00000-0 -11606-4 0  2927\n2 25544  51.6416 247.4627 0006703 130.5360 325.0288 15.72125391563537\n";
        let e = load(iss, None, &ShellRules::default()).unwrap_err();
        assert!(e.contains("no shell of at least 20") && e.contains("1 alone-in-a-band"), "{e}");
        let big = "1 ".repeat(10);
        assert!(parse(&big.replace("1 ", "1 x\n").repeat(6_000)).unwrap_err().contains("budget of 50000"));
    }

    #[test]
    fn rules_out_of_range_name_the_field() {
        let r = ShellRules { plane_gap_deg: 0.0, ..ShellRules::default() };
        assert_eq!(r.check().unwrap_err().0, "plane_gap_deg");
        assert!(ShellRules::default().check().is_ok());
    }
}
