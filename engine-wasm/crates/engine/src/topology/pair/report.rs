//! What the pair topology reports: its typed events (paper 004 §2.3), the series it records,
//! the summary a run adds up to, and the static description the globe draws.

use super::super::isl::Isl;
use crate::metrics::{SeriesInfo, SeriesKind};
use crate::orbit::catalogue::Shell;
use crate::orbit::sites::Site;
use crate::orbit::walker::WalkerKind;
use serde::Serialize;

/// Kinds of topology events.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
// The UI's list of these values is generated from the schema (`sim/engine_kinds.rs`); the
// `Deserialize` reads them back in its test.
#[cfg_attr(test, derive(schemars::JsonSchema, serde::Deserialize))]
#[serde(rename_all = "kebab-case")]
pub enum TopoEventKind {
    /// Access satellite changed within its plane.
    IntraOrbital,
    /// Access satellite changed to another plane.
    InterOrbital,
    /// Access satellite changed to another shell.
    ShellChange,
    /// The pair became separated by the seam (a seam handover).
    SeamEnter,
    /// The pair is no longer separated by the seam.
    SeamLeave,
    /// Route changed with both access satellites unchanged, visibly: other hop count, or a
    /// delay step of at least [`ISL_CHANGE_MIN_MS`].
    IslChange,
    /// An end lost every satellite (below the mask everywhere).
    AccessLost,
    /// An end found a satellite again.
    AccessGained,
    /// An ISL went down (see `reason`).
    LinkDown,
    /// An ISL came back up.
    LinkUp,
}

/// One topology event.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TopoEvent {
    /// When [s after the start].
    pub t_s: f64,
    /// What happened.
    pub kind: TopoEventKind,
    /// Which end of the pair (0 = from, 1 = to), for access events.
    pub end: Option<u8>,
    /// Satellite before (access) or link end a.
    pub from_sat: Option<u32>,
    /// Satellite after (access) or link end b.
    pub to_sat: Option<u32>,
    /// Why a link went down (`polar-cutoff`, `seam`).
    pub reason: Option<&'static str>,
    /// ISL hops of the route before and after a route change (`isl-change`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hops: Option<[u32; 2]>,
    /// The one-way delay the route change adds (negative: saves), the new route's ISL path
    /// against the old one's at the same instant [ms] (`isl-change`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step_ms: Option<f64>,
}

/// Least delay step of an `isl-change` with an unchanged hop count [ms]. The shortest-delay
/// router switches between routes of equal hops whose lengths cross as the satellites move;
/// at those crossings the two differ by under 0.05 ms (120 of 283 route changes in a day of
/// Los Angeles - Hawaii at 1 s steps), a tie no chart or log can show, and the router may flip
/// back a few steps later. A route change that is forced (a link of the old route went down)
/// or that a link coming up makes worth taking moves the delay by 0.7 to 3.9 ms on Iridium,
/// so 0.1 ms separates the two with room on both sides.
pub const ISL_CHANGE_MIN_MS: f64 = 0.1;

/// The series the pair records.
pub fn series_info() -> Vec<SeriesInfo> {
    vec![
        SeriesInfo {
            id: "delay_ms",
            label: "One-way delay",
            unit: "ms",
            kind: SeriesKind::Mean,
            chart: "",
            band: false,
        },
        SeriesInfo { id: "hops", label: "ISL hops", unit: "hops", kind: SeriesKind::Mean, chart: "", band: false },
        SeriesInfo {
            id: "seam",
            label: "Separated by the seam",
            unit: "fraction of time",
            kind: SeriesKind::Mean,
            chart: "",
            band: false,
        },
    ]
}

/// Handover counts by type, summed over both ends.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct HandoverCounts {
    /// Intra-orbital handovers.
    pub intra_orbital: u64,
    /// Inter-orbital handovers.
    pub inter_orbital: u64,
    /// Handovers to a satellite of another shell.
    pub shell_change: u64,
    /// Seam handovers (entries into seam separation).
    pub seam: u64,
    /// Route changes with the same access satellites that a user can see: other hop count, or
    /// a delay step of at least [`ISL_CHANGE_MIN_MS`].
    pub isl_change: u64,
}

/// Min, mean, max.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct MinMeanMax {
    /// Smallest.
    pub min: f64,
    /// Mean over the steps.
    pub mean: f64,
    /// Largest.
    pub max: f64,
}

/// Min and max of the hop count.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct HopRange {
    /// Fewest hops.
    pub min: u32,
    /// Most hops.
    pub max: u32,
}

/// Summary of a pair run.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct PairSummary {
    /// The two sites.
    pub from: Site,
    /// The two sites.
    pub to: Site,
    /// Topology steps computed.
    pub steps: u64,
    /// Handovers by type.
    pub handovers: HandoverCounts,
    /// Separate intervals during which the pair was separated by the seam.
    pub seam_separations: u64,
    /// Fraction of steps separated by the seam.
    pub seam_fraction: f64,
    /// Plane changes per end, merging inter-orbital handovers less than 30 min apart (a
    /// low-latitude site bouncing between two planes at a change of plane counts once).
    pub plane_changes: u64,
    /// Mean time between intra-orbital handovers at one end [min].
    pub intra_orbital_interval_min: f64,
    /// One-way delay over the steps with a route [ms].
    pub delay_ms: MinMeanMax,
    /// One-way delay of the up- and downlinks alone (terminal to access satellite) [ms];
    /// paper 004 Fig. 3 bounds it to 2.6-8.2 ms for Iridium.
    pub access_delay_ms: MinMeanMax,
    /// Hop count range.
    pub hops: HopRange,
    /// Steps with no route (an end saw no satellite, or the graph was cut).
    pub steps_without_route: u64,
    /// ISL state changes.
    pub link_changes: u64,
}

/// Static description of the constellation for drawing.
#[derive(Clone, Debug, Serialize)]
pub struct ConstellationInfo {
    /// UTC of simulated time zero, as milliseconds since 1970-01-01 (the app's clock).
    pub epoch_unix_ms: f64,
    /// Plane (over every shell) and slot of each satellite.
    pub sats: Vec<(u32, u32)>,
    /// Every potential ISL.
    pub links: Vec<Isl>,
    /// Planes, over every shell.
    pub planes: u32,
    /// Satellites per plane (the most in one plane).
    pub sats_per_plane: u32,
    /// Star (has a seam) or delta (of the first shell).
    pub kind: WalkerKind,
    /// The element sets in use, as TLE text.
    pub tle_text: String,
    /// Elevation mask [deg].
    pub elevation_mask_deg: f64,
    /// Altitude [km] (of the first shell).
    pub altitude_km: f64,
    /// Inclination [deg] (of the first shell).
    pub inclination_deg: f64,
    /// RAAN of each plane at the epoch [deg].
    pub plane_raan_deg: Vec<f64>,
    /// The shells (one for a generated constellation).
    pub shells: Vec<Shell>,
    /// The shell of each plane.
    pub plane_shell: Vec<u32>,
    /// Ground stations that relay between satellites (no ISLs), node ids after the two sites.
    pub relays: Vec<Site>,
    /// RAAN of the seam line, midway across the seam gap [deg]; `None` for a delta.
    pub seam_raan_deg: Option<f64>,
    /// The two sites.
    pub sites: [Site; 2],
    /// Every site that can be chosen: the built-in catalogue and the scenario's own sites.
    pub site_choices: Vec<Site>,
    /// A network's ground stations, drawn with the load on their ground links (the geometry's
    /// tail); empty for a pair of sites.
    pub ground_stations: Vec<Site>,
}
