//! Inter-satellite links and their state rules (paper 004 §2.2, docs/REPRODUCTION.md).
//!
//! - Intra-plane links (fore and aft) are always up.
//! - Cross-plane links join co-rotating neighbour planes only, with a *fixed* partner:
//!   (plane k, slot j) <-> (plane k+1, slot j'), where j' is the partner just ahead in argument
//!   of latitude at the epoch. With Iridium's half-slot phasing the two candidates are exactly
//!   equally far (half a slot behind and ahead), so "nearest" is ill-posed; we take the one
//!   half a slot ahead, i.e. j' = j (the choice in docs/REPRODUCTION.md).
//! - A cross-plane link is down while either end is above the polar latitude cut-off
//!   (default 68 deg), and never exists across the seam of a star constellation unless the
//!   "seam ISLs on" teaching option is set; then each last-plane satellite links to the
//!   nearest first-plane satellite below the cut-off.

use crate::orbit::frames::distance_km;
use crate::orbit::propagate::SatState;
use crate::orbit::walker::{WalkerKind, WalkerSpec};
use serde::Serialize;

/// Kind of an inter-satellite link.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum IslKind {
    /// Same plane, neighbouring slots: always up.
    IntraPlane,
    /// Neighbouring co-rotating planes.
    CrossPlane,
    /// Across the seam (only with the teaching option).
    CrossSeam,
}

/// State of a link at one instant, with the reason when it is down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum IslState {
    /// Carrying traffic.
    Up,
    /// Down: an end is above the polar latitude cut-off.
    PolarCutoff,
    /// Down: the two ends are on either side of the seam.
    Seam,
    /// Down: the two ends are further apart than the link's range (+Grid, [`super::grid`]).
    OutOfRange,
}

impl IslState {
    /// Numeric code for packed output: 0 up, 1 polar cut-off, 2 seam, 3 out of range.
    pub fn code(self) -> u8 {
        match self {
            IslState::Up => 0,
            IslState::PolarCutoff => 1,
            IslState::Seam => 2,
            IslState::OutOfRange => 3,
        }
    }
    /// Reason word for event logs.
    pub fn reason(self) -> &'static str {
        match self {
            IslState::Up => "up",
            IslState::PolarCutoff => "polar-cutoff",
            IslState::Seam => "seam",
            IslState::OutOfRange => "range",
        }
    }
}

/// One potential link between satellites `a` and `b` (indices plane S + slot).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Isl {
    /// One end.
    pub a: u32,
    /// Other end.
    pub b: u32,
    /// Intra-plane, cross-plane or cross-seam.
    pub kind: IslKind,
}

/// Which inter-satellite links a constellation has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum IslChoice {
    /// Paper 004's Iridium rules over one shell: polar cut-off, no links across the seam,
    /// the chosen cross-plane pairing.
    #[default]
    Iridium,
    /// +Grid in every shell of any constellation, each link usable within its range
    /// ([`super::grid`]; Starlink's filings, Hypatia).
    Grid,
    /// None: a bent pipe, ground stations relaying between satellites.
    None,
}

/// How cross-plane partners are chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum IslPairing {
    /// (plane k, slot j) links to the partner half a slot ahead in every plane (docs/REPRODUCTION.md).
    #[default]
    Ahead,
    /// ns-2's alternating pairing: ahead from even planes, behind from odd planes.
    Alternating,
}

impl IslPairing {
    /// The one list of choices of every model's `isl_pairing` field: (scenario value, label).
    pub fn choices() -> Vec<(&'static str, &'static str)> {
        [IslPairing::Ahead, IslPairing::Alternating]
            .iter()
            .map(|p| match p {
                IslPairing::Ahead => ("ahead", "half a slot ahead"),
                IslPairing::Alternating => ("alternating", "alternating (ns-2)"),
            })
            .collect()
    }
}

/// Every potential link of a constellation with the default pairing (see [`links_with`]).
pub fn links(spec: &WalkerSpec) -> Vec<Isl> {
    links_with(spec, IslPairing::Ahead)
}

/// Every potential link of a constellation, fixed for the run. For a star constellation the
/// seam pairs (last plane, slot j) - (first plane, slot j) are listed too, as `CrossSeam`, so
/// that the globe can draw them; their state is `Seam` unless the teaching option is on.
pub fn links_with(spec: &WalkerSpec, pairing: IslPairing) -> Vec<Isl> {
    let (p, s) = (spec.planes, spec.sats_per_plane);
    let idx = |k: u32, j: u32| k * s + j % s;
    let mut out = vec![];
    for k in 0..p {
        if s > 1 {
            for j in 0..(if s == 2 { 1 } else { s }) {
                out.push(Isl { a: idx(k, j), b: idx(k, j + 1), kind: IslKind::IntraPlane });
            }
        }
    }
    if p < 2 {
        return out;
    }
    let sats = spec.generate();
    let slot = 360.0 / s as f64;
    // Partner in the next plane: the slot just ahead (smallest non-negative u difference).
    let partner = |k: u32, j: u32, next: u32| -> u32 {
        let u = sats[idx(k, j) as usize].u0_deg;
        (0..s)
            .min_by(|&x, &y| {
                let dx = (sats[idx(next, x) as usize].u0_deg - u).rem_euclid(360.0);
                let dy = (sats[idx(next, y) as usize].u0_deg - u).rem_euclid(360.0);
                // Treat "exactly equal" (0 or a full slot) robustly: prefer the smaller offset.
                dx.partial_cmp(&dy).unwrap_or(core::cmp::Ordering::Equal)
            })
            .map(|x| {
                // A partner a full slot ahead means the one at offset 0 was missed by rounding.
                let d = (sats[idx(next, x) as usize].u0_deg - u).rem_euclid(360.0);
                if d > slot - 1e-9 {
                    (x + s - 1) % s
                } else {
                    x
                }
            })
            .unwrap_or(j)
    };
    let cross_planes = match spec.kind {
        WalkerKind::Star => p - 1,
        WalkerKind::Delta => {
            if p == 2 {
                1
            } else {
                p
            }
        }
    };
    for k in 0..cross_planes {
        let next = (k + 1) % p;
        for j in 0..s {
            let ahead = partner(k, j, next);
            // Alternating: from odd planes, the partner half a slot behind instead.
            let b = if pairing == IslPairing::Alternating && k % 2 == 1 { (ahead + s - 1) % s } else { ahead };
            out.push(Isl { a: idx(k, j), b: idx(next, b), kind: IslKind::CrossPlane });
        }
    }
    if spec.kind == WalkerKind::Star {
        for j in 0..s {
            out.push(Isl { a: idx(p - 1, j), b: idx(0, j), kind: IslKind::CrossSeam });
        }
    }
    out
}

/// Link-state rules.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IslRules {
    /// Cross-plane links are down while an end is above this latitude [deg].
    pub polar_cutoff_deg: f64,
    /// Teaching option: links across the seam (to the nearest partner) are allowed.
    pub seam_isls: bool,
}

/// States of `links` at one instant. `sin_lat[i]` is the sine of satellite i's latitude
/// (z / r: no inverse trigonometry in the hot path).
pub fn states(links: &[Isl], rules: &IslRules, sin_lat: &[f64], out: &mut Vec<IslState>) {
    out.clear();
    let limit = libm::sin(rules.polar_cutoff_deg.to_radians());
    out.extend(links.iter().map(|l| state(l, rules, limit, sin_lat)));
}

/// The state of one link, `limit` the sine of the polar cut-off.
pub fn state(l: &Isl, rules: &IslRules, limit: f64, sin_lat: &[f64]) -> IslState {
    let high = |i: u32| sin_lat[i as usize].abs() > limit;
    match l.kind {
        IslKind::IntraPlane => IslState::Up,
        IslKind::CrossPlane if high(l.a) || high(l.b) => IslState::PolarCutoff,
        IslKind::CrossPlane => IslState::Up,
        IslKind::CrossSeam if !rules.seam_isls => IslState::Seam,
        IslKind::CrossSeam if high(l.a) || high(l.b) => IslState::PolarCutoff,
        IslKind::CrossSeam => IslState::Up,
    }
}

/// Sines of the latitudes of every satellite (z / r over the spherical Earth).
pub fn sin_latitudes(sats: &[SatState], out: &mut Vec<f64>) {
    out.clear();
    out.extend(sats.iter().map(|s| {
        let [x, y, z] = s.ecef;
        let r = (x * x + y * y + z * z).sqrt();
        if r > 0.0 {
            z / r
        } else {
            0.0
        }
    }));
}

/// For the seam-ISL teaching option: re-pairs each `CrossSeam` link of last-plane slot j with
/// the nearest first-plane satellite at this instant (counter-rotating planes do not keep
/// partners).
pub fn repair_seam_links(links: &mut [Isl], sats: &[SatState], spec: &WalkerSpec) {
    let s = spec.sats_per_plane;
    for l in links.iter_mut().filter(|l| l.kind == IslKind::CrossSeam) {
        let a = &sats[l.a as usize].ecef;
        l.b = (0..s)
            .min_by(|&x, &y| {
                distance_km(a, &sats[x as usize].ecef)
                    .partial_cmp(&distance_km(a, &sats[y as usize].ecef))
                    .unwrap_or(core::cmp::Ordering::Equal)
            })
            .unwrap_or(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orbit::walker::ConstellationPreset;

    #[test]
    fn the_pairing_choices_are_scenario_values() {
        let values: Vec<IslPairing> =
            IslPairing::choices().iter().map(|&(v, _)| serde_json::from_value(serde_json::json!(v)).unwrap()).collect();
        assert_eq!(values, [IslPairing::Ahead, IslPairing::Alternating]);
    }

    #[test]
    fn iridium_has_66_intra_55_cross_and_11_seam_links() {
        let l = links(&ConstellationPreset::Iridium.spec());
        let count = |k| l.iter().filter(|x| x.kind == k).count();
        assert_eq!((count(IslKind::IntraPlane), count(IslKind::CrossPlane), count(IslKind::CrossSeam)), (66, 55, 11));
        // Fixed pairing: (k, j) <-> (k+1, j), the partner half a slot ahead.
        for x in l.iter().filter(|x| x.kind == IslKind::CrossPlane) {
            assert_eq!(x.a % 11, x.b % 11);
            assert_eq!(x.b / 11, x.a / 11 + 1);
        }
        // Four links per satellite away from the seam, three on its edges (paper 004 §2.2).
        let degree = |i: u32| l.iter().filter(|x| x.kind != IslKind::CrossSeam && (x.a == i || x.b == i)).count();
        assert_eq!(degree(11 * 2 + 3), 4);
        assert_eq!(degree(3), 3);
        assert_eq!(degree(11 * 5 + 3), 3);
    }

    #[test]
    fn alternating_pairing_takes_the_partner_behind_from_odd_planes() {
        let l = links_with(&ConstellationPreset::Iridium.spec(), IslPairing::Alternating);
        let cross: Vec<&Isl> = l.iter().filter(|x| x.kind == IslKind::CrossPlane).collect();
        assert_eq!(cross.len(), 55);
        for x in cross {
            let (ka, ja, jb) = (x.a / 11, x.a % 11, x.b % 11);
            assert_eq!(jb, if ka % 2 == 1 { (ja + 10) % 11 } else { ja });
        }
    }

    #[test]
    fn delta_links_wrap_around_without_a_seam() {
        let l = links(&ConstellationPreset::WalkerDelta53.spec());
        assert_eq!(l.iter().filter(|x| x.kind == IslKind::CrossPlane).count(), 240);
        assert_eq!(l.iter().filter(|x| x.kind == IslKind::CrossSeam).count(), 0);
    }
}
