//! The network model's part of a scenario (`network`): the constellation and its ground
//! stations, the traffic matrix between them, and the links' rates and queues.

use super::matrix::{self, Stations};
use crate::crossing::MAX_TLE_CHARS;
use crate::models::Scenario;
use crate::network::mesh::{TCP_MSS_BYTES, TCP_WIRE_BYTES, UDP_PACING_BYTES};
use crate::scenario::fields::*;
use crate::scenario::validate::{duration_ok, Checker};
use crate::sim::{num, WorkEstimate};
use crate::transport::congestion::CcKind;
use serde::{Deserialize, Serialize};
use serde_json::json;

/// The satellites the network runs over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NetConstellation {
    /// Hypatia's Kuiper-630: 34 planes of 34 at 630 km, 51.9°, ground links above 30°
    /// (`paper/satellite_networks_state/main_kuiper_630.py`).
    #[serde(rename = "kuiper-630")]
    Kuiper630,
    /// Hypatia's Starlink shell 1: 72 planes of 22 at 550 km, 53°, ground links within
    /// 1,089.7 km (`main_starlink_550.py`).
    #[serde(rename = "starlink-550")]
    Starlink550,
    /// A real catalogue of element sets (`network.tle`), grouped into shells by the rules of
    /// docs/CATALOGUES.md, ground links above 25°.
    Catalogue,
}

impl NetConstellation {
    /// (scenario value, label) of every option.
    pub const CHOICES: [(&'static str, &'static str); 3] = [
        ("kuiper-630", "Kuiper-630: 34 x 34 at 630 km (Hypatia)"),
        ("starlink-550", "Starlink shell 1: 72 x 22 at 550 km (Hypatia)"),
        ("catalogue", "a real catalogue (element sets below)"),
    ];

    /// Satellites, where the constellation fixes them.
    pub fn satellites(self) -> Option<usize> {
        match self {
            NetConstellation::Kuiper630 => Some(34 * 34),
            NetConstellation::Starlink550 => Some(72 * 22),
            NetConstellation::Catalogue => None,
        }
    }
}

/// How flows pair the ground stations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MatrixKind {
    /// Hypatia's pairing of its 100 cities (`traffic_matrix_load`, networkload's seeded
    /// reciprocal pairing): 50 pairs, a flow each way.
    HypatiaPairing,
    /// A reciprocal pairing drawn from the scenario's seed: the stations shuffled and taken two
    /// at a time, a flow each way (an odd station out sends nothing).
    RandomPairing,
    /// Every other station sends to one gateway (`network.gateway`).
    ToGateway,
    /// The pairs listed in `network.pairs`.
    List,
}

impl MatrixKind {
    /// (scenario value, label) of every option.
    pub const CHOICES: [(&'static str, &'static str); 4] = [
        ("hypatia-pairing", "Hypatia's pairing of its 100 cities"),
        ("random-pairing", "random reciprocal pairing (the seed's)"),
        ("to-gateway", "all to one gateway"),
        ("list", "the pairs listed"),
    ];
}

/// What each flow carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FlowProtocol {
    /// TCP with `network.cc`, long-lived or of `network.flow_bytes`.
    Tcp,
    /// Constant-rate UDP at `network.udp_rate_mbps`.
    Udp,
}

/// A network of ground stations over a constellation, a traffic matrix between them, every
/// link a shared drop-tail queue (Hypatia's ns-3 link model, `network::mesh`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct NetworkScenario {
    /// The satellites: `kuiper-630`, `starlink-550` or `catalogue` (the element sets in `tle`).
    pub constellation: NetConstellation,
    /// A catalogue of element sets (TLE text), used when `constellation` is `catalogue`; time
    /// zero is its latest epoch.
    pub tle: Option<String>,
    /// Ground stations, one a line: `name,latitude,longitude` [deg]; `null`: Hypatia's 100
    /// most populous cities.
    pub stations: Option<String>,
    /// The traffic matrix: `hypatia-pairing`, `random-pairing`, `to-gateway` or `list`.
    pub matrix: MatrixKind,
    /// The gateway every station sends to (`to-gateway`): a station's name.
    pub gateway: String,
    /// The flows (`list`), one a line: `from,to`, two stations' names.
    pub pairs: String,
    /// What each flow carries: `tcp` or `udp`.
    pub protocol: FlowProtocol,
    /// TCP's congestion control (Hypatia's workload: NewReno).
    pub cc: CcKind,
    /// Bytes each TCP flow sends; `null`: long-lived.
    pub flow_bytes: Option<u64>,
    /// Each UDP flow's rate [Mb/s]; `null`: the ground links' rate (Hypatia's workload).
    pub udp_rate_mbps: Option<f64>,
    /// Every ISL's rate, each way [Mb/s] (the default, 1 with queues of 10, is the lowest of
    /// Hypatia's `traffic_matrix_load` configurations).
    pub isl_rate_mbps: f64,
    /// Every node's ground-link device's rate [Mb/s].
    pub gsl_rate_mbps: f64,
    /// Packets an ISL device's queue holds behind the one it sends.
    pub isl_queue_pkts: u32,
    /// Packets a ground-link device's queue holds behind the one it sends.
    pub gsl_queue_pkts: u32,
    /// Forwarding state recomputed every this many ms (Hypatia: 100).
    pub update_ms: f64,
    /// The flow whose path and goodput the charts follow (0 first).
    pub follow: u32,
}

impl Default for NetworkScenario {
    fn default() -> Self {
        NetworkScenario {
            constellation: NetConstellation::Kuiper630,
            tle: None,
            stations: None,
            matrix: MatrixKind::HypatiaPairing,
            gateway: String::new(),
            pairs: String::new(),
            protocol: FlowProtocol::Tcp,
            cc: CcKind::NewReno,
            flow_bytes: None,
            udp_rate_mbps: None,
            isl_rate_mbps: 1.0,
            gsl_rate_mbps: 1.0,
            isl_queue_pkts: 10,
            gsl_queue_pkts: 10,
            update_ms: 100.0,
            follow: 0,
        }
    }
}

/// Most ground stations in a run.
pub const MAX_STATIONS: usize = 1000;
/// Most flows in a run.
pub const MAX_FLOWS: usize = 10_000;
// The mesh's budgets (`network::mesh`), which `skyqueue bench --workload traffic-matrix` applies too.
pub use crate::network::mesh::{MAX_FORWARDING_WORK, MAX_OFFERED_PACKETS};

impl NetworkScenario {
    /// Each UDP flow's rate [bit/s].
    pub fn udp_rate_bps(&self) -> f64 {
        self.udp_rate_mbps.unwrap_or(self.gsl_rate_mbps) * 1e6
    }

    /// Packets a second one flow can offer at most: UDP's rate, or TCP's share of the slower
    /// of the two link rates, in packets on the wire.
    pub fn flow_pps(&self) -> f64 {
        match self.protocol {
            FlowProtocol::Udp => self.udp_rate_bps() / (UDP_PACING_BYTES * 8.0),
            FlowProtocol::Tcp => self.gsl_rate_mbps.min(self.isl_rate_mbps) * 1e6 / (f64::from(TCP_WIRE_BYTES) * 8.0),
        }
    }

    /// The satellites a catalogue may hold at most, from its text (three lines a set, or two).
    fn satellites_bound(&self) -> usize {
        self.constellation
            .satellites()
            .unwrap_or_else(|| self.tle.as_deref().map_or(0, |t| t.lines().filter(|l| l.starts_with("1 ")).count()))
    }
}

/// The rules joining fields (ranges are in [`groups`]): a catalogue when one is chosen, the
/// stations and flows as written, the work of the forwarding state and of the packets.
pub fn validate(s: &Scenario, c: &mut Checker) {
    let n = &s.network;
    let has_tle = n.tle.as_deref().is_some_and(|t| !t.trim().is_empty());
    if n.constellation == NetConstellation::Catalogue && !has_tle {
        c.push("network.tle", "the catalogue constellation needs its element sets: load a catalogue file (TLE), or choose kuiper-630 or starlink-550".into());
    }
    let stations = match Stations::parse(n.stations.as_deref()) {
        Ok(st) => Some(st),
        Err(m) => {
            c.push("network.stations", m);
            None
        }
    };
    let flows = stations.as_ref().and_then(|st| match matrix::flows(n, st, s.seed) {
        Ok(f) => Some(f),
        Err((field, m)) => {
            c.push(field, m);
            None
        }
    });
    if let Some(f) = &flows {
        if f.len() > MAX_FLOWS {
            c.push("network.matrix", format!("{} flows, above the maximum of {MAX_FLOWS}", f.len()));
        } else if f.is_empty() {
            c.push("network.matrix", "the matrix gives no flow: at least two stations must exchange traffic".into());
        } else if n.follow as usize >= f.len() {
            c.push("network.follow", format!("there is no flow {} (0 to {})", n.follow, f.len() - 1));
        }
    }
    if !(duration_ok(s.duration_s) && n.update_ms.is_finite() && n.update_ms > 0.0) {
        return;
    }
    let (Some(st), Some(f)) = (stations, flows) else { return };
    let states = (s.duration_s * 1e3 / n.update_ms).ceil();
    let sats = n.satellites_bound() as f64;
    // Paths are computed towards every flow's destination, and towards TCP's sources for its
    // ACKs (`network::mesh::Forwarding`); every state also looks for each station's satellites
    // in range.
    let tcp = n.protocol == FlowProtocol::Tcp;
    let destinations =
        f.iter().flat_map(|&(a, b)| [Some(b), tcp.then_some(a)]).flatten().collect::<std::collections::BTreeSet<_>>();
    let destinations = destinations.len() as f64;
    let stations = st.list.len() as f64;
    // +Grid: about two ISLs per satellite.
    let work = states * (destinations * 3.0 * sats + stations * sats);
    if work > MAX_FORWARDING_WORK {
        c.push(
            "network.update_ms",
            format!(
                "{} forwarding states x ({} destinations x about {} satellites and ISLs + {} stations x {} satellites) is {work:.2e} steps of shortest-path and range work, above the budget of {MAX_FORWARDING_WORK:.0e}; lengthen update_ms, shorten duration_s or use fewer stations",
                num(states),
                num(destinations),
                num(3.0 * sats),
                num(stations),
                num(sats)
            ),
        );
    }
    let offered = f.len() as f64 * n.flow_pps() * s.duration_s;
    if offered > MAX_OFFERED_PACKETS {
        let field = if n.protocol == FlowProtocol::Udp { "network.udp_rate_mbps" } else { "network.gsl_rate_mbps" };
        c.push(
            field,
            format!(
                "{} flows at up to {:.1} packets/s for {} s offer {offered:.2e} packets, above the budget of {MAX_OFFERED_PACKETS:.0e}; lower the rates, the flows or duration_s",
                f.len(),
                n.flow_pps(),
                num(s.duration_s)
            ),
        );
    }
}

/// The groups of fields the parameter panel shows for this model, with their ranges.
pub fn groups() -> Vec<Group> {
    let udp = || json!("udp");
    let tcp = || json!("tcp");
    vec![
        Group {
            title: "Network",
            fields: vec![
                choice("network.constellation", "Constellation", &NetConstellation::CHOICES, "The satellites, with +Grid ISLs: Hypatia's Kuiper-630 or Starlink shell 1 (its element sets, its ground-link range), or a real catalogue grouped into shells."),
                text("network.tle", "Element sets (TLE)", "A real catalogue (e.g. CelesTrak's starlink.txt) for the catalogue constellation; time zero is its latest epoch.")
                    .max_chars(MAX_TLE_CHARS, true)
                    .null_means("none: a Hypatia shell")
                    .catalogue()
                    .applies_when("network.constellation", &[json!("catalogue")]),
                text("network.stations", "Ground stations", "One a line: name,latitude,longitude (degrees). Empty: Hypatia's 100 most populous cities.")
                    .max_chars(100_000, true)
                    .null_means("Hypatia's top-100 cities"),
                real("network.update_ms", "Forwarding update", Some("ms"), 10.0, 10_000.0, "Every node's next hops are recomputed this often (Hypatia: 100 ms); packets in flight follow the new state from their next hop."),
            ],
        },
        Group {
            title: "Traffic matrix",
            fields: vec![
                choice("network.matrix", "Matrix", &MatrixKind::CHOICES, "Who sends to whom: Hypatia's pairing of its 100 cities, a random reciprocal pairing drawn from the seed, every station to one gateway, or a list of pairs."),
                text("network.gateway", "Gateway", "The station every other one sends to (all to one gateway).").applies_when("network.matrix", &[json!("to-gateway")]),
                text("network.pairs", "Pairs", "One flow a line: from,to (two stations' names).").max_chars(100_000, true).applies_when("network.matrix", &[json!("list")]),
                choice("network.protocol", "Flows", &[("tcp", "TCP"), ("udp", "UDP at a constant rate")], "Each flow is a TCP connection or a constant-rate UDP stream."),
                choice("network.cc", "Congestion control", &CcKind::choices(), "TCP's congestion control (Hypatia's workload: NewReno); 1,380-byte segments, initial window 10.").applies_when("network.protocol", &[tcp()]),
                int("network.flow_bytes", "Flow size", "u64", Some("bytes"), 1, 100_000_000_000, "Bytes each TCP flow sends; empty: long-lived (until the end).").null_means("long-lived").applies_when("network.protocol", &[tcp()]),
                real("network.udp_rate_mbps", "UDP rate", Some("Mb/s"), 0.0, 100_000.0, "Each UDP flow's rate; empty: the ground links' rate (Hypatia's workload).").above_min().null_means("the ground links' rate").applies_when("network.protocol", &[udp()]),
                int("network.follow", "Followed flow", "u32", None, 0, MAX_FLOWS as u64 - 1, "The flow (0 first) whose goodput and path the charts follow."),
            ],
        },
        Group {
            title: "Links",
            fields: vec![
                real("network.isl_rate_mbps", "ISL rate", Some("Mb/s"), 0.0, 100_000.0, "Every ISL's rate each way (Hypatia's workload: the same as the ground links').").above_min(),
                real("network.gsl_rate_mbps", "Ground-link rate", Some("Mb/s"), 0.0, 100_000.0, "Each node's one ground-link device: all its ground links share this rate and one queue.").above_min(),
                int("network.isl_queue_pkts", "ISL queue", "u32", Some("packets"), 1, 1_000_000, "Packets waiting behind the one an ISL device sends (Hypatia: 10 per Mb/s; 100 at most for UDP)."),
                int("network.gsl_queue_pkts", "Ground-link queue", "u32", Some("packets"), 1, 1_000_000, "Packets waiting behind the one a ground-link device sends."),
            ],
        },
    ]
}

/// The model's objects in a scenario, with their keys as the structs declare them.
pub fn objects() -> Vec<Object> {
    vec![object::<NetworkScenario>("network")]
}

/// The run's events: each packet is sent, and transmitted and received at every hop (about
/// twelve hops a flow over a mega-constellation, each two events), and TCP's ACKs come back.
pub fn estimated_events(s: &Scenario) -> Option<WorkEstimate> {
    let n = &s.network;
    let st = Stations::parse(n.stations.as_deref()).ok()?;
    let flows = matrix::flows(n, &st, s.seed).ok()?.len() as f64;
    // A sized TCP flow sends its segments (and some again), or what the links let it send.
    let per_flow = n.flow_pps() * s.duration_s;
    let per_flow = match (n.protocol, n.flow_bytes) {
        (FlowProtocol::Tcp, Some(b)) => per_flow.min(2.0 * (b as f64 / f64::from(TCP_MSS_BYTES)).ceil()),
        _ => per_flow,
    };
    let pkts = flows * per_flow;
    // Measured (Hypatia's workload at 10 Mb/s for 10 s): 12.8 M events for TCP, 14.7 a packet
    // of the links' capacity (0.87 M); 11.4 M for UDP, 13.7 a packet sent (0.83 M).
    let per_packet = if n.protocol == FlowProtocol::Tcp { 15.0 } else { 16.0 };
    Some(WorkEstimate {
        // The same runs: 2.4 M events/s for TCP and UDP on the busy development machine (3.1-3.3 M
        // idle); TCP at 100 Mb/s, with its 32 MiB windows, 0.64 M (docs/BENCHMARKS.md).
        events_per_s: 2.4e6,
        events: per_packet * pkts,
        field: "duration_s",
        offers: format!(
            "about {pkts:.2e} packets ({} flows x {:.1} packets/s x {} s, or each flow's file)",
            num(flows),
            n.flow_pps(),
            num(s.duration_s)
        ),
        lower: "the link rates, the flows or duration_s".into(),
    })
}
