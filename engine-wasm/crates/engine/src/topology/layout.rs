//! Where each satellite of a pair topology sits: its shell, its plane and its slot, satellites
//! numbered shell by shell, plane by plane, slot by slot. A generated Walker shell is one shell
//! of equal planes; a catalogue ([`crate::orbit::catalogue`]) has several shells of uneven
//! planes. Handovers are typed by it (same plane, another plane of the shell, another shell),
//! ns-2's access rule finds a satellite's neighbours in its plane by it, and the globe colours
//! by it.

use crate::orbit::catalogue::{Catalogue, Placed, Shell};
use crate::orbit::walker::{WalkerKind, WalkerSpec};

/// The shells, planes and slots of the satellites in use.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The shells.
    pub shells: Vec<Shell>,
    /// Per plane: its shell, its first satellite and its number of satellites.
    planes: Vec<(u32, u32, u32)>,
    /// Per plane: RAAN at time zero [deg].
    pub plane_raan_deg: Vec<f64>,
    /// Per satellite: its plane (an index into every plane of every shell).
    plane_of: Vec<u32>,
}

impl Layout {
    /// One generated shell: plane `i / S`, slot `i % S`.
    pub fn walker(spec: &WalkerSpec) -> Layout {
        let (p, s) = (spec.planes, spec.sats_per_plane);
        Layout {
            shells: vec![Shell {
                inclination_deg: spec.inclination_deg,
                altitude_km: spec.altitude_km,
                planes: p,
                satellites: spec.total(),
                per_plane: [s; 3],
                star: spec.kind == WalkerKind::Star,
            }],
            planes: (0..p).map(|k| (0, k * s, s)).collect(),
            plane_raan_deg: (0..p).map(|k| libm::fmod(k as f64 * spec.plane_spacing_deg(), 360.0)).collect(),
            plane_of: (0..p).flat_map(|k| std::iter::repeat_n(k, s as usize)).collect(),
        }
    }

    /// The satellites a catalogue placed, in its order (shell, plane, slot).
    pub fn catalogue(cat: &Catalogue) -> Layout {
        let mut planes: Vec<(u32, u32, u32)> = vec![];
        let mut raan: Vec<f64> = vec![];
        let mut plane_of = Vec::with_capacity(cat.placed.len());
        let mut last: Option<(u32, u32)> = None;
        for (i, p) in cat.placed.iter().enumerate() {
            if last != Some((p.shell, p.plane)) {
                planes.push((p.shell, i as u32, 0));
                raan.push(p.raan_deg);
                last = Some((p.shell, p.plane));
            }
            if let Some(pl) = planes.last_mut() {
                pl.2 += 1;
            }
            plane_of.push(planes.len() as u32 - 1);
        }
        Layout { shells: cat.shells.clone(), planes, plane_raan_deg: raan, plane_of }
    }

    /// Number of satellites.
    pub fn len(&self) -> usize {
        self.plane_of.len()
    }

    /// Whether there is no satellite.
    pub fn is_empty(&self) -> bool {
        self.plane_of.is_empty()
    }

    /// Number of planes, over every shell.
    pub fn plane_count(&self) -> usize {
        self.planes.len()
    }

    /// Most satellites in one plane.
    pub fn most_per_plane(&self) -> u32 {
        self.planes.iter().map(|p| p.2).max().unwrap_or(0)
    }

    /// The plane of satellite `i`.
    pub fn plane(&self, i: usize) -> u32 {
        self.plane_of[i]
    }

    /// The shell of plane `k`.
    pub fn plane_shell(&self, k: usize) -> u32 {
        self.planes[k].0
    }

    /// The shell of satellite `i`.
    pub fn shell(&self, i: usize) -> u32 {
        self.planes[self.plane_of[i] as usize].0
    }

    /// Whether satellite `i`'s shell is a star (its planes span half the sphere, with a seam).
    pub fn star(&self, i: usize) -> bool {
        self.shells[self.shell(i) as usize].star
    }

    /// Plane within its shell and slot within its plane of satellite `i`.
    pub fn place(&self, i: usize) -> (u32, u32) {
        let k = self.plane_of[i] as usize;
        let (shell, start, _) = self.planes[k];
        let first_of_shell = self.planes.iter().position(|p| p.0 == shell).unwrap_or(0);
        ((k - first_of_shell) as u32, i as u32 - start)
    }

    /// The two neighbours of satellite `i` in its plane (slot before and after, around the
    /// ring; itself in a plane of one).
    pub fn neighbours(&self, i: usize) -> [usize; 2] {
        let (_, start, len) = self.planes[self.plane_of[i] as usize];
        let (start, len, j) = (start as usize, len as usize, i - start as usize);
        [start + (j + len - 1) % len, start + (j + 1) % len]
    }
}

/// A generated Walker shell as a catalogue of one shell (for +Grid links over it): every
/// satellite placed, its argument of latitude and RAAN those it was generated with.
pub fn walker_catalogue(spec: &WalkerSpec, reference_jd: f64) -> Catalogue {
    let layout = Layout::walker(spec);
    let placed = spec
        .generate()
        .iter()
        .enumerate()
        .map(|(i, e)| Placed { set: i, shell: 0, plane: e.plane, slot: e.slot, u_deg: e.u0_deg, raan_deg: e.raan_deg })
        .collect();
    Catalogue { reference_jd, shells: layout.shells, placed, excluded: vec![] }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orbit::walker::ConstellationPreset;

    #[test]
    fn a_walker_shell_and_its_catalogue_lay_out_alike() {
        let spec = ConstellationPreset::Iridium.spec();
        let w = Layout::walker(&spec);
        let c = Layout::catalogue(&walker_catalogue(&spec, 2_461_000.5));
        for l in [&w, &c] {
            assert_eq!((l.len(), l.plane_count(), l.most_per_plane()), (66, 6, 11));
            assert_eq!(l.plane(12), 1);
            assert_eq!(l.place(12), (1, 1));
            assert_eq!(l.neighbours(11), [21, 12]);
            assert_eq!(l.neighbours(0), [10, 1]);
            assert!(l.star(0));
        }
        assert_eq!(w.plane_raan_deg, c.plane_raan_deg);
    }
}
