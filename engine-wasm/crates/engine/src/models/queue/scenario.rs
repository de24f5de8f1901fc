//! The queue model's part of a scenario: the offered traffic (`traffic`) and the queue with its
//! server (`queue`), their defaults and their validation.

use crate::scenario::validate::{duration_ok, Checker, MAX_CAPACITY_PKTS, MAX_EXPECTED_ARRIVALS, MAX_RATE_PPS};
use crate::scenario::Scenario;
use crate::scenario::fields::*;
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
    /// full is dropped (drop tail). `null` means unlimited; at a load of 1 or more it then grows
    /// without bound (allowed while the backlog stays under 2e6 packets over the run).
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

/// The rules joining fields (ranges are in [`groups`]): the arrival budget, and the backlog an
/// unlimited queue above saturation may build.
pub fn validate(s: &Scenario, c: &mut Checker) {
    let rate_ok = |r: f64| r.is_finite() && r > 0.0 && r <= MAX_RATE_PPS;
    let t = &s.traffic;
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

    // An unlimited queue at a load of 1 or more has no steady state: it is allowed (to show the
    // instability) while the backlog it builds stays within what a run may hold in memory.
    let q = &s.queue;
    if q.capacity_pkts.is_none() && duration_ok(s) && rate_ok(t.rate_pps) && rate_ok(q.service_rate_pps) && t.rate_pps >= q.service_rate_pps {
        let backlog = (t.rate_pps - q.service_rate_pps) * s.duration_s;
        if backlog > MAX_UNSTABLE_BACKLOG_PKTS {
            c.push(
                "queue.capacity_pkts",
                format!(
                    "unlimited (null) with traffic.rate_pps ({}) at or above queue.service_rate_pps ({}) builds a backlog of about {backlog:.3e} packets in {} s, above the {MAX_UNSTABLE_BACKLOG_PKTS:.0e} a run may hold; set a capacity from 0 to {MAX_CAPACITY_PKTS}, or lower duration_s",
                    t.rate_pps, q.service_rate_pps, s.duration_s
                ),
            );
        }
    }
}

/// Largest backlog an unlimited queue at a load of 1 or more may build over a run [packets]
/// (each waiting packet is held in memory).
pub const MAX_UNSTABLE_BACKLOG_PKTS: f64 = 2e6;

/// The groups of fields the parameter panel shows for this model, with their ranges (checked by
/// `scenario::fields::check_ranges`).
pub fn groups() -> Vec<Group> {
    vec![
        Group {
            title: "Traffic",
            fields: vec![
                int("traffic.flows", "Flows", "u32", None, 1, 10_000, "Independent Poisson sources sharing the total rate, each with its own random stream."),
                real("traffic.rate_pps", "Arrival rate λ", Some("packets/s"), 0.0, MAX_RATE_PPS, "Total arrival rate of all flows together.").above_min(),
            ],
        },
        Group {
            title: "Queue",
            fields: vec![
                choice("queue.service", "Service times", &[("exponential", "exponential (M/M/1)"), ("deterministic", "constant (M/D/1)")], "Distribution of the service time, mean 1/μ."),
                real("queue.service_rate_pps", "Service rate μ", Some("packets/s"), 0.0, MAX_RATE_PPS, "Packets served per second; the load is λ/μ.").above_min(),
                int("queue.capacity_pkts", "Waiting room K", "u32", Some("packets"), 0, MAX_CAPACITY_PKTS as u64, "Places in the queue, not counting the packet in service; an arrival finding it full is dropped. Empty: unlimited (at λ ≥ μ it grows without bound: no steady state).").null_means("unlimited"),
            ],
        },
    ]
}

/// The model's objects in a scenario, with their keys as the structs declare them.
pub fn objects() -> Vec<Object> {
    vec![object::<TrafficSpec>("traffic"), object::<QueueSpec>("queue")]
}
