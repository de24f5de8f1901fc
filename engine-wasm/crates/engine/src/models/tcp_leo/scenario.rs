//! The TCP-over-Iridium part of a scenario (paper 004 §3-5; docs/REPRODUCTION.md).

use crate::models::Scenario;
use crate::network::transfer::{RtoRestart, Throughput};
use crate::orbit::sites;
use crate::scenario::fields::*;
use crate::scenario::validate::{duration_ok, Checker, MAX_EXPECTED_ARRIVALS, MAX_TOPOLOGY_STEPS};
use crate::sim::{num, WorkEstimate};
use crate::topology::access::AccessPolicy;
use crate::topology::isl::{IslChoice, IslPairing};
use crate::topology::routing::RoutingMetric;
use crate::transport::congestion::CcKind;
use serde::{Deserialize, Serialize};

crate::crossing::crossing_section! {
    /// One TCP transfer from a ground site to another over Iridium (paper 004 Table 3): a file of
    /// `bytes`, or unlimited bulk, starting at `start_s`.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields, default)]
    pub struct TransferScenario {
        /// The sending site: a site name or `lat,lon`.
        pub from: String = "Hawaii gateway".into(),
        /// The receiving site.
        pub to: String = "Los Angeles".into(),
        /// The run's time zero [s after the constellation's epoch, 2026-01-01T00:00:00Z]: the
        /// topology and the charts' clock begin there (a run can open just before the seam).
        pub clock_start_s: f64 = 0.0,
        /// When the transfer starts [s after the run's time zero]; the topology runs from zero, so
        /// the access at the start has its history (ns-2's rule keeps a satellite until it is lost).
        pub start_s: f64 = 0.0,
        /// The start is drawn uniformly in `[start_s, start_s + start_window_s)` from the seed (paper
        /// 004 draws start times at random); 0: exactly `start_s`.
        pub start_window_s: f64 = 0.0,
        /// File size [bytes]; `null`: unlimited bulk (paper 004 §5).
        pub bytes: Option<u64> = Some(15_000_000),
        /// Link rates of paper 004 Table 3: `low` (up/down-links 1.5 Mb/s, ISLs 25 Mb/s) or `high`
        /// (120 Mb/s, 2 Gb/s).
        pub throughput: Throughput = Throughput::Low,
        /// Congestion control: `cubic` (paper 004 Table 3), `new-reno`, `hybla`, `westwood-plus` or
        /// `compound`.
        pub cc: CcKind = CcKind::Cubic,
        /// Lower bound of the retransmission timeout [ms]: 200 is ns-2's `minrto_`, which the paper's
        /// ns-2.34 used; RFC 6298 says 1000.
        pub min_rto_ms: f64 = 200.0,
        /// When the retransmission timer restarts: `every-ack` (ns-2's TCP-Linux agent, the paper's
        /// simulator) or `new-data` (RFC 6298 (5.3); across the seam it gives a spurious timeout per
        /// loss episode, docs/REPRODUCTION.md).
        pub rto_restart: RtoRestart = RtoRestart::EveryAck,
        /// Payload of a data packet [bytes] (ns-2's TCP `packetSize_`, 1000); on the wire 40 bytes
        /// of TCP/IP header and 16 below IP are added (`network::transfer`).
        pub packet_bytes: u32 = 1000,
        /// ACK without SACK blocks [bytes] (ns-2's `TCPSink` `packetSize_`, 40); on the wire 8 bytes
        /// per SACK block and 16 below IP are added.
        pub ack_bytes: u32 = 40,
        /// Cross-plane ISLs are down above this latitude [deg] (ns-2's Iridium model: 60).
        pub polar_cutoff_deg: f64 = 60.0,
        /// Cross-plane partner: `alternating` (ns-2's) or `ahead`.
        pub isl_pairing: IslPairing = IslPairing::Alternating,
        ..crossing at "transfer",
        /// How handovers happen: `ns2` (ns-2's satellite handoff as its code behaves, the paper's
        /// simulator: checks on 5-15 s timers, the packets queued for the satellite a site leaves
        /// lost, hop-by-hop forwarding on hop-count tables; `topology::ns2`, `network::transfer`)
        /// or `continuous` (access and links checked every second, nothing lost at a handover,
        /// every packet source routed on the route of its sending).
        pub handoff: Handoff = Handoff::Continuous,
        /// Every link's queue limit: `ns2` (ns-2's 50 packets at low throughput, `sat-iridium.tcl`'s
        /// `opt(qlim)`, scaled to 4000 at high) or `start-bdp` (one bandwidth-delay product of the
        /// route's round trip at the transfer's start, in whole packets: paper 004 Table 3's
        /// "Queue size: BDP").
        pub buffer: BufferRule = BufferRule::Ns2,
    }
}

/// Every link's queue limit ([`TransferScenario::buffer`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BufferRule {
    /// ns-2's `opt(qlim) 50` at low throughput, the same 282 ms at high.
    Ns2,
    /// One BDP of the round trip at the transfer's start.
    StartBdp,
}

impl BufferRule {
    /// The transfer's buffer.
    pub fn buffer(self) -> crate::network::transfer::Buffer {
        match self {
            BufferRule::Ns2 => crate::network::transfer::Buffer::Ns2,
            BufferRule::StartBdp => crate::network::transfer::Buffer::StartBdp,
        }
    }
}

/// How the transfer meets handovers ([`TransferScenario::handoff`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Handoff {
    /// ns-2's satellite handoff (paper 004's simulator).
    Ns2,
    /// Checked every topology step; nothing lost.
    Continuous,
}

/// The rules joining fields (ranges are in [`groups`]): the sites, the start inside the run,
/// and the work budget of one run.
pub fn validate(s: &Scenario, c: &mut Checker) {
    let t = &s.transfer;
    for (name, site) in [("from", &t.from), ("to", &t.to)] {
        if let Err(e) = sites::resolve(site, &[]) {
            c.push(&format!("transfer.{name}"), e);
        }
    }
    if !duration_ok(s.duration_s) {
        return;
    }
    TransferScenario::check_crossing(&super::constellation_view(s), s.duration_s + super::HISTORY_S, c);
    if t.handoff == Handoff::Ns2 {
        let unsupported = if t.tle.is_some() {
            Some("a loaded catalogue (transfer.tle)")
        } else if t.isl != IslChoice::Iridium {
            Some("ISLs other than iridium (transfer.isl)")
        } else if t.access != AccessPolicy::Ns2 {
            Some("an access policy other than ns2 (transfer.access)")
        } else if t.routing != RoutingMetric::MinHop {
            Some("routing other than min-hop (transfer.routing)")
        } else {
            None
        };
        if let Some(what) = unsupported {
            c.push(
                "transfer.handoff",
                format!("ns2 is ns-2's Iridium handoff: it needs isl iridium, access ns2 and routing min-hop, not {what}; choose continuous"),
            );
        }
    }
    if t.start_s.is_finite() && t.start_window_s.is_finite() && t.start_s + t.start_window_s >= s.duration_s {
        c.push(
            "transfer.start_s",
            format!(
                "{} s (+ a window of {} s) is not before the end of the run (duration_s {} s)",
                t.start_s, t.start_window_s, s.duration_s
            ),
        );
    }
    if s.duration_s > MAX_TOPOLOGY_STEPS {
        c.push(
            "duration_s",
            format!("{} s of 1 s topology steps is above the maximum {MAX_TOPOLOGY_STEPS:.0e}", s.duration_s),
        );
    }
    // Bound the work of one run: data packets the access link can carry in the run, or the file.
    let (access_bps, _) = t.throughput.rates_bps();
    let mut pkts = access_bps / 8.0 / t.packet_bytes.max(1) as f64 * s.duration_s;
    if let Some(b) = t.bytes {
        pkts = pkts.min(b as f64 / t.packet_bytes.max(1) as f64);
    }
    if pkts > MAX_EXPECTED_ARRIVALS / 10.0 {
        c.push("transfer.bytes", format!("about {pkts:.3e} packets in the run, above the maximum {:.0e}; a smaller file, low throughput or a shorter run", MAX_EXPECTED_ARRIVALS / 10.0));
    }
}

/// The groups of fields the parameter panel shows for this model, with their ranges.
pub fn groups() -> Vec<Group> {
    vec![
        Group {
            title: "Transfer",
            fields: vec![
                text("transfer.from", "Sender", "The sending site: a name from the site list or lat,lon (paper 004: the server, Iridium's gateway in Hawaii)."),
                text("transfer.to", "Receiver", "The receiving site (paper 004: a client in one of 17 cities)."),
                int("transfer.bytes", "File size", "u64", Some("bytes"), 1, 10_000_000_000, "Bytes to send (paper 004: 9 kB to 15 MB); empty for unlimited bulk (§5).").null_means("unlimited bulk"),
                real("transfer.clock_start_s", "Run begins at", Some("s"), 0.0, 2_592_000.0, "The run's time zero, in seconds after the constellation's epoch (2026-01-01 00:00 UTC): the topology and the clock start there."),
                real("transfer.start_s", "Start", Some("s"), 0.0, 1e7, "When the transfer starts, seconds after the run's start (the constellation's epoch)."),
                real("transfer.start_window_s", "Random start window", Some("s"), 0.0, 1e7, "The start is drawn in [start, start + window) from the seed; 0: exactly at the start."),
                real("transfer.min_rto_ms", "Minimum RTO", Some("ms"), 1.0, 60_000.0, "Lower bound of the retransmission timeout: 200 in ns-2 (and Linux), 1000 in RFC 6298."),
                choice("transfer.rto_restart", "Timer restart", &[("every-ack", "on every ACK (ns-2)"), ("new-data", "on new data (RFC 6298)")], "When the retransmission timer restarts: on every ACK as the paper's ns-2 does, or only on an ACK of new data as RFC 6298 says (across the seam: spurious timeouts)."),
                choice("transfer.cc", "Congestion control", &CcKind::choices(), "The sender's congestion control; SACK with 3 blocks and an initial window of 10 in every case."),
            ],
        },
        Group {
            title: "Links (paper 004 Table 3)",
            fields: vec![
                choice("transfer.throughput", "Link rates", &[("low", "low: 1.5 Mb/s up/down, ISLs 25 Mb/s"), ("high", "high: 120 Mb/s up/down, ISLs 2 Gb/s")], "Rates of every link; each link's queue limit is ns-2's 50 packets at low throughput and 4000 at high (the same 282 ms of the access rate)."),
                int("transfer.packet_bytes", "Data packet", "u32", Some("bytes"), 100, 9000, "Payload of a data packet (ns-2's packetSize_: 1000); the wire adds 40 bytes of TCP/IP header and 16 of link header."),
                int("transfer.ack_bytes", "ACK", "u32", Some("bytes"), 20, 1500, "Size of an ACK without SACK blocks (ns-2: 40); the wire adds 8 bytes per SACK block and 16 of link header."),
                real("transfer.polar_cutoff_deg", "Polar cut-off", Some("deg"), 0.0, 90.0, "Cross-plane links switch off above this latitude (ns-2's Iridium model: 60°)."),
                choice("transfer.isl_pairing", "Cross-plane partner", &IslPairing::choices(), "Which satellite of the next plane each satellite links to."),
                choice("transfer.buffer", "Queue limit", &[("ns2", "ns-2's 50 packets (4000 at high)"), ("start-bdp", "one BDP of the start's round trip")], "Every link's queue limit: ns-2's 50 packets at low throughput (sat-iridium.tcl), or one bandwidth-delay product of the route's round trip when the transfer starts (paper 004 Table 3 says \"Queue size: BDP\")."),
                choice("transfer.handoff", "Handovers", &[("ns2", "ns-2's handoff (paper 004)"), ("continuous", "continuous, lossless")], "ns2: as paper 004's ns-2 behaves: each site and satellite checks its links every 5 to 15 s, packets queued for the satellite a site leaves are lost, every node forwards on the routes of the moment. continuous: checked every second, nothing lost, each packet keeps the route it was sent on."),
            ],
        },
        Group {
            title: "Constellation crossed",
            fields: TransferScenario::crossing_fields("paper 004's Iridium"),
        },
    ]
}

/// The model's objects in a scenario, with their keys as the structs declare them.
pub fn objects() -> Vec<Object> {
    vec![object::<TransferScenario>("transfer")]
}

/// The run's events: each data packet and its ACK cross the route hop by hop (an event a hop,
/// about a dozen events a packet over Iridium's routes of four to eight hops), and the route is
/// stepped once a second.
pub fn estimated_events(s: &Scenario) -> Option<WorkEstimate> {
    let t = &s.transfer;
    let (access_bps, _) = t.throughput.rates_bps();
    let bytes = t.packet_bytes.max(1) as f64;
    let mut pkts = access_bps / 8.0 / bytes * s.duration_s;
    if let Some(b) = t.bytes {
        pkts = pkts.min(b as f64 / bytes);
    }
    Some(WorkEstimate {
        // 5 M events/s for the bulk preset, 14 M for 24 h of bulk (docs/BENCHMARKS.md).
        events_per_s: 5e6,
        events: 12.0 * pkts + s.duration_s,
        field: "transfer.bytes",
        offers: format!("about {pkts:.2e} packets of {} B", num(bytes)),
        lower: "transfer.bytes, the throughput or duration_s".into(),
    })
}
