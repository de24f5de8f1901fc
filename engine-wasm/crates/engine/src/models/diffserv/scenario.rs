//! The DiffServ router part of a scenario (paper 001; docs/REPRODUCTION.md).

use crate::models::Scenario;
use crate::scenario::fields::*;
use crate::scenario::validate::{Checker, MAX_EXPECTED_ARRIVALS};
use crate::sim::{num, WorkEstimate};
use crate::traffic::profile::RateProfile;
use crate::transport::congestion::CcKind;
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
    /// Sources start at random times [s], drawn from the scenario seed (one named stream per
    /// source, `diffserv.af_flow[k].start`, `diffserv.cs0_flow[k].start`, `diffserv.ef.start`):
    /// each TCP flow uniformly in [0, this), the EF source's first packet uniformly within
    /// [0, min(this, one EF packet interval)), its phase. 0 starts every source at t = 0 and the
    /// run no longer depends on the seed. SkyQueue's choice, not paper 001's: its §3.2 says
    /// only that iPerf generated "10 concurrent CUBIC flows" per class and "a single CBR UDP
    /// connection" for EF; random starts within the first second are the usual way
    /// simulations break the synchronisation of flows started together (default 1 s).
    pub start_spread_s: f64,
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
            _ if self.pss_credit_memory || !self.capacity_profile.is_constant() || !self.ef_profile.is_constant() => {
                l_max * bw
            }
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
            start_spread_s: 1.0,
            buffer_pkts: 0,
            capacity_profile: RateProfile::Constant {},
            ef_profile: RateProfile::Constant {},
            pss_credit_memory: false,
            pss_above_average: false,
            pss_lr_bits: None,
            rate_window_s: 1.0,
            k_af: None,
        }
    }
}

/// Largest relative amplitude of the capacity's and the EF rate's cosines.
const AMPLITUDE_MAX: [f64; 2] = [0.95, 1.0];

/// Each TCP receiver's advertised window [segments]: four times what the path can hold (one
/// bandwidth-delay product at the largest capacity the profile reaches, plus the class buffer),
/// and at least 64. A window beyond what the path holds only adds drops at the buffer; without
/// one, a congestion control that grows unchecked (Hybla, unpaced, at a 500 ms RTT) keeps
/// millions of segments in flight and its run grows without bound (SkyQueue's choice: paper 001
/// gives no receiver window).
pub fn window_pkts(d: &DiffservScenario) -> f64 {
    let l = d.packet_bytes * 8.0;
    let peak = d.capacity_bps * d.capacity_profile.peak().clamp(1.0, 10.0);
    let bdp = (peak * d.rtt_ms / 1e3 / l).round().max(1.0);
    let buffer =
        if d.buffer_pkts == 0 { (d.capacity_bps * d.rtt_ms / 1e3 / l).round().max(1.0) } else { d.buffer_pkts as f64 };
    (4.0 * (bdp + buffer)).max(64.0)
}

/// Most segments all the TCP flows together may keep in flight (their windows): what one run
/// holds in memory, about 100 bytes each.
pub const MAX_WINDOW_SEGMENTS: f64 = 4e6;

/// Most segments the flows could offer in one run with full windows (windows x round trips): the
/// work of a congestion control that fills every window at every round trip (Hybla unpaced, whose
/// excess the class buffers drop), each offer a few events; about a minute per 10^8 natively.
pub const MAX_OFFERED_SEGMENTS: f64 = 2e9;

/// The rules the field table cannot say: the rate profiles (their own wording, and a trace's
/// points) and the work budget of one run: the packets on the link, and the segments the flows'
/// windows may hold.
pub fn validate(s: &Scenario, c: &mut Checker) {
    let d = &s.diffserv;
    let f = |n: &str| format!("diffserv.{n}");
    for (name, profile, amp, lo) in [
        ("capacity_profile", &d.capacity_profile, AMPLITUDE_MAX[0], 0.01),
        ("ef_profile", &d.ef_profile, AMPLITUDE_MAX[1], 0.0),
    ] {
        for (sub, m) in profile.check(amp, lo, 10.0) {
            c.push(&f(&format!("{name}.{sub}")), m);
        }
    }
    let pkts = d.capacity_bps / (d.packet_bytes * 8.0) * s.duration_s;
    if pkts.is_finite() && pkts > MAX_EXPECTED_ARRIVALS {
        c.push(
            "duration_s",
            format!("{pkts:.3e} packets on the link, above the maximum {MAX_EXPECTED_ARRIVALS:.0e}; shorten the run"),
        );
    }
    let flows = (d.af_flows + d.cs0_flows) as f64;
    let held = flows * window_pkts(d);
    if held.is_finite() && held > MAX_WINDOW_SEGMENTS {
        c.push(
            "diffserv.capacity_bps",
            format!(
                "{flows} TCP flows with windows of {:.3e} segments (four times the path's bandwidth-delay product and buffer) could hold {held:.3e} segments in flight, above the budget of {MAX_WINDOW_SEGMENTS:.0e}; lower diffserv.capacity_bps, diffserv.rtt_ms or diffserv.buffer_pkts, raise diffserv.packet_bytes, or run fewer flows",
                window_pkts(d)
            ),
        );
    }
    let offered = held * s.duration_s / (d.rtt_ms / 1e3);
    if offered.is_finite() && held <= MAX_WINDOW_SEGMENTS && offered > MAX_OFFERED_SEGMENTS {
        c.push(
            "duration_s",
            format!(
                "{flows} TCP flows filling windows of {:.3e} segments every round trip of {} ms for {} s could offer {offered:.3e} segments, above the budget of {MAX_OFFERED_SEGMENTS:.0e}; shorten the run, raise diffserv.rtt_ms, or lower diffserv.capacity_bps or the flows",
                window_pkts(d),
                d.rtt_ms,
                s.duration_s
            ),
        );
    }
}

/// The groups of fields the parameter panel shows for this model, with their ranges (checked by
/// `scenario::fields::check_ranges`).
pub fn groups() -> Vec<Group> {
    vec![
        Group {
            title: "Link and classes",
            fields: vec![
                real("diffserv.capacity_bps", "Capacity C", Some("b/s"), 10_000.0, 1e10, "Link capacity (paper 001: 20 Mb/s); the average C_avg when it varies."),
                real("diffserv.rtt_ms", "RTT", Some("ms"), 0.0, 10_000.0, "Round-trip time of the TCP flows (paper 001: 500 ms, a GEO link).").above_min(),
                real("diffserv.packet_bytes", "Packet size", Some("bytes"), 40.0, 65_535.0, "Packet size of every class."),
                int("diffserv.buffer_pkts", "Buffer per class", "u32", Some("packets"), 0, 1_000_000, "Buffer of each class; 0 means one bandwidth-delay product."),
                number("diffserv.ef_bps", "EF rate", "f64", Some("b/s"), Bound::Fixed(0.0), Bound::Field { path: "diffserv.capacity_bps", times: 1.0, at_least: 0.0, at_most: f64::INFINITY }, "Constant bit rate of the EF (voice) class, served first."),
                int("diffserv.af_flows", "AF flows", "u32", None, 0, 200, "TCP flows in the AF class."),
                int("diffserv.cs0_flows", "CS0 flows", "u32", None, 0, 200, "TCP flows in the best-effort CS0 class."),
                choice("diffserv.cc", "Congestion control", &CcKind::choices(), "Congestion control of every TCP flow."),
                real("diffserv.start_spread_s", "Start spread", Some("s"), 0.0, 3_600.0, "Each TCP flow starts at a time drawn from the seed uniformly in [0, this), and the EF source at a random phase within its first packet interval (SkyQueue's choice: paper 001 does not say when its flows start); 0 starts every source at t = 0, the same run for every seed."),
            ],
        },
        Group {
            title: "Scheduler (PSS or DWRR)",
            fields: vec![
                choice("diffserv.sharing", "AF/CS0 sharing", &[("pss", "Priority Switching Scheduler"), ("dwrr", "Deficit Weighted Round Robin")], "How AF and CS0 share what EF leaves (paper 001).").short_names(&["PSS", "DWRR"]),
                real("diffserv.w_af", "Weight W_AF", Some("packets"), 2.0, 10_000.0, "WRR weight of AF; PSS derives its levels from the weights (eqs. 2-5)."),
                real("diffserv.w_cs0", "Weight W_CS0", Some("packets"), 2.0, 10_000.0, "WRR weight of CS0."),
                real("diffserv.k_af", "K_AF", None, 0.02, 0.98, "When set, W_AF = 100 K_AF and W_CS0 = 100 (1 - K_AF): the x axis of paper 001 Figs. 5-6.").null_means("from the weights"),
                number("diffserv.ef_expected_bps", "Expected EF rate", "f64", Some("b/s"), Bound::Fixed(0.0), Bound::Field { path: "diffserv.capacity_bps", times: 0.99, at_least: 0.0, at_most: f64::INFINITY }, "EF rate PSS is configured for, R_EF^exp (eq. 3); below 0.99 C."),
                boolean("diffserv.pss_credit_memory", "Credit memory", "PSS keeps its credit below L_R (§2.3, Algorithm 1 lines 4-7)."),
                boolean("diffserv.pss_above_average", "Credit above the average", "PSS earns credit when the link runs faster than C_avg (§2.3, line 14)."),
                real("diffserv.pss_lr_bits", "Resume level L_R", Some("bits"), 0.0, 1e10, "Empty: the paper's rule (0 on a fixed link, L_max BW on a varying one, T C_avg BW with memory).").null_means("paper's rule"),
                number("diffserv.rate_window_s", "Rate window", "f64", Some("s"), Bound::Field { path: "metrics.bucket_s", times: 1.0, at_least: f64::NEG_INFINITY, at_most: 1000.0 }, Bound::Fixed(1000.0), "Window of the class output rates (paper 001: 1 s); at least one sample."),
            ],
        },
        Group {
            title: "Varying capacity and EF",
            fields: vec![
                choice("diffserv.capacity_profile.kind", "Capacity: shape", &[("constant", "constant"), ("cosine", "cosine"), ("trace", "steps (trace, edit as JSON)")], "How the capacity varies in time around its average. Paper 001 §4.2: cosine, amplitude 0.3, period 15 s."),
                real("diffserv.capacity_profile.amplitude", "Capacity: amplitude", None, 0.0, AMPLITUDE_MAX[0], "Relative amplitude of the cosine, f(t) = 1 + a cos(2 pi t / T). Paper 001 §4.2: cosine, amplitude 0.3, period 15 s.").own_wording(),
                real("diffserv.capacity_profile.period_s", "Capacity: period", Some("s"), 0.0, 1_000_000.0, "Period T of the cosine.").above_min().own_wording(),
                choice("diffserv.ef_profile.kind", "EF rate: shape", &[("constant", "constant"), ("cosine", "cosine"), ("trace", "steps (trace, edit as JSON)")], "How the ef rate varies in time around its average. Paper 001 §4.2: cosine, amplitude 0.6, period 6.1 s."),
                real("diffserv.ef_profile.amplitude", "EF rate: amplitude", None, 0.0, AMPLITUDE_MAX[1], "Relative amplitude of the cosine, f(t) = 1 + a cos(2 pi t / T). Paper 001 §4.2: cosine, amplitude 0.6, period 6.1 s.").own_wording(),
                real("diffserv.ef_profile.period_s", "EF rate: period", Some("s"), 0.0, 1_000_000.0, "Period T of the cosine.").above_min().own_wording(),
            ],
        },
    ]
}

/// The model's objects in a scenario, with their keys as the structs declare them.
pub fn objects() -> Vec<Object> {
    vec![object::<DiffservScenario>("diffserv")]
}

/// The run's events: each packet the link carries arrives, leaves and is acknowledged.
pub fn estimated_events(s: &Scenario) -> Option<WorkEstimate> {
    let d = &s.diffserv;
    let pkts = d.capacity_bps * d.capacity_profile.peak().clamp(1.0, 10.0) / (d.packet_bytes * 8.0) * s.duration_s;
    Some(WorkEstimate {
        // 1.7-2.3 M events/s over the PSS examples.
        events_per_s: 1.5e6,
        events: 3.0 * pkts,
        field: "duration_s",
        offers: format!(
            "about {pkts:.2e} packets on the link ({} b/s / ({} B x 8) x {} s)",
            num(d.capacity_bps),
            num(d.packet_bytes),
            num(s.duration_s)
        ),
        lower: "duration_s or diffserv.capacity_bps, or raise diffserv.packet_bytes".into(),
    })
}
