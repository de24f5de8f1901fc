//! The queue model's part of a scenario: the offered traffic (`traffic`) and the queue with its
//! server (`queue`), their defaults and their validation.

use crate::scenario::validate::{duration_ok, Checker, MAX_CAPACITY_PKTS, MAX_EXPECTED_ARRIVALS, MAX_RATE_PPS};
use crate::scenario::Scenario;
use serde::{Deserialize, Serialize};

/// Arrival process of the offered traffic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ArrivalProcess {
    /// Poisson arrivals: exponential inter-arrival times.
    Poisson,
}

/// Offered traffic: `flows` independent sources sharing `rate_pps` equally.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrafficSpec {
    /// Arrival process of each flow.
    #[serde(default = "d::arrivals")]
    pub arrivals: ArrivalProcess,
    /// Number of independent flows, each with its own random stream (1 to 10000).
    #[serde(default = "d::flows")]
    pub flows: u32,
    /// Total arrival rate lambda of all flows together [packets/s].
    #[serde(default = "d::rate_pps")]
    pub rate_pps: f64,
}

/// Service-time distribution of the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ServiceDistribution {
    /// Exponential service times (M/M/1).
    Exponential,
    /// Constant service times (M/D/1), e.g. fixed-size packets on a fixed-rate link.
    Deterministic,
}

/// A single-server FIFO queue.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QueueSpec {
    /// Service-time distribution.
    #[serde(default = "d::service")]
    pub service: ServiceDistribution,
    /// Service rate mu [packets/s]; the mean service time is 1/mu.
    #[serde(default = "d::service_rate_pps")]
    pub service_rate_pps: f64,
    /// Waiting room [packets], not counting the packet in service; an arrival that finds it
    /// full is dropped (drop tail). `null` means unlimited, which needs a load below 1.
    #[serde(default)]
    pub capacity_pkts: Option<u32>,
}

mod d {
    use super::*;
    pub fn arrivals() -> ArrivalProcess {
        ArrivalProcess::Poisson
    }
    pub fn flows() -> u32 {
        1
    }
    pub fn rate_pps() -> f64 {
        800.0
    }
    pub fn service() -> ServiceDistribution {
        ServiceDistribution::Exponential
    }
    pub fn service_rate_pps() -> f64 {
        1000.0
    }
}

impl Default for TrafficSpec {
    fn default() -> Self {
        TrafficSpec { arrivals: d::arrivals(), flows: d::flows(), rate_pps: d::rate_pps() }
    }
}

impl Default for QueueSpec {
    fn default() -> Self {
        QueueSpec { service: d::service(), service_rate_pps: d::service_rate_pps(), capacity_pkts: None }
    }
}

/// Ranges of `traffic` and `queue`, the arrival budget, and the stability rule of an unlimited
/// queue.
pub fn validate(s: &Scenario, c: &mut Checker) {
    let rate_ok = |r: f64| r.is_finite() && r > 0.0 && r <= MAX_RATE_PPS;
    let t = &s.traffic;
    c.int("traffic.flows", t.flows as u64, 1, 10_000);
    c.real("traffic.rate_pps", t.rate_pps, 0.0, true, MAX_RATE_PPS);
    let expected = t.rate_pps * s.duration_s;
    if duration_ok(s) && rate_ok(t.rate_pps) && expected > MAX_EXPECTED_ARRIVALS {
        c.push(
            "traffic.rate_pps",
            format!(
                "{} packets/s for {} s is {expected:.3e} arrivals, above the maximum {MAX_EXPECTED_ARRIVALS:.0e} per run; lower the rate or duration_s",
                t.rate_pps, s.duration_s
            ),
        );
    }

    let q = &s.queue;
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
}
