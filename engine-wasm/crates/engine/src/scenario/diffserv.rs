//! The DiffServ router part of a scenario (paper 001; MODELS.md §5-6; SCENARIOS.md §B).

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
    /// Buffer per class [packets]; 0 means one bandwidth-delay product.
    pub buffer_pkts: u32,
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
        }
    }
}
