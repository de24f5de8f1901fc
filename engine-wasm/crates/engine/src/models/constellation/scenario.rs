//! The constellation part of a scenario: which constellation, how it is propagated, the ISL
//! and access rules, and the pair of ground sites whose route is followed.

use crate::models::Scenario;
use crate::orbit::catalogue::{self, Catalogue, ShellRules};
use crate::orbit::frames::{iso_from_julian_date, julian_date_from_iso};
use crate::orbit::infer;
use crate::orbit::propagate::{PropagationModel, Propagator};
use crate::orbit::sites;
use crate::orbit::sites::Site;
use crate::orbit::tle::parse_tle_text;
use crate::orbit::walker::{ConstellationPreset, WalkerKind, WalkerSpec};
use crate::scenario::fields::*;
use crate::scenario::validate::{duration_ok, Checker, MAX_SATELLITES, MAX_TOPOLOGY_STEPS};
use crate::sim::{num, WorkEstimate};
use crate::topology::access::AccessPolicy;
use crate::topology::catalogue_pair::SATELLITE_STEPS_BUDGET;
use crate::topology::isl::{IslChoice, IslPairing};
use crate::topology::routing::RoutingMetric;
use serde::{Deserialize, Serialize};

/// Constellation, rules and ground sites. A preset gives every orbital parameter; any
/// parameter set here overrides the preset's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConstellationScenario {
    /// Starting point: `iridium` (paper 004 Table 2), `iridium-800` (paper 000),
    /// `walker-delta-53`, or a filed shell: `starlink-shell-1`, `kuiper-630`, `oneweb`,
    /// `telesat-1015`.
    #[serde(default = "d::preset")]
    pub preset: ConstellationPreset,
    /// Override: `star` or `delta`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<WalkerKind>,
    /// Override: number of planes (1 to 100).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub planes: Option<u32>,
    /// Override: satellites per plane (1 to 100; at most 2000 in all).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sats_per_plane: Option<u32>,
    /// Override: altitude [km] (100 to 50000).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub altitude_km: Option<f64>,
    /// Override: inclination [deg] (0 to 180).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inclination_deg: Option<f64>,
    /// Override: RAAN spacing of co-rotating planes [deg] (star only; the seam gets the rest
    /// of 180).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub raan_spacing_deg: Option<f64>,
    /// Override: inter-plane phasing (star: slots, 0 to 1; delta: Walker F, 0 to planes - 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phasing: Option<f64>,
    /// Override: elevation mask of the ground sites [deg] (0 to 60).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elevation_mask_deg: Option<f64>,
    /// `sgp4` (default) or `two-body` (circular, no J2).
    #[serde(default = "d::propagation")]
    pub propagation: PropagationModel,
    /// UTC epoch of simulated time zero and of the element sets, `YYYY-MM-DDTHH:MM:SSZ`.
    #[serde(default = "d::epoch")]
    pub epoch_utc: String,
    /// ISLs: `iridium` (default; paper 004's rules over one shell), `grid` (+Grid in every shell
    /// of any constellation, within range) or `none` (a bent pipe relayed by the built-in sites).
    #[serde(default)]
    pub isl: IslChoice,
    /// Longest usable +Grid link [km] (100 to 100000); unset: each shell's line of sight that
    /// clears 80 km above the Earth (Hypatia's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_isl_km: Option<f64>,
    /// How a loaded catalogue is grouped into shells and which satellites are set aside
    /// (`isl` grid or none; docs/CATALOGUES.md).
    #[serde(default)]
    pub shell_rules: ShellRules,
    /// Cross-plane ISLs are down above this latitude [deg] (0 to 90; 68 by default, 60 in ns-2's
    /// Iridium model and the paper-004 presets; docs/REPRODUCTION.md "ISL settings").
    #[serde(default = "d::polar_cutoff")]
    pub polar_cutoff_deg: f64,
    /// Teaching option: allow ISLs across the seam (off in Iridium, paper 004 Table 2).
    #[serde(default)]
    pub seam_isls: bool,
    /// Cross-plane partner: `ahead` (default; half a slot ahead) or `alternating` (ns-2).
    #[serde(default)]
    pub isl_pairing: crate::topology::isl::IslPairing,
    /// Access policy: `ns2` (default), `highest-elevation`, `hysteresis`, `longest-visibility`,
    /// `free` (any satellite in view; the route picks).
    #[serde(default = "d::access")]
    pub access: AccessPolicy,
    /// Margin of the `hysteresis` policy [deg] (0 to 30).
    #[serde(default = "d::hysteresis")]
    pub hysteresis_deg: f64,
    /// Routing: `min-hop` (default, ties by delay; paper 004 Table 3) or `min-delay`.
    #[serde(default = "d::routing")]
    pub routing: RoutingMetric,
    /// Time between topology updates [s] (0.1 to 600).
    #[serde(default = "d::step_s")]
    pub step_s: f64,
    /// First ground site: a name from the site list, a user site, or `lat,lon`.
    #[serde(default = "d::from")]
    pub from: String,
    /// Second ground site.
    #[serde(default = "d::to")]
    pub to: String,
    /// User-defined sites, usable by name in `from` and `to`.
    #[serde(default)]
    pub sites: Vec<Site>,
    /// Element sets (TLE text: optional name line, then lines 1 and 2 per satellite) that
    /// replace the generated shell: the preset and the orbital overrides are then unused, except
    /// the elevation mask. Under `isl: iridium` they are one shell whose planes, slots and seam
    /// are read from the sets (`orbit::infer`); under `grid` or `none` a whole catalogue, grouped
    /// into shells by `shell_rules` (`orbit::catalogue`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tle: Option<String>,
}

mod d {
    use super::*;
    pub fn preset() -> ConstellationPreset {
        ConstellationPreset::Iridium
    }
    pub fn propagation() -> PropagationModel {
        PropagationModel::Sgp4
    }
    pub fn epoch() -> String {
        "2026-01-01T00:00:00Z".into()
    }
    pub fn polar_cutoff() -> f64 {
        68.0
    }
    pub fn access() -> AccessPolicy {
        AccessPolicy::Ns2
    }
    pub fn hysteresis() -> f64 {
        5.0
    }
    pub fn routing() -> RoutingMetric {
        RoutingMetric::MinHop
    }
    pub fn step_s() -> f64 {
        1.0
    }
    pub fn from() -> String {
        "Atlantic ship".into()
    }
    pub fn to() -> String {
        "London".into()
    }
}

impl Default for ConstellationScenario {
    fn default() -> Self {
        ConstellationScenario {
            preset: d::preset(),
            kind: None,
            planes: None,
            sats_per_plane: None,
            altitude_km: None,
            inclination_deg: None,
            raan_spacing_deg: None,
            phasing: None,
            elevation_mask_deg: None,
            propagation: d::propagation(),
            epoch_utc: d::epoch(),
            polar_cutoff_deg: d::polar_cutoff(),
            seam_isls: false,
            isl_pairing: Default::default(),
            isl: IslChoice::Iridium,
            max_isl_km: None,
            shell_rules: ShellRules::default(),
            access: d::access(),
            hysteresis_deg: d::hysteresis(),
            routing: d::routing(),
            step_s: d::step_s(),
            from: d::from(),
            to: d::to(),
            sites: vec![],
            tle: None,
        }
    }
}

/// A loaded shell: its grid and the propagator of its element sets, ordered plane by plane.
pub type LoadedShell = (WalkerSpec, Propagator);
/// A constellation of shells: a summary of its grid (planes, the most per plane, the first
/// shell's altitude and inclination, the mask), its shells, planes and slots, and the
/// propagator of the satellites in use, in the catalogue's order.
pub type LoadedCatalogue = (WalkerSpec, Catalogue, Propagator);
/// An error in a scenario field: `(field path, message)`.
pub type FieldError = (&'static str, String);

impl ConstellationScenario {
    /// The preset with the overrides applied.
    pub fn spec(&self) -> WalkerSpec {
        let mut s = self.preset.spec();
        if let Some(k) = self.kind {
            s.kind = k;
        }
        s.planes = self.planes.unwrap_or(s.planes);
        s.sats_per_plane = self.sats_per_plane.unwrap_or(s.sats_per_plane);
        s.altitude_km = self.altitude_km.unwrap_or(s.altitude_km);
        s.inclination_deg = self.inclination_deg.unwrap_or(s.inclination_deg);
        s.raan_spacing_deg = self.raan_spacing_deg.unwrap_or(s.raan_spacing_deg);
        s.phasing = self.phasing.unwrap_or(s.phasing);
        s.elevation_mask_deg = self.elevation_mask_deg.unwrap_or(s.elevation_mask_deg);
        s
    }

    /// The loaded element sets' text, when there is any (blank text counts as none).
    pub fn tle_text(&self) -> Option<&str> {
        self.tle.as_deref().filter(|t| !t.trim().is_empty())
    }

    /// The loaded element sets, checked and ordered plane by plane, with their grid; None when
    /// the shell is generated. Errors are `(field, message)`.
    pub fn loaded_shell(&self, epoch_jd: f64) -> Option<Result<LoadedShell, FieldError>> {
        let text = self.tle_text()?;
        Some((|| {
            if self.propagation != PropagationModel::Sgp4 {
                return Err((
                    "constellation.propagation",
                    "loaded element sets are propagated with SGP4: use `sgp4` (or remove constellation.tle)".into(),
                ));
            }
            let sets = parse_tle_text(text).map_err(|errs| {
                let shown: Vec<String> = errs.iter().take(3).map(|e| e.to_string()).collect();
                let more = if errs.len() > 3 { format!(" (and {} more)", errs.len() - 3) } else { String::new() };
                ("constellation.tle", format!("{}{more}", shown.join("; ")))
            })?;
            let mask = self.elevation_mask_deg.unwrap_or(self.preset.spec().elevation_mask_deg);
            let g = infer::grid(&sets, epoch_jd, mask, MAX_SATELLITES).map_err(|m| ("constellation.tle", m))?;
            let mut slots: Vec<Option<_>> = sets.into_iter().map(Some).collect();
            let ordered = g.order.iter().map(|&i| slots[i].take().expect("each set once")).collect();
            let prop = Propagator::from_sets(ordered, epoch_jd).map_err(|m| ("constellation.tle", m))?;
            Ok((g.spec, prop))
        })())
    }

    /// The elevation mask: the scenario's, or the preset's.
    pub fn mask_deg(&self) -> f64 {
        self.elevation_mask_deg.unwrap_or(self.preset.spec().elevation_mask_deg)
    }

    /// The constellation as shells under `isl: grid` or `none`: the loaded catalogue grouped at
    /// the epoch by `shell_rules`, or the generated shell as a catalogue of one. Errors are
    /// `(field, message)`.
    pub fn catalogue(&self, epoch_jd: f64) -> Result<LoadedCatalogue, FieldError> {
        let Some(text) = self.tle_text() else {
            let spec = self.spec();
            let prop = Propagator::from_walker(&spec, epoch_jd, self.propagation).map_err(|m| ("constellation", m))?;
            let cat = crate::topology::layout::walker_catalogue(&spec, epoch_jd);
            return Ok((spec, cat, prop));
        };
        if self.propagation != PropagationModel::Sgp4 {
            return Err((
                "constellation.propagation",
                "loaded element sets are propagated with SGP4: use `sgp4` (or remove constellation.tle)".into(),
            ));
        }
        let (sets, cat) = catalogue::load(text, Some(epoch_jd), &self.shell_rules).map_err(|m| {
            // Every set stale: the epoch is far from the catalogue's; say which epoch fits.
            let hint = catalogue::parse(text)
                .ok()
                .and_then(|sets| catalogue::latest_epoch_jd(&sets))
                .filter(|jd| (jd - epoch_jd).abs() > self.shell_rules.max_epoch_age_days)
                .map(|jd| {
                    format!(
                        "; the element sets' latest epoch is {}: set constellation.epoch_utc near it",
                        iso_from_julian_date(jd)
                    )
                })
                .unwrap_or_default();
            ("constellation.tle", format!("{m}{hint}"))
        })?;
        let used = cat.placed.iter().map(|p| sets[p.set].clone()).collect();
        let prop = Propagator::from_sets(used, epoch_jd).map_err(|m| ("constellation.tle", m))?;
        let layout = crate::topology::layout::Layout::catalogue(&cat);
        let first = &cat.shells[0];
        let spec = WalkerSpec {
            kind: WalkerKind::Delta,
            planes: layout.plane_count() as u32,
            sats_per_plane: layout.most_per_plane(),
            altitude_km: first.altitude_km,
            inclination_deg: first.inclination_deg,
            raan_spacing_deg: 0.0,
            phasing: 0.0,
            elevation_mask_deg: self.mask_deg(),
        };
        Ok((spec, cat, prop))
    }

    /// Julian date of the epoch, if it parses.
    pub fn epoch_jd(&self) -> Option<f64> {
        julian_date_from_iso(&self.epoch_utc)
    }
}

/// Longest element-set text [characters]: about 19,000 satellites of three 69-character lines
/// (a whole Starlink catalogue of 2026 is 1.7 million).
pub const MAX_TLE_CHARS: usize = 4_000_000;

/// The rules joining fields (ranges are in [`groups`]), and the fields the panel does not show:
/// the satellite budget, the seam of a star, Walker phasing, the epoch, the step budget and
/// the ground sites.
pub fn validate(s: &Scenario, c: &mut Checker) {
    let k = &s.constellation;
    let spec = k.spec();
    let p = "constellation.";
    let f = |name: &str| format!("{p}{name}");
    if spec.planes >= 1
        && spec.sats_per_plane >= 1
        && spec.total() > MAX_SATELLITES
        && spec.planes <= 100
        && spec.sats_per_plane <= 100
    {
        c.push(
            &f("sats_per_plane"),
            format!(
                "{} planes x {} is {} satellites, above the maximum {MAX_SATELLITES}",
                spec.planes,
                spec.sats_per_plane,
                spec.total()
            ),
        );
    }
    match spec.kind {
        WalkerKind::Star => {
            c.real(&f("raan_spacing_deg"), spec.raan_spacing_deg, 0.0, true, 180.0);
            if spec.raan_spacing_deg.is_finite() && spec.planes >= 2 && spec.planes <= 100 {
                let seam = 180.0 - (spec.planes as f64 - 1.0) * spec.raan_spacing_deg;
                if seam <= 0.0 {
                    c.push(
                        &f("raan_spacing_deg"),
                        format!(
                            "{} planes {} deg apart span more than 180 deg, leaving no seam; use at most {:.4}",
                            spec.planes,
                            spec.raan_spacing_deg,
                            180.0 / (spec.planes as f64 - 1.0)
                        ),
                    );
                }
            }
            c.real(&f("phasing"), spec.phasing, 0.0, false, 1.0);
        }
        WalkerKind::Delta => {
            let max_f = spec.planes.saturating_sub(1) as f64;
            c.real(&f("phasing"), spec.phasing, 0.0, false, max_f);
            if spec.phasing.is_finite() && spec.phasing.fract() != 0.0 {
                c.push(
                    &f("phasing"),
                    format!("{} is not a whole number (Walker F, allowed: 0 to {max_f})", spec.phasing),
                );
            }
        }
    }
    match k.epoch_jd() {
        None => c.push(
            &f("epoch_utc"),
            format!("`{}` is not a UTC time like 2026-01-01T00:00:00Z (years 1957 to 2056)", k.epoch_utc),
        ),
        Some(jd) if k.isl == IslChoice::Iridium => {
            if let Some(Err((field, m))) = k.loaded_shell(jd) {
                c.push(field, m);
            }
        }
        Some(jd) => {
            if let Err((field, m)) = k.shell_rules.check() {
                c.push(&format!("{p}shell_rules.{field}"), m);
            } else if k.tle_text().is_some() {
                match k.catalogue(jd) {
                    Err((field, m)) => c.push(field, m),
                    Ok((_, cat, _)) => {
                        let steps = if k.step_s > 0.0 { s.duration_s / k.step_s } else { 0.0 };
                        let work = cat.placed.len() as f64 * steps;
                        if duration_ok(s.duration_s) && work > SATELLITE_STEPS_BUDGET {
                            c.push(
                                &f("step_s"),
                                format!(
                                    "{} satellites x {steps:.0} steps is {work:.3e} satellite-steps, above the budget \
                                     {SATELLITE_STEPS_BUDGET:.0e}: shorten duration_s or lengthen step_s",
                                    cat.placed.len()
                                ),
                            );
                        }
                    }
                }
            }
        }
    }
    if duration_ok(s.duration_s)
        && k.step_s.is_finite()
        && k.step_s >= 0.1
        && s.duration_s / k.step_s > MAX_TOPOLOGY_STEPS
    {
        c.push(
            &f("step_s"),
            format!(
                "{} s gives {:.3e} steps over duration_s, above the maximum {MAX_TOPOLOGY_STEPS:.0e}",
                k.step_s,
                s.duration_s / k.step_s
            ),
        );
    }
    for (i, site) in k.sites.iter().enumerate() {
        c.real(&format!("{p}sites[{i}].lat_deg"), site.lat_deg, -90.0, false, 90.0);
        c.real(&format!("{p}sites[{i}].lon_deg"), site.lon_deg, -180.0, false, 180.0);
        if site.name.trim().is_empty() || site.name.chars().count() > 60 {
            c.push(&format!("{p}sites[{i}].name"), "must be 1 to 60 characters".into());
        }
    }
    for (name, v) in [("from", &k.from), ("to", &k.to)] {
        if let Err(e) = sites::resolve(v, &k.sites) {
            c.push(&f(name), e);
        }
    }
}

/// The constellation another model's section crosses (TCP over the constellation's `transfer`,
/// VoIP over LEO's `voip`): its catalogue, links, access policy, routing, mask and epoch, as that
/// section's own fields name them; the rest are the constellation model's defaults.
#[derive(Clone, Copy, Debug)]
pub struct Crossing<'a> {
    /// Element sets (a catalogue), if any.
    pub tle: &'a Option<String>,
    /// ISLs.
    pub isl: IslChoice,
    /// Access policy.
    pub access: AccessPolicy,
    /// Route metric.
    pub routing: RoutingMetric,
    /// Elevation mask [deg], if set.
    pub elevation_mask_deg: Option<f64>,
    /// Epoch, UTC.
    pub epoch_utc: &'a str,
}

impl ConstellationScenario {
    /// This section with the crossing's settings.
    pub fn crossing(self, c: Crossing) -> ConstellationScenario {
        ConstellationScenario {
            tle: c.tle.clone(),
            isl: c.isl,
            access: c.access,
            routing: c.routing,
            elevation_mask_deg: c.elevation_mask_deg.or(self.elevation_mask_deg),
            epoch_utc: c.epoch_utc.into(),
            ..self
        }
    }
}

/// Checks the constellation another model's section crosses (`view`, built from `section`'s
/// fields): its epoch, the loaded element sets, and the satellite-steps of `steps` topology
/// steps; errors at the section's fields (`transfer.tle`), or at `duration_s` for the budget.
pub fn check_crossing(view: &ConstellationScenario, section: &str, steps: f64, c: &mut Checker) {
    let Some(jd) = view.epoch_jd() else {
        c.push(
            &format!("{section}.epoch_utc"),
            format!("`{}` is not a UTC time like 2026-01-01T00:00:00Z (years 1957 to 2056)", view.epoch_utc),
        );
        return;
    };
    let at = |field: &str| field.replace("constellation.", &format!("{section}."));
    if view.isl == IslChoice::Iridium {
        if let Some(Err((field, m))) = view.loaded_shell(jd) {
            c.push(&at(field), m);
        }
        return;
    }
    match view.catalogue(jd) {
        Err((field, m)) => c.push(&at(field), m),
        Ok((_, cat, _)) => {
            let work = cat.placed.len() as f64 * steps;
            if work > SATELLITE_STEPS_BUDGET {
                c.push(
                    "duration_s",
                    format!(
                        "{} satellites x {steps:.0} topology steps of 1 s is {work:.3e} satellite-steps, above the \
                         budget {SATELLITE_STEPS_BUDGET:.0e}: a shorter run",
                        cat.placed.len()
                    ),
                );
            }
        }
    }
}

/// The fields of a crossing in another model's panel, at the six paths given (its section's
/// `tle`, `isl`, `access`, `routing`, `elevation_mask_deg`, `epoch_utc`).
pub fn crossing_fields(paths: [&'static str; 6], unset_means: &'static str) -> Vec<Field> {
    let [tle, isl, access, routing, mask, epoch] = paths;
    vec![
        text(tle, "Element sets (TLE)", "A real constellation instead of the default: a catalogue file (e.g. CelesTrak's starlink.txt) under +Grid or no ISLs, grouped into shells; set the epoch near its element sets.")
            .max_chars(MAX_TLE_CHARS, true)
            .null_means(unset_means)
            .catalogue(),
        choice(isl, "Inter-satellite links", &ISL_CHOICES, "Iridium: polar cut-off, no links across the seam (one shell). +Grid: two neighbours in the plane and the nearest satellite of each next plane, within laser range, in every shell (Starlink, Hypatia). None: ground stations relay."),
        choice(access, "Access policy", &ACCESS_CHOICES, "How each site picks its satellite and when it hands over."),
        choice(routing, "Routing", &ROUTING_CHOICES, "Route metric; ties are broken by delay."),
        real(mask, "Elevation mask", Some("deg"), 0.0, 60.0, "Lowest elevation of a ground-satellite link (Iridium 8.2°, Starlink 25°).").null_means("Iridium's 8.2°"),
        text(epoch, "Epoch (UTC)", "Time zero of the constellation, like 2026-01-01T00:00:00Z; near a loaded catalogue's element sets."),
    ]
}

const ISL_CHOICES: [(&str, &str); 3] =
    [("iridium", "Iridium rules (paper 004)"), ("grid", "+Grid in every shell"), ("none", "none (bent pipe)")];
const ACCESS_CHOICES: [(&str, &str); 5] = [
    ("ns2", "ns-2 (keep until lost)"),
    ("highest-elevation", "highest elevation"),
    ("hysteresis", "highest elevation with hysteresis"),
    ("longest-visibility", "longest remaining visibility"),
    ("free", "any in view (the route picks)"),
];
const ROUTING_CHOICES: [(&str, &str); 2] =
    [("min-hop", "fewest hops (paper 004 Table 3)"), ("min-delay", "least delay")];

/// The groups of fields the parameter panel shows for this model, with their ranges (checked by
/// `scenario::fields::check_ranges`).
pub fn groups() -> Vec<Group> {
    vec![
        Group {
            title: "Constellation",
            fields: vec![
                choice("constellation.preset", "Starting point", &[("iridium", "Iridium (paper 004 Table 2)"), ("iridium-800", "Iridium at 800 km (paper 000)"), ("walker-delta-53", "Walker delta 53°"), ("starlink-shell-1", "Starlink shell 1 (72 × 22, 53°, 550 km)"), ("kuiper-630", "Kuiper (34 × 34, 51.9°, 630 km)"), ("oneweb", "OneWeb (12 × 49, 87.9°, 1,200 km)"), ("telesat-1015", "Telesat polar (27 × 13, 98.98°, 1,015 km)")], "The constellation whose orbital parameters the overrides below start from. The last four as filed (Hypatia's shells); a real catalogue loads as element sets below."),
                int("constellation.planes", "Planes", "u32", None, 1, 100, "Override of the preset's number of orbital planes (at most 2000 satellites in all).").null_means("preset's"),
                int("constellation.sats_per_plane", "Satellites per plane", "u32", None, 1, 100, "Override of the preset's satellites per plane.").null_means("preset's"),
                real("constellation.altitude_km", "Altitude", Some("km"), 100.0, 50_000.0, "Override of the preset's altitude (Iridium: 780 km).").null_means("preset's"),
                real("constellation.inclination_deg", "Inclination", Some("deg"), 0.0, 180.0, "Override of the preset's inclination (Iridium: 86.4°).").null_means("preset's"),
                real("constellation.elevation_mask_deg", "Elevation mask", Some("deg"), 0.0, 60.0, "Lowest elevation at which a ground site sees a satellite (Iridium: 8.2°).").null_means("preset's"),
                choice("constellation.propagation", "Orbits", &[("sgp4", "SGP4 (with J2 drift)"), ("two-body", "two-body (circular)")], "How satellites move: SGP4 from generated element sets, or ideal circular orbits."),
                text("constellation.epoch_utc", "Epoch (UTC)", "Time zero of the run and of the element sets, like 2026-01-01T00:00:00Z."),
                text("constellation.tle", "Element sets (TLE)", "Your own constellation: two-line element sets (e.g. a CelesTrak file, or `skyqueue tle generate`) that replace the generated shell. Under the Iridium link rules one shell with the same number of satellites in every plane; under +Grid or no ISLs a whole catalogue, grouped into shells (set the epoch near the sets').")
                    .max_chars(MAX_TLE_CHARS, true)
                    .null_means("the generated shell")
                    .catalogue(),
            ],
        },
        Group {
            title: "Links, access and routing",
            fields: vec![
                choice("constellation.isl", "Inter-satellite links", &ISL_CHOICES, "Iridium: polar cut-off, no links across the seam (one shell). +Grid: two neighbours in the plane and the nearest satellite of each next plane, within laser range, in every shell (Starlink, Hypatia). None: ground stations relay."),
                real("constellation.max_isl_km", "Longest ISL", Some("km"), 100.0, 100_000.0, "Longest usable +Grid link (5,016 km at 550 km: the line of sight 80 km above the Earth).").null_means("each shell's line of sight"),
                real("constellation.polar_cutoff_deg", "Polar cut-off", Some("deg"), 0.0, 90.0, "Cross-plane links switch off above this latitude (68° by default; 60° in ns-2's Iridium model and paper 004's presets)."),
                boolean("constellation.seam_isls", "Links across the seam", "Teaching option: Iridium has no links between the counter-rotating planes at the seam (paper 004 Table 2)."),
                choice("constellation.isl_pairing", "Cross-plane partner", &IslPairing::choices(), "Which satellite of the next plane each satellite links to (ns-2's Iridium model and paper 004's presets: alternating)."),
                choice("constellation.access", "Access policy", &ACCESS_CHOICES, "How a ground site picks its satellite and when it hands over."),
                real("constellation.hysteresis_deg", "Hysteresis margin", Some("deg"), 0.0, 30.0, "A new satellite must be this much higher to take over (hysteresis policy)."),
                choice("constellation.routing", "Routing", &ROUTING_CHOICES, "Route metric; ties are broken by delay."),
                real("constellation.step_s", "Topology step", Some("s"), 0.1, 600.0, "Time between topology updates: links, access and routes."),
                text("constellation.from", "From", "First ground site: a name from the site list or lat,lon (or click on the globe)."),
                text("constellation.to", "To", "Second ground site."),
            ],
        },
        Group {
            title: "Shells of a catalogue",
            fields: vec![
                real("constellation.shell_rules.inclination_gap_deg", "Inclination gap", Some("deg"), 0.01, 30.0, "Satellites whose inclinations differ by less than this share an inclination group."),
                real("constellation.shell_rules.altitude_window_km", "Altitude window", Some("km"), 0.1, 500.0, "A shell holds the satellites within this of its altitude window's centre."),
                int("constellation.shell_rules.min_shell_satellites", "Smallest shell", "u32", None, 1, 100_000, "A window with fewer satellites is no shell: they are alone in a band."),
                real("constellation.shell_rules.max_eccentricity", "Largest eccentricity", None, 0.0, 0.5, "More eccentric orbits are set aside."),
                real("constellation.shell_rules.decay_altitude_km", "Decay altitude", Some("km"), 0.0, 2000.0, "Satellites below this mean altitude are decaying and set aside."),
                real("constellation.shell_rules.max_epoch_age_days", "Oldest element set", Some("days"), 0.01, 3650.0, "Element sets further than this from the epoch are stale and set aside."),
                real("constellation.shell_rules.plane_gap_deg", "Plane gap", Some("deg"), 0.01, 90.0, "Satellites whose RAANs differ by less than this share a plane."),
                int("constellation.shell_rules.min_plane_median", "Fewest per plane (median)", "u32", None, 1, 10_000, "A window whose planes hold fewer satellites than this (median) is raising or lowering its orbits."),
            ],
        },
    ]
}

/// The model's objects in a scenario, with their keys as the structs declare them.
pub fn objects() -> Vec<Object> {
    vec![object::<ConstellationScenario>("constellation"), object::<ShellRules>("constellation.shell_rules")]
}

/// The run's events: one topology step every `step_s`.
pub fn estimated_events(s: &Scenario) -> Option<WorkEstimate> {
    let k = &s.constellation;
    let steps = s.duration_s / k.step_s;
    Some(WorkEstimate {
        events: steps + 1.0,
        field: "constellation.step_s",
        offers: format!("about {steps:.2e} topology steps ({} s / {} s)", num(s.duration_s), num(k.step_s)),
        lower: "duration_s, or lengthen constellation.step_s".into(),
    })
}
