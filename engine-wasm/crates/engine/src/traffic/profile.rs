//! A rate that varies with time: the multiplier applied to a link capacity or a source rate.
//!
//! Paper 001 §4.2 stresses PSS with C(t) = C_avg (1 + 0.3 cos(2 pi t / 15)) and
//! EF(t) = EF_avg (1 + 0.6 cos(2 pi t / 6.1)); a trace of (time, factor) steps covers measured
//! capacities (e.g. a MODCOD schedule).

use crate::kernel::math;
use serde::{Deserialize, Serialize};

/// The factor f(t) by which an average rate is multiplied at time t.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum RateProfile {
    /// f(t) = 1. A struct variant, not a unit one: serde's internally tagged unit variants
    /// ignore other keys, so `{"kind": "constant", "period_s": 1e300}` would pass unread.
    Constant {},
    /// f(t) = 1 + amplitude cos(2 pi t / period_s) (paper 001 §4.2); its mean over a period is 1.
    Cosine {
        /// Relative amplitude (0.3 for the paper's capacity, 0.6 for its EF rate).
        amplitude: f64,
        /// Period [s] (15 for the capacity, 6.1 for EF).
        period_s: f64,
    },
    /// Steps: f(t) = the factor of the last point at or before t (the first point's before it).
    Trace {
        /// (time [s], factor) pairs, times strictly increasing.
        points: Vec<[f64; 2]>,
    },
}

impl Default for RateProfile {
    fn default() -> Self {
        RateProfile::Constant {}
    }
}

impl RateProfile {
    /// The factor at time `t_s`.
    pub fn factor(&self, t_s: f64) -> f64 {
        match self {
            RateProfile::Constant {} => 1.0,
            RateProfile::Cosine { amplitude, period_s } => {
                1.0 + amplitude * math::cos(2.0 * core::f64::consts::PI * t_s / period_s)
            }
            RateProfile::Trace { points } => {
                let i = points.partition_point(|p| p[0] <= t_s);
                points.get(i.saturating_sub(1)).map_or(1.0, |p| p[1])
            }
        }
    }

    /// The largest factor the profile reaches (1 for `Constant`; NaN when a value is NaN).
    pub fn peak(&self) -> f64 {
        match self {
            RateProfile::Constant {} => 1.0,
            RateProfile::Cosine { amplitude, .. } => 1.0 + amplitude.abs(),
            RateProfile::Trace { points } => points.iter().map(|p| p[1]).fold(1.0, f64::max),
        }
    }

    /// Whether the factor is 1 at all times.
    pub fn is_constant(&self) -> bool {
        matches!(self, RateProfile::Constant {})
    }

    /// The period of a cosine profile [s], if any (used to size PSS's L_R, paper 001 §4.2.1).
    pub fn period_s(&self) -> Option<f64> {
        match self {
            RateProfile::Cosine { period_s, .. } => Some(*period_s),
            _ => None,
        }
    }

    /// Mean factor over [a, b] (midpoint rule on 32 sub-intervals; exact for `Constant`).
    pub fn mean(&self, a: f64, b: f64) -> f64 {
        if self.is_constant() || b <= a {
            return self.factor(a);
        }
        const N: usize = 32;
        let h = (b - a) / N as f64;
        (0..N).map(|i| self.factor(a + (i as f64 + 0.5) * h)).sum::<f64>() / N as f64
    }

    /// Problems with the profile, as (sub-field, message), for factors allowed in
    /// [`min_factor`, `max_factor`]. `amp_max` bounds a cosine's amplitude.
    pub fn check(&self, amp_max: f64, min_factor: f64, max_factor: f64) -> Vec<(String, String)> {
        let mut out = vec![];
        match self {
            RateProfile::Constant {} => {}
            RateProfile::Cosine { amplitude, period_s } => {
                if !(amplitude.is_finite() && (0.0..=amp_max).contains(amplitude)) {
                    out.push(("amplitude".into(), format!("{amplitude} is outside 0 to {amp_max}")));
                }
                if !(period_s.is_finite() && *period_s > 0.0 && *period_s <= 1e6) {
                    out.push((
                        "period_s".into(),
                        format!("{} is outside 0 (excluded) to 1e6", crate::sim::num(*period_s)),
                    ));
                }
            }
            RateProfile::Trace { points } => {
                if points.is_empty() || points.len() > 100_000 {
                    out.push(("points".into(), format!("{} points; allowed 1 to 100000", points.len())));
                }
                let mut last = f64::NEG_INFINITY;
                for (i, [t, f]) in points.iter().enumerate() {
                    if !(t.is_finite() && *t >= 0.0 && *t > last) {
                        out.push((
                            format!("points[{i}][0]"),
                            format!("time {t} must be 0 or more and above the previous point's"),
                        ));
                        break;
                    }
                    if !(f.is_finite() && (min_factor..=max_factor).contains(f)) {
                        out.push((
                            format!("points[{i}][1]"),
                            format!("factor {f} is outside {min_factor} to {max_factor}"),
                        ));
                        break;
                    }
                    last = *t;
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cosine_has_the_papers_shape_and_mean() {
        let c = RateProfile::Cosine { amplitude: 0.3, period_s: 15.0 };
        assert!((c.factor(0.0) - 1.3).abs() < 1e-12);
        assert!((c.factor(7.5) - 0.7).abs() < 1e-12);
        assert!((c.mean(0.0, 15.0) - 1.0).abs() < 1e-3);
    }

    #[test]
    fn a_constant_profile_refuses_other_keys_and_keeps_its_form() {
        let e = serde_json::from_str::<RateProfile>(r#"{"kind": "constant", "period_s": 1e300}"#).unwrap_err();
        assert!(e.to_string().contains("unknown field `period_s`"), "{e}");
        let c: RateProfile = serde_json::from_str(r#"{"kind": "constant"}"#).unwrap();
        assert_eq!(c, RateProfile::Constant {});
        assert_eq!(serde_json::to_string(&c).unwrap(), r#"{"kind":"constant"}"#);
        let e = serde_json::from_str::<RateProfile>(r#"{"kind": "cosine", "amplitude": 0.3, "period_s": 1e300}"#)
            .map(|p| p.check(1.0, 0.0, 10.0))
            .unwrap();
        assert_eq!(e, vec![("period_s".to_string(), "1e300 is outside 0 (excluded) to 1e6".to_string())]);
    }

    #[test]
    fn trace_holds_each_step() {
        let t = RateProfile::Trace { points: vec![[0.0, 1.0], [10.0, 0.5], [20.0, 2.0]] };
        assert_eq!(t.factor(-1.0), 1.0);
        assert_eq!(t.factor(9.99), 1.0);
        assert_eq!(t.factor(10.0), 0.5);
        assert_eq!(t.factor(1e9), 2.0);
        assert!((t.mean(0.0, 20.0) - 0.75).abs() < 1e-12);
    }

    #[test]
    fn bad_profiles_name_the_field() {
        let bad = RateProfile::Trace { points: vec![[1.0, 1.0], [0.5, 1.0]] };
        assert_eq!(bad.check(0.9, 0.0, 10.0)[0].0, "points[1][0]");
        let bad = RateProfile::Cosine { amplitude: 1.5, period_s: 0.0 };
        let e = bad.check(0.9, 0.0, 10.0);
        assert_eq!(e.len(), 2);
        assert!(e[0].1.contains("0 to 0.9"), "{e:?}");
    }

    #[test]
    fn profiles_parse_with_their_kind() {
        let p: RateProfile = serde_json::from_str(r#"{"kind":"cosine","amplitude":0.3,"period_s":15}"#).unwrap();
        assert_eq!(p.period_s(), Some(15.0));
        assert!(
            serde_json::from_str::<RateProfile>(r#"{"kind":"cosine","amplitude":0.3,"period_s":15,"x":1}"#).is_err()
        );
        assert!(serde_json::from_str::<RateProfile>(r#"{"kind":"sine"}"#).is_err());
    }
}
