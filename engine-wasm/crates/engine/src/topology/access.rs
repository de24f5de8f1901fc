//! Which satellite serves a ground terminal (the access satellite).

use serde::{Deserialize, Serialize};

/// Access-satellite selection policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AccessPolicy {
    /// ns-2's rule (paper 004 ran ns-2.34): keep the serving satellite until it drops below the
    /// mask, then take the next satellite of the same plane if it is visible, else the highest.
    /// Gives the paper's "intra-orbital about every 10 min, inter-orbital about every 2 h".
    Ns2,
    /// Always the highest satellite: flickers between planes (a classroom contrast).
    HighestElevation,
    /// Keep the serving satellite until a visible one is higher by `hysteresis_deg`.
    Hysteresis,
    /// Keep the serving satellite until it is lost, then take the visible one that stays above
    /// the mask longest (paper 004 §2.3 names "highest elevation" and "longest visibility" as
    /// the two usual criteria). The pair topology looks ahead with SGP4 (`pair.rs`).
    LongestVisibility,
    /// Any satellite in view: the route picks the one that minimises it (Hypatia's
    /// `algorithm_free_one_only_over_isls`, Kassing et al., IMC 2020, §3). The pair topology
    /// links each site to every satellite above the mask and routes from site to site.
    Free,
}

/// Chooses the access satellite.
///
/// `sin_elev[i]` is the sine of satellite i's elevation (ordering and the mask test need no
/// inverse sine); `neighbours(i)` are the slots before and after satellite i in its plane.
/// Returns `None` when no satellite is above `mask_deg`. [`AccessPolicy::LongestVisibility`]
/// and [`AccessPolicy::Free`] need the orbits or the routes: the pair topology decides them, and
/// here they fall back to the highest satellite.
pub fn choose(
    policy: AccessPolicy,
    current: Option<usize>,
    sin_elev: &[f64],
    mask_deg: f64,
    neighbours: impl Fn(usize) -> [usize; 2],
    hysteresis_deg: f64,
) -> Option<usize> {
    let elev_deg = sin_elev;
    let sin_mask = libm::sin(mask_deg.to_radians());
    let visible = |i: usize| sin_elev[i] >= sin_mask;
    let highest = || {
        (0..elev_deg.len()).filter(|&i| visible(i)).fold(None, |best: Option<usize>, i| match best {
            Some(b) if elev_deg[b] >= elev_deg[i] => Some(b),
            _ => Some(i),
        })
    };
    match policy {
        AccessPolicy::HighestElevation | AccessPolicy::LongestVisibility | AccessPolicy::Free => highest(),
        AccessPolicy::Hysteresis => {
            let h = highest();
            match (current, h) {
                (Some(c), Some(b)) if visible(c) && deg(elev_deg[b]) < deg(elev_deg[c]) + hysteresis_deg => Some(c),
                _ => h,
            }
        }
        AccessPolicy::Ns2 => match current {
            Some(c) if visible(c) => Some(c),
            Some(c) => {
                // Same plane first: the neighbouring slots, the better placed of the two.
                neighbours(c)
                    .into_iter()
                    .filter(|&i| i != c && visible(i))
                    .fold(None, |best: Option<usize>, i| match best {
                        Some(b) if elev_deg[b] >= elev_deg[i] => Some(b),
                        _ => Some(i),
                    })
                    .or_else(highest)
            }
            None => highest(),
        },
    }
}

/// Elevation [deg] from its sine.
fn deg(sin_el: f64) -> f64 {
    libm::asin(sin_el.clamp(-1.0, 1.0)).to_degrees()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tests speak degrees; `choose` takes sines.
    fn choose(
        policy: AccessPolicy,
        current: Option<usize>,
        elev_deg: &[f64],
        mask_deg: f64,
        slots: usize,
        h: f64,
    ) -> Option<usize> {
        let s: Vec<f64> = elev_deg.iter().map(|e| libm::sin(e.to_radians())).collect();
        let ring = |i: usize| {
            let (plane, j) = (i / slots, i % slots);
            [plane * slots + (j + slots - 1) % slots, plane * slots + (j + 1) % slots]
        };
        super::choose(policy, current, &s, mask_deg, ring, h)
    }

    #[test]
    fn ns2_keeps_the_serving_satellite_then_prefers_its_plane() {
        // 2 planes x 3 slots.
        let mut el = vec![20.0, 9.0, -5.0, 50.0, -10.0, -10.0];
        assert_eq!(choose(AccessPolicy::Ns2, None, &el, 8.2, 3, 0.0), Some(3));
        assert_eq!(choose(AccessPolicy::Ns2, Some(1), &el, 8.2, 3, 0.0), Some(1)); // still visible
        el[1] = 5.0; // serving satellite sets
        assert_eq!(choose(AccessPolicy::Ns2, Some(1), &el, 8.2, 3, 0.0), Some(0)); // same plane, though 3 is higher
        el[0] = 0.0;
        assert_eq!(choose(AccessPolicy::Ns2, Some(1), &el, 8.2, 3, 0.0), Some(3)); // else the highest
        assert_eq!(choose(AccessPolicy::HighestElevation, Some(1), &[9.0, 5.0, 30.0], 8.2, 3, 0.0), Some(2));
        assert_eq!(choose(AccessPolicy::Ns2, None, &[1.0, 2.0], 8.2, 2, 0.0), None);
    }

    #[test]
    fn hysteresis_needs_a_margin_to_switch() {
        let el = [30.0, 33.0];
        assert_eq!(choose(AccessPolicy::Hysteresis, Some(0), &el, 8.2, 2, 5.0), Some(0));
        assert_eq!(choose(AccessPolicy::Hysteresis, Some(0), &el, 8.2, 2, 2.0), Some(1));
    }
}
