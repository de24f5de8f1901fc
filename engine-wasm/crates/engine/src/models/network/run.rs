//! A running network: the constellation as a moving graph, the flows of the matrix on a
//! [`Mesh`], sampled for the charts at every forwarding state, and its summary (every flow,
//! the busiest links, completion times of sized flows).

use super::matrix::{self, Stations};
use super::scenario::{FlowProtocol, NetConstellation, NetworkScenario};
use crate::kernel::{SimDuration, SimTime};
use crate::metrics::{SeriesInfo, SeriesKind};
use crate::models::{Ctx, Scenario};
use crate::network::catalogue_graph::CatalogueGraph;
use crate::network::grid_shell::GridShell;
use crate::network::hypatia_load::{kuiper_630_over, starlink_550_over, CATALOGUE_MIN_ELEVATION_DEG};
use crate::network::mesh::{FlowSpec, Mesh, MeshOptions, Snapshot, Source, Traffic, TCP_MSS_BYTES};
use crate::network::shape::Shape;
use crate::orbit::catalogue::ShellRules;
use crate::scenario::{FieldError, ScenarioError};
use serde::Serialize;
use std::collections::HashMap;

/// A link above this share of busy time in a sampling interval counts as congested.
pub const CONGESTED: f64 = 0.9;
/// Links the summary names, busiest first.
pub const BUSIEST_LINKS: usize = 10;

/// The constellation under the network: a Hypatia shell or a real catalogue.
pub enum Graph {
    /// Hypatia's element sets for a Walker shell.
    Shell(GridShell),
    /// A real catalogue.
    Catalogue(CatalogueGraph),
}

impl Source for Graph {
    fn satellites(&self) -> usize {
        match self {
            Graph::Shell(g) => g.satellites(),
            Graph::Catalogue(g) => g.satellites(),
        }
    }

    fn ground_stations(&self) -> usize {
        match self {
            Graph::Shell(g) => g.ground_stations(),
            Graph::Catalogue(g) => g.ground_stations(),
        }
    }

    fn snapshot(&mut self, t: SimTime, out: &mut Snapshot) -> Result<(), String> {
        match self {
            Graph::Shell(g) => g.snapshot(t, out),
            Graph::Catalogue(g) => g.snapshot(t, out),
        }
    }
}

/// The graph of a scenario's constellation over its stations, with its name and potential ISLs.
pub fn graph(n: &NetworkScenario, st: &Stations) -> Result<(Graph, String, usize), String> {
    match n.constellation {
        NetConstellation::Kuiper630 => {
            let g = kuiper_630_over(&st.hypatia_text())?;
            let isls = g.isls().len();
            Ok((Graph::Shell(g), "Kuiper-630 (34 x 34 at 630 km, 51.9°)".into(), isls))
        }
        NetConstellation::Starlink550 => {
            let g = starlink_550_over(&st.hypatia_text())?;
            let isls = g.isls().len();
            Ok((Graph::Shell(g), "Starlink shell 1 (72 x 22 at 550 km, 53°)".into(), isls))
        }
        NetConstellation::Catalogue => {
            let text = n.tle.as_deref().unwrap_or("");
            let positions: Vec<(f64, f64)> = st.list.iter().map(|&(_, lat, lon)| (lat, lon)).collect();
            let g = CatalogueGraph::new(text, &ShellRules::default(), &positions, CATALOGUE_MIN_ELEVATION_DEG, None)?;
            let isls = g.isls();
            let name = "a real catalogue, +Grid in every shell".to_string();
            Ok((Graph::Catalogue(g), name, isls))
        }
    }
}

/// The flows of a scenario on the mesh, and the mesh's options.
pub fn flows_and_options(s: &Scenario, satellites: usize, pairs: &[(u32, u32)]) -> (Vec<FlowSpec>, MeshOptions) {
    let n = &s.network;
    let traffic = match n.protocol {
        FlowProtocol::Tcp => {
            Traffic::Tcp { cc: n.cc, segments: n.flow_bytes.map(|b| b.div_ceil(u64::from(TCP_MSS_BYTES))) }
        }
        FlowProtocol::Udp => Traffic::Udp { rate_bps: n.udp_rate_bps() },
    };
    let node = |k: u32| satellites as u32 + k;
    let flows =
        pairs.iter().map(|&(a, b)| FlowSpec { src: node(a), dst: node(b), start: SimTime::ZERO, traffic }).collect();
    let update = SimDuration::from_secs_f64(n.update_ms / 1e3);
    let end = SimTime::from_secs_f64(s.duration_s);
    let o = MeshOptions {
        isl_rate_bps: n.isl_rate_mbps * 1e6,
        gsl_rate_bps: n.gsl_rate_mbps * 1e6,
        isl_queue: n.isl_queue_pkts as usize,
        gsl_queue: n.gsl_queue_pkts as usize,
        update,
        // The model samples its own series (`NetworkRun::tick`): one bucket of the mesh's
        // per-flow goodput for the whole run keeps its memory flat.
        bucket: SimDuration(end.as_nanos() + 1),
        end,
        // The driver's budgets bound the run ([`crate::sim::RunBudget`]).
        max_events: u64::MAX,
    };
    (flows, o)
}

/// The series, in column order.
pub fn series_info() -> Vec<SeriesInfo> {
    let s = |id, label, unit, kind, chart| SeriesInfo { id, label, unit, kind, chart, band: false };
    vec![
        s("goodput_mbps", "Aggregate goodput", "Mb/s", SeriesKind::SumRate, "Aggregate goodput"),
        s("loss_pps", "Data packets lost", "packets/s", SeriesKind::SumRate, "Losses"),
        s("busiest_util", "Busiest link", "fraction busy", SeriesKind::Mean, "Links"),
        s("congested_links", "Links over 90 % busy", "links", SeriesKind::Mean, "Congested links"),
        s("follow_goodput_mbps", "Followed flow's goodput", "Mb/s", SeriesKind::SumRate, "Followed flow's goodput"),
        s("follow_delay_ms", "Followed flow's path delay", "ms", SeriesKind::Mean, "Followed flow's path"),
        s("follow_hops", "Followed flow's path links", "links", SeriesKind::Mean, "Followed flow's links"),
    ]
}

/// A running network.
pub struct NetworkRun {
    pub(super) mesh: Mesh<Graph>,
    pub(super) stations: Stations,
    pub(super) pairs: Vec<(u32, u32)>,
    pub(super) satellites: usize,
    isls: usize,
    constellation: String,
    traffic: String,
    pub(super) follow: usize,
    /// What the globe draws of the constellation, and each potential ISL's index in it by its
    /// ends (lower first).
    pub(super) shape: Shape,
    pub(super) link_of: HashMap<(u32, u32), usize>,
    /// Each device's share of the last sampling interval spent sending.
    pub(super) util: Vec<f64>,
    /// The series' sampling period: the recorder's bucket.
    period: SimDuration,
    end: SimTime,
    /// The end of the next sampling interval, and the end of the last one sampled.
    next_tick: SimTime,
    last_tick: SimTime,
    /// At the last sample: goodput of every flow and of the followed flow [bytes], data lost,
    /// and each device's busy time.
    last_goodput: u64,
    last_follow: u64,
    last_lost: u64,
    last_busy: Vec<(SimDuration, u64)>,
    load: Vec<(SimDuration, u64)>,
    counted: u64,
    stopped: Option<String>,
}

impl NetworkRun {
    /// The run of a validated scenario.
    pub fn new(s: &Scenario) -> Result<NetworkRun, ScenarioError> {
        let n = &s.network;
        let err = |field: &str, m: String| ScenarioError::Invalid(vec![FieldError::new(field, m)]);
        let stations = Stations::parse(n.stations.as_deref()).map_err(|m| err("network.stations", m))?;
        let pairs = matrix::flows(n, &stations, s.seed).map_err(|(f, m)| err(f, m))?;
        let field =
            if n.constellation == NetConstellation::Catalogue { "network.tle" } else { "network.constellation" };
        let (graph, constellation, isls) = graph(n, &stations).map_err(|m| err(field, m))?;
        let satellites = graph.satellites();
        let shape = match &graph {
            Graph::Shell(g) => g.shape(),
            Graph::Catalogue(g) => g.shape(),
        };
        let link_of = shape.links.iter().enumerate().map(|(k, l)| ((l.a.min(l.b), l.a.max(l.b)), k)).collect();
        let (flows, o) = flows_and_options(s, satellites, &pairs);
        let mut mesh = Mesh::new(graph, &flows, o).map_err(|m| err("network", m))?;
        let follow = (n.follow as usize).min(flows.len().saturating_sub(1));
        mesh.record_paths(follow).map_err(|m| err("network.follow", m))?;
        let traffic = match n.protocol {
            FlowProtocol::Tcp => match n.flow_bytes {
                Some(b) => format!("TCP {} sending {b} bytes", n.cc.label()),
                None => format!("long-lived TCP {}", n.cc.label()),
            },
            FlowProtocol::Udp => format!("UDP at {} Mb/s", crate::sim::num(n.udp_rate_bps() / 1e6)),
        };
        let period = SimDuration::from_secs_f64(s.metrics.bucket_s).max(SimDuration(2));
        Ok(NetworkRun {
            mesh,
            stations,
            pairs,
            satellites,
            isls,
            constellation,
            traffic,
            follow,
            shape,
            link_of,
            util: vec![],
            period,
            end: o.end,
            next_tick: SimTime::ZERO + period,
            last_tick: SimTime::ZERO,
            last_goodput: 0,
            last_follow: 0,
            last_lost: 0,
            last_busy: vec![],
            load: vec![],
            counted: 0,
            stopped: None,
        })
    }

    /// The time of the network's next event, if one is due before the end.
    pub fn next_event(&self) -> Option<SimTime> {
        self.mesh.next_event().filter(|&t| t <= self.end && self.stopped.is_none())
    }

    /// The time of the network's next packet event, if one is due before the end.
    pub fn next_packet_event(&self) -> Option<SimTime> {
        self.mesh.next_packet_event().filter(|&t| t <= self.end && self.stopped.is_none())
    }

    /// The packet trace's nodes, by mesh node: the satellites, then the ground stations.
    pub fn trace_nodes(&self) -> Vec<String> {
        (0..self.satellites)
            .map(|n| format!("satellite {n}"))
            .chain(self.stations.list.iter().take(self.mesh.source().ground_stations()).map(|s| s.0.clone()))
            .collect()
    }

    /// Events scheduled and not yet processed.
    pub fn pending(&self) -> usize {
        self.mesh.pending_events()
    }

    /// Runs the network to `t`, sampling the series at the end of every bucket of the
    /// recorder (and at the end of the run); returns early when the driver asks
    /// ([`Ctx::yield_due`]).
    pub fn advance(&mut self, t: SimTime, ctx: &mut Ctx) {
        while self.stopped.is_none() && !ctx.yield_due() {
            // A bucket's sample is taken a nanosecond before its end: what happens at the
            // boundary (a forwarding update) belongs to the next one.
            let sample_at = SimTime(self.next_tick.as_nanos() - 1);
            let target = t.min(sample_at).min(self.end);
            // The followed flow's packets go into the run's trace while the app (or the CLI)
            // records one.
            self.mesh.trace_flow(Some(self.follow));
            let ran = self.mesh.with_trace(&mut ctx.trace, |m| m.run_until(target));
            if let Err(m) = ran {
                self.stopped = Some(m);
                break;
            }
            ctx.processed += self.mesh.events() - self.counted;
            self.counted = self.mesh.events();
            ctx.now = ctx.now.max(target);
            if target == sample_at {
                self.tick(sample_at, ctx);
                self.next_tick += self.period;
            } else if target == self.end && self.end > self.last_tick {
                // The run's last, shorter, interval.
                self.tick(self.end, ctx);
            }
            if target >= t || target >= self.end {
                break;
            }
        }
    }

    /// Samples the interval from the last sample to `at`.
    fn tick(&mut self, at: SimTime, ctx: &mut Ctx) {
        let interval = (at - self.last_tick).as_secs_f64();
        self.last_tick = at;
        let total: u64 = (0..self.pairs.len()).map(|k| self.mesh.goodput_bytes(k)).sum();
        let follow = self.mesh.goodput_bytes(self.follow);
        let lost = self.mesh.data_lost();
        ctx.recorder.sample(0, at, (total - self.last_goodput) as f64 * 8.0 / 1e6);
        ctx.recorder.sample(1, at, (lost - self.last_lost) as f64);
        self.mesh.device_load(&mut self.load);
        self.last_busy.resize(self.load.len(), (SimDuration::ZERO, 0));
        let (mut busiest, mut congested) = (0.0f64, 0u32);
        // A sliver: an interval under half a bucket after a whole one (the run's end a
        // nanosecond after a bucket's sample, or a duration not a whole number of buckets). A
        // packet's sending time is credited when it ends, so over a sliver the shares mean
        // nothing (a nanosecond holding a whole transmission): the globe keeps the loads of the
        // bucket before, and the busiest and congested links are not sampled.
        let keep = !self.util.is_empty() && interval < 0.5 * self.period.as_secs_f64();
        if !keep {
            self.util.clear();
        }
        for (b, last) in self.load.iter().zip(&self.last_busy) {
            let u = (b.0.as_secs_f64() - last.0.as_secs_f64()) / interval;
            busiest = busiest.max(u);
            congested += u32::from(u > CONGESTED);
            if !keep {
                self.util.push(u.min(1.0));
            }
        }
        std::mem::swap(&mut self.load, &mut self.last_busy);
        if !keep {
            ctx.recorder.sample(2, at, busiest.min(1.0));
            ctx.recorder.sample(3, at, f64::from(congested));
        }
        ctx.recorder.sample(4, at, (follow - self.last_follow) as f64 * 8.0 / 1e6);
        if let Some(p) = self.mesh.latest_path(self.follow).filter(|p| p.delay_s.is_finite()) {
            ctx.recorder.sample(5, at, p.delay_s * 1e3);
            ctx.recorder.sample(6, at, f64::from(p.hops));
        }
        (self.last_goodput, self.last_follow, self.last_lost) = (total, follow, lost);
    }

    /// The summary at `now` (called at every frame of the app: its cost is one pass over the
    /// devices, the ten busiest named).
    pub fn summarise(&mut self, now: SimTime) -> NetworkSummary {
        let elapsed = now.min(self.end).min(self.mesh.now()).as_secs_f64();
        let results = self.mesh.flow_results();
        let name = |k: u32| self.stations.list[k as usize].0.clone();
        let node_name = |n: u32| {
            if (n as usize) < self.satellites {
                format!("satellite {n}")
            } else {
                name(n - self.satellites as u32)
            }
        };
        let rate = |bytes: u64| if elapsed > 0.0 { bytes as f64 * 8.0 / elapsed / 1e6 } else { 0.0 };
        let ms = |s: f64| s.is_finite().then_some(s * 1e3);
        let flows: Vec<FlowRow> = results
            .iter()
            .zip(&self.pairs)
            .map(|(r, &(a, b))| FlowRow {
                from: name(a),
                to: name(b),
                goodput_mbps: rate(r.goodput_bytes),
                rtt_ms: ms(r.rtt_mean_s),
                delay_ms: ms(r.delay_mean_s),
                sent: r.sent,
                lost: r.lost.queue + r.lost.no_route,
                retransmits: r.retransmits,
                timeouts: r.timeouts,
                completed_s: r.completed.map(|t| t.as_secs_f64()),
            })
            .collect();
        // The busiest devices: most time sending, then most dropped, then the first made.
        self.mesh.device_load(&mut self.load);
        let mut order: Vec<usize> = (0..self.load.len()).filter(|&i| self.load[i] != (SimDuration::ZERO, 0)).collect();
        let rank = |load: &[(SimDuration, u64)], a: usize, b: usize| {
            (load[b].0, load[b].1).cmp(&(load[a].0, load[a].1)).then(a.cmp(&b))
        };
        if order.len() > BUSIEST_LINKS {
            order.select_nth_unstable_by(BUSIEST_LINKS - 1, |&a, &b| rank(&self.load, a, b));
            order.truncate(BUSIEST_LINKS);
        }
        order.sort_by(|&a, &b| rank(&self.load, a, b));
        let links: Vec<LinkRow> = order
            .into_iter()
            .filter_map(|i| self.mesh.link_result(i))
            .map(|l| LinkRow {
                link: match l.isl_to {
                    Some(to) => format!("ISL {} → {}", node_name(l.from), node_name(to)),
                    None => format!("{}'s ground link", node_name(l.from)),
                },
                isl: l.isl_to.is_some(),
                utilization: if elapsed > 0.0 { (l.busy.as_secs_f64() / elapsed).min(1.0) } else { 0.0 },
                sent: l.sent,
                dropped: l.dropped,
            })
            .collect();
        let sent: u64 = results.iter().map(|r| r.sent).sum();
        let lost_queue: u64 = results.iter().map(|r| r.lost.queue).sum();
        let lost_no_route: u64 = results.iter().map(|r| r.lost.no_route).sum();
        let acks_lost: u64 = results.iter().map(|r| r.acks_lost.queue + r.acks_lost.no_route).sum();
        let rtts: Vec<f64> = flows.iter().filter_map(|f| f.rtt_ms).collect();
        let sized = matches!(self.mesh_traffic(), Some(Traffic::Tcp { segments: Some(_), .. }));
        let completion = sized.then(|| {
            let mut done: Vec<f64> = flows.iter().filter_map(|f| f.completed_s).collect();
            done.sort_by(f64::total_cmp);
            let at = |q: f64| {
                (!done.is_empty()).then(|| done[((q * done.len() as f64).ceil() as usize).clamp(1, done.len()) - 1])
            };
            Completion {
                flows: flows.len(),
                finished: done.len(),
                median_s: at(0.5),
                p90_s: at(0.9),
                max_s: done.last().copied(),
            }
        });
        let path = self.mesh.latest_path(self.follow);
        NetworkSummary {
            constellation: self.constellation.clone(),
            satellites: self.satellites,
            isls: self.isls,
            ground_stations: self.stations.list.len(),
            traffic: self.traffic.clone(),
            elapsed_s: elapsed,
            goodput_mbps: flows.iter().map(|f| f.goodput_mbps).sum(),
            sent,
            lost_queue,
            lost_no_route,
            acks_lost,
            loss_ratio: if sent > 0 { (lost_queue + lost_no_route) as f64 / sent as f64 } else { 0.0 },
            rtt_ms_mean: (!rtts.is_empty()).then(|| rtts.iter().sum::<f64>() / rtts.len() as f64),
            busiest_utilization: links.first().map_or(0.0, |l| l.utilization),
            busiest_links: links,
            completion,
            follow: FollowRow {
                flow: self.follow,
                delay_ms: path.and_then(|p| ms(p.delay_s)),
                links: path.filter(|p| p.delay_s.is_finite()).map(|p| p.hops),
            },
            flows,
            stopped: self.stopped.clone(),
        }
    }

    fn mesh_traffic(&self) -> Option<Traffic> {
        self.mesh.flow_spec(0).map(|f| f.traffic)
    }
}

/// One flow in the summary.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct FlowRow {
    /// The sending station.
    pub from: String,
    /// The receiving station.
    pub to: String,
    /// Payload delivered (UDP) or acknowledged (TCP) over the time run so far [Mb/s].
    pub goodput_mbps: f64,
    /// Mean round-trip time of its ACKs [ms] (TCP; `null` before the first).
    pub rtt_ms: Option<f64>,
    /// Mean one-way delay of its data packets [ms] (`null` before the first arrives).
    pub delay_ms: Option<f64>,
    /// Data packets sent.
    pub sent: u64,
    /// Data packets lost (queues and no route).
    pub lost: u64,
    /// TCP retransmissions.
    pub retransmits: u64,
    /// TCP retransmission timeouts.
    pub timeouts: u64,
    /// When a sized TCP flow had all its bytes acknowledged [s].
    pub completed_s: Option<f64>,
}

/// One link (a device: an ISL's one direction, or a node's ground-link device) in the summary.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct LinkRow {
    /// Its name: `ISL satellite 12 → satellite 13`, `Tokyo's ground link`.
    pub link: String,
    /// An ISL (else a ground-link device).
    pub isl: bool,
    /// Share of the run so far it spent sending.
    pub utilization: f64,
    /// Packets it sent.
    pub sent: u64,
    /// Packets its full queue dropped.
    pub dropped: u64,
}

/// Completion times of sized flows.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct Completion {
    /// Flows.
    pub flows: usize,
    /// Flows completed so far.
    pub finished: usize,
    /// Median completion time of those completed [s].
    pub median_s: Option<f64>,
    /// 90th percentile [s].
    pub p90_s: Option<f64>,
    /// The last [s].
    pub max_s: Option<f64>,
}

/// The followed flow's path under the latest forwarding state.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct FollowRow {
    /// The flow (0 first).
    pub flow: usize,
    /// Its path's one-way propagation delay [ms]; `null` while it has no path.
    pub delay_ms: Option<f64>,
    /// Links on its path; `null` while it has none.
    pub links: Option<u32>,
}

/// What the network did so far.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct NetworkSummary {
    /// The constellation.
    pub constellation: String,
    /// Satellites in use.
    pub satellites: usize,
    /// Potential ISLs (+Grid).
    pub isls: usize,
    /// Ground stations.
    pub ground_stations: usize,
    /// What the flows carry.
    pub traffic: String,
    /// Simulated time so far [s].
    pub elapsed_s: f64,
    /// Payload delivered or acknowledged by every flow together over the time so far [Mb/s]
    /// (Hypatia's `traffic_matrix_load` metric).
    pub goodput_mbps: f64,
    /// Data packets sent.
    pub sent: u64,
    /// Data packets dropped by full queues.
    pub lost_queue: u64,
    /// Data packets dropped for want of a route.
    pub lost_no_route: u64,
    /// ACKs lost (queues and no route).
    pub acks_lost: u64,
    /// Data packets lost over those sent.
    pub loss_ratio: f64,
    /// Mean over the TCP flows of their mean round-trip time [ms].
    pub rtt_ms_mean: Option<f64>,
    /// The busiest link's share of the run spent sending.
    pub busiest_utilization: f64,
    /// The busiest links (busiest first, at most ten).
    pub busiest_links: Vec<LinkRow>,
    /// Completion times, for sized TCP flows.
    pub completion: Option<Completion>,
    /// The followed flow's path now.
    pub follow: FollowRow,
    /// Every flow, in the matrix's order.
    pub flows: Vec<FlowRow>,
    /// Why the run stopped early, if it did.
    pub stopped: Option<String>,
}

impl NetworkSummary {
    /// The flows' goodput: least, median and most [Mb/s], in words.
    pub fn flow_goodput_spread(&self) -> String {
        let mut g: Vec<f64> = self.flows.iter().map(|f| f.goodput_mbps).collect();
        g.sort_by(f64::total_cmp);
        match (g.first(), g.last()) {
            (Some(lo), Some(hi)) => {
                format!("{lo:.3} / {:.3} / {hi:.3} Mb/s (least / median / most)", g[g.len() / 2])
            }
            _ => "none".into(),
        }
    }
}
