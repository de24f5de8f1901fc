//! The queue model's part of a scenario: the offered traffic (`traffic`) and the queue with its
//! server (`queue`), their defaults and their validation.

use crate::models::Scenario;
use crate::scenario::fields::*;
use crate::scenario::validate::{duration_ok, Checker, MAX_CAPACITY_PKTS, MAX_EXPECTED_ARRIVALS, MAX_RATE_PPS};
use crate::sim::{num, WorkEstimate};
use crate::traffic::onoff::OnOffSource;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// Arrival process of the offered traffic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ArrivalProcess {
    /// Poisson arrivals: exponential inter-arrival times.
    Poisson,
    /// On/off flows, constant bit rate while on, exponential on and off periods (ns-3's
    /// `OnOffApplication`, a VoIP call with voice activity detection): `traffic::onoff`.
    OnOff,
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
    /// Poisson arrivals: total arrival rate lambda of all flows together [packets/s].
    #[serde(default = "d::rate_pps")]
    pub rate_pps: f64,
    /// Size of every packet on the wire [bytes]: what the queue holds and the link serialises.
    /// Needed by on/off flows and by a link rate; `null`: sizes are not modelled.
    #[serde(default)]
    pub packet_bytes: Option<u32>,
    /// On/off arrivals: each flow's bit rate on the wire while on [bit/s].
    #[serde(default = "d::on_rate_bps")]
    pub on_rate_bps: f64,
    /// On/off arrivals: mean of the exponential on periods [s].
    #[serde(default = "d::on_mean_s")]
    pub on_mean_s: f64,
    /// On/off arrivals: mean of the exponential off periods [s]; every flow starts off.
    #[serde(default = "d::off_mean_s")]
    pub off_mean_s: f64,
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
    /// When set, the server is a link of this rate [bit/s]: a packet's service time is
    /// `traffic.packet_bytes` x 8 / `link_rate_bps` (constant with deterministic service,
    /// exponential about that mean otherwise), and `service_rate_pps` is not used.
    #[serde(default)]
    pub link_rate_bps: Option<f64>,
    /// Propagation delay after service, before a packet is delivered [s]. The delay summary
    /// counts the packets delivered by the end of the run.
    #[serde(default)]
    pub propagation_s: f64,
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
    pub fn on_rate_bps() -> f64 {
        64_000.0
    }
    pub fn on_mean_s() -> f64 {
        0.5
    }
    pub fn off_mean_s() -> f64 {
        0.05
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
        TrafficSpec {
            arrivals: d::arrivals(),
            flows: d::flows(),
            rate_pps: d::rate_pps(),
            packet_bytes: None,
            on_rate_bps: d::on_rate_bps(),
            on_mean_s: d::on_mean_s(),
            off_mean_s: d::off_mean_s(),
        }
    }
}

impl Default for QueueSpec {
    fn default() -> Self {
        QueueSpec {
            service: d::service(),
            service_rate_pps: d::service_rate_pps(),
            capacity_pkts: None,
            link_rate_bps: None,
            propagation_s: 0.0,
        }
    }
}

impl TrafficSpec {
    /// Packets per second of one on/off flow while on, if its packet size is known.
    pub fn on_rate_pps(&self) -> Option<f64> {
        self.packet_bytes.map(|b| self.on_rate_bps / (b as f64 * 8.0))
    }

    /// Long-run mean arrival rate of all flows together [packets/s], where it is defined.
    pub fn offered_pps(&self) -> Option<f64> {
        match self.arrivals {
            ArrivalProcess::Poisson => Some(self.rate_pps),
            ArrivalProcess::OnOff => self
                .on_rate_pps()
                .map(|on| self.flows as f64 * OnOffSource::mean_rate_pps(1.0 / on, self.on_mean_s, self.off_mean_s)),
        }
    }
}

impl QueueSpec {
    /// Mean service rate mu [packets/s]: the link's rate over the packet size when a link rate
    /// is set, `service_rate_pps` otherwise; `None` for a link without a packet size.
    pub fn service_pps(&self, traffic: &TrafficSpec) -> Option<f64> {
        match self.link_rate_bps {
            Some(bps) => traffic.packet_bytes.map(|b| bps / (b as f64 * 8.0)),
            None => Some(self.service_rate_pps),
        }
    }
}

/// The rules joining fields (ranges are in [`groups`]): sizes where rates are in bits, the
/// budgets of arrivals and of on/off switches per run, the packets a link may hold in flight,
/// and the backlog an unlimited queue above saturation may build.
pub fn validate(s: &Scenario, c: &mut Checker) {
    let rate_ok = |r: f64| r.is_finite() && r > 0.0 && r <= MAX_RATE_PPS;
    let t = &s.traffic;
    let q = &s.queue;
    if t.packet_bytes.is_none() {
        if t.arrivals == ArrivalProcess::OnOff {
            c.push(
                "traffic.packet_bytes",
                "on-off arrivals send traffic.on_rate_bps in packets of this size: give it, from 1 to 65535 bytes"
                    .into(),
            );
        } else if q.link_rate_bps.is_some() {
            c.push("traffic.packet_bytes", "a link rate (queue.link_rate_bps) serialises packets of this size: give it, from 1 to 65535 bytes, or set queue.link_rate_bps to null and use queue.service_rate_pps".into());
        }
    }
    let pos = |x: f64| x.is_finite() && x > 0.0;
    let inputs_ok = match t.arrivals {
        ArrivalProcess::Poisson => rate_ok(t.rate_pps),
        ArrivalProcess::OnOff => pos(t.on_rate_bps) && pos(t.on_mean_s) && pos(t.off_mean_s),
    };
    let offered = t.offered_pps().filter(|_| inputs_ok);
    if let (Some(lambda), true) = (offered, duration_ok(s.duration_s)) {
        let expected = lambda * s.duration_s;
        if expected > MAX_EXPECTED_ARRIVALS {
            let field = match t.arrivals {
                ArrivalProcess::Poisson => "traffic.rate_pps",
                ArrivalProcess::OnOff => "traffic.on_rate_bps",
            };
            c.push(
                field,
                format!(
                    "{} packets/s on average for {} s is {expected:.3e} arrivals, above the maximum {MAX_EXPECTED_ARRIVALS:.0e} per run; lower the rate, the flows or duration_s",
                    rate(lambda),
                    s.duration_s
                ),
            );
        }
    }

    // On/off flows walk over their on and off periods one by one: periods far shorter than the
    // run make that walk the run's cost, bounded like the arrivals.
    if t.arrivals == ArrivalProcess::OnOff && inputs_ok && duration_ok(s.duration_s) {
        let switches = 2.0 * t.flows as f64 * s.duration_s / (t.on_mean_s + t.off_mean_s);
        if switches > MAX_EXPECTED_ARRIVALS {
            c.push(
                "traffic.on_mean_s",
                format!(
                    "on and off periods of {} s and {} s on average make about {switches:.3e} on/off switches over {} flows and {} s, above the maximum {MAX_EXPECTED_ARRIVALS:.0e} per run; lengthen the periods, or lower the flows or duration_s",
                    t.on_mean_s, t.off_mean_s, t.flows, s.duration_s
                ),
            );
        }
    }

    // Packets in flight on the link are held in memory: at most the service rate times the
    // propagation delay of them at once.
    let mu = q.service_pps(t).filter(|&m| m.is_finite() && m > 0.0);
    if let (Some(lambda), Some(mu)) = (offered, mu) {
        let in_flight = lambda.min(mu) * q.propagation_s;
        if q.propagation_s.is_finite() && in_flight > MAX_IN_FLIGHT_PKTS {
            c.push(
                "queue.propagation_s",
                format!(
                    "{} s of propagation at about {} packets/s holds {in_flight:.3e} packets in flight at once, above the {MAX_IN_FLIGHT_PKTS:.0e} a run may hold; shorten it, or lower the rates",
                    q.propagation_s,
                    rate(lambda.min(mu))
                ),
            );
        }
    }

    // An unlimited queue at a load of 1 or more has no steady state: it is allowed (to show the
    // instability) while the backlog it builds stays within what a run may hold in memory.
    if let (None, true, Some(lambda), Some(mu)) = (q.capacity_pkts, duration_ok(s.duration_s), offered, mu) {
        if lambda >= mu {
            let backlog = (lambda - mu) * s.duration_s;
            if backlog > MAX_UNSTABLE_BACKLOG_PKTS {
                let arrivals = match t.arrivals {
                    ArrivalProcess::Poisson => format!("traffic.rate_pps ({})", rate(lambda)),
                    ArrivalProcess::OnOff => format!("on-off arrivals averaging {} packets/s", rate(lambda)),
                };
                let service = match q.link_rate_bps {
                    None => format!("queue.service_rate_pps ({})", rate(mu)),
                    Some(bps) => format!("queue.link_rate_bps ({} bit/s: {} packets/s)", rate(bps), rate(mu)),
                };
                c.push(
                    "queue.capacity_pkts",
                    format!(
                        "unlimited (null) with {arrivals} at or above {service} builds a backlog of about {backlog:.3e} packets in {} s, above the {MAX_UNSTABLE_BACKLOG_PKTS:.0e} a run may hold; set a capacity from 0 to {MAX_CAPACITY_PKTS}, or lower duration_s",
                        s.duration_s
                    ),
                );
            }
        }
    }
}

/// A rate as the user wrote it when it is whole, to 0.1 otherwise.
fn rate(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x}")
    } else {
        format!("{x:.1}")
    }
}

/// Most packets a link may hold in flight at once (each is held in memory).
pub const MAX_IN_FLIGHT_PKTS: f64 = 2e6;

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
                choice("traffic.arrivals", "Arrivals", &[("poisson", "Poisson"), ("on-off", "on/off (VoIP with silences)")], "Poisson: exponential gaps, rate λ shared by the flows. On/off: each flow sends its on rate in fixed-size packets while on, nothing while off; periods exponential, every flow starts off."),
                int("traffic.flows", "Flows", "u32", None, 1, 10_000, "Independent sources, each with its own random stream."),
                real("traffic.rate_pps", "Arrival rate λ", Some("packets/s"), 0.0, MAX_RATE_PPS, "Total arrival rate of all flows together (Poisson arrivals).").above_min().applies_when("traffic.arrivals", &[json!("poisson")]),
                int("traffic.packet_bytes", "Packet size", "u32", Some("bytes"), 1, 65_535, "Size on the wire, what the queue holds and a link serialises. Needed by on/off arrivals and a link rate.").null_means("not modelled"),
                real("traffic.on_rate_bps", "Rate while on", Some("bit/s"), 0.0, 1e10, "On/off arrivals: each flow's rate on the wire while on (64 kb/s: one 210-byte packet every 26.25 ms).").above_min().applies_when("traffic.arrivals", &[json!("on-off")]),
                real("traffic.on_mean_s", "Mean on period", Some("s"), 0.0, 86_400.0, "On/off arrivals: mean of the exponential talk spurts.").above_min().applies_when("traffic.arrivals", &[json!("on-off")]),
                real("traffic.off_mean_s", "Mean off period", Some("s"), 0.0, 86_400.0, "On/off arrivals: mean of the exponential silences.").above_min().applies_when("traffic.arrivals", &[json!("on-off")]),
            ],
        },
        Group {
            title: "Queue",
            fields: vec![
                choice("queue.service", "Service times", &[("exponential", "exponential (M/M/1)"), ("deterministic", "constant (M/D/1)")], "Distribution of the service time, mean 1/μ."),
                real("queue.service_rate_pps", "Service rate μ", Some("packets/s"), 0.0, MAX_RATE_PPS, "Packets served per second; the load is λ/μ. Not used when a link rate is set.").above_min().applies_when("queue.link_rate_bps", &[Value::Null]),
                int("queue.capacity_pkts", "Waiting room K", "u32", Some("packets"), 0, MAX_CAPACITY_PKTS as u64, "Places in the queue, not counting the packet in service (as ns-3's point-to-point device counts it); an arrival finding it full is dropped. Empty: unlimited (at λ ≥ μ it grows without bound: no steady state).").null_means("unlimited"),
                real("queue.link_rate_bps", "Link rate", Some("bit/s"), 0.0, 1e12, "When set, the server is a link: service time = packet size × 8 / rate, and the service rate μ above is not used.").above_min().null_means("no link: service rate μ"),
                real("queue.propagation_s", "Propagation delay", Some("s"), 0.0, 10.0, "Added after service; a packet counts as delivered once it has arrived."),
            ],
        },
    ]
}

/// The model's objects in a scenario, with their keys as the structs declare them.
pub fn objects() -> Vec<Object> {
    vec![object::<TrafficSpec>("traffic"), object::<QueueSpec>("queue")]
}

/// The run's events: an arrival and a departure per packet, and a switch per on or off period.
pub fn estimated_events(s: &Scenario) -> Option<WorkEstimate> {
    let t = &s.traffic;
    let lambda = t.offered_pps()?;
    let arrivals = lambda * s.duration_s;
    let switches = match t.arrivals {
        ArrivalProcess::Poisson => 0.0,
        ArrivalProcess::OnOff => 2.0 * t.flows as f64 * s.duration_s / (t.on_mean_s + t.off_mean_s),
    };
    let (field, lower) = match t.arrivals {
        ArrivalProcess::Poisson => ("traffic.rate_pps", "traffic.rate_pps or duration_s"),
        ArrivalProcess::OnOff => {
            ("traffic.on_rate_bps", "traffic.flows, on_rate_bps or duration_s, or lengthen the on and off periods")
        }
    };
    Some(WorkEstimate {
        // about 5-8 M events/s over the examples.
        events_per_s: 5e6,
        events: 2.0 * arrivals + switches,
        field,
        offers: format!(
            "about {arrivals:.2e} packets ({} packets/s x {} s) and {switches:.2e} on/off switches",
            num(lambda),
            num(s.duration_s)
        ),
        lower: lower.into(),
    })
}
