//! A constellation as a scenario describes it: which constellation, how it is propagated, the
//! ISL and access rules, and the pair of ground sites whose route is followed. It is the
//! constellation model's whole section, and the view of the constellation that a model crossing
//! one builds from its own section (`crossing_section!`); [`build_topology`] turns either
//! into the route's topology.

use crate::orbit::catalogue::{self, Catalogue, ShellRules};
use crate::orbit::frames::{iso_from_julian_date, julian_date_from_iso};
use crate::orbit::infer;
use crate::orbit::propagate::{PropagationModel, Propagator};
use crate::orbit::sites;
use crate::orbit::sites::Site;
use crate::orbit::tle::parse_tle_text;
use crate::orbit::walker::{ConstellationPreset, WalkerKind, WalkerSpec};
use crate::scenario::validate::MAX_SATELLITES;
use crate::scenario::ScenarioError;
use crate::topology::access::AccessPolicy;
use crate::topology::grid::{max_isl_km, plus_grid};
use crate::topology::isl::{IslChoice, IslRules};
use crate::topology::layout::Layout;
use crate::topology::pair::{LinkMode, PairOptions, PairTopology};
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
        crate::crossing::DEFAULT_EPOCH.into()
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
/// An error in a field of the section: `(field, message)`, the field named within the section
/// (`tle`; empty for the section as a whole), so that each section that holds or crosses a
/// constellation reports it at its own path ([`at`]).
pub type FieldError = (&'static str, String);

/// The path of `field` of `section` (`field` as [`FieldError`] names it).
pub fn at(section: &str, field: &str) -> String {
    if field.is_empty() {
        section.to_string()
    } else {
        format!("{section}.{field}")
    }
}

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
                    "propagation",
                    "loaded element sets are propagated with SGP4: use `sgp4` (or remove constellation.tle)".into(),
                ));
            }
            let sets = parse_tle_text(text).map_err(|errs| {
                let shown: Vec<String> = errs.iter().take(3).map(|e| e.to_string()).collect();
                let more = if errs.len() > 3 { format!(" (and {} more)", errs.len() - 3) } else { String::new() };
                ("tle", format!("{}{more}", shown.join("; ")))
            })?;
            let mask = self.elevation_mask_deg.unwrap_or(self.preset.spec().elevation_mask_deg);
            let g = infer::grid(&sets, epoch_jd, mask, MAX_SATELLITES).map_err(|m| ("tle", m))?;
            let mut slots: Vec<Option<_>> = sets.into_iter().map(Some).collect();
            let ordered = g.order.iter().map(|&i| slots[i].take().expect("each set once")).collect();
            let prop = Propagator::from_sets(ordered, epoch_jd).map_err(|m| ("tle", m))?;
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
            let prop = Propagator::from_walker(&spec, epoch_jd, self.propagation).map_err(|m| ("", m))?;
            let cat = crate::topology::layout::walker_catalogue(&spec, epoch_jd);
            return Ok((spec, cat, prop));
        };
        if self.propagation != PropagationModel::Sgp4 {
            return Err((
                "propagation",
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
            ("tle", format!("{m}{hint}"))
        })?;
        let used = cat.placed.iter().map(|p| sets[p.set].clone()).collect();
        let prop = Propagator::from_sets(used, epoch_jd).map_err(|m| ("tle", m))?;
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
/// Builds the pair topology of a validated constellation `k`: one shell under paper 004's
/// Iridium rules, or any constellation of shells under +Grid or without ISLs. `section` is where
/// the scenario holds `k`'s fields (the constellation model's own section, or the section of a
/// model that crosses one), for the errors of a section that was not validated.
pub fn build_topology(k: &ConstellationScenario, section: &str) -> Result<PairTopology, ScenarioError> {
    let bad =
        |field: &str, m: String| ScenarioError::Invalid(vec![crate::scenario::FieldError::new(at(section, field), m)]);
    let epoch = k.epoch_jd().ok_or_else(|| bad("epoch_utc", "not a UTC time".into()))?;
    let from = sites::resolve(&k.from, &k.sites).map_err(|m| bad("from", m))?;
    let to = sites::resolve(&k.to, &k.sites).map_err(|m| bad("to", m))?;
    let opts = PairOptions {
        rules: IslRules { polar_cutoff_deg: k.polar_cutoff_deg, seam_isls: k.seam_isls },
        access: k.access,
        hysteresis_deg: k.hysteresis_deg,
        routing: k.routing,
        pairing: k.isl_pairing,
    };
    let choices: Vec<_> = k.sites.iter().cloned().chain(sites::catalogue()).collect();
    if k.isl == IslChoice::Iridium {
        let (spec, prop) = match k.loaded_shell(epoch) {
            Some(shell) => shell.map_err(|(field, m)| bad(field, m))?,
            None => {
                let spec = k.spec();
                let prop = Propagator::from_walker(&spec, epoch, k.propagation).map_err(|m| bad("", m))?;
                (spec, prop)
            }
        };
        return Ok(PairTopology::new(spec, prop, opts, [from, to], choices));
    }
    let (spec, cat, prop) = k.catalogue(epoch).map_err(|(field, m)| bad(field, m))?;
    let (links, range, relays) = if k.isl == IslChoice::Grid {
        let links = plus_grid(&cat);
        let range = links
            .iter()
            .map(|l| {
                k.max_isl_km
                    .unwrap_or_else(|| max_isl_km(cat.shells[cat.placed[l.a as usize].shell as usize].altitude_km))
            })
            .collect();
        (links, range, vec![])
    } else {
        let relays = sites::catalogue().into_iter().filter(|r| r.name != from.name && r.name != to.name).collect();
        (vec![], vec![], relays)
    };
    let layout = Layout::catalogue(&cat);
    Ok(PairTopology::with_layout(spec, layout, LinkMode::Range(links, range), prop, opts, [from, to], choices, relays))
}
