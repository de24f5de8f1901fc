//! Range validation: every field is checked and every problem is reported, each with its path
//! and the allowed range, so that a user fixes a scenario in one pass.

use super::{FieldError, ModelKind, Scenario, ScenarioError, MAX_SEED, SCENARIO_VERSION};
use crate::orbit::sites;
use crate::orbit::walker::WalkerKind;

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

/// Collects field errors.
#[derive(Default)]
struct Checker {
    errors: Vec<FieldError>,
}

impl Checker {
    fn push(&mut self, path: &str, message: String) {
        self.errors.push(FieldError::new(path, message));
    }

    /// `min <= v <= max` for an integer field.
    fn int(&mut self, path: &str, v: u64, min: u64, max: u64) {
        if v < min {
            self.push(path, format!("{v} is below the minimum {min} (allowed: {min} to {max})"));
        } else if v > max {
            self.push(path, format!("{v} is above the maximum {max} (allowed: {min} to {max})"));
        }
    }

    /// `min <= v <= max` (or `min < v` when `min_exclusive`) for a real field.
    fn real(&mut self, path: &str, v: f64, min: f64, min_exclusive: bool, max: f64) {
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

    fn max_len(&mut self, path: &str, s: &str, max: usize) {
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
            None => c.push("version", format!("missing; this engine reads scenario version {SCENARIO_VERSION}")),
            Some(v) if v != SCENARIO_VERSION => {
                c.push("version", format!("{v} is not supported (allowed: {SCENARIO_VERSION})"))
            }
            Some(_) => {}
        }
        c.max_len("name", &self.name, 200);
        c.max_len("description", &self.description, 5000);
        c.int("seed", self.seed, 0, MAX_SEED);
        c.real("duration_s", self.duration_s, 0.0, true, MAX_DURATION_S);
        c.real("warmup_s", self.warmup_s, 0.0, false, MAX_DURATION_S);
        // Cross-field rules only where each field is valid on its own, so one mistake gives one
        // message.
        let duration_ok = self.duration_s.is_finite() && self.duration_s > 0.0 && self.duration_s <= MAX_DURATION_S;
        let rate_ok = |r: f64| r.is_finite() && r > 0.0 && r <= MAX_RATE_PPS;
        if duration_ok && self.warmup_s.is_finite() && self.warmup_s >= self.duration_s {
            c.push("warmup_s", format!("{} must be below duration_s ({})", self.warmup_s, self.duration_s));
        }

        let t = &self.traffic;
        c.int("traffic.flows", t.flows as u64, 1, 10_000);
        c.real("traffic.rate_pps", t.rate_pps, 0.0, true, MAX_RATE_PPS);
        let expected = t.rate_pps * self.duration_s;
        if duration_ok && rate_ok(t.rate_pps) && expected > MAX_EXPECTED_ARRIVALS {
            c.push(
                "traffic.rate_pps",
                format!(
                    "{} packets/s for {} s is {expected:.3e} arrivals, above the maximum {MAX_EXPECTED_ARRIVALS:.0e} per run; lower the rate or duration_s",
                    t.rate_pps, self.duration_s
                ),
            );
        }

        let q = &self.queue;
        c.real("queue.service_rate_pps", q.service_rate_pps, 0.0, true, MAX_RATE_PPS);
        match q.capacity_pkts {
            Some(k) => c.int("queue.capacity_pkts", k as u64, 0, MAX_CAPACITY_PKTS as u64),
            None => {
                if rate_ok(t.rate_pps) && rate_ok(q.service_rate_pps) && t.rate_pps >= q.service_rate_pps {
                    c.push(
                        "queue.capacity_pkts",
                        format!(
                            "unlimited (null) needs traffic.rate_pps ({}) below queue.service_rate_pps ({}), otherwise the queue grows without bound; set a capacity from 0 to {MAX_CAPACITY_PKTS}",
                            t.rate_pps, q.service_rate_pps
                        ),
                    );
                }
            }
        }

        let m = &self.metrics;
        c.real("metrics.bucket_s", m.bucket_s, 0.001, false, 3600.0);
        if duration_ok && m.bucket_s.is_finite() && m.bucket_s >= 0.001 {
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
        c.int("metrics.max_points", m.max_points as u64, 10, 100_000);
        c.int("metrics.batches", m.batches as u64, 2, 1000);
        if self.model == ModelKind::Constellation {
            self.validate_constellation(&mut c, duration_ok);
        }
        if self.model == ModelKind::VoipLeo {
            self.validate_voip(&mut c);
        }
        if self.model == ModelKind::Diffserv {
            let d = &self.diffserv;
            let f = |n: &str| format!("diffserv.{n}");
            c.real(&f("capacity_bps"), d.capacity_bps, 1e4, false, 1e10);
            c.real(&f("rtt_ms"), d.rtt_ms, 0.0, true, 10_000.0);
            c.real(&f("packet_bytes"), d.packet_bytes, 40.0, false, 65_535.0);
            c.real(&f("ef_bps"), d.ef_bps, 0.0, false, d.capacity_bps.max(0.0));
            c.real(&f("ef_expected_bps"), d.ef_expected_bps, 0.0, false, 0.99 * d.capacity_bps.max(0.0));
            c.real(&f("w_af"), d.w_af, 2.0, false, 10_000.0);
            c.real(&f("w_cs0"), d.w_cs0, 2.0, false, 10_000.0);
            c.int(&f("af_flows"), d.af_flows as u64, 0, 200);
            c.int(&f("cs0_flows"), d.cs0_flows as u64, 0, 200);
            c.int(&f("buffer_pkts"), d.buffer_pkts as u64, 0, 1_000_000);
            for (name, profile, amp, lo) in [("capacity_profile", &d.capacity_profile, 0.95, 0.01), ("ef_profile", &d.ef_profile, 1.0, 0.0)] {
                for (sub, m) in profile.check(amp, lo, 10.0) {
                    c.push(&f(&format!("{name}.{sub}")), m);
                }
            }
            if let Some(k) = d.k_af {
                c.real(&f("k_af"), k, 0.02, false, 0.98);
            }
            if let Some(lr) = d.pss_lr_bits {
                c.real(&f("pss_lr_bits"), lr, 0.0, false, 1e10);
            }
            c.real(&f("rate_window_s"), d.rate_window_s, self.metrics.bucket_s.min(1000.0), false, 1000.0);
            let pkts = d.capacity_bps / (d.packet_bytes * 8.0) * self.duration_s;
            if pkts.is_finite() && pkts > MAX_EXPECTED_ARRIVALS {
                c.push("duration_s", format!("{pkts:.3e} packets on the link, above the maximum {MAX_EXPECTED_ARRIVALS:.0e}; shorten the run"));
            }
        }

        if c.errors.is_empty() {
            Ok(())
        } else {
            Err(ScenarioError::Invalid(c.errors))
        }
    }
}

impl Scenario {
    fn validate_voip(&self, c: &mut Checker) {
        let v = &self.voip;
        let f = |name: &str| format!("voip.{name}");
        c.int(&f("flows"), v.flows as u64, 1, 2000);
        c.real(&f("codes_timeout_ms"), v.codes_timeout_ms, 0.0, true, 10_000.0);
        c.real(&f("delay_bound_ms"), v.delay_bound_ms, 0.0, true, 10_000.0);
        c.real(&f("delay_violation_prob"), v.delay_violation_prob, 0.0, true, 0.999);
        c.real(&f("lms.snr_ref_db"), v.lms.snr_ref_db, -10.0, false, 40.0);
        c.real(&f("lms.speed_kmh"), v.lms.speed_kmh, 0.0, false, 1000.0);
        c.real(&f("lms.carrier_ghz"), v.lms.carrier_ghz, 0.1, false, 100.0);
        c.real(&f("lms.state_duration_scale_s"), v.lms.state_duration_scale_s, 0.01, false, 1e6);
        c.real(&f("lms.state_step_s"), v.lms.state_step_s, 0.001, false, 1.0);
        c.real(&f("lms.corr_distance_m"), v.lms.corr_distance_m, 0.01, false, 1000.0);
        c.real(&f("harq.first_tx_bits_per_symbol"), v.harq.first_tx_bits_per_symbol, 0.0, true, 2.0);
        c.real(&f("harq.code_gap"), v.harq.code_gap, 0.0, false, 1.0);
        c.int(&f("harq.max_retx"), v.harq.max_retx as u64, 0, 10);
        c.real(&f("harq.round_trip_ms"), v.harq.round_trip_ms, 0.0, true, 1000.0);
        c.real(&f("link_rate_bps"), v.link_rate_bps, 1e3, false, 1e10);
        c.real(&f("packet_bytes"), v.packet_bytes, 1.0, false, 65_535.0);
        c.real(&f("rate_bps"), v.rate_bps, 100.0, false, 1e8);
        c.real(&f("mean_on_ms"), v.mean_on_ms, 0.0, true, 1e6);
        c.real(&f("mean_off_ms"), v.mean_off_ms, 0.0, true, 1e6);
        c.real(&f("pareto_shape"), v.pareto_shape, 1.0, true, 10.0);
        c.real(&f("constellation_delay_ms[0]"), v.constellation_delay_ms[0], 0.0, false, 1000.0);
        c.real(&f("constellation_delay_ms[1]"), v.constellation_delay_ms[1], 0.0, false, 1000.0);
        if v.constellation_delay_ms[0] > v.constellation_delay_ms[1] {
            c.push(&f("constellation_delay_ms"), format!("[{}, {}]: the minimum is above the maximum", v.constellation_delay_ms[0], v.constellation_delay_ms[1]));
        }
        c.real(&f("last_hop_delay_ms"), v.last_hop_delay_ms, 0.0, false, 1000.0);
        c.real(&f("trace_offset_max_s"), v.trace_offset_max_s, 0.0, false, 86_400.0);
        if v.delay_source == super::DelaySource::Route && self.duration_s.is_finite() && self.duration_s + v.trace_offset_max_s > 2.0 * 86_400.0 {
            c.push(&f("delay_source"), format!("`route` follows at most 48 h of the constellation: duration_s ({}) + trace_offset_max_s ({}) is longer; use `range` or a shorter run", self.duration_s, v.trace_offset_max_s));
        }
        c.real(&f("rtt_ms"), v.rtt_ms, 0.0, true, 10_000.0);
        c.real(&f("pf_window"), v.pf_window, 1.0, false, 1e6);
        c.real(&f("advantage"), v.advantage, 0.0, false, 50.0);
        c.int(&f("snr_traces"), v.snr_traces as u64, 0, 8);
        for (name, site) in [("server_site", &v.server_site), ("users_site", &v.users_site)] {
            if let Err(e) = sites::resolve(site, &[]) {
                c.push(&f(name), e);
            }
        }
        // Bound the work of one run: packets offered = flows x rate x duration.
        let pkts = v.flows as f64 * v.rate_bps / (v.packet_bytes * 8.0) * self.duration_s;
        if pkts.is_finite() && pkts > MAX_EXPECTED_ARRIVALS {
            c.push(&f("flows"), format!("{pkts:.3e} packets over duration_s, above the maximum {MAX_EXPECTED_ARRIVALS:.0e}; fewer flows or a shorter run"));
        }
    }

    fn validate_constellation(&self, c: &mut Checker, duration_ok: bool) {
        let k = &self.constellation;
        let spec = k.spec();
        let p = "constellation.";
        let f = |name: &str| format!("{p}{name}");
        c.int(&f("planes"), spec.planes as u64, 1, 100);
        c.int(&f("sats_per_plane"), spec.sats_per_plane as u64, 1, 100);
        if spec.planes >= 1 && spec.sats_per_plane >= 1 && spec.total() > MAX_SATELLITES && spec.planes <= 100 && spec.sats_per_plane <= 100 {
            c.push(&f("sats_per_plane"), format!("{} planes x {} is {} satellites, above the maximum {MAX_SATELLITES}", spec.planes, spec.sats_per_plane, spec.total()));
        }
        c.real(&f("altitude_km"), spec.altitude_km, 100.0, false, 50_000.0);
        c.real(&f("inclination_deg"), spec.inclination_deg, 0.0, false, 180.0);
        c.real(&f("elevation_mask_deg"), spec.elevation_mask_deg, 0.0, false, 60.0);
        match spec.kind {
            WalkerKind::Star => {
                c.real(&f("raan_spacing_deg"), spec.raan_spacing_deg, 0.0, true, 180.0);
                if spec.raan_spacing_deg.is_finite() && spec.planes >= 2 && spec.planes <= 100 {
                    let seam = 180.0 - (spec.planes as f64 - 1.0) * spec.raan_spacing_deg;
                    if seam <= 0.0 {
                        c.push(
                            &f("raan_spacing_deg"),
                            format!("{} planes {} deg apart span more than 180 deg, leaving no seam; use at most {:.4}", spec.planes, spec.raan_spacing_deg, 180.0 / (spec.planes as f64 - 1.0)),
                        );
                    }
                }
                c.real(&f("phasing"), spec.phasing, 0.0, false, 1.0);
            }
            WalkerKind::Delta => {
                let max_f = spec.planes.saturating_sub(1) as f64;
                c.real(&f("phasing"), spec.phasing, 0.0, false, max_f);
                if spec.phasing.is_finite() && spec.phasing.fract() != 0.0 {
                    c.push(&f("phasing"), format!("{} is not a whole number (Walker F, allowed: 0 to {max_f})", spec.phasing));
                }
            }
        }
        if k.epoch_jd().is_none() {
            c.push(&f("epoch_utc"), format!("`{}` is not a UTC time like 2026-01-01T00:00:00Z (years 1957 to 2056)", k.epoch_utc));
        }
        c.real(&f("polar_cutoff_deg"), k.polar_cutoff_deg, 0.0, false, 90.0);
        c.real(&f("hysteresis_deg"), k.hysteresis_deg, 0.0, false, 30.0);
        c.real(&f("step_s"), k.step_s, 0.1, false, 600.0);
        if duration_ok && k.step_s.is_finite() && k.step_s >= 0.1 && self.duration_s / k.step_s > MAX_TOPOLOGY_STEPS {
            c.push(&f("step_s"), format!("{} s gives {:.3e} steps over duration_s, above the maximum {MAX_TOPOLOGY_STEPS:.0e}", k.step_s, self.duration_s / k.step_s));
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
        assert!(e.iter().any(|s| s == "duration_s: -1 must be greater than 0 (allowed: above 0 up to 2592000)"), "{e:#?}");
        assert!(e.iter().any(|s| s == "metrics.max_points: 5 is below the minimum 10 (allowed: 10 to 100000)"), "{e:#?}");
    }

    #[test]
    fn version_is_required_and_checked() {
        assert_eq!(errors("{}"), vec!["version: missing; this engine reads scenario version 1"]);
        assert_eq!(errors(r#"{"version": 2}"#), vec!["version: 2 is not supported (allowed: 1)"]);
    }

    #[test]
    fn unlimited_queue_needs_load_below_one() {
        let e = errors(r#"{"version": 1, "traffic": {"rate_pps": 1000}}"#);
        assert_eq!(e.len(), 1);
        assert!(e[0].starts_with("queue.capacity_pkts: unlimited (null) needs traffic.rate_pps (1000)"), "{}", e[0]);
        assert!(errors(r#"{"version": 1, "traffic": {"rate_pps": 1000}, "queue": {"capacity_pkts": 50}}"#).is_empty());
    }

    #[test]
    fn cross_field_limits() {
        let e = errors(r#"{"version": 1, "duration_s": 10, "warmup_s": 10}"#);
        assert_eq!(e, vec!["warmup_s: 10 must be below duration_s (10)"]);
        let e = errors(r#"{"version": 1, "duration_s": 2592000, "metrics": {"bucket_s": 0.001}}"#);
        assert!(e.iter().any(|s| s.starts_with("metrics.bucket_s:")), "{e:?}");
        let e = errors(r#"{"version": 1, "duration_s": 2000000, "traffic": {"rate_pps": 1e6}, "queue": {"service_rate_pps": 2e6}, "metrics": {"bucket_s": 1}}"#);
        assert!(e.iter().any(|s| s.starts_with("traffic.rate_pps:") && s.contains("arrivals")), "{e:?}");
    }

    #[test]
    fn one_mistake_gives_one_message() {
        // An invalid duration does not also trip the warm-up, bucket or arrival-count rules.
        assert_eq!(errors(r#"{"version": 1, "duration_s": 0}"#), vec!["duration_s: 0 must be greater than 0 (allowed: above 0 up to 2592000)"]);
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
        let e = errors(r#"{"version": 1, "model": "constellation", "constellation": {"planes": 100, "sats_per_plane": 100}}"#);
        assert!(e.iter().any(|s| s.contains("10000 satellites, above the maximum 2000")), "{e:#?}");
        let e = errors(r#"{"version": 1, "model": "constellation", "constellation": {"planes": 7}}"#);
        assert!(e.iter().any(|s| s.starts_with("constellation.raan_spacing_deg:") && s.contains("no seam")), "{e:#?}");
        assert!(errors(r#"{"version": 1, "model": "constellation"}"#).is_empty());
    }

    #[test]
    fn voip_ranges_name_the_field() {
        let e = errors(r#"{"version": 1, "model": "voip-leo", "voip": {"flows": 0, "codes_timeout_ms": -5, "lms": {"snr_ref_db": -100}}}"#);
        let paths: Vec<&str> = e.iter().map(|s| s.split(':').next().unwrap()).collect();
        assert_eq!(paths, vec!["voip.flows", "voip.codes_timeout_ms", "voip.lms.snr_ref_db"], "{e:#?}");
        assert!(errors(r#"{"version": 1, "model": "voip-leo", "voip": {"flows": 2001}}"#)[0].contains("above the maximum 2000"));
        assert!(!errors(r#"{"version": 1, "model": "voip-leo", "voip": {"lms": {"snr_ref_db": NaN}}}"#).is_empty());
        assert!(errors(r#"{"version": 1, "model": "voip-leo"}"#).is_empty());
    }

    #[test]
    fn diffserv_ranges_name_the_field() {
        // Issue 5's bad inputs: a weight of 0, a capacity of 0, negative flows, bad profiles.
        let e = errors(
            r#"{"version": 1, "model": "diffserv", "diffserv": {"capacity_bps": 0, "w_af": 0, "pss_lr_bits": -1,
                "capacity_profile": {"kind": "cosine", "amplitude": 1.2, "period_s": 15},
                "ef_profile": {"kind": "trace", "points": [[0, 1], [0, 2]]}}}"#,
        );
        let paths: Vec<&str> = e.iter().map(|s| s.split(':').next().unwrap()).collect();
        for p in ["diffserv.capacity_bps", "diffserv.w_af", "diffserv.pss_lr_bits", "diffserv.capacity_profile.amplitude", "diffserv.ef_profile.points[1][0]"] {
            assert!(paths.contains(&p), "{p} missing from {e:#?}");
        }
        assert!(e.iter().any(|s| s.starts_with("diffserv.w_af: 0 is below the minimum 2")), "{e:#?}");
        let e = errors(r#"{"version": 1, "model": "diffserv", "diffserv": {"af_flows": -1}}"#);
        assert!(e[0].starts_with("diffserv.af_flows"), "{e:#?}");
        let e = errors(r#"{"version": 1, "model": "diffserv", "diffserv": {"capacity_profile": {"kind": "square"}}}"#);
        assert!(e[0].starts_with("diffserv.capacity_profile"), "{e:#?}");
        let e = errors(r#"{"version": 1, "model": "diffserv", "metrics": {"bucket_s": 2}, "diffserv": {"rate_window_s": 1}}"#);
        assert!(e.iter().any(|s| s.starts_with("diffserv.rate_window_s: 1 is below the minimum 2")), "{e:#?}");
        assert!(errors(r#"{"version": 1, "model": "diffserv"}"#).is_empty());
    }

    #[test]
    fn a_valid_scenario_has_no_errors() {
        assert!(Scenario::default().validate().is_ok());
    }
}
