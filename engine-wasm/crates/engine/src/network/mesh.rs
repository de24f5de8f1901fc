//! A whole packet network: many flows between ground stations over a moving graph of
//! satellites, every link a shared [`QueuedLink`], every packet forwarded hop by hop on
//! forwarding state recomputed at a fixed interval. The link model is Hypatia's ns-3 one
//! (snkas/hypatia, `ns3-sat-sim/simulator/contrib/satellite-network`), read from its code:
//!
//! - **Ground links**: every node, satellite or ground station, has one ground-link device
//!   (`GSLNetDevice`, `helper/gsl-helper.cc` `GSLHelper::Install`): one rate and one drop-tail
//!   queue for all its ground-link traffic, whichever node it goes to. The next hop is fixed
//!   when the packet joins the queue (`GSLNetDevice::Send` stores the destination address
//!   beside it), and the channel delivers it there without a range check
//!   (`GSLChannel::TransmitStart`).
//! - **Inter-satellite links**: each ISL is two point-to-point devices, one per direction
//!   (`helper/point-to-point-laser-helper.cc`), each with its rate and its queue.
//! - **Queues**: ns-3's device `DropTailQueue` of `queue` packets with the queueing discipline
//!   uninstalled (`TrafficControlHelper::Uninstall` in `topology-satellite-network.cc`): up to
//!   `queue` packets wait behind the one being sent, then arrivals are dropped
//!   ([`Capacity::Waiting`]).
//! - **Delay**: a packet arrives its transmission time plus the distance between the two
//!   nodes over the speed of light after its transmission starts (`GSLChannel::TransmitTo`,
//!   `PointToPointLaserChannel::TransmitStart`). Positions are those of the latest state.
//! - **Forwarding** (`model/arbiter-single-forward.cc`, basic-sim's `Ipv4ArbiterRouting`): the
//!   next hop depends only on the packet's destination and is decided per packet at every hop
//!   from the state in force, so a packet in flight when the state changes follows the new
//!   one from its next hop on; packets already queued keep the hop they were queued for. The
//!   state is satgenpy's `calculate_fstate_shortest_path_without_gs_relaying`
//!   (`fstate_calculation.py`): towards a ground station, the path of least total length that
//!   relays only over ISLs, entering and leaving the satellites by a ground link in range.
//!   Ground stations never relay. A node with no path drops the packet (ns-3's
//!   `DROP_NO_ROUTE`), counted here ([`Losses::no_route`]); Hypatia counts no drops.
//!
//! The graph's states come from a [`Source`]: positions, the ISLs and ground links usable at
//! that instant. Flows are constant-rate UDP (basic-sim's `UdpBurstApplication`) or TCP
//! (`transport::tcp`, a sender and receiver of whole segments), long-lived or sized.
//!
//! Packet sizes on the wire are ns-3's in Hypatia's configuration: a UDP packet carries 1,472
//! bytes of payload, 8 of UDP, 20 of IP and 2 of PPP (1,502); basic-sim spaces them as if they
//! were 1,500 (`UdpBurstApplication`: `ceil(1500 B / rate)`). A TCP segment carries 1,380
//! bytes (basic-sim's `TcpOptimizer`: `SegmentSize`), 20 of TCP, 12 of timestamp option, 20 of
//! IP and 2 of PPP (1,434); an ACK is 54 bytes plus 8 per SACK block. The receiver acknowledges
//! every segment (ns-3 acknowledges every second segment, or 200 ms after an unacknowledged one:
//! a difference, stated).

use super::link::{AtRate, Capacity, NoRates, QueuedLink};
use crate::kernel::{EventQueue, SimDuration, SimTime};
use crate::orbit::frames::{distance_km, Vec3, C_KM_S};
use crate::sched::{DropTail, Drops};
use crate::topology::isl_graph::IslGraph;
use crate::trace::{PacketTrace, Reason};
use crate::transport::congestion::CcKind;
use crate::transport::tcp::{TcpFlow, TcpSender};
use crate::transport::{Feedback, Segment, TransportFlow};

/// UDP payload per packet [bytes] (basic-sim's `UdpBurstApplication`, `IdSeqHeader` included).
pub const UDP_PAYLOAD_BYTES: u32 = 1472;
/// A UDP packet on the wire [bytes]: payload, UDP, IP and PPP headers.
pub const UDP_WIRE_BYTES: u32 = UDP_PAYLOAD_BYTES + 8 + 20 + 2;
/// What basic-sim counts a UDP packet as when it spaces them at a rate [bytes].
pub const UDP_PACING_BYTES: f64 = 1500.0;
/// TCP payload per segment [bytes] (basic-sim `TcpOptimizer::Generic`, `SegmentSize`).
pub const TCP_MSS_BYTES: u32 = 1380;
/// A TCP data segment on the wire [bytes]: payload, TCP header with the timestamp option, IP
/// and PPP headers.
pub const TCP_WIRE_BYTES: u32 = TCP_MSS_BYTES + 32 + 20 + 2;
/// An ACK with no SACK block on the wire [bytes].
pub const ACK_WIRE_BYTES: u32 = 54;
/// A SACK block [bytes].
pub const SACK_BLOCK_BYTES: u32 = 8;
/// TCP send and receive buffers [bytes] (basic-sim `TcpOptimizer::Generic`: 32 MiB): the
/// receiver window.
pub const TCP_BUFFER_BYTES: f64 = 32.0 * 1024.0 * 1024.0;
/// TCP's initial window [segments] (basic-sim `TcpOptimizer::Generic`, `InitialCwnd`).
pub const TCP_INITIAL_WINDOW: f64 = 10.0;

/// No next hop.
const NONE: u32 = u32::MAX;

/// One instant of the moving graph. Nodes are numbered satellites first, then ground stations.
#[derive(Clone, Debug, Default)]
pub struct Snapshot {
    /// Earth-fixed positions of every node [km].
    pub positions: Vec<Vec3>,
    /// ISLs usable now, each once, as satellite node numbers.
    pub isls: Vec<(u32, u32)>,
    /// Ground links usable now: (ground station node, satellite node).
    pub gsls: Vec<(u32, u32)>,
}

/// Most forwarding work in a run over a mesh: states x (destinations x (satellites + ISLs) + stations x
/// satellites), the shortest paths and the ground links' ranges recomputed at every state
/// ([`Forwarding::compute`]). The Starlink catalogue example (a minute of 100
/// flows, every 100 ms) is estimated at 2.5e9 and took about 1.5 min of CPU natively
/// (docs/BENCHMARKS.md): this bounds a run to a few minutes. (At 2e9 that example was refused
/// by its own budget.)
pub const MAX_FORWARDING_WORK: f64 = 5e9;
/// Most packets a run's flows may offer.
pub const MAX_OFFERED_PACKETS: f64 = 1e8;

/// Where the graph's states come from.
pub trait Source {
    /// Satellites (nodes `0..satellites()`).
    fn satellites(&self) -> usize;
    /// Ground stations (nodes `satellites()..satellites() + ground_stations()`).
    fn ground_stations(&self) -> usize;
    /// The graph at `t` into `out`.
    fn snapshot(&mut self, t: SimTime, out: &mut Snapshot) -> Result<(), String>;
}

/// Next hops towards each destination ground station from one [`Snapshot`]: satgenpy's
/// `calculate_fstate_shortest_path_without_gs_relaying`, by one Dijkstra per destination over
/// the ISLs from the satellites in its range (each starting at its ground-link length).
#[derive(Clone, Debug, Default)]
pub struct Forwarding {
    nodes: usize,
    /// Row of each destination node in `next`, NONE for nodes no flow goes to.
    row: Vec<u32>,
    /// Next hop of every node towards each destination, row by row (NONE: no route).
    next: Vec<u32>,
    graph: IslGraph,
    by_ground: Vec<Vec<(u32, f64)>>,
    dist: Vec<f64>,
}

impl Forwarding {
    /// State for `nodes` nodes towards `destinations` (ground station nodes; repeats ignored).
    pub fn new(nodes: usize, destinations: &[u32]) -> Forwarding {
        let mut row = vec![NONE; nodes];
        let mut rows = 0;
        for &d in destinations {
            if row[d as usize] == NONE {
                row[d as usize] = rows;
                rows += 1;
            }
        }
        Forwarding { nodes, row, next: vec![NONE; rows as usize * nodes], ..Forwarding::default() }
    }

    /// The next hop from `at` towards `dst`, if there is a path.
    pub fn next_hop(&self, dst: u32, at: u32) -> Option<u32> {
        let r = *self.row.get(dst as usize)?;
        if r == NONE {
            return None;
        }
        let n = self.next[r as usize * self.nodes + at as usize];
        (n != NONE).then_some(n)
    }

    /// Recomputes every next hop from `snap`, whose first `sats` nodes are satellites.
    pub fn compute(&mut self, sats: usize, snap: &Snapshot) {
        let pos = &snap.positions;
        self.graph.build(sats, pos, &snap.isls);
        let grounds = self.nodes - sats;
        self.by_ground.resize(grounds, vec![]);
        for list in &mut self.by_ground {
            list.clear();
        }
        for &(g, s) in &snap.gsls {
            let d = distance_km(&pos[g as usize], &pos[s as usize]);
            self.by_ground[g as usize - sats].push((s, d));
        }
        self.next.fill(NONE);
        for dst in sats..self.nodes {
            let r = self.row[dst];
            if r == NONE {
                continue;
            }
            let next = &mut self.next[r as usize * self.nodes..(r as usize + 1) * self.nodes];
            // From the destination's satellites in range outwards: each satellite's predecessor
            // is its next hop towards the destination (the destination itself for a satellite
            // whose own ground link is the shortest way down).
            self.graph.shortest(&self.by_ground[dst - sats], &mut self.dist, Some((&mut next[..sats], dst as u32)));
            // Every other ground station enters by the satellite in range that makes the path
            // shortest.
            for (g, hop) in next.iter_mut().enumerate().skip(sats) {
                if g == dst {
                    continue;
                }
                let mut best = (f64::INFINITY, NONE);
                for &(s, d) in &self.by_ground[g - sats] {
                    let c = d + self.dist[s as usize];
                    if c < best.0 {
                        best = (c, s);
                    }
                }
                *hop = best.1;
            }
        }
    }
}

/// What a flow sends.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Traffic {
    /// Constant-rate UDP at `rate_bps` (packets spaced as basic-sim spaces them).
    Udp {
        /// Sending rate [bit/s].
        rate_bps: f64,
    },
    /// TCP with congestion control `cc`: `segments` of [`TCP_MSS_BYTES`], or long-lived.
    Tcp {
        /// Congestion control.
        cc: CcKind,
        /// Segments to send; `None`: as many as the run allows.
        segments: Option<u64>,
    },
}

/// One entry of the traffic matrix.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FlowSpec {
    /// Source ground station node.
    pub src: u32,
    /// Destination ground station node.
    pub dst: u32,
    /// When it starts.
    pub start: SimTime,
    /// What it sends.
    pub traffic: Traffic,
}

/// The network's rates, queues and intervals.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MeshOptions {
    /// Rate of every ISL device [bit/s].
    pub isl_rate_bps: f64,
    /// Rate of every ground-link device [bit/s].
    pub gsl_rate_bps: f64,
    /// Packets that may wait at an ISL device.
    pub isl_queue: usize,
    /// Packets that may wait at a ground-link device.
    pub gsl_queue: usize,
    /// Forwarding state interval (Hypatia: 100 ms).
    pub update: SimDuration,
    /// Width of the goodput series' buckets.
    pub bucket: SimDuration,
    /// The run's end: nothing is sent after it.
    pub end: SimTime,
    /// Most events the run may process.
    pub max_events: u64,
}

/// Packets lost, by reason.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Losses {
    /// Dropped at a full queue.
    pub queue: u64,
    /// No path from the node it was at to its destination.
    pub no_route: u64,
}

/// What one flow did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FlowResult {
    /// Data packets sent, retransmissions included.
    pub sent: u64,
    /// Data packets that reached the destination.
    pub received: u64,
    /// Bytes the application got: UDP payload received; TCP payload acknowledged (what
    /// basic-sim's `tcp_flows.csv` and `udp_bursts_incoming.csv` report).
    pub goodput_bytes: u64,
    /// Goodput per bucket of [`MeshOptions::bucket`] [bytes].
    pub goodput_series: Vec<u64>,
    /// Data packets of the flow lost.
    pub lost: Losses,
    /// ACKs of the flow lost (TCP).
    pub acks_lost: Losses,
    /// Mean one-way delay of the data received [s]; NaN without any.
    pub delay_mean_s: f64,
    /// Largest one-way delay of the data received [s].
    pub delay_max_s: f64,
    /// Mean round trip of the ACKs (TCP) [s]; NaN without any.
    pub rtt_mean_s: f64,
    /// Segments sent again (TCP).
    pub retransmits: u64,
    /// Retransmission timeouts (TCP).
    pub timeouts: u64,
    /// When a sized TCP flow's last segment was acknowledged.
    pub completed: Option<SimTime>,
}

/// One flow's path under one forwarding state (see [`Mesh::record_paths`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PathSample {
    /// When the state came into force.
    pub t: SimTime,
    /// One-way propagation delay along the path [s]; NaN without a path.
    pub delay_s: f64,
    /// Links on the path; 0 without a path.
    pub hops: u32,
    /// The slowest link's rate on the path [bit/s]; 0 without a path.
    pub bottleneck_bps: f64,
    /// Data packets of the flow lost while the state held, over those it sent then (0 when it
    /// sent none).
    pub loss: f64,
}

/// What one device (one direction of a link) did.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkResult {
    /// The node that sends on it.
    pub from: u32,
    /// The satellite at its far end, for an ISL; `None` for a ground-link device.
    pub isl_to: Option<u32>,
    /// Time spent sending.
    pub busy: SimDuration,
    /// Packets sent.
    pub sent: u64,
    /// Packets dropped at its queue.
    pub dropped: u64,
}

#[derive(Clone, Debug)]
enum Body {
    /// A UDP packet: its number in its flow.
    Udp(u64),
    Data(Segment),
    Feedback(Feedback),
}

#[derive(Clone, Debug)]
struct Pkt {
    flow: u32,
    /// Where it is going: the flow's destination (data) or source (feedback).
    to: u32,
    /// The node it is sent to on its current link.
    hop: u32,
    bytes: u32,
    born: SimTime,
    body: Body,
    /// Its number in the packet trace: the traced flow's packets sent while it is traced,
    /// NONE for the others.
    id: u32,
    /// The packets ahead of it at the device it waits at (the one being sent included), and
    /// when it reached it, for the trace.
    ahead: u32,
    queued: SimTime,
}

impl Pkt {
    fn new(flow: u32, to: u32, bytes: u32, born: SimTime, body: Body) -> Pkt {
        Pkt { flow, to, hop: NONE, bytes, born, body, id: NONE, ahead: 0, queued: born }
    }
}

fn wire_bits(p: &Pkt) -> f64 {
    f64::from(p.bytes) * 8.0
}

struct Device {
    link: QueuedLink<Pkt, DropTail<Pkt>>,
    rate_bps: f64,
    from: u32,
    isl_to: Option<u32>,
    busy: SimDuration,
}

impl Device {
    fn new(from: u32, isl_to: Option<u32>, rate_bps: f64, queue: usize) -> Device {
        Device {
            link: QueuedLink::new(DropTail::new(None), SimDuration::ZERO).with_capacity(Capacity::Waiting(queue)),
            rate_bps,
            from,
            isl_to,
            busy: SimDuration::ZERO,
        }
    }
}

struct Flow {
    spec: FlowSpec,
    /// The path under each state, when recorded, and the data packets sent and lost since the
    /// last state.
    paths: Option<Vec<PathSample>>,
    interval: (u64, u64),
    tcp: Option<TcpFlow>,
    /// The time the pending timer event fires, if one is pending.
    timer_at: Option<SimTime>,
    acked: u64,
    delay_sum: f64,
    rtt_sum: f64,
    rtt_n: u64,
    /// One past the highest segment sent: a segment below it is a retransmission.
    next_new: u64,
    result: FlowResult,
}

enum Ev {
    Update,
    Send(u32),
    Timer(u32),
    TxEnd(u32),
    /// The packet in this slot of the mesh's `flying` reaches its hop. Packets wait out their
    /// propagation there, so that the event heap sifts small entries.
    Arrive(u32),
}

/// The network: its source, devices, flows and events.
pub struct Mesh<S: Source> {
    source: S,
    o: MeshOptions,
    sats: usize,
    snap: Snapshot,
    fwd: Forwarding,
    devices: Vec<Device>,
    /// Each satellite's ISL devices: (the satellite it sends to, the device), a few each.
    isl_device: Vec<Vec<(u32, u32)>>,
    flows: Vec<Flow>,
    events: EventQueue<Ev>,
    /// Packets propagating between two nodes, by slot; `free` lists the empty slots.
    flying: Vec<Option<Pkt>>,
    free: Vec<u32>,
    drops: Drops<Pkt>,
    now: SimTime,
    processed: u64,
    /// The flow whose packets are traced, the trace they go to while a run lends it
    /// ([`Self::with_trace`]), the trace's next packet number, and the flow's route under the
    /// state in force (`mesh_trace.rs`).
    traced: Option<u32>,
    trace: PacketTrace,
    next_id: u32,
    traced_route: Vec<u32>,
}

impl<S: Source> Mesh<S> {
    /// A network over `source` carrying `flows`; refused when a flow's ends are not two
    /// different ground stations, or an option is out of range.
    pub fn new(source: S, flows: &[FlowSpec], o: MeshOptions) -> Result<Mesh<S>, String> {
        let sats = source.satellites();
        let nodes = sats + source.ground_stations();
        for (k, f) in flows.iter().enumerate() {
            let ground = |n: u32| (sats..nodes).contains(&(n as usize));
            if !ground(f.src) || !ground(f.dst) || f.src == f.dst {
                return Err(format!(
                    "flow {k}: its ends {} and {} must be two different ground stations (nodes {sats} to {})",
                    f.src,
                    f.dst,
                    nodes.saturating_sub(1)
                ));
            }
            if let Traffic::Udp { rate_bps } = f.traffic {
                if !(rate_bps.is_finite() && rate_bps > 0.0) {
                    return Err(format!("flow {k}: the UDP rate must be positive and finite, not {rate_bps}"));
                }
            }
        }
        for (name, r) in [("isl_rate_bps", o.isl_rate_bps), ("gsl_rate_bps", o.gsl_rate_bps)] {
            if !(r.is_finite() && r > 0.0) {
                return Err(format!("{name} must be positive and finite, not {r}"));
            }
        }
        if o.update == SimDuration::ZERO || o.bucket == SimDuration::ZERO {
            return Err("the forwarding interval and the series' bucket must be positive".into());
        }
        // Data goes to each flow's destination; only TCP sends anything back to its source.
        let destinations: Vec<u32> = flows
            .iter()
            .flat_map(|f| [Some(f.dst), matches!(f.traffic, Traffic::Tcp { .. }).then_some(f.src)])
            .flatten()
            .collect();
        let devices = (0..nodes as u32).map(|n| Device::new(n, None, o.gsl_rate_bps, o.gsl_queue)).collect();
        let mut events = EventQueue::new();
        events.schedule(SimTime::ZERO, Ev::Update);
        let flows: Vec<Flow> = flows
            .iter()
            .enumerate()
            .map(|(k, &spec)| {
                if spec.start < o.end {
                    events.schedule(spec.start, Ev::Send(k as u32));
                }
                let tcp = match spec.traffic {
                    Traffic::Udp { .. } => None,
                    Traffic::Tcp { cc, segments } => Some(TcpFlow::new(TcpSender::new(
                        cc,
                        TCP_INITIAL_WINDOW,
                        segments.unwrap_or(u64::MAX),
                        (TCP_BUFFER_BYTES / f64::from(TCP_MSS_BYTES)).floor(),
                    ))),
                };
                Flow {
                    spec,
                    paths: None,
                    interval: (0, 0),
                    tcp,
                    timer_at: None,
                    acked: 0,
                    delay_sum: 0.0,
                    rtt_sum: 0.0,
                    rtt_n: 0,
                    next_new: 0,
                    result: FlowResult::default(),
                }
            })
            .collect();
        Ok(Mesh {
            source,
            o,
            sats,
            snap: Snapshot::default(),
            fwd: Forwarding::new(nodes, &destinations),
            devices,
            isl_device: vec![vec![]; sats],
            flows,
            events,
            flying: vec![],
            free: vec![],
            drops: vec![],
            now: SimTime::ZERO,
            processed: 0,
            traced: None,
            trace: PacketTrace::off(),
            next_id: 0,
            traced_route: vec![],
        })
    }

    /// The simulated time reached.
    pub fn now(&self) -> SimTime {
        self.now
    }

    /// Events processed so far.
    pub fn events(&self) -> u64 {
        self.processed
    }

    /// Flow `f` as it was given.
    pub fn flow_spec(&self, f: usize) -> Option<&FlowSpec> {
        self.flows.get(f).map(|x| &x.spec)
    }

    /// The flows carried.
    pub fn flow_count(&self) -> usize {
        self.flows.len()
    }

    /// Payload flow `f` delivered (UDP) or had acknowledged (TCP) so far [bytes].
    pub fn goodput_bytes(&self, f: usize) -> u64 {
        self.flows.get(f).map_or(0, |x| x.result.goodput_bytes)
    }

    /// Data packets lost so far over every flow, at queues and for want of a route.
    pub fn data_lost(&self) -> u64 {
        self.flows.iter().map(|f| f.result.lost.queue + f.result.lost.no_route).sum()
    }

    /// Flow `f`'s path under the latest state, if recorded ([`Self::record_paths`]).
    pub fn latest_path(&self, f: usize) -> Option<&PathSample> {
        self.flows.get(f)?.paths.as_ref()?.last()
    }

    /// Device `i`'s results so far (the order of [`Self::link_results`]).
    pub fn link_result(&self, i: usize) -> Option<LinkResult> {
        self.devices.get(i).map(|d| LinkResult {
            from: d.from,
            isl_to: d.isl_to,
            busy: d.busy,
            sent: d.link.sent(),
            dropped: d.link.dropped(),
        })
    }

    /// Each device's time sending and packets dropped so far, into `out`, in
    /// [`Self::link_results`]' order.
    pub fn device_load(&self, out: &mut Vec<(SimDuration, u64)>) {
        out.clear();
        out.extend(self.devices.iter().map(|d| (d.busy, d.link.dropped())));
    }

    /// Events scheduled and not yet processed.
    pub fn pending_events(&self) -> usize {
        self.events.len()
    }

    /// The graph's state in force.
    pub fn snapshot(&self) -> &Snapshot {
        &self.snap
    }

    /// The graph's source.
    pub fn source(&self) -> &S {
        &self.source
    }

    /// The device sending from satellite `a` to satellite `b` over their ISL, once a packet
    /// has used it (devices are made at their first packet); its index in
    /// [`Self::device_load`]'s order.
    pub fn isl_device(&self, a: u32, b: u32) -> Option<usize> {
        let out = self.isl_device.get(a as usize)?;
        out.iter().find(|&&(to, _)| to == b).map(|&(_, d)| d as usize)
    }

    /// The nodes flow `f`'s data would cross under the state in force, its two ground stations
    /// included; empty while it has no route.
    pub fn route(&self, f: usize) -> Vec<u32> {
        let Some(flow) = self.flows.get(f) else { return vec![] };
        let (src, dst) = (flow.spec.src, flow.spec.dst);
        let mut out = vec![src];
        let mut at = src;
        while at != dst {
            match self.fwd.next_hop(dst, at) {
                Some(next) if out.len() <= self.fwd.nodes => {
                    out.push(next);
                    at = next;
                }
                _ => return vec![],
            }
        }
        out
    }

    /// The time of the next event, if any is pending.
    pub fn next_event(&self) -> Option<SimTime> {
        self.events.peek_time()
    }

    /// The time of the next event about a packet (a send, a transmission, an arrival, a
    /// timer), if any is pending: `None` when only the next forwarding state is (every flow
    /// done).
    pub fn next_packet_event(&self) -> Option<SimTime> {
        match self.events.peek() {
            Some((_, Ev::Update)) if self.events.len() == 1 => None,
            other => other.map(|(t, _)| t),
        }
    }

    /// The forwarding state in force.
    pub fn forwarding(&self) -> &Forwarding {
        &self.fwd
    }

    /// Processes every event up to `t` (at most the run's end; packets in flight at the end
    /// are left there). Refused when the run passes its events budget.
    pub fn run_until(&mut self, t: SimTime) -> Result<(), String> {
        let limit = t.min(self.o.end);
        while self.events.peek_time().is_some_and(|at| at <= limit) {
            if self.processed >= self.o.max_events {
                return Err(format!("the run passed its budget of {} events", self.o.max_events));
            }
            let Some((at, ev)) = self.events.pop() else { break };
            self.now = at;
            self.processed += 1;
            match ev {
                Ev::Update => self.update()?,
                Ev::Send(f) => self.send(f),
                Ev::Timer(f) => self.timer(f),
                Ev::TxEnd(d) => self.transmitted(d),
                Ev::Arrive(slot) => {
                    if let Some(p) = self.flying[slot as usize].take() {
                        self.free.push(slot);
                        let at = p.hop;
                        self.forward(p, at);
                    }
                }
            }
        }
        self.now = self.now.max(limit);
        Ok(())
    }

    /// What each flow did so far.
    pub fn flow_results(&self) -> Vec<FlowResult> {
        self.flows
            .iter()
            .map(|f| {
                let mut r = f.result.clone();
                r.delay_mean_s = if r.received > 0 { f.delay_sum / r.received as f64 } else { f64::NAN };
                r.rtt_mean_s = if f.rtt_n > 0 { f.rtt_sum / f.rtt_n as f64 } else { f64::NAN };
                if let Some(tcp) = &f.tcp {
                    let s = tcp.stats();
                    (r.retransmits, r.timeouts) = (s.retransmits, s.timeouts);
                }
                r
            })
            .collect()
    }

    /// What each device did: every node's ground-link device (node order), then the ISL
    /// devices in the order they were first used.
    pub fn link_results(&self) -> Vec<LinkResult> {
        (0..self.devices.len()).filter_map(|i| self.link_result(i)).collect()
    }

    /// Records flow `f`'s path at every forwarding state from now on (its delay, hops,
    /// bottleneck and losses over time, for [`super::path_export`]).
    pub fn record_paths(&mut self, f: usize) -> Result<(), String> {
        let n = self.flows.len();
        let flow =
            self.flows.get_mut(f).ok_or_else(|| format!("there is no flow {f} (0 to {})", n.saturating_sub(1)))?;
        flow.paths.get_or_insert_with(Vec::new);
        Ok(())
    }

    /// Flow `f`'s recorded path samples, the last one's losses counted up to now (empty unless
    /// [`Self::record_paths`] was called).
    pub fn paths(&self, f: usize) -> Vec<PathSample> {
        let Some(flow) = self.flows.get(f) else { return vec![] };
        let mut out = flow.paths.clone().unwrap_or_default();
        let (sent, lost) = flow.interval;
        if let Some(last) = out.last_mut() {
            last.loss = if sent > 0 { (lost as f64 / sent as f64).min(1.0) } else { 0.0 };
        }
        out
    }

    /// The path from `src` to `dst` under the state in force: its length [km], links and
    /// slowest rate, if there is one.
    fn path_of(&self, src: u32, dst: u32) -> Option<(f64, u32, f64)> {
        let pos = &self.snap.positions;
        let (mut at, mut km, mut hops, mut slowest) = (src, 0.0, 0u32, f64::INFINITY);
        while at != dst {
            let next = self.fwd.next_hop(dst, at)?;
            km += distance_km(&pos[at as usize], &pos[next as usize]);
            let isl = (at as usize) < self.sats && (next as usize) < self.sats;
            slowest = slowest.min(if isl { self.o.isl_rate_bps } else { self.o.gsl_rate_bps });
            hops += 1;
            if hops as usize > self.fwd.nodes {
                return None;
            }
            at = next;
        }
        Some((km, hops, slowest))
    }

    /// Closes the recorded paths' last interval and opens one for the new state.
    fn sample_paths(&mut self) {
        for k in 0..self.flows.len() {
            if self.flows[k].paths.is_none() {
                continue;
            }
            let (src, dst) = (self.flows[k].spec.src, self.flows[k].spec.dst);
            let path = self.path_of(src, dst);
            let now = self.now;
            let flow = &mut self.flows[k];
            let (sent, lost) = std::mem::take(&mut flow.interval);
            let paths = flow.paths.get_or_insert_with(Vec::new);
            if let Some(last) = paths.last_mut() {
                last.loss = if sent > 0 { (lost as f64 / sent as f64).min(1.0) } else { 0.0 };
            }
            paths.push(match path {
                Some((km, hops, slowest)) => {
                    PathSample { t: now, delay_s: km / C_KM_S, hops, bottleneck_bps: slowest, loss: 0.0 }
                }
                None => PathSample { t: now, delay_s: f64::NAN, hops: 0, bottleneck_bps: 0.0, loss: 0.0 },
            });
        }
    }

    /// Network-wide losses by reason, data and ACKs.
    pub fn losses(&self) -> Losses {
        self.flows.iter().fold(Losses::default(), |a, f| Losses {
            queue: a.queue + f.result.lost.queue + f.result.acks_lost.queue,
            no_route: a.no_route + f.result.lost.no_route + f.result.acks_lost.no_route,
        })
    }

    fn update(&mut self) -> Result<(), String> {
        self.source.snapshot(self.now, &mut self.snap)?;
        let (sats, nodes) = (self.sats as u32, self.fwd.nodes as u32);
        if self.snap.positions.len() != nodes as usize {
            return Err(format!("the source gave {} positions for {nodes} nodes", self.snap.positions.len()));
        }
        if let Some(&(a, b)) = self.snap.isls.iter().find(|&&(a, b)| a >= sats || b >= sats || a == b) {
            return Err(format!("the source gave an ISL {a}-{b} that does not join two satellites"));
        }
        if let Some(&(g, s)) = self.snap.gsls.iter().find(|&&(g, s)| g < sats || g >= nodes || s >= sats) {
            return Err(format!(
                "the source gave a ground link {g}-{s} that does not join a ground station to a satellite"
            ));
        }
        self.fwd.compute(self.sats, &self.snap);
        self.sample_paths();
        self.trace_route();
        let next = self.now + self.o.update;
        if next < self.o.end {
            self.events.schedule(next, Ev::Update);
        }
        Ok(())
    }

    /// The flow's next send: a UDP packet (and the next one after it), or TCP's first window.
    fn send(&mut self, f: u32) {
        let flow = &mut self.flows[f as usize];
        match flow.spec.traffic {
            Traffic::Udp { rate_bps } => {
                let p = Pkt::new(f, flow.spec.dst, UDP_WIRE_BYTES, self.now, Body::Udp(flow.result.sent));
                flow.result.sent += 1;
                flow.interval.0 += 1;
                let gap = SimDuration((UDP_PACING_BYTES * 8e9 / rate_bps).ceil().max(1.0) as u64);
                let next = self.now + gap;
                if next < self.o.end {
                    self.events.schedule(next, Ev::Send(f));
                }
                let src = flow.spec.src;
                let p = self.trace_send(p, src, None);
                self.forward(p, src);
            }
            Traffic::Tcp { .. } => self.pump(f, false),
        }
    }

    /// Sends what the TCP sender of flow `f` may send now (`timer_fired`: just after its
    /// retransmission timer fired), and arms its timer.
    fn pump(&mut self, f: u32, timer_fired: bool) {
        let now = self.now;
        let mut flow = &mut self.flows[f as usize];
        let Some(tcp) = flow.tcp.as_mut() else { return };
        let segs = if now < self.o.end { tcp.poll_send(now) } else { vec![] };
        flow.result.sent += segs.len() as u64;
        flow.interval.0 += segs.len() as u64;
        let (src, dst) = (flow.spec.src, flow.spec.dst);
        if let Some(t) = tcp.timer() {
            if flow.timer_at.is_none_or(|s| t < s) {
                flow.timer_at = Some(t);
                self.events.schedule(t, Ev::Timer(f));
            }
        }
        for seg in segs {
            let again = seg.seq < flow.next_new;
            flow.next_new = flow.next_new.max(seg.seq + 1);
            let p = Pkt::new(f, dst, TCP_WIRE_BYTES, now, Body::Data(seg));
            // As `network::transfer` says it: the resend the timer makes is the timer's, those
            // the ACKs bring on after it are loss detection's.
            let reason = again.then_some(if timer_fired { Reason::TimerExpired } else { Reason::LossDetected });
            let p = self.trace_send(p, src, reason);
            self.forward(p, src);
            flow = &mut self.flows[f as usize];
        }
    }

    fn timer(&mut self, f: u32) {
        let now = self.now;
        let flow = &mut self.flows[f as usize];
        // An event for a deadline since moved earlier (a later one is pending): nothing to do.
        if flow.timer_at != Some(now) {
            return;
        }
        flow.timer_at = None;
        let mut fired = false;
        if let Some(tcp) = flow.tcp.as_mut() {
            if tcp.timer().is_some_and(|t| t <= now) {
                let before = tcp.stats().timeouts;
                tcp.on_timer(now);
                fired = tcp.stats().timeouts > before;
                if fired {
                    let (src, una) = (flow.spec.src, tcp.sender().snd_una());
                    self.trace_timeout(f, src, una);
                }
            }
        }
        self.pump(f, fired);
    }

    /// Packet `p` is at node `at`: delivered there, or queued on the device towards its next
    /// hop, or lost for want of one.
    fn forward(&mut self, mut p: Pkt, at: u32) {
        if at == p.to {
            return self.receive(p);
        }
        let Some(hop) = self.fwd.next_hop(p.to, at) else {
            self.lose(&p, false, at);
            return;
        };
        let dev = if (at as usize) < self.sats && (hop as usize) < self.sats {
            let out = &mut self.isl_device[at as usize];
            match out.iter().find(|&&(to, _)| to == hop) {
                Some(&(_, d)) => d,
                None => {
                    let d = self.devices.len() as u32;
                    self.devices.push(Device::new(at, Some(hop), self.o.isl_rate_bps, self.o.isl_queue));
                    out.push((hop, d));
                    d
                }
            }
        } else {
            at
        };
        p.hop = hop;
        let d = &mut self.devices[dev as usize];
        (p.queued, p.ahead) = (self.now, (d.link.queued() + usize::from(d.link.busy())) as u32);
        let mut wire = AtRate { rate_bps: d.rate_bps, bits: wire_bits };
        if let Some(finish) = d.link.offer(self.now, p, &mut wire, &mut NoRates, &mut self.drops) {
            self.events.schedule(finish, Ev::TxEnd(dev));
            self.trace_hop(dev);
        }
        for (p, _) in std::mem::take(&mut self.drops) {
            self.lose(&p, true, at);
        }
    }

    /// Counts packet `p` lost at node `at`, at a queue or for want of a route.
    fn lose(&mut self, p: &Pkt, at_queue: bool, at: u32) {
        self.trace_drop(p, at, if at_queue { Reason::Overflow } else { Reason::NoRoute });
        let flow = &mut self.flows[p.flow as usize];
        let ack = matches!(p.body, Body::Feedback(_));
        let losses = if ack { &mut flow.result.acks_lost } else { &mut flow.result.lost };
        if at_queue {
            losses.queue += 1;
        } else {
            losses.no_route += 1;
        }
        if !ack {
            flow.interval.1 += 1;
        }
    }

    /// Device `dev`'s transmission ended: its packet travels to its hop, the next starts.
    fn transmitted(&mut self, dev: u32) {
        let d = &mut self.devices[dev as usize];
        let mut wire = AtRate { rate_bps: d.rate_bps, bits: wire_bits };
        let Some(sent) = d.link.transmitted(self.now, &mut wire, &mut NoRates, &mut self.drops) else { return };
        d.busy = SimDuration(d.busy.0 + SimDuration::from_secs_f64(wire_bits(&sent.item) / d.rate_bps).0);
        if let Some(next) = sent.next {
            self.events.schedule(next, Ev::TxEnd(dev));
        }
        let from = d.from;
        if sent.next.is_some() {
            self.trace_hop(dev);
        }
        let km = distance_km(&self.snap.positions[from as usize], &self.snap.positions[sent.item.hop as usize]);
        let slot = match self.free.pop() {
            Some(slot) => {
                self.flying[slot as usize] = Some(sent.item);
                slot
            }
            None => {
                self.flying.push(Some(sent.item));
                (self.flying.len() - 1) as u32
            }
        };
        self.events.schedule(self.now + SimDuration::from_secs_f64(km / C_KM_S), Ev::Arrive(slot));
    }

    /// Packet `p` reached the end it was going to.
    fn receive(&mut self, p: Pkt) {
        let now = self.now;
        let bucket = (now.as_nanos() / self.o.bucket.as_nanos()) as usize;
        let f = p.flow;
        let at = p.to;
        self.trace_arrive(&p, at);
        let flow = &mut self.flows[f as usize];
        let credit = |r: &mut FlowResult, bytes: u64| {
            r.goodput_bytes += bytes;
            if r.goodput_series.len() <= bucket {
                r.goodput_series.resize(bucket + 1, 0);
            }
            r.goodput_series[bucket] += bytes;
        };
        match p.body {
            Body::Udp(_) => {
                flow.result.received += 1;
                let delay = (now - p.born).as_secs_f64();
                flow.delay_sum += delay;
                flow.result.delay_max_s = flow.result.delay_max_s.max(delay);
                credit(&mut flow.result, u64::from(UDP_PAYLOAD_BYTES));
            }
            Body::Data(seg) => {
                flow.result.received += 1;
                let delay = (now - p.born).as_secs_f64();
                flow.delay_sum += delay;
                flow.result.delay_max_s = flow.result.delay_max_s.max(delay);
                let Some(tcp) = flow.tcp.as_mut() else { return };
                if let Some(fb) = tcp.on_segment(&seg, now) {
                    let Feedback::Ack(ack) = &fb;
                    let bytes = ACK_WIRE_BYTES + SACK_BLOCK_BYTES * ack.sack.len() as u32;
                    let back = Pkt::new(f, flow.spec.src, bytes, now, Body::Feedback(fb));
                    let at = flow.spec.dst;
                    let back = self.trace_ack(back, at);
                    self.forward(back, at);
                }
            }
            Body::Feedback(fb) => {
                let Some(tcp) = flow.tcp.as_mut() else { return };
                let Feedback::Ack(ack) = &fb;
                if ack.ts_echo <= now {
                    flow.rtt_sum += (now - ack.ts_echo).as_secs_f64();
                    flow.rtt_n += 1;
                }
                tcp.on_feedback(&fb, now);
                let acked = tcp.stats().acked;
                if acked > flow.acked {
                    credit(&mut flow.result, (acked - flow.acked) * u64::from(TCP_MSS_BYTES));
                    flow.acked = acked;
                }
                if let Traffic::Tcp { segments: Some(n), .. } = flow.spec.traffic {
                    if acked >= n && flow.result.completed.is_none() {
                        flow.result.completed = Some(now);
                    }
                }
                self.pump(f, false);
            }
        }
    }
}

#[path = "mesh_trace.rs"]
mod trace;

#[cfg(test)]
#[path = "mesh_tests.rs"]
mod tests;
