//! Range validation: every field is checked and every problem is reported, each with its path
//! and the allowed range, so that a user fixes a scenario in one pass.

use super::{FieldError, Scenario, ScenarioError, OLDEST_VERSION, SCENARIO_VERSION};

/// Longest run accepted [s]: 30 days of simulated time.
pub const MAX_DURATION_S: f64 = 30.0 * 86_400.0;
/// Most series buckets in one run, so that a run's live output stays bounded.
pub const MAX_BUCKETS: f64 = 10_000_000.0;
/// Most expected arrivals in one run (rate x duration): about half an hour natively, so that
/// no scenario, typed or shared, can start a run that effectively never ends.
pub const MAX_EXPECTED_ARRIVALS: f64 = 1e9;
/// Largest waiting room [packets].
pub const MAX_CAPACITY_PKTS: u32 = 1_000_000;
/// Largest arrival or service rate [packets/s].
pub const MAX_RATE_PPS: f64 = 1e7;
/// Most satellites in a generated constellation (the router's and the globe's budget).
pub const MAX_SATELLITES: u32 = 2000;
/// Most topology steps in one run.
pub const MAX_TOPOLOGY_STEPS: f64 = 10_000_000.0;

/// Collects field errors; each model's `validate` adds its own through it.
#[derive(Default)]
pub struct Checker {
    errors: Vec<FieldError>,
}

impl Checker {
    /// Adds an error at `path`.
    pub fn push(&mut self, path: &str, message: String) {
        self.errors.push(FieldError::new(path, message));
    }

    /// `min <= v <= max` for an integer field.
    pub fn int(&mut self, path: &str, v: u64, min: u64, max: u64) {
        if v < min {
            self.push(path, format!("{v} is below the minimum {min} (allowed: {min} to {max})"));
        } else if v > max {
            self.push(path, format!("{v} is above the maximum {max} (allowed: {min} to {max})"));
        }
    }

    /// `min <= v <= max` (or `min < v` when `min_exclusive`) for a real field.
    pub fn real(&mut self, path: &str, v: f64, min: f64, min_exclusive: bool, max: f64) {
        let range = if min_exclusive {
            format!("(allowed: above {min} up to {max})")
        } else {
            format!("(allowed: {min} to {max})")
        };
        if !v.is_finite() {
            self.push(path, format!("must be a finite number {range}"));
        } else if min_exclusive && v <= min {
            self.push(path, format!("{v} must be greater than {min} {range}"));
        } else if !min_exclusive && v < min {
            self.push(path, format!("{v} is below the minimum {min} {range}"));
        } else if v > max {
            self.push(path, format!("{v} is above the maximum {max} {range}"));
        }
    }

    /// At most `max` characters.
    pub fn max_len(&mut self, path: &str, s: &str, max: usize) {
        let n = s.chars().count();
        if n > max {
            self.push(path, format!("{n} characters is above the maximum {max}"));
        }
    }
}

impl Scenario {
    /// Checks every field against its allowed range and the cross-field rules; lists them all.
    pub fn validate(&self) -> Result<(), ScenarioError> {
        let mut c = Checker::default();
        match self.version {
            None => c.push(
                "version",
                format!("missing; this engine reads scenario versions {OLDEST_VERSION} to {SCENARIO_VERSION}"),
            ),
            Some(v) if v != SCENARIO_VERSION => {
                c.push("version", format!("{v} is not supported (allowed: {OLDEST_VERSION} to {SCENARIO_VERSION})"))
            }
            Some(_) => {}
        }
        // Every field's own range, as declared once in `fields` (and shown by the UI).
        super::fields::check_ranges(self, &mut c);
        // Cross-field rules only where each field is valid on its own, so one mistake gives one
        // message.
        if duration_ok(self) && self.warmup_s.is_finite() && self.warmup_s >= self.duration_s {
            c.push("warmup_s", format!("{} must be below duration_s ({})", self.warmup_s, self.duration_s));
        }

        let m = &self.metrics;
        if duration_ok(self) && m.bucket_s.is_finite() && m.bucket_s >= 0.001 {
            let buckets = self.duration_s / m.bucket_s;
            if buckets > MAX_BUCKETS {
                c.push(
                    "metrics.bucket_s",
                    format!(
                        "{} s gives {buckets:.3e} points over duration_s, above the maximum {MAX_BUCKETS:.0e}; use at least {} s",
                        m.bucket_s,
                        self.duration_s / MAX_BUCKETS
                    ),
                );
            }
        }
        // The model's rules joining fields.
        (self.model.descriptor().validate)(self, &mut c);

        if c.errors.is_empty() {
            Ok(())
        } else {
            Err(ScenarioError::Invalid(c.errors))
        }
    }
}

/// Whether `duration_s` is valid on its own (cross-field rules that use it need it to be).
pub fn duration_ok(s: &Scenario) -> bool {
    s.duration_s.is_finite() && s.duration_s > 0.0 && s.duration_s <= MAX_DURATION_S
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(json: &str) -> Vec<String> {
        match Scenario::from_json(json) {
            Ok(_) => vec![],
            Err(e) => e.field_errors().iter().map(|e| e.to_string()).collect(),
        }
    }

    #[test]
    fn the_issue_example_message() {
        assert_eq!(
            errors(r#"{"version": 1, "traffic": {"flows": 0}}"#),
            vec!["traffic.flows: 0 is below the minimum 1 (allowed: 1 to 10000)"]
        );
    }

    #[test]
    fn every_invalid_field_is_reported_at_once() {
        let e = errors(
            r#"{"version": 1, "duration_s": -1, "seed": 9007199254740992,
                "traffic": {"flows": 20000, "rate_pps": 0},
                "queue": {"service_rate_pps": 2e7, "capacity_pkts": 2000000},
                "metrics": {"bucket_s": 0, "max_points": 5, "batches": 1}}"#,
        );
        let paths: Vec<&str> = e.iter().map(|s| s.split(':').next().unwrap()).collect();
        for p in [
            "seed",
            "duration_s",
            "traffic.flows",
            "traffic.rate_pps",
            "queue.service_rate_pps",
            "queue.capacity_pkts",
            "metrics.bucket_s",
            "metrics.max_points",
            "metrics.batches",
        ] {
            assert!(paths.contains(&p), "{p} missing from {e:#?}");
        }
        assert!(
            e.iter().any(|s| s == "duration_s: -1 must be greater than 0 (allowed: above 0 up to 2592000)"),
            "{e:#?}"
        );
        assert!(
            e.iter().any(|s| s == "metrics.max_points: 5 is below the minimum 10 (allowed: 10 to 100000)"),
            "{e:#?}"
        );
    }

    #[test]
    fn version_is_required_and_checked() {
        assert_eq!(errors("{}"), vec!["version: missing; this engine reads scenario versions 1 to 2"]);
        assert_eq!(errors(r#"{"version": 3}"#), vec!["version: 3 is not supported (allowed: 1 to 2)"]);
        assert!(errors(r#"{"version": 2}"#).is_empty());
    }

    #[test]
    fn an_unlimited_queue_above_saturation_runs_while_its_backlog_fits() {
        // 1200 into 1000 packets/s for 100 s: a backlog of about 20,000 packets, shown, not refused.
        assert!(errors(r#"{"version": 1, "traffic": {"rate_pps": 1200}}"#).is_empty());
        // 1e5 more arrivals than services per second for a day would hold 8.6e9 packets: refused.
        let e = errors(
            r#"{"version": 1, "duration_s": 86400, "traffic": {"rate_pps": 200000}, "queue": {"service_rate_pps": 100000}, "metrics": {"bucket_s": 10}}"#,
        );
        assert!(
            e.iter().any(|m| m.starts_with("queue.capacity_pkts: unlimited (null) with traffic.rate_pps (200000)")
                && m.contains("backlog")),
            "{e:?}"
        );
        assert!(errors(r#"{"version": 1, "traffic": {"rate_pps": 1000}, "queue": {"capacity_pkts": 50}}"#).is_empty());
    }

    #[test]
    fn cross_field_limits() {
        let e = errors(r#"{"version": 1, "duration_s": 10, "warmup_s": 10}"#);
        assert_eq!(e, vec!["warmup_s: 10 must be below duration_s (10)"]);
        let e = errors(r#"{"version": 1, "duration_s": 2592000, "metrics": {"bucket_s": 0.001}}"#);
        assert!(e.iter().any(|s| s.starts_with("metrics.bucket_s:")), "{e:?}");
        let e = errors(
            r#"{"version": 1, "duration_s": 2000000, "traffic": {"rate_pps": 1e6}, "queue": {"service_rate_pps": 2e6}, "metrics": {"bucket_s": 1}}"#,
        );
        assert!(e.iter().any(|s| s.starts_with("traffic.rate_pps:") && s.contains("arrivals")), "{e:?}");
    }

    #[test]
    fn one_mistake_gives_one_message() {
        // An invalid duration does not also trip the warm-up, bucket or arrival-count rules.
        assert_eq!(
            errors(r#"{"version": 1, "duration_s": 0}"#),
            vec!["duration_s: 0 must be greater than 0 (allowed: above 0 up to 2592000)"]
        );
        // An invalid rate does not also trip the unlimited-capacity rule.
        let e = errors(r#"{"version": 1, "traffic": {"rate_pps": 1e9}}"#);
        assert_eq!(e.len(), 1, "{e:?}");
    }

    #[test]
    fn impossible_constellations_name_the_field() {
        let e = errors(
            r#"{"version": 1, "model": "constellation", "constellation": {"planes": 0, "altitude_km": 50, "inclination_deg": 200,
                "from": "Atlantis", "epoch_utc": "soon", "sites": [{"name": "", "lat_deg": 95, "lon_deg": 0}]}}"#,
        );
        let paths: Vec<&str> = e.iter().map(|s| s.split(':').next().unwrap()).collect();
        for p in [
            "constellation.planes",
            "constellation.altitude_km",
            "constellation.inclination_deg",
            "constellation.from",
            "constellation.epoch_utc",
            "constellation.sites[0].lat_deg",
            "constellation.sites[0].name",
        ] {
            assert!(paths.contains(&p), "{p} missing from {e:#?}");
        }
        assert!(e.iter().any(|s| s.starts_with("constellation.altitude_km: 50 is below the minimum 100")), "{e:#?}");
        let e = errors(
            r#"{"version": 1, "model": "constellation", "constellation": {"planes": 100, "sats_per_plane": 100}}"#,
        );
        assert!(e.iter().any(|s| s.contains("10000 satellites, above the maximum 2000")), "{e:#?}");
        let e = errors(r#"{"version": 1, "model": "constellation", "constellation": {"planes": 7}}"#);
        assert!(e.iter().any(|s| s.starts_with("constellation.raan_spacing_deg:") && s.contains("no seam")), "{e:#?}");
        assert!(errors(r#"{"version": 1, "model": "constellation"}"#).is_empty());
    }

    #[test]
    fn voip_ranges_name_the_field() {
        let e = errors(
            r#"{"version": 1, "model": "voip-leo", "voip": {"flows": 0, "codes_timeout_ms": -5, "lms": {"snr_ref_db": -100}}}"#,
        );
        let paths: Vec<&str> = e.iter().map(|s| s.split(':').next().unwrap()).collect();
        assert_eq!(paths, vec!["voip.flows", "voip.codes_timeout_ms", "voip.lms.snr_ref_db"], "{e:#?}");
        assert!(errors(r#"{"version": 1, "model": "voip-leo", "voip": {"flows": 2001}}"#)[0]
            .contains("above the maximum 2000"));
        assert!(!errors(r#"{"version": 1, "model": "voip-leo", "voip": {"lms": {"snr_ref_db": NaN}}}"#).is_empty());
        assert!(errors(r#"{"version": 1, "model": "voip-leo"}"#).is_empty());
    }

    #[test]
    fn diffserv_ranges_name_the_field() {
        // Bad inputs: a weight of 0, a capacity of 0, negative flows, bad profiles.
        let e = errors(
            r#"{"version": 1, "model": "diffserv", "diffserv": {"capacity_bps": 0, "w_af": 0, "pss_lr_bits": -1,
                "capacity_profile": {"kind": "cosine", "amplitude": 1.2, "period_s": 15},
                "ef_profile": {"kind": "trace", "points": [[0, 1], [0, 2]]}}}"#,
        );
        let paths: Vec<&str> = e.iter().map(|s| s.split(':').next().unwrap()).collect();
        for p in [
            "diffserv.capacity_bps",
            "diffserv.w_af",
            "diffserv.pss_lr_bits",
            "diffserv.capacity_profile.amplitude",
            "diffserv.ef_profile.points[1][0]",
        ] {
            assert!(paths.contains(&p), "{p} missing from {e:#?}");
        }
        assert!(e.iter().any(|s| s.starts_with("diffserv.w_af: 0 is below the minimum 2")), "{e:#?}");
        let e = errors(r#"{"version": 1, "model": "diffserv", "diffserv": {"af_flows": -1}}"#);
        assert!(e[0].starts_with("diffserv.af_flows"), "{e:#?}");
        let e = errors(r#"{"version": 1, "model": "diffserv", "diffserv": {"capacity_profile": {"kind": "square"}}}"#);
        assert!(e[0].starts_with("diffserv.capacity_profile"), "{e:#?}");
        let e = errors(
            r#"{"version": 1, "model": "diffserv", "metrics": {"bucket_s": 2}, "diffserv": {"rate_window_s": 1}}"#,
        );
        assert!(e.iter().any(|s| s.starts_with("diffserv.rate_window_s: 1 is below the minimum 2")), "{e:#?}");
        assert!(errors(r#"{"version": 1, "model": "diffserv"}"#).is_empty());
    }

    #[test]
    fn a_valid_scenario_has_no_errors() {
        assert!(Scenario::default().validate().is_ok());
    }
}
