//! What a globe draws of a mesh's constellation ([`Shape`]): where each satellite sits (its
//! shell, plane and slot), every potential ISL with its kind, the clock of time zero and the
//! ground links' least elevation. The mesh itself needs none of it; a view of the network does.

use crate::orbit::frames::R_EARTH_KM;
use crate::topology::isl::{Isl, IslKind};
use crate::topology::layout::Layout;

/// A mesh constellation as drawn.
#[derive(Clone, Debug)]
pub struct Shape {
    /// Shells, planes and slots of the satellites (the mesh's node numbers).
    pub layout: Layout,
    /// Every potential ISL, each once.
    pub links: Vec<Isl>,
    /// UTC Julian date of time zero.
    pub epoch_jd: f64,
    /// Least elevation of a ground link [deg] (for the footprints drawn).
    pub elevation_mask_deg: f64,
}

/// The ISLs `(a, b)` of a layout with their kinds: the same plane or another.
pub fn kinds(layout: &Layout, isls: &[(u32, u32)]) -> Vec<Isl> {
    isls.iter()
        .map(|&(a, b)| Isl {
            a,
            b,
            kind: if layout.plane(a as usize) == layout.plane(b as usize) {
                IslKind::IntraPlane
            } else {
                IslKind::CrossPlane
            },
        })
        .collect()
}

/// The elevation [deg] at which a satellite at `altitude_km` is `range_km` in a straight line
/// from a ground station on the spherical Earth (the law of cosines in the triangle of the
/// Earth's centre, the station and the satellite): Hypatia's ground-link rule is a maximum
/// straight-line length, which this turns into the elevation a footprint is drawn at. Zero
/// when the range reaches past the horizon.
pub fn elevation_at_range_deg(altitude_km: f64, range_km: f64) -> f64 {
    let (re, r) = (R_EARTH_KM, R_EARTH_KM + altitude_km);
    let sin_e = (r * r - re * re - range_km * range_km) / (2.0 * re * range_km);
    libm::asin(sin_e.clamp(0.0, 1.0)).to_degrees()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_elevation_at_a_range_inverts_the_slant_range() {
        // Straight overhead the range is the altitude; at 30° (Kuiper-630's rule) the slant
        // range is the law of cosines' root, which must give 30° back.
        assert!((elevation_at_range_deg(630.0, 630.0) - 90.0).abs() < 1e-9);
        let d = crate::orbit::frames::slant_range_km(630.0, 30.0);
        assert!((elevation_at_range_deg(630.0, d) - 30.0).abs() < 1e-9);
        // Past the horizon: zero, not NaN.
        assert_eq!(elevation_at_range_deg(630.0, 1e5), 0.0);
    }
}
