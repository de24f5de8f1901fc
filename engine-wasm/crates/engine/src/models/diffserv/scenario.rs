//! The DiffServ router part of a scenario (paper 001; MODELS.md §5-6; SCENARIOS.md §B).

use crate::traffic::profile::RateProfile;
use crate::transport::congestion::CcKind;
use crate::scenario::validate::{Checker, MAX_EXPECTED_ARRIVALS};
use crate::scenario::Scenario;
use serde::{Deserialize, Serialize};

/// How AF and CS0 share the capacity EF leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SharingKind {
    /// The Priority Switching Scheduler, parameters from the WRR weights (eqs. 2-5).
    Pss,
    /// Deficit weighted round robin with the same weights.
    Dwrr,
}

/// A router with one CBR EF flow and TCP flows in AF and CS0 (paper 001 §3.2 by default).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DiffservScenario {
    /// Link capacity [b/s] (paper 001: 20 Mb/s).
    pub capacity_bps: f64,
    /// Round-trip time [ms] (paper 001: 500, a GEO link).
    pub rtt_ms: f64,
    /// Packet size [bytes].
    pub packet_bytes: f64,
    /// EF CBR rate [b/s].
    pub ef_bps: f64,
    /// EF rate PSS is configured for, R_EF^exp [b/s] (eq. 3).
    pub ef_expected_bps: f64,
    /// `pss` or `dwrr`.
    pub sharing: SharingKind,
    /// WRR weight of AF, W_AF [packets].
    pub w_af: f64,
    /// WRR weight of CS0, W_CS0 [packets].
    pub w_cs0: f64,
    /// TCP flows in AF.
    pub af_flows: u32,
    /// TCP flows in CS0.
    pub cs0_flows: u32,
    /// Congestion control of the TCP flows.
    pub cc: CcKind,
    /// Buffer per class [packets]; 0 means one bandwidth-delay product.
    pub buffer_pkts: u32,
    /// The link runs at `capacity_bps` x this factor; PSS is configured with `capacity_bps`
    /// as C_avg (paper 001 §4.2: `{"kind": "cosine", "amplitude": 0.3, "period_s": 15}`).
    pub capacity_profile: RateProfile,
    /// EF sends `ef_bps` x this factor (§4.2: amplitude 0.6, period 6.1 s).
    pub ef_profile: RateProfile,
    /// PSS credit memory below L_R (§2.3, Algorithm 1 lines 4-7).
    pub pss_credit_memory: bool,
    /// PSS credit for sending faster than planned (§2.3, the dtime < 0 branch, line 14).
    pub pss_above_average: bool,
    /// PSS resume level L_R [bits]; absent: 0 on a fixed link (§2.4), L_max BW on a varying
    /// one (§2.3), T C_avg BW with credit memory, T the capacity's (else EF's) period (§4.2.1).
    pub pss_lr_bits: Option<f64>,
    /// Window of the class output rates [s] (paper 001: 1 s), sampled every metrics bucket.
    pub rate_window_s: f64,
    /// K_AF, the x axis of paper 001 Figs. 5-6: when set, the weights are W_AF = 100 K_AF and
    /// W_CS0 = 100 (1 - K_AF) in place of `w_af` and `w_cs0` (eq. 2 with equal packet sizes).
    pub k_af: Option<f64>,
}

impl DiffservScenario {
    /// The WRR weights (W_AF, W_CS0): from `k_af` when set, else as given.
    pub fn weights(&self) -> (f64, f64) {
        match self.k_af {
            Some(k) => (100.0 * k, 100.0 * (1.0 - k)),
            None => (self.w_af, self.w_cs0),
        }
    }

    /// L_R [bits] for a reserved share `bw` (the rules of `pss_lr_bits`).
    pub fn lr_bits(&self, bw: f64) -> f64 {
        if let Some(lr) = self.pss_lr_bits {
            return lr;
        }
        let l_max = self.packet_bytes * 8.0;
        let period = self.capacity_profile.period_s().or(self.ef_profile.period_s());
        match (self.pss_credit_memory, period) {
            (true, Some(t)) => t * self.capacity_bps * bw,
            _ if self.pss_credit_memory || !self.capacity_profile.is_constant() || !self.ef_profile.is_constant() => l_max * bw,
            _ => 0.0,
        }
    }
}

impl Default for DiffservScenario {
    fn default() -> Self {
        DiffservScenario {
            capacity_bps: 20e6,
            rtt_ms: 500.0,
            packet_bytes: 1500.0,
            ef_bps: 5e6,
            ef_expected_bps: 10e6,
            sharing: SharingKind::Pss,
            w_af: 20.0,
            w_cs0: 20.0,
            af_flows: 10,
            cs0_flows: 10,
            cc: CcKind::Cubic,
            buffer_pkts: 0,
            capacity_profile: RateProfile::Constant,
            ef_profile: RateProfile::Constant,
            pss_credit_memory: false,
            pss_above_average: false,
            pss_lr_bits: None,
            rate_window_s: 1.0,
            k_af: None,
        }
    }
}

/// Ranges of `diffserv` (the EF rates bounded by the capacity), the rate profiles and the work
/// budget of one run.
pub fn validate(s: &Scenario, c: &mut Checker) {
    let d = &s.diffserv;
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
    c.real(&f("rate_window_s"), d.rate_window_s, s.metrics.bucket_s.min(1000.0), false, 1000.0);
    let pkts = d.capacity_bps / (d.packet_bytes * 8.0) * s.duration_s;
    if pkts.is_finite() && pkts > MAX_EXPECTED_ARRIVALS {
        c.push("duration_s", format!("{pkts:.3e} packets on the link, above the maximum {MAX_EXPECTED_ARRIVALS:.0e}; shorten the run"));
    }
}
