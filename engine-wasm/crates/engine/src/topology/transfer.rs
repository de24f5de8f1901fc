//! A TCP file transfer between the pair's two sites over the moving route (paper 004 §3-4,
//! Table 3): the first site sends, the second receives and acknowledges.
//!
//! - Every data segment and every ACK takes the route that holds when it is sent (source
//!   routed: up-link, ISL hops, down-link) and keeps it, so that after a route change ACKs on
//!   the longer route arrive after later ones on the shorter (paper 004 Figs. 7-8).
//! - Each directed link is a FIFO at its rate with a drop-tail buffer of one bandwidth-delay
//!   product (Table 3 "queue size: BDP"): the bottleneck (up/down-link) rate times the round trip
//!   when the transfer starts, in data packets rounded up (our choice; the paper gives no
//!   rounding), the same number of packets waiting on every link, as ns-2's DropTail `limit_`
//!   (the packet being sent does not count). A packet is serialised at
//!   the link's rate, then travels the hop's length at the speed of light, the length taken from
//!   the positions of the topology step it leaves in. Links are error-free (Table 3).
//! - TCP is `transport::tcp`: CUBIC sender, SACK receiver (3 blocks), IW 10 (Table 3), no
//!   handshake (ns-2's one-way agents), data segments of `packet_bytes`, ACKs of `ack_bytes`.
//! - The topology is stepped every `step_s` on the transfer's own event queue, in the kernel's
//!   integer time; the transfer time is from the start to the arrival of the last byte at the
//!   receiver, the application's view (§4.1).

use super::pair::PairTopology;
use crate::kernel::{EventQueue, SimDuration, SimTime};
use crate::orbit::frames::{distance_km, Vec3, C_KM_S};
use crate::transport::congestion::CcKind;
use crate::transport::tcp::{Ack, TcpReceiver, TcpSender};
use crate::transport::Segment;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::rc::Rc;

/// Paper 004 Table 3's two sets of bandwidths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Throughput {
    /// Up/down-links 1.5 Mb/s, ISLs 25 Mb/s.
    Low,
    /// Up/down-links 120 Mb/s, ISLs 2 Gb/s.
    High,
}

impl Throughput {
    /// (up/down-link, ISL) rates [b/s].
    pub fn rates_bps(self) -> (f64, f64) {
        match self {
            Throughput::Low => (1.5e6, 25e6),
            Throughput::High => (120e6, 2e9),
        }
    }
}

/// What to transfer and how.
#[derive(Clone, Debug, PartialEq)]
pub struct TransferOptions {
    /// File size [bytes].
    pub bytes: u64,
    /// Link rates.
    pub throughput: Throughput,
    /// Data packet size on the wire [bytes] (ns-2's default `packetSize_`, 1000).
    pub packet_bytes: u32,
    /// ACK size on the wire [bytes].
    pub ack_bytes: u32,
    /// Topology step [s].
    pub step_s: f64,
    /// Give up after this long [s].
    pub max_s: f64,
    /// The topology is stepped from this time [s after the epoch] up to the start: ns-2's
    /// access rule keeps a satellite until it is lost, so the access (and the route) at the
    /// start depend on the history (0: the whole run's, as the constellation model has it).
    pub history_from_s: f64,
}

impl Default for TransferOptions {
    fn default() -> Self {
        TransferOptions { bytes: 9_000, throughput: Throughput::Low, packet_bytes: 1000, ack_bytes: 40, step_s: 1.0, max_s: 3600.0, history_from_s: 0.0 }
    }
}

/// What one transfer did.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TransferOutcome {
    /// Start, seconds after the epoch.
    pub start_s: f64,
    /// From the start to the last byte at the receiver [s]; None if it did not finish in `max_s`.
    pub transfer_s: Option<f64>,
    /// Data segments in the file.
    pub segments: u64,
    /// Segments sent again.
    pub retransmits: u64,
    /// Retransmission timeouts.
    pub timeouts: u64,
    /// Packets dropped at a full buffer.
    pub queue_drops: u64,
    /// Packets sent while the sites had no route (lost).
    pub no_route_drops: u64,
    /// ACKs that arrived after an ACK sent later (out of order).
    pub reordered_acks: u64,
    /// Round trip when the transfer started [ms].
    pub start_rtt_ms: f64,
    /// Buffer of every link [packets waiting] (one BDP, rounded up).
    pub buffer_packets: u64,
    /// ISL hops of the route each ACK took, in arrival order.
    pub ack_hops: Vec<u32>,
    /// The congestion window after each ACK [segments], with the ACK's arrival [s after start].
    pub cwnd: Vec<(f64, f64)>,
}

/// A packet in flight along its source route.
struct Packet {
    /// Node ids: satellites by index, the first site `n`, the second `n + 1`.
    path: Rc<[u32]>,
    /// Index in `path` of the node it is at.
    at: usize,
    bytes: u32,
    body: Body,
}

enum Body {
    Data(Segment),
    Ack { ack: Ack, sent: SimTime, hops: u32 },
}

enum Ev {
    Step,
    Arrive(Packet),
    Rto,
}

/// Runs one transfer from the first site to the second, starting `start_s` seconds after the
/// epoch, on a topology not stepped yet: it is stepped from `history_from_s` to the start, then
/// through the transfer.
pub fn run(topo: &mut PairTopology, start_s: f64, o: &TransferOptions) -> TransferOutcome {
    let mut h = o.history_from_s.min(start_s);
    while h < start_s {
        topo.step(h);
        h += o.step_s.max(1e-3);
    }
    run_stepped(topo, start_s, o)
}

/// Runs one transfer on a topology already stepped up to `start_s` (a copy of one that follows
/// the whole day, say): `history_from_s` is not used.
pub fn run_stepped(topo: &mut PairTopology, start_s: f64, o: &TransferOptions) -> TransferOutcome {
    let (access_bps, isl_bps) = o.throughput.rates_bps();
    let n = topo.satellite_count() as u32;
    let (first, second) = (n, n + 1);
    let t0 = SimTime::from_secs_f64(start_s);
    let step = SimDuration::from_secs_f64(o.step_s.max(1e-3));
    let end = t0 + SimDuration::from_secs_f64(o.max_s);
    let (delay_ms, _, _) = topo.step(start_s);
    let start_rtt_ms = 2.0 * delay_ms;
    let buffer_packets = if start_rtt_ms.is_finite() { (access_bps / 8.0 * start_rtt_ms / 1e3 / o.packet_bytes as f64).ceil().max(1.0) as u64 } else { 1 };
    let segments = o.bytes.div_ceil(o.packet_bytes as u64).max(1);
    let mut out = TransferOutcome {
        start_s,
        transfer_s: None,
        segments,
        retransmits: 0,
        timeouts: 0,
        queue_drops: 0,
        no_route_drops: 0,
        reordered_acks: 0,
        start_rtt_ms,
        buffer_packets,
        ack_hops: vec![],
        cwnd: vec![],
    };
    let mut sender = TcpSender::new(CcKind::Cubic, 10.0, segments, 1e9);
    let mut receiver = TcpReceiver::default();
    let mut events: EventQueue<Ev> = EventQueue::new();
    // Per directed link: when it is free again.
    let mut busy: HashMap<(u32, u32), SimTime> = HashMap::new();
    let mut rto_at: Option<SimTime> = None;
    let mut latest_ack_sent: Option<SimTime> = None;
    events.schedule(t0 + step, Ev::Step);

    // The route now, first site to second, as node ids (empty without a route).
    let path_now = |topo: &PairTopology| -> Rc<[u32]> {
        let r = topo.route();
        if r.is_empty() {
            return Rc::from(Vec::new());
        }
        let mut p = Vec::with_capacity(r.len() + 2);
        p.push(first);
        p.extend_from_slice(r);
        p.push(second);
        Rc::from(p)
    };
    let position = |topo: &PairTopology, node: u32| -> Vec3 {
        if node == first {
            topo.site_ecef(0)
        } else if node == second {
            topo.site_ecef(1)
        } else {
            topo.satellite_ecef(node as usize)
        }
    };

    // Puts a packet on the link out of its node at `now`: queued, or dropped at a full buffer.
    let mut forward = |p: Packet, now: SimTime, topo: &PairTopology, events: &mut EventQueue<Ev>, out: &mut TransferOutcome| {
        let (a, b) = (p.path[p.at], p.path[p.at + 1]);
        let rate = if a >= n || b >= n { access_bps } else { isl_bps };
        let free = busy.get(&(a, b)).copied().unwrap_or(now).max(now);
        // Packets waiting ahead of this one (the one being sent is the fraction left over).
        let waiting = (free.saturating_since(now).as_secs_f64() * rate / 8.0 / p.bytes as f64 - 1e-9).floor().max(0.0) as u64;
        if waiting >= buffer_packets {
            out.queue_drops += 1;
            return;
        }
        let done = free + SimDuration::from_secs_f64(p.bytes as f64 * 8.0 / rate);
        busy.insert((a, b), done);
        let km = distance_km(&position(topo, a), &position(topo, b));
        let arrive = done + SimDuration::from_secs_f64(km / C_KM_S);
        events.schedule(arrive, Ev::Arrive(Packet { at: p.at + 1, ..p }));
    };

    // Sends what the sender may send now, and keeps one retransmission timer event.
    macro_rules! pump {
        ($now:expr) => {{
            let now = $now;
            let path = path_now(topo);
            for seg in sender.poll_send(now) {
                if path.is_empty() {
                    out.no_route_drops += 1;
                    continue;
                }
                forward(Packet { path: path.clone(), at: 0, bytes: o.packet_bytes, body: Body::Data(seg) }, now, topo, &mut events, &mut out);
            }
            if let Some(d) = sender.rto_deadline() {
                if rto_at != Some(d) {
                    rto_at = Some(d);
                    events.schedule(d, Ev::Rto);
                }
            }
        }};
    }

    pump!(t0);
    while let Some((now, ev)) = events.pop_until(end) {
        match ev {
            Ev::Step => {
                topo.step(now.as_secs_f64());
                events.schedule(now + step, Ev::Step);
            }
            Ev::Rto => {
                if sender.rto_deadline() == Some(now) {
                    sender.on_rto(now);
                    rto_at = None;
                    pump!(now);
                }
            }
            Ev::Arrive(p) => {
                if p.at + 1 < p.path.len() {
                    forward(p, now, topo, &mut events, &mut out);
                    continue;
                }
                match p.body {
                    Body::Data(seg) => {
                        let ack = receiver.on_data(&seg);
                        if receiver.delivered >= segments && out.transfer_s.is_none() {
                            out.transfer_s = Some(now.saturating_since(t0).as_secs_f64());
                        }
                        // The ACK goes back on the route that holds now, reversed.
                        let fwd = path_now(topo);
                        if fwd.is_empty() {
                            out.no_route_drops += 1;
                            continue;
                        }
                        let back: Rc<[u32]> = fwd.iter().rev().copied().collect::<Vec<_>>().into();
                        let hops = (back.len() - 3) as u32;
                        forward(Packet { path: back, at: 0, bytes: o.ack_bytes, body: Body::Ack { ack, sent: now, hops } }, now, topo, &mut events, &mut out);
                    }
                    Body::Ack { ack, sent, hops } => {
                        if latest_ack_sent.is_some_and(|l| sent < l) {
                            out.reordered_acks += 1;
                        }
                        latest_ack_sent = Some(latest_ack_sent.map_or(sent, |l| l.max(sent)));
                        out.ack_hops.push(hops);
                        sender.on_ack(&ack, now);
                        out.cwnd.push((now.saturating_since(t0).as_secs_f64(), sender.cwnd));
                        pump!(now);
                    }
                }
            }
        }
        if out.transfer_s.is_some() && sender.done() {
            break;
        }
    }
    out.retransmits = sender.retransmits;
    out.timeouts = sender.timeouts;
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::constellation::build_topology;
    use crate::models::constellation::scenario::ConstellationScenario;

    /// Hawaii sends to Los Angeles over Iridium with ns-2's ISL settings (paper 004 §4).
    fn topo() -> PairTopology {
        let k = ConstellationScenario {
            from: "Hawaii gateway".into(),
            to: "Los Angeles".into(),
            polar_cutoff_deg: 60.0,
            isl_pairing: crate::topology::isl::IslPairing::Alternating,
            ..Default::default()
        };
        build_topology(&k).unwrap()
    }

    /// The first step (1 s apart) at which the route gets at least `by` ISL hops shorter.
    fn first_shortening(by: f64) -> f64 {
        let mut t = topo();
        let mut before = f64::NAN;
        for i in 0..86_400 {
            let (_, hops, _) = t.step(i as f64);
            if before - hops >= by {
                return i as f64;
            }
            before = hops;
        }
        panic!("the route never gets {by} hops shorter in a day");
    }

    #[test]
    fn nine_kilobytes_take_one_window_serialised_at_the_access_rate() {
        // 9 segments fit in IW 10: all leave at once; the last arrives after 9 up-link and 1
        // down-link serialisations (1000 B at 1.5 Mb/s: 5.33 ms each), the ISL ones (0.32 ms per
        // hop) and the one-way propagation.
        let mut t = topo();
        let o = TransferOptions::default();
        let r = run(&mut t, 600.0, &o);
        let hops = t.route().len() as f64 - 1.0;
        let one_way_ms = r.start_rtt_ms / 2.0;
        let predicted_ms = one_way_ms + 10.0 * 8000.0 / 1.5e6 * 1e3 + hops * 8000.0 / 25e6 * 1e3;
        let got_ms = r.transfer_s.unwrap() * 1e3;
        assert!((got_ms - predicted_ms).abs() < 0.5, "transfer {got_ms:.3} ms, predicted {predicted_ms:.3} ms ({r:?})");
        assert_eq!((r.segments, r.retransmits, r.queue_drops, r.timeouts), (9, 0, 0, 0));
    }

    #[test]
    fn larger_files_take_the_slow_start_rounds_the_rtt_predicts() {
        // High throughput (serialisation well under a millisecond): IW 10 doubling per round
        // trip sends 10, 20, 40, ... segments, so a file of 10 + 20 + 40 = 70 segments needs
        // two round trips for the ACKs of the first two rounds plus one way for the last.
        let o = |bytes| TransferOptions { bytes, throughput: Throughput::High, ..Default::default() };
        for (segs, rounds) in [(10u64, 0.0), (30, 1.0), (70, 2.0)] {
            let mut t = topo();
            let r = run(&mut t, 600.0, &o(segs * 1000));
            let predicted = (rounds + 0.5) * r.start_rtt_ms;
            let got = r.transfer_s.unwrap() * 1e3;
            assert!((got - predicted).abs() < 0.03 * predicted + 1.0, "{segs} segments: {got:.2} ms, predicted {predicted:.2} ms");
        }
    }

    #[test]
    fn a_shorter_route_mid_transfer_reorders_acks_and_is_reproducible() {
        // When the route gets several hops shorter (the seam stops separating the sites, say),
        // ACKs sent on the new route overtake those still on the long one (paper 004 Figs. 7-8).
        let leave = first_shortening(3.0);
        let o = TransferOptions { bytes: 15_000_000, max_s: 40.0, ..Default::default() };
        let mut t = topo();
        let r = run(&mut t, leave - 20.0, &o);
        assert!(r.reordered_acks > 0, "no reordering across the route change at {leave} s: {:?}", (r.reordered_acks, r.ack_hops.first(), r.ack_hops.last()));
        let (lo, hi) = (r.ack_hops.iter().min().unwrap(), r.ack_hops.iter().max().unwrap());
        assert!(hi > lo, "the ACKs' route did not change");
        let mut t2 = topo();
        assert_eq!(run(&mut t2, leave - 20.0, &o), r, "same start, same transfer");
    }
}
