//! Walker constellations: star (planes over 180 deg of RAAN, with a seam) and delta (planes
//! over 360 deg).
//!
//! Iridium is a Walker *star*: 6 co-rotating planes 31.6 deg apart and 22 deg across the seam,
//! 5 x 31.6 + 22 = 180 (paper 004, Table 2). Satellite j of plane k sits at argument of
//! latitude u = j 360/S + k phase, where the inter-plane phase is half a slot for Iridium
//! ("inter-plane phasing: yes") and F 360/T for a Walker delta T/P/F.

use serde::{Deserialize, Serialize};

/// Star (RAAN over 180 deg, seam between the first and last planes) or delta (over 360 deg).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WalkerKind {
    /// Polar or near-polar planes spread over 180 deg; the seam separates the last plane from
    /// the first, whose satellites move in opposite directions there.
    Star,
    /// Planes spread over 360 deg; no seam.
    Delta,
}

/// Named constellations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ConstellationPreset {
    /// Iridium-66 per paper 004 Table 2.
    Iridium,
    /// Paper 000's "66 LEO satellites at 800 km" (Iridium geometry at 800 km).
    #[serde(rename = "iridium-800")]
    Iridium800,
    /// A Starlink-like 53 deg Walker delta shell (12 planes x 20, 550 km, F = 1): no seam.
    #[serde(rename = "walker-delta-53")]
    WalkerDelta53,
    /// Starlink's first shell as filed with the FCC (SAT-MOD-20190830-00087): 72 planes x 22 at
    /// 550 km, 53 deg; Hypatia's `starlink_550` (Kassing et al., IMC 2020).
    #[serde(rename = "starlink-shell-1")]
    StarlinkShell1,
    /// Amazon Kuiper's 630 km shell as authorised by the FCC (FCC 20-102): 34 planes x 34 at
    /// 51.9 deg; Hypatia's `kuiper_630`.
    #[serde(rename = "kuiper-630")]
    Kuiper630,
    /// OneWeb's first phase: 12 planes x 49 at 1,200 km, 87.9 deg, a star with a seam.
    #[serde(rename = "oneweb")]
    OneWeb,
    /// Telesat Lightspeed's polar shell as in Hypatia's `telesat_1015`: 27 planes x 13 at
    /// 1,015 km, 98.98 deg.
    #[serde(rename = "telesat-1015")]
    Telesat1015,
}

/// A fully specified Walker constellation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WalkerSpec {
    /// Star or delta.
    pub kind: WalkerKind,
    /// Number of orbital planes.
    pub planes: u32,
    /// Satellites per plane.
    pub sats_per_plane: u32,
    /// Altitude over the spherical Earth [km].
    pub altitude_km: f64,
    /// Inclination [deg].
    pub inclination_deg: f64,
    /// RAAN spacing of neighbouring co-rotating planes [deg] (star); a delta uses 360/planes.
    pub raan_spacing_deg: f64,
    /// Inter-plane phasing: for a star, the offset of plane k+1 in slots (Iridium: 0.5); for a
    /// delta, Walker's F (offset F 360 / total between neighbouring planes).
    pub phasing: f64,
    /// Elevation mask of ground terminals [deg].
    pub elevation_mask_deg: f64,
}

impl ConstellationPreset {
    /// The preset's parameters.
    pub fn spec(self) -> WalkerSpec {
        match self {
            // Paper 004, Table 2; elevation mask 8.2 deg from §2.3.
            ConstellationPreset::Iridium => WalkerSpec {
                kind: WalkerKind::Star,
                planes: 6,
                sats_per_plane: 11,
                altitude_km: 780.0,
                inclination_deg: 86.4,
                raan_spacing_deg: 31.6,
                phasing: 0.5,
                elevation_mask_deg: 8.2,
            },
            // Paper 000, §II-A: 66 satellites at 800 km; the rest as Iridium.
            ConstellationPreset::Iridium800 => WalkerSpec { altitude_km: 800.0, ..ConstellationPreset::Iridium.spec() },
            ConstellationPreset::WalkerDelta53 => WalkerSpec {
                kind: WalkerKind::Delta,
                planes: 12,
                sats_per_plane: 20,
                altitude_km: 550.0,
                inclination_deg: 53.0,
                raan_spacing_deg: 30.0,
                phasing: 1.0,
                elevation_mask_deg: 10.0,
            },
            // Neighbouring planes half a slot apart, as Hypatia generates its shells
            // (`phase_diff`): Walker's F = P / 2 (Telesat's 27 planes: 13). Minimum elevations: Hypatia's (Starlink 25,
            // Kuiper 30, Telesat 10 deg). OneWeb's is SkyQueue's choice (no filing value found),
            // Iridium's 8.2 deg rounded to 10.
            ConstellationPreset::StarlinkShell1 => WalkerSpec {
                kind: WalkerKind::Delta,
                planes: 72,
                sats_per_plane: 22,
                altitude_km: 550.0,
                inclination_deg: 53.0,
                raan_spacing_deg: 5.0,
                phasing: 36.0,
                elevation_mask_deg: 25.0,
            },
            ConstellationPreset::Kuiper630 => WalkerSpec {
                kind: WalkerKind::Delta,
                planes: 34,
                sats_per_plane: 34,
                altitude_km: 630.0,
                inclination_deg: 51.9,
                raan_spacing_deg: 360.0 / 34.0,
                phasing: 17.0,
                elevation_mask_deg: 30.0,
            },
            // A star: 12 co-rotating planes 15 deg apart over 180 deg (15 deg across the seam),
            // neighbours half a slot apart as Iridium's.
            ConstellationPreset::OneWeb => WalkerSpec {
                kind: WalkerKind::Star,
                planes: 12,
                sats_per_plane: 49,
                altitude_km: 1200.0,
                inclination_deg: 87.9,
                raan_spacing_deg: 15.0,
                phasing: 0.5,
                elevation_mask_deg: 10.0,
            },
            ConstellationPreset::Telesat1015 => WalkerSpec {
                kind: WalkerKind::Delta,
                planes: 27,
                sats_per_plane: 13,
                altitude_km: 1015.0,
                inclination_deg: 98.98,
                raan_spacing_deg: 360.0 / 27.0,
                phasing: 13.0,
                elevation_mask_deg: 10.0,
            },
        }
    }

    /// Every preset, in menu order.
    pub const ALL: [ConstellationPreset; 7] = [
        ConstellationPreset::Iridium,
        ConstellationPreset::Iridium800,
        ConstellationPreset::WalkerDelta53,
        ConstellationPreset::StarlinkShell1,
        ConstellationPreset::Kuiper630,
        ConstellationPreset::OneWeb,
        ConstellationPreset::Telesat1015,
    ];
}

/// Mean circular elements of one satellite at the epoch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SatElements {
    /// Plane index, 0-based.
    pub plane: u32,
    /// Slot in the plane, 0-based, in direction of motion.
    pub slot: u32,
    /// Right ascension of the ascending node [deg].
    pub raan_deg: f64,
    /// Inclination [deg].
    pub inclination_deg: f64,
    /// Argument of latitude at the epoch [deg].
    pub u0_deg: f64,
    /// Altitude over the spherical Earth [km].
    pub altitude_km: f64,
}

impl WalkerSpec {
    /// Total number of satellites (saturating: a huge request is refused by validation, never
    /// overflows).
    pub fn total(&self) -> u32 {
        self.planes.saturating_mul(self.sats_per_plane)
    }

    /// RAAN step between neighbouring planes [deg].
    pub fn plane_spacing_deg(&self) -> f64 {
        match self.kind {
            WalkerKind::Star => self.raan_spacing_deg,
            WalkerKind::Delta => 360.0 / self.planes as f64,
        }
    }

    /// RAAN gap across the seam of a star [deg]: 180 - (planes - 1) spacing (22 for Iridium).
    pub fn seam_spacing_deg(&self) -> Option<f64> {
        (self.kind == WalkerKind::Star).then_some(180.0 - (self.planes as f64 - 1.0) * self.raan_spacing_deg)
    }

    /// Argument-of-latitude offset between neighbouring planes [deg].
    pub fn plane_phase_deg(&self) -> f64 {
        match self.kind {
            WalkerKind::Star => self.phasing * 360.0 / self.sats_per_plane as f64,
            WalkerKind::Delta => self.phasing * 360.0 / self.total() as f64,
        }
    }

    /// Elements of every satellite, plane by plane, slot by slot (index = plane S + slot).
    pub fn generate(&self) -> Vec<SatElements> {
        let slot = 360.0 / self.sats_per_plane as f64;
        let mut out = Vec::with_capacity(self.total() as usize);
        for k in 0..self.planes {
            for j in 0..self.sats_per_plane {
                out.push(SatElements {
                    plane: k,
                    slot: j,
                    raan_deg: libm::fmod(k as f64 * self.plane_spacing_deg(), 360.0),
                    inclination_deg: self.inclination_deg,
                    u0_deg: libm::fmod(j as f64 * slot + k as f64 * self.plane_phase_deg(), 360.0),
                    altitude_km: self.altitude_km,
                });
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_filed_shells_have_their_filed_sizes_and_oneweb_a_seam() {
        use ConstellationPreset as P;
        let total = |p: P| p.spec().total();
        assert_eq!(
            [total(P::StarlinkShell1), total(P::Kuiper630), total(P::OneWeb), total(P::Telesat1015)],
            [1584, 1156, 588, 351]
        );
        assert_eq!(P::OneWeb.spec().seam_spacing_deg().map(|g| g.round()), Some(15.0));
        assert_eq!(P::StarlinkShell1.spec().seam_spacing_deg(), None);
        // Half a slot between neighbouring planes (Hypatia's phase_diff).
        let s = P::StarlinkShell1.spec();
        assert!((s.plane_phase_deg() - 180.0 / 22.0).abs() < 1e-9, "{}", s.plane_phase_deg());
        assert_eq!(P::ALL.len(), 7);
    }

    #[test]
    fn iridium_spans_180_degrees_with_a_22_degree_seam() {
        let s = ConstellationPreset::Iridium.spec();
        assert_eq!(s.total(), 66);
        assert!((s.seam_spacing_deg().unwrap() - 22.0).abs() < 1e-9);
        let sats = s.generate();
        assert_eq!(sats.len(), 66);
        assert!((sats[65].raan_deg - 158.0).abs() < 1e-9);
        // Half-slot phasing: plane 1 slot 0 is 360/11/2 = 16.36 deg ahead of plane 0 slot 0.
        assert!((sats[11].u0_deg - 360.0 / 22.0).abs() < 1e-9);
    }

    #[test]
    fn delta_spreads_planes_over_360_degrees() {
        let s = ConstellationPreset::WalkerDelta53.spec();
        assert_eq!(s.seam_spacing_deg(), None);
        let sats = s.generate();
        assert!((sats[20].raan_deg - 30.0).abs() < 1e-9);
        assert!((sats[20].u0_deg - 1.5).abs() < 1e-9); // F 360 / 240
    }
}
