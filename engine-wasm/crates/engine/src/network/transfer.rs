//! A TCP file transfer between the pair's two sites over the moving route (paper 004 §3-4,
//! Table 3): the first site sends, the second receives and acknowledges.
//!
//! - Every data segment and every ACK takes the route that holds when it is sent (source
//!   routed: up-link, ISL hops, down-link) and keeps it, so that after a route change ACKs on
//!   the longer route arrive after later ones on the shorter (paper 004 Figs. 7-8).
//! - Each directed link is a FIFO at its rate with a drop-tail queue whose limit is fixed for the
//!   run and the same on every link ([`Buffer`]): by default ns-2's 50 packets at the low
//!   throughput (`opt(qlim) 50` in ns-2's `sat-iridium.tcl`, whose 1.5 Mb/s and 25 Mb/s are
//!   paper 004 Table 3's low-throughput rates; `Queue set limit_ 50` in `ns-default.tcl`), the
//!   same time's worth of the rate at the high throughput (Table 3 "queue size: BDP": a BDP
//!   scales with the rate). 50 packets of 1056 bytes at 1.5 Mb/s are 282 ms, about the longest
//!   Iridium round trip (2 x 140 ms). As ns-2's DropTail (`drop-tail.cc`), a packet is dropped
//!   when the packets waiting plus it would reach the limit, so at most `limit - 1` wait besides
//!   the one being sent. A packet is serialised at the link's rate, then travels the hop's
//!   length at the speed of light, the length taken from the positions of the topology step in
//!   which it reaches the link (joins its queue). Links are error-free (Table 3). Each link is
//!   the shared [`QueuedLink`] ([`Capacity::Ns2Limit`]); a packet's arrival at the far end is
//!   scheduled when its transmission starts. The end of a transmission is not an event of its
//!   own: with packets behind it, it is handled between the packet events, at its time and
//!   before the packet events of the same time (a packet whose last bit leaves at t is gone for
//!   one that reaches the link at t); with none, when the link is next offered a packet.
//! - Packet sizes on the wire are ns-2's: a data packet is `packet_bytes` (ns-2's TCP
//!   `packetSize_`, 1000) plus 40 bytes of TCP/IP header (`tcpip_base_hdr_size_`, added since
//!   `useHeaders_` is true); an ACK is `ack_bytes` (ns-2's `TCPSink` `packetSize_`, 40) plus 8
//!   bytes per SACK block (`tcp-sink.cc`); every packet on a satellite link (up, down or ISL)
//!   carries 16 more bytes below IP (`LINK_HDRSIZE` in `satlink.h`, counted in
//!   `SatMac::sendDown`'s transmission time). A file of N bytes is ceil(N / `packet_bytes`)
//!   segments (ns-2's `TcpAgent::sendmsg`).
//! - **ns-2's handoff** (when the topology runs in ns-2 mode, [`PairTopology::is_ns2`]; paper
//!   004's configuration): every node forwards hop by hop on the forwarding tables of the
//!   moment (`SatRouteAgent::forwardPacket` with `data_driven_computation_`, ns-2's
//!   `satellite/satroute.cc`), so a packet reaching a satellite after a route change follows
//!   the new route. A packet is addressed to its next hop when it reaches a link, before it
//!   joins the queue (`SatLL::sendDown` writes the MAC destination, `satellite/satlink.cc`). So
//!   at a terminal's handoff (`TermLinkHandoffMgr::handoff`, `satellite/sathandoff.cc`) the
//!   packets waiting in its up-link queue, addressed to the old satellite, are still sent, at
//!   the up-link's rate, to the new satellite, whose `SatMac::sendUp` drops them (not its
//!   address); and the old satellite's down-link queue for the terminal is sent into a channel
//!   the terminal has left (`removechnl`: `Channel::sendUp` makes no copy for it). Both are
//!   counted as lost to the handoff ([`Reason::Handoff`]). A packet whose transmission began
//!   before the handoff is delivered (its arrival was scheduled when it was sent); an ISL going
//!   down loses nothing (`SatLinkHandoffMgr::handoff` only marks it down). A satellite has one
//!   down-link interface (one queue) for all the terminals it serves, as ns-2's GSL.
//! - TCP is `transport::tcp`: CUBIC sender, SACK receiver (3 blocks), IW 10 (Table 3), no
//!   handshake (ns-2's one-way agents).
//! - The topology is stepped every `step_s` on the transfer's own event queue, in the kernel's
//!   integer time; the transfer time is from the start to the arrival of the last byte at the
//!   receiver, the application's view (§4.1).

use super::link::{Capacity, NoRates, QueuedLink};
use crate::kernel::{EventQueue, SimDuration, SimTime};
use crate::orbit::frames::{distance_km, Vec3, C_KM_S};
use crate::sched::{DropTail, Drops};
use crate::topology::pair::PairTopology;
use crate::trace::{PacketTrace, Reason, TraceKind, TraceRecord, NO_PACKET};
use crate::transport::congestion::CcKind;
use crate::transport::tcp::{Ack, TcpReceiver, TcpSender};
use crate::transport::Segment;
use serde::{Deserialize, Serialize};
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

/// When the sender restarts its retransmission timer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RtoRestart {
    /// On every ACK, duplicates included: ns-2's TCP-Linux agent (`renew_timer` in
    /// `LinuxTcpAgent::time_processing`), the paper's simulator.
    EveryAck,
    /// Only on an ACK of new data (RFC 6298 (5.3)).
    NewData,
}

/// The drop-tail queue limit of every link, fixed for the run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Buffer {
    /// ns-2's queue limit of 50 packets at the low throughput (`sat-iridium.tcl`'s `opt(qlim)`,
    /// `ns-default.tcl`'s `Queue set limit_ 50`), scaled with the up/down-link rate (4000 at the
    /// high throughput): the same 282 ms of the access rate at both. The default.
    Ns2,
    /// A limit of this many packets (ns-2's `limit_`: at most one fewer wait).
    Limit(u64),
    /// One bandwidth-delay product from the round trip at the transfer's start, rounded up to
    /// whole packets waiting: the rule before the fixed limit, kept for comparison. Two
    /// transfers at different times then get different buffers on the same links.
    StartBdp,
}

impl Buffer {
    /// The limit (ns-2's `limit_`) on links whose up/down-link rate is `access_bps`, when it is
    /// known before the transfer starts (not for [`Buffer::StartBdp`]).
    pub fn limit(self, access_bps: f64) -> Option<u64> {
        match self {
            Buffer::Ns2 => Some((NS2_QUEUE_LIMIT as f64 * access_bps / 1.5e6).round().max(1.0) as u64),
            Buffer::Limit(l) => Some(l.max(1)),
            Buffer::StartBdp => None,
        }
    }
}

/// A data packet's size on a satellite link for `packet_bytes` of data [bytes]: TCP/IP and link
/// headers added.
pub fn data_wire_bytes(packet_bytes: u32) -> u32 {
    packet_bytes + TCPIP_HEADER_BYTES + LINK_HEADER_BYTES
}

/// ns-2's queue limit at 1.5 Mb/s, in packets.
pub const NS2_QUEUE_LIMIT: u64 = 50;

/// TCP/IP header of a data packet [bytes] (ns-2's `tcpip_base_hdr_size_`).
pub const TCPIP_HEADER_BYTES: u32 = 40;

/// Header below IP on every satellite link [bytes] (ns-2's `LINK_HDRSIZE`, `satlink.h`).
pub const LINK_HEADER_BYTES: u32 = 16;

/// A SACK block in an ACK [bytes] (ns-2's `tcp-sink.cc`: two 4-byte words).
pub const SACK_BLOCK_BYTES: u32 = 8;

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
    /// Payload of a data packet [bytes] (ns-2's TCP `packetSize_`, 1000); the wire adds
    /// [`TCPIP_HEADER_BYTES`] and [`LINK_HEADER_BYTES`].
    pub packet_bytes: u32,
    /// ACK without SACK blocks [bytes] (ns-2's `TCPSink` `packetSize_`, 40); the wire adds
    /// [`SACK_BLOCK_BYTES`] per block and [`LINK_HEADER_BYTES`].
    pub ack_bytes: u32,
    /// Queue limit of every link.
    pub buffer: Buffer,
    /// Topology step [s].
    pub step_s: f64,
    /// Give up after this long [s].
    pub max_s: f64,
    /// Congestion control (paper 004 Table 3: CUBIC).
    pub cc: CcKind,
    /// Lower bound of the retransmission timeout [s]: 0.2, ns-2's `minrto_` (`tcp.cc`: "Default
    /// changed to 200ms on 2004/10/14"), which the paper's ns-2.34 used; RFC 6298 says 1.
    pub min_rto_s: f64,
    /// ns-2 TCP-Linux's rate halving through loss recovery (the paper's simulator) instead of
    /// RFC 6675's immediate cut of the data in flight.
    pub rate_halving: bool,
    /// ns-2 TCP-Linux restarts the retransmission timer on every ACK, duplicates included
    /// (`LinuxTcpAgent::time_processing`, `renew_timer`): the default; RFC 6298 only on ACKs of
    /// new data. A lost retransmission is then repaired through the next field, not by the timer
    /// (duplicate ACKs keep it from firing while new data flows).
    pub rto_on_every_ack: bool,
    /// ns-2 TCP-Linux's scoreboard re-marks a retransmission as lost once data first sent after
    /// it is SACKed (`scoreboard1.cc`, `UpdateScoreBoard`), instead of leaving it to the timer.
    pub lost_retransmit: bool,
    /// HyStart's delay-increase exit from slow start (RFC 9406; Linux's CUBIC since 2.6.29, not
    /// known to be in the paper's ns-2.34): an experiment, off by default.
    pub hystart: bool,
    /// The topology's time at the transfer's time zero [s after the epoch]: a model whose run
    /// begins later in the day steps the topology at this offset plus its own time.
    pub clock_offset_s: f64,
    /// The topology is stepped from this time [s after the epoch] up to the start: ns-2's
    /// access rule keeps a satellite until it is lost, so the access (and the route) at the
    /// start depend on the history (0: the whole run's, as the constellation model has it).
    pub history_from_s: f64,
}

impl Default for TransferOptions {
    fn default() -> Self {
        TransferOptions {
            bytes: 9_000,
            throughput: Throughput::Low,
            packet_bytes: 1000,
            ack_bytes: 40,
            buffer: Buffer::Ns2,
            step_s: 1.0,
            max_s: 3600.0,
            cc: CcKind::Cubic,
            min_rto_s: 0.2,
            rate_halving: true,
            rto_on_every_ack: true,
            lost_retransmit: true,
            hystart: false,
            clock_offset_s: 0.0,
            history_from_s: 0.0,
        }
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
    /// Packets lost at handovers (ns-2's handoff: queued for a satellite the terminal left).
    pub handoff_drops: u64,
    /// Every handover of either site while the transfer ran, with the queues it found and the
    /// packets it lost (ns-2 mode only; empty otherwise).
    pub handoffs: Vec<HandoffLoss>,
    /// ACKs that arrived after an ACK sent later (out of order).
    pub reordered_acks: u64,
    /// Round trip when the transfer started [ms].
    pub start_rtt_ms: f64,
    /// Packets that may wait on every link besides the one being sent (the queue limit less
    /// one, as ns-2's DropTail).
    pub buffer_packets: u64,
    /// Fewest and most ISL hops on the routes the ACKs took (None before the first ACK).
    pub ack_hops_range: Option<(u32, u32)>,
}

/// One handover of a site while the transfer ran (ns-2 mode), and what it cost.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct HandoffLoss {
    /// When the site moved [s after the transfer's time zero].
    pub t_s: f64,
    /// Which site moved: 0 the sender, 1 the receiver.
    pub end: u8,
    /// The satellite it left and the one it took (satellite indices; null: none).
    pub from_sat: Option<u32>,
    /// The satellite it took.
    pub to_sat: Option<u32>,
    /// Packets in the site's up-link queue at the handover (the one being sent included).
    pub uplink_queued: u32,
    /// Packets in the old satellite's down-link queue at the handover (likewise).
    pub downlink_queued: u32,
    /// Packets lost to this handover: the site's up-link queue sent to the wrong satellite, and
    /// the old satellite's down-link queue sent to nobody.
    pub lost: u32,
}

/// A packet in flight along its source route, or hop by hop (ns-2 mode).
struct Packet {
    /// The packet's number in the trace: one per transmission.
    id: u64,
    /// Node ids: satellites by index, the first site `n`, the second `n + 1`: the route when it
    /// was sent (source routed; in ns-2 mode only its hop count is used).
    path: Rc<[u32]>,
    /// Index in `path` of the node it is at (source routed).
    at: usize,
    /// The node it is at, and the site it goes to.
    node: u32,
    dst: u32,
    /// 0 for data, 1 + its SACK blocks for an ACK (an index into a row of `Transfer::ser`).
    kind: u8,
    body: Body,
}

enum Body {
    Data(Segment),
    Ack { ack: Ack, sent: SimTime, hops: u32 },
}

/// Events hold slots of the packets in flight, not the packets: the heap moves small entries.
enum Ev {
    Arrive(u32),
    Rto,
}

/// A packet on one hop: it waits at `a` until `leaves` (serialised), then travels to `b` for
/// `prop`, arriving at `arrives` (both [`NOT_YET`] while it waits in the link's queue).
struct InFlight {
    p: Packet,
    a: u32,
    b: u32,
    prop: SimDuration,
    leaves: SimTime,
    arrives: SimTime,
    /// When it reached the link it is on (joined its queue).
    reached: SimTime,
    /// Packets ahead of it on that link when it reached it (the one being sent included).
    ahead: u32,
    /// Sent to a satellite that is not its address (ns-2 mode: its terminal handed off while it
    /// waited): dropped there on arrival.
    doomed: bool,
}

/// The time of a transmission not ended yet.
const NOT_YET: SimTime = SimTime(u64::MAX);

/// What waits in a link's queue: the packet's slot, and its kind (for its serialisation).
#[derive(Clone, Copy, Debug)]
struct Hop {
    slot: u32,
    kind: u8,
}

/// One directed link: the shared link, and the serialisation of each kind of packet at its rate.
struct Directed {
    link: QueuedLink<Hop, DropTail<Hop>>,
    ser: [SimDuration; 5],
}

impl Directed {
    /// Ends the transmission in progress at `now` (`None` if there was none) and starts the
    /// next: the end of the next one, if one started.
    fn transmitted(&mut self, now: SimTime, drops: &mut Drops<Hop>) -> Option<Option<SimTime>> {
        let ser = self.ser;
        let sent = self.link.transmitted(now, &mut |_: SimTime, h: &Hop| ser[h.kind as usize], &mut NoRates, drops)?;
        Some(sent.next)
    }
}

/// What one event of a transfer did, for a model's series.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Happened {
    /// A packet moved on, or a timer was stale.
    Nothing,
    /// A data packet reached the receiver: `new_segments` more were delivered in order.
    Delivered {
        /// Segments delivered in order by this arrival.
        new_segments: u64,
    },
    /// An ACK reached the sender.
    Acked {
        /// Congestion window after it [segments].
        cwnd: f64,
        /// Round trip of the segment it acknowledges [ms].
        rtt_ms: f64,
        /// ISL hops of the route it took.
        hops: u32,
    },
    /// The retransmission timer fired.
    Timeout,
}

/// Most packets [`Transfer::flights_packed`] draws.
pub const MAX_DRAWN_PACKETS: usize = 4000;

/// One TCP transfer from the pair's first site to its second, event by event. It does not step
/// the topology: whoever drives it steps the topology on its own schedule between events (see
/// [`run_stepped`]), so a model keeps one clock for both.
pub struct Transfer {
    n: u32,
    t0: SimTime,
    sender: TcpSender,
    receiver: TcpReceiver,
    events: EventQueue<Ev>,
    /// Per directed link, at `a * (n + 2) + b`: its index in `links` (`u32::MAX`: never used).
    link_of: Vec<u32>,
    /// The directed links used so far.
    links: Vec<Directed>,
    /// Every link's limit (ns-2's, from the [`Buffer`]).
    capacity: Capacity,
    /// The ends of the transmissions with packets behind them, by link index: handled before
    /// the packet events of their time or later ([`Transfer::end_transmissions`]).
    sent: EventQueue<u32>,
    /// What a link refused at the last offer.
    drops: Drops<Hop>,
    /// Serialisation on an access link and on an ISL of a data packet and of an ACK with 0 to 3
    /// SACK blocks.
    ser: [[SimDuration; 5]; 2],
    rto_at: Option<SimTime>,
    latest_ack_sent: Option<SimTime>,
    out: TransferOutcome,
    /// Packets in flight, by slot; `free` lists the empty slots.
    slots: Vec<Option<InFlight>>,
    free: Vec<u32>,
    /// The route of the last data packet sent, first site to second, and reversed (shared by
    /// every packet that takes it; rebuilt when the topology's route changes).
    fwd: Rc<[u32]>,
    back: Rc<[u32]>,
    /// Packets created so far (the next packet's number in the trace).
    packets: u64,
    /// The next segment never sent before: a segment below it is a retransmission.
    next_new_seq: u64,
    /// ns-2 mode: hop-by-hop forwarding and handoff losses.
    ns2: bool,
    /// The access satellites last seen ([`Self::after_step`]).
    seen_access: [Option<usize>; 2],
}

impl Transfer {
    /// Starts a transfer at `t0` on the route of the topology's last step.
    pub fn start(topo: &PairTopology, t0: SimTime, o: &TransferOptions, trace: &mut PacketTrace) -> Transfer {
        let (access_bps, isl_bps) = o.throughput.rates_bps();
        let start_s = t0.as_secs_f64();
        let start_rtt_ms = 2.0 * topo.delay_ms();
        let data_wire = data_wire_bytes(o.packet_bytes);
        let ack_wire = |blocks: u32| o.ack_bytes + blocks * SACK_BLOCK_BYTES + LINK_HEADER_BYTES;
        let wire = [data_wire, ack_wire(0), ack_wire(1), ack_wire(2), ack_wire(3)];
        let buffer_packets = match o.buffer.limit(access_bps) {
            Some(limit) => limit - 1,
            None if start_rtt_ms.is_finite() => {
                (access_bps / 8.0 * start_rtt_ms / 1e3 / data_wire as f64).ceil().max(1.0) as u64
            }
            None => 1,
        };
        let segments = o.bytes.div_ceil(o.packet_bytes as u64).max(1);
        let out = TransferOutcome {
            start_s,
            transfer_s: None,
            segments,
            retransmits: 0,
            timeouts: 0,
            queue_drops: 0,
            no_route_drops: 0,
            handoff_drops: 0,
            handoffs: vec![],
            reordered_acks: 0,
            start_rtt_ms,
            buffer_packets,
            ack_hops_range: None,
        };
        let mut t = Transfer {
            n: topo.satellite_count() as u32,
            t0,
            sender: TcpSender::new(o.cc, 10.0, segments, 1e9)
                .with_min_rto(SimDuration::from_secs_f64(o.min_rto_s))
                .with_rate_halving(o.rate_halving)
                .with_rto_on_every_ack(o.rto_on_every_ack)
                .with_lost_retransmit(o.lost_retransmit)
                .with_hystart(o.hystart),
            receiver: TcpReceiver::default(),
            events: EventQueue::new(),
            link_of: vec![u32::MAX; (topo.satellite_count() + 2).pow(2)],
            links: vec![],
            capacity: Capacity::Ns2Limit(buffer_packets as usize + 1),
            sent: EventQueue::new(),
            drops: vec![],
            ser: [access_bps, isl_bps].map(|rate| wire.map(|b| SimDuration::from_secs_f64(b as f64 * 8.0 / rate))),
            rto_at: None,
            latest_ack_sent: None,
            out,
            slots: vec![],
            free: vec![],
            fwd: Rc::from(Vec::new()),
            back: Rc::from(Vec::new()),
            packets: 0,
            next_new_seq: 0,
            ns2: topo.is_ns2(),
            seen_access: [topo.access_satellite(0), topo.access_satellite(1)],
        };
        t.pump(t0, topo, trace, Reason::LossDetected);
        t.end_transmissions(topo, trace);
        t
    }

    /// Notes the sites' handovers at a topology step at `now` (ns-2 mode): each is logged with
    /// the queues it finds, and the packets it loses are counted against it.
    pub fn after_step(&mut self, topo: &PairTopology, now: SimTime) {
        if !self.ns2 {
            return;
        }
        for end in 0..2 {
            let (was, is) = (self.seen_access[end], topo.access_satellite(end));
            if was == is {
                continue;
            }
            self.seen_access[end] = is;
            let site = self.n + end as u32;
            let uplink_queued = self.queued_on(site, site);
            let downlink_queued = was.map_or(0, |s| self.queued_on(s as u32, s as u32));
            self.out.handoffs.push(HandoffLoss {
                t_s: now.saturating_since(self.t0).as_secs_f64(),
                end: end as u8,
                from_sat: was.map(|s| s as u32),
                to_sat: is.map(|s| s as u32),
                uplink_queued,
                downlink_queued,
                lost: 0,
            });
        }
    }

    /// Packets on the link keyed (`a`, `b`) (see [`Self::link_key`]), the one being sent
    /// included; 0 for a link never used.
    fn queued_on(&self, a: u32, b: u32) -> u32 {
        let li = self.link_of[a as usize * (self.n as usize + 2) + b as usize];
        self.links.get(li as usize).map_or(0, |d| (d.link.queued() + d.link.sending().is_some() as usize) as u32)
    }

    /// The queue a packet from `a` to `b` joins, as `(a, b)` of `link_of`: a ground site has
    /// one transmitter whichever satellite it points at (`(a, a)`), and in ns-2 mode a
    /// satellite one down-link interface for every terminal it serves (`(a, a)` too); an ISL
    /// (or, source routed, a down-link) its own.
    fn link_key(&self, a: u32, b: u32) -> (u32, u32) {
        if a >= self.n || (self.ns2 && b >= self.n) {
            (a, a)
        } else {
            (a, b)
        }
    }

    /// Counts a packet lost to the latest handover of site `end`.
    fn handoff_lost(&mut self, end: usize) {
        self.out.handoff_drops += 1;
        if let Some(h) = self.out.handoffs.iter_mut().rev().find(|h| h.end as usize == end) {
            h.lost += 1;
        }
    }

    /// Time of the next event, if any.
    pub fn next_time(&self) -> Option<SimTime> {
        self.events.peek_time()
    }

    /// Whether the whole file is delivered and acknowledged (never, for unlimited bulk).
    pub fn finished(&self) -> bool {
        self.out.transfer_s.is_some() && self.sender.done()
    }

    /// The sender's state: (congestion window [segments], smoothed RTT [ms] if measured,
    /// segments acknowledged).
    pub fn sender_state(&self) -> (f64, Option<f64>, u64) {
        (self.sender.cwnd, self.sender.srtt().map(|d| d.as_secs_f64() * 1e3), self.sender.snd_una())
    }

    /// Segments delivered in order to the receiving application.
    pub fn delivered(&self) -> u64 {
        self.receiver.delivered
    }

    /// What the transfer did so far.
    pub fn outcome(&self) -> TransferOutcome {
        TransferOutcome { retransmits: self.sender.retransmits, timeouts: self.sender.timeouts, ..self.out.clone() }
    }

    /// The route now, first site to second, as node ids (empty without a route), and reversed;
    /// the cached pair unless the topology's route changed.
    fn paths_now(&mut self, topo: &PairTopology) -> (Rc<[u32]>, Rc<[u32]>) {
        let r = topo.route();
        let same = if r.is_empty() {
            self.fwd.is_empty()
        } else {
            self.fwd.len() == r.len() + 2 && &self.fwd[1..=r.len()] == r
        };
        if !same {
            if r.is_empty() {
                self.fwd = Rc::from(Vec::new());
            } else {
                let mut p = Vec::with_capacity(r.len() + 2);
                p.push(self.n);
                p.extend_from_slice(r);
                p.push(self.n + 1);
                self.fwd = Rc::from(p);
            }
            self.back = self.fwd.iter().rev().copied().collect::<Vec<_>>().into();
        }
        (self.fwd.clone(), self.back.clone())
    }

    fn position(&self, topo: &PairTopology, node: u32) -> Vec3 {
        topo.node_ecef(node)
    }

    /// Puts a new packet (at its first node) on its first link at `now`.
    fn forward(&mut self, p: Packet, now: SimTime, topo: &PairTopology, trace: &mut PacketTrace) {
        let hop = InFlight {
            p,
            a: 0,
            b: 0,
            prop: SimDuration::ZERO,
            leaves: NOT_YET,
            arrives: NOT_YET,
            reached: now,
            ahead: 0,
            doomed: false,
        };
        let slot = match self.free.pop() {
            Some(i) => {
                self.slots[i as usize] = Some(hop);
                i
            }
            None => {
                self.slots.push(Some(hop));
                (self.slots.len() - 1) as u32
            }
        };
        if let Some(arrives) = self.hop(slot, now, topo, trace) {
            self.events.schedule(arrives, Ev::Arrive(slot));
        }
    }

    /// A new packet on `path` (its number in the trace is the next one).
    fn packet(&mut self, path: Rc<[u32]>, kind: u8, body: Body) -> Packet {
        self.packets += 1;
        let (node, dst) = match body {
            Body::Data(_) => (self.n, self.n + 1),
            Body::Ack { .. } => (self.n + 1, self.n),
        };
        Packet { id: self.packets - 1, path, at: 0, node, dst, kind, body }
    }

    /// The trace record of `kind` for packet `p` at `node` at `t`, with the ISL hops of its
    /// route.
    fn record(t: SimTime, kind: TraceKind, p: &Packet, node: u32) -> TraceRecord {
        let seq = match &p.body {
            Body::Data(seg) => seg.seq,
            Body::Ack { ack, .. } => ack.cum,
        };
        let mut r = TraceRecord::new(t, kind, p.id, seq, node);
        r.route_hops = p.path.len().saturating_sub(3) as u32;
        r.ack = matches!(p.body, Body::Ack { .. });
        r
    }

    /// Records the start of the transmission of the packet in `fl` at `t`.
    fn record_hop(trace: &mut PacketTrace, t: SimTime, fl: &InFlight) {
        if trace.on() {
            let mut r = Self::record(t, TraceKind::Hop, &fl.p, fl.a);
            (r.next, r.waited, r.queue_ahead) = (Some(fl.b), t.saturating_since(fl.reached), fl.ahead);
            trace.push(r);
        }
    }

    /// Records the loss of `p` at `node` at `t`.
    fn record_drop(trace: &mut PacketTrace, t: SimTime, p: &Packet, node: u32, reason: Reason) {
        if trace.on() {
            let mut r = Self::record(t, TraceKind::Drop, p, node);
            r.reason = Some(reason);
            trace.push(r);
        }
    }

    /// Puts the packet in `slot` on the link out of the node it is at, at `now`: sent at once
    /// (its arrival at the far end returned: the caller schedules it), queued (`None`; its
    /// arrival is scheduled when its transmission starts, [`Self::end_transmissions`]), or
    /// dropped at a full buffer (`None`, its slot freed). The packet stays in its slot from hop
    /// to hop.
    fn hop(&mut self, slot: u32, now: SimTime, topo: &PairTopology, trace: &mut PacketTrace) -> Option<SimTime> {
        let fl = self.slots[slot as usize].as_ref().expect("a hop's packet is in its slot");
        let a = fl.p.node;
        let b = if self.ns2 {
            // ns-2: the node's forwarding table of the moment.
            topo.ns2_next_hop(a, (fl.p.dst - self.n) as usize)
        } else {
            Some(fl.p.path[fl.p.at + 1])
        };
        let Some(b) = b else {
            let fl = self.slots[slot as usize].take().expect("a hop's packet is in its slot");
            self.out.no_route_drops += 1;
            Self::record_drop(trace, now, &fl.p, a, Reason::NoRoute);
            self.free.push(slot);
            return None;
        };
        let kind = fl.p.kind;
        let access = a >= self.n || b >= self.n;
        // The hop's length at the positions of now, the step in which the packet reaches the
        // link: it keeps that delay whenever it leaves (the link's own is zero).
        let km = distance_km(&self.position(topo, a), &self.position(topo, b));
        let prop = SimDuration::from_secs_f64(km / C_KM_S);
        // A ground site has one transmitter: its up-link is one FIFO whichever satellite it
        // points at (after a handover the packets already queued go first); a satellite's
        // links (ISLs, down-links) each have their own.
        let (ka, kb) = self.link_key(a, b);
        let key = ka as usize * (self.n as usize + 2) + kb as usize;
        if self.link_of[key] == u32::MAX {
            self.link_of[key] = self.links.len() as u32;
            let link = QueuedLink::new(DropTail::new(None), SimDuration::ZERO).with_capacity(self.capacity);
            self.links.push(Directed { link, ser: self.ser[!access as usize] });
        }
        let li = self.link_of[key];
        let d = &mut self.links[li as usize];
        // A transmission with nothing behind it has no end queued: it ends here if it ended by
        // now (one behind which packets wait has ended already if it was due).
        if let Some(end) = d.link.sending().map(|t| t.finish).filter(|&f| f <= now) {
            let next = d.transmitted(end, &mut self.drops);
            debug_assert_eq!(next, Some(None), "a transmission due with packets waiting was not ended");
        }
        let ser = d.ser;
        let ahead = (d.link.queued() + d.link.sending().is_some() as usize) as u32;
        let serialise = &mut |_: SimTime, h: &Hop| ser[h.kind as usize];
        let started = d.link.offer(now, Hop { slot, kind }, serialise, &mut NoRates, &mut self.drops);
        if self.drops.pop().is_some() {
            self.out.queue_drops += 1;
            let fl = self.slots[slot as usize].take().expect("a hop's packet is in its slot");
            Self::record_drop(trace, now, &fl.p, a, Reason::Overflow);
            self.free.push(slot);
            return None;
        }
        if started.is_none() && d.link.queued() == 1 {
            // The first packet behind the transmission: its end is queued, to start this one.
            let end = d.link.sending().expect("a link with a packet waiting is sending").finish;
            self.sent.schedule(end, li);
        }
        let fl = self.slots[slot as usize].as_mut().expect("a hop's packet is in its slot");
        fl.p.at += 1;
        (fl.a, fl.b, fl.prop, fl.reached, fl.ahead) = (a, b, prop, now, ahead);
        (fl.leaves, fl.arrives) = (NOT_YET, NOT_YET);
        started.and_then(|done| self.begin(slot, now, done, topo, trace))
    }

    /// The transmission of the packet in `slot` begins at `now` and ends at `done`: its arrival
    /// at the far end (returned, for the caller to schedule) is set, or, in ns-2 mode, the
    /// handoff is applied: on a site's up-link, a packet addressed to a satellite the site has
    /// left goes to the site's satellite of now and is dropped there on arrival (`doomed`); on
    /// a satellite's down-link, one for a site that has left it reaches nobody (dropped now; it
    /// still holds the transmitter until `done`).
    fn begin(
        &mut self,
        slot: u32,
        now: SimTime,
        done: SimTime,
        topo: &PairTopology,
        trace: &mut PacketTrace,
    ) -> Option<SimTime> {
        let n = self.n;
        let fl = self.slots[slot as usize].as_mut().expect("a packet being sent is in its slot");
        if self.ns2 {
            if fl.a >= n {
                let end = (fl.a - n) as usize;
                match topo.access_satellite(end) {
                    Some(c) if c as u32 == fl.b => {}
                    Some(c) => {
                        // `SatLL::sendDown` addressed it to fl.b; it goes to c.
                        let km = distance_km(&topo.node_ecef(fl.a), &topo.node_ecef(c as u32));
                        (fl.b, fl.prop, fl.doomed) = (c as u32, SimDuration::from_secs_f64(km / C_KM_S), true);
                    }
                    None => {
                        let fl = self.slots[slot as usize].take().expect("a packet being sent is in its slot");
                        Self::record_drop(trace, now, &fl.p, fl.a, Reason::Handoff);
                        self.free.push(slot);
                        self.handoff_lost(end);
                        return None;
                    }
                }
            } else if fl.b >= n {
                let end = (fl.b - n) as usize;
                if topo.access_satellite(end) != Some(fl.a as usize) {
                    let fl = self.slots[slot as usize].take().expect("a packet being sent is in its slot");
                    Self::record_drop(trace, now, &fl.p, fl.a, Reason::Handoff);
                    self.free.push(slot);
                    self.handoff_lost(end);
                    return None;
                }
            }
        }
        let fl = self.slots[slot as usize].as_mut().expect("a packet being sent is in its slot");
        (fl.leaves, fl.arrives) = (done, done + fl.prop);
        Self::record_hop(trace, now, fl);
        Some(fl.arrives)
    }

    /// Ends every transmission with packets behind it that is due by the next packet event
    /// (before the packet events of the same time: a packet whose last bit leaves at t is gone
    /// for one that reaches the link at t), each at its time, in order: the next packet starts
    /// and its arrival at the far end is scheduled. Then the next packet event is the next
    /// thing to happen ([`Self::next_time`]). These ends are not events of the transfer: they
    /// touch only their link and schedule an arrival (a transmission with nothing behind it
    /// ends when the link is next offered a packet, [`Self::hop`]).
    fn end_transmissions(&mut self, topo: &PairTopology, trace: &mut PacketTrace) {
        while let Some(t) = self.sent.peek_time() {
            if self.events.peek_time().is_some_and(|te| te < t) {
                break;
            }
            let Some((now, li)) = self.sent.pop() else { break };
            let d = &mut self.links[li as usize];
            let next = d.transmitted(now, &mut self.drops).expect("a link whose transmission ends is sending");
            let (Some(done), Some(t)) = (next, d.link.sending()) else {
                unreachable!("a packet waited behind the transmission that ended")
            };
            let slot = t.item.slot;
            if d.link.queued() > 0 {
                self.sent.schedule(done, li);
            }
            if let Some(arrives) = self.begin(slot, now, done, topo, trace) {
                self.events.schedule(arrives, Ev::Arrive(slot));
            }
        }
    }

    /// Sends what the sender may send now, and keeps one retransmission timer event; a segment
    /// sent again is recorded as resent for `why`.
    fn pump(&mut self, now: SimTime, topo: &PairTopology, trace: &mut PacketTrace, why: Reason) {
        let (path, _) = self.paths_now(topo);
        for seg in self.sender.poll_send(now) {
            let resent = seg.seq < self.next_new_seq;
            self.next_new_seq = self.next_new_seq.max(seg.seq + 1);
            let p = self.packet(path.clone(), 0, Body::Data(seg));
            let kind = if resent { TraceKind::Retransmit } else { TraceKind::Send };
            if trace.on() {
                let mut r = Self::record(now, kind, &p, self.n);
                r.reason = resent.then_some(why);
                trace.push(r);
            }
            if path.is_empty() {
                self.out.no_route_drops += 1;
                Self::record_drop(trace, now, &p, self.n, Reason::NoRoute);
                continue;
            }
            self.forward(p, now, topo, trace);
        }
        // One timer event, moved lazily: a deadline pushed later (ns-2's TCP-Linux restarts the
        // timer on every ACK) waits for the event already queued, which re-arms itself there;
        // only an earlier deadline queues a new event.
        if let Some(d) = self.sender.rto_deadline() {
            if self.rto_at.is_none_or(|a| d < a) {
                self.rto_at = Some(d);
                self.events.schedule(d, Ev::Rto);
            }
        }
    }

    /// Processes the next event (the caller has stepped the topology up to its time), recording
    /// what happened to the packets in `trace` (when it is on).
    pub fn process_next(&mut self, topo: &PairTopology, trace: &mut PacketTrace) -> Happened {
        let happened = self.process_event(topo, trace);
        self.end_transmissions(topo, trace);
        happened
    }

    fn process_event(&mut self, topo: &PairTopology, trace: &mut PacketTrace) -> Happened {
        // A packet moving on to its next hop replaces its own event (one sift of the heap).
        if let Some((now, &Ev::Arrive(slot))) = self.events.peek() {
            let fl = self.slots[slot as usize].as_mut().expect("an arrival's packet is in its slot");
            if fl.doomed {
                // ns-2's `SatMac::sendUp` at the satellite it reached: not its address.
                self.events.pop();
                let fl = self.slots[slot as usize].take().expect("an arrival's packet is in its slot");
                Self::record_drop(trace, now, &fl.p, fl.b, Reason::Handoff);
                self.free.push(slot);
                self.handoff_lost((fl.a - self.n) as usize);
                return Happened::Nothing;
            }
            fl.p.node = fl.b;
            if fl.p.node != fl.p.dst {
                match self.hop(slot, now, topo, trace) {
                    Some(arrives) => self.events.replace_earliest(arrives, Ev::Arrive(slot)),
                    None => drop(self.events.pop()),
                }
                return Happened::Nothing;
            }
        }
        let Some((now, ev)) = self.events.pop() else { return Happened::Nothing };
        match ev {
            Ev::Rto => {
                if self.rto_at != Some(now) {
                    return Happened::Nothing; // superseded by an earlier deadline
                }
                self.rto_at = None;
                match self.sender.rto_deadline() {
                    Some(d) if d == now => {
                        if trace.on() {
                            trace.push(TraceRecord::new(
                                now,
                                TraceKind::Timeout,
                                NO_PACKET,
                                self.sender.snd_una(),
                                self.n,
                            ));
                        }
                        self.sender.on_rto(now);
                        self.pump(now, topo, trace, Reason::TimerExpired);
                        Happened::Timeout
                    }
                    Some(d) => {
                        self.rto_at = Some(d);
                        self.events.schedule(d, Ev::Rto);
                        Happened::Nothing
                    }
                    None => Happened::Nothing,
                }
            }
            Ev::Arrive(slot) => {
                let p = self.slots[slot as usize].take().expect("an arrival's packet is in its slot").p;
                self.free.push(slot);
                if trace.on() {
                    let (kind, node) = match p.body {
                        Body::Data(_) => (TraceKind::Deliver, self.n + 1),
                        Body::Ack { .. } => (TraceKind::AckArrive, self.n),
                    };
                    trace.push(Self::record(now, kind, &p, node));
                }
                match p.body {
                    Body::Data(seg) => {
                        let before = self.receiver.delivered;
                        let ack = self.receiver.on_data(&seg);
                        if self.receiver.delivered >= self.out.segments && self.out.transfer_s.is_none() {
                            self.out.transfer_s = Some(now.saturating_since(self.t0).as_secs_f64());
                        }
                        // The ACK goes back on the route that holds now, reversed.
                        let (_, back) = self.paths_now(topo);
                        let hops = back.len().saturating_sub(3) as u32;
                        let kind = 1 + ack.sack.len().min(3) as u8;
                        let a = self.packet(back, kind, Body::Ack { ack, sent: now, hops });
                        if trace.on() {
                            trace.push(Self::record(now, TraceKind::Ack, &a, self.n + 1));
                        }
                        if a.path.is_empty() {
                            self.out.no_route_drops += 1;
                            Self::record_drop(trace, now, &a, self.n + 1, Reason::NoRoute);
                        } else {
                            self.forward(a, now, topo, trace);
                        }
                        Happened::Delivered { new_segments: self.receiver.delivered - before }
                    }
                    Body::Ack { ack, sent, hops } => {
                        if self.latest_ack_sent.is_some_and(|l| sent < l) {
                            self.out.reordered_acks += 1;
                        }
                        self.latest_ack_sent = Some(self.latest_ack_sent.map_or(sent, |l| l.max(sent)));
                        self.out.ack_hops_range =
                            Some(self.out.ack_hops_range.map_or((hops, hops), |(lo, hi)| (lo.min(hops), hi.max(hops))));
                        let rtt_ms = now.saturating_since(ack.ts_echo).as_secs_f64() * 1e3;
                        self.sender.on_ack(&ack, now);
                        self.pump(now, topo, trace, Reason::LossDetected);
                        Happened::Acked { cwnd: self.sender.cwnd, rtt_ms, hops }
                    }
                }
            }
        }
    }

    /// The packets in flight at `now`, for drawing: `[m, (x, y, z, kind) x m]`, ECEF [km] with
    /// kind 0 for data and 1 for an ACK. A packet waiting in a queue is drawn at its node; one on
    /// a link between the link's ends as they are at the topology's last step, in proportion to
    /// its propagation done. At most [`MAX_DRAWN_PACKETS`], in slot order.
    pub fn flights_packed(&self, topo: &PairTopology, now: SimTime) -> Vec<f64> {
        let m = self.slots.iter().filter(|s| s.is_some()).count().min(MAX_DRAWN_PACKETS);
        let mut out = Vec::with_capacity(1 + 4 * m);
        out.push(m as f64);
        for fl in self.slots.iter().flatten().take(m) {
            let (pa, pb) = (self.position(topo, fl.a), self.position(topo, fl.b));
            let span = fl.arrives.saturating_since(fl.leaves).as_secs_f64();
            let x = if now <= fl.leaves || span <= 0.0 {
                0.0
            } else {
                (now.saturating_since(fl.leaves).as_secs_f64() / span).min(1.0)
            };
            for k in 0..3 {
                out.push(pa[k] + (pb[k] - pa[k]) * x);
            }
            out.push(matches!(fl.p.body, Body::Ack { .. }) as u8 as f64);
        }
        out
    }
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
/// the whole day, say): `history_from_s` is not used. The topology is stepped every `step_s`
/// from the start, before any packet event at the same time.
pub fn run_stepped(topo: &mut PairTopology, start_s: f64, o: &TransferOptions) -> TransferOutcome {
    let t0 = SimTime::from_secs_f64(start_s);
    let step = SimDuration::from_secs_f64(o.step_s.max(1e-3));
    let end = t0 + SimDuration::from_secs_f64(o.max_s);
    topo.step(o.clock_offset_s + start_s);
    let trace = &mut PacketTrace::off();
    let mut tr = Transfer::start(topo, t0, o, trace);
    let mut next_step = t0 + step;
    while let Some(te) = tr.next_time() {
        if te > end {
            break;
        }
        while next_step <= te {
            topo.step(o.clock_offset_s + next_step.as_secs_f64());
            tr.after_step(topo, next_step);
            next_step += step;
        }
        tr.process_next(topo, trace);
        if tr.finished() {
            break;
        }
    }
    tr.outcome()
}

#[cfg(test)]
#[path = "transfer_tests.rs"]
mod tests;
