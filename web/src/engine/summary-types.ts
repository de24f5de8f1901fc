// Generated from the engine's summary types by
// `UPDATE_DOCS=1 cargo test -p skyqueue-engine --lib summary_types`: do not edit.
// Every float is `number | null`: the engine writes NaN (the mean of nothing) as null.

/**
 * Everything a run measured (engine `sim::Summary`): the common counts, then the model's own
 * summary under its key (one of the optional fields).
 */
export interface Summary {
  /** Simulated time reached [s]. */
  simulated_s: number;
  /** Time covered by the statistics: simulated time after the warm-up [s]. */
  measured_s: number;
  /** Events processed (queue events, or topology steps). */
  events: number;
  /** Present when the model run is `queue`: a FIFO queue. */
  queue?: StationSummary;
  /** Present when the model run is `constellation`: a constellation and a pair of sites. */
  constellation?: PairSummary;
  /** Present when the model run is `voip-leo`: VoIP over LEO (paper 000). */
  voip?: VoipSummary;
  /** Present when the model run is `diffserv`: a DiffServ router (paper 001). */
  diffserv?: DiffservSummary;
  /** Present when the model run is `tcp-leo`: TCP over Iridium (paper 004). */
  transfer?: TransferSummary;
  /** Present when the model run is `link-layer`: Link-layer reliability (paper 002). */
  link?: LinkSummary;
  /** Present when the model run is `voip-dccp`: VoIP over DCCP on a GEO link (paper 003). */
  dccp?: DccpSummary;
  /** Present when the model run is `network`: a network of flows over a constellation. */
  network?: NetworkSummary;
}

/** Summary of a FIFO station run (after the warm-up). */
export interface StationSummary {
  /** Offered load rho = lambda / mu. */
  load: number | null;
  /**
   * Mean arrival rate lambda of all flows together [packets/s] (on/off flows: their rate
   * while on times the share of time on).
   */
  offered_pps: number | null;
  /**
   * Service rate mu [packets/s]: the link rate over the packet size, or the scenario's
   * service rate.
   */
  service_pps: number | null;
  /** Packets that arrived. */
  arrivals: number;
  /** Packets that finished service. */
  departures: number;
  /** Packets dropped because the buffer was full. */
  dropped_overflow: number;
  /** dropped / arrivals. */
  loss_ratio: number | null;
  /** Departures per second [packets/s]. */
  throughput_pps: number | null;
  /** Fraction of time the server was busy. */
  utilization: number | null;
  /** Time-average number of packets waiting (not in service) [packets]. */
  queue_len_mean_pkts: number | null;
  /** Waiting time before service. */
  wait: DelaySummary;
  /** Time in the system (wait + service). */
  sojourn: DelaySummary;
  /**
   * Packets delivered at the far end of the link (service then `queue.propagation_s`) by
   * the end of the run; equal to `departures` without propagation delay.
   */
  delivered: number;
  /** One-way delay of the delivered packets: wait + service + propagation. */
  delay: DelaySummary;
  /** The closed form for this configuration, where one exists. */
  theory: QueueTheory | null;
}

/** Summary of a pair run. */
export interface PairSummary {
  /** The two sites. */
  from: Site;
  /** The two sites. */
  to: Site;
  /** Topology steps computed. */
  steps: number;
  /** Handovers by type. */
  handovers: HandoverCounts;
  /** Separate intervals during which the pair was separated by the seam. */
  seam_separations: number;
  /** Fraction of steps separated by the seam. */
  seam_fraction: number | null;
  /**
   * Plane changes per end, merging inter-orbital handovers less than 30 min apart (a
   * low-latitude site bouncing between two planes at a change of plane counts once).
   */
  plane_changes: number;
  /** Mean time between intra-orbital handovers at one end [min]. */
  intra_orbital_interval_min: number | null;
  /** One-way delay over the steps with a route [ms]. */
  delay_ms: MinMeanMax;
  /**
   * One-way delay of the up- and downlinks alone (terminal to access satellite) [ms];
   * paper 004 Fig. 3 bounds it to 2.6-8.2 ms for Iridium.
   */
  access_delay_ms: MinMeanMax;
  /** Hop count range. */
  hops: HopRange;
  /** Steps with no route (an end saw no satellite, or the graph was cut). */
  steps_without_route: number;
  /** ISL state changes. */
  link_changes: number;
}

/** Summary of a VoIP-over-LEO run (packets created after the warm-up). */
export interface VoipSummary {
  /** Policy label. */
  policy: string;
  /** Flows. */
  flows: number;
  /** The buffers: packets per queue (the policy's buffer rule) and in all (B). */
  buffer_pkts: VoipBuffers;
  /** Packets sent by the servers. */
  sent: number;
  /** Packets decoded by the receivers. */
  delivered: number;
  /** Useful throughput, all flows [kb/s]. */
  throughput_kbps: number | null;
  /** Mean one-way latency, server to receiver [ms]. */
  latency_ms: number | null;
  /** 95th percentile of the latency [ms]. */
  latency_p95_ms: number | null;
  /** RFC 3550 interarrival jitter, mean over flows [ms]. */
  jitter_ms: number | null;
  /** Standard deviation of the latency [ms]. */
  delay_std_ms: number | null;
  /** Lost to queue overflow, timeout and HARQ failure [% of sent]. */
  loss_pct: LossBreakdown;
  /**
   * HARQ: % of decoded-or-dropped packets needing 0, 1, 2, 3 retransmissions, and dropped
   * (paper 000 Table II).
   */
  harq_retx_pct: [number | null, number | null, number | null, number | null, number | null];
  /** % decoded at the first transmission among packets sent on the link (paper 000 Fig. 4). */
  first_tx_decoded_pct: number | null;
  /** Useful bits / coded bits on the LMS link (paper 000 Fig. 6). */
  spectral_efficiency: number | null;
  /** Useful and coded load on the LMS link [Mb/s]. */
  load_mbps: VoipLoad;
  /** E-model from the mean latency and total loss (codec and advantage from the scenario). */
  emodel: EModelOutput;
}

/** Summary of a diffserv run (after the warm-up). */
export interface DiffservSummary {
  /** `PSS` or `DWRR`. */
  sharing: string;
  /** K_AF (eq. 2). */
  k_af: number | null;
  /** PSS parameters derived from the weights (eqs. 3-5), if PSS. */
  pss: PssParams | null;
  /** Measured output rates [Mb/s]: EF, AF, CS0. */
  rates_mbps: [number | null, number | null, number | null];
  /** Mean EF rate offered by the source [Mb/s] and mean link capacity [Mb/s]. */
  ef_offered_mbps: number | null;
  /** Mean link capacity over the measured span [Mb/s]. */
  capacity_mbps: number | null;
  /**
   * Theory [Mb/s]: WRR AF (eq. 1), WRR CS0 (eq. 6), PSS AF (eq. 7), PSS CS0 (eq. 8),
   * averaged over the measured span when the capacity or EF vary.
   */
  theory_mbps: [number | null, number | null, number | null, number | null];
  /** AF's target BW C_avg [Mb/s] (PSS). */
  af_target_mbps: number | null;
  /** Lowest and highest credit seen [bits] (PSS). */
  credit_range_bits: [number | null, number | null] | null;
  /** Priority switches of AF (PSS). */
  switches: number | null;
  /** Jain's fairness index of the goodputs within AF and within CS0. */
  jain: [number | null, number | null];
  /**
   * Goodput of each TCP flow [Mb/s] (in-order data delivered after the warm-up), AF flows
   * first, then CS0.
   */
  goodput_mbps: [(number | null)[], (number | null)[]];
  /** Drops at the class buffers: EF, AF, CS0. */
  drops: [number, number, number];
}

/** What the transfer has done so far, and the route's handovers. */
export interface TransferSummary {
  /** Sending site, as the scenario names it. */
  from: string;
  /** Receiving site. */
  to: string;
  /** File size [bytes]; null for unlimited bulk. */
  bytes: number | null;
  /** `low` or `high` (paper 004 Table 3). */
  throughput: string;
  /** The up- and down-links' rate at that throughput [b/s]. */
  access_bps: number | null;
  /** The inter-satellite links' rate [b/s]. */
  isl_bps: number | null;
  /**
   * Every link's queue limit (ns-2's `limit_`: at most one fewer wait besides the packet
   * being sent), when it is fixed before the transfer starts; null when it is the start's BDP.
   */
  queue_limit_packets: number | null;
  /** A data packet on a satellite link [bytes]: `packet_bytes` plus the TCP/IP and link headers. */
  data_wire_bytes: number;
  /** Congestion control (`cubic`, `new-reno`). */
  cc: string;
  /** When the transfer starts [s]. */
  start_s: number | null;
  /** Whether it has started. */
  started: boolean;
  /** From the start to the last byte at the receiver [s]; null until the file is delivered. */
  transfer_s: number | null;
  /** Bytes delivered in order to the receiving application. */
  delivered_bytes: number;
  /** Delivered bytes over the time since the start (or the transfer time) [Mb/s]. */
  mean_throughput_mbps: number | null;
  /** The sender's congestion window [segments]. */
  cwnd_segments: number | null;
  /** The sender's smoothed RTT [ms]; null before the first sample. */
  srtt_ms: number | null;
  /** The route's round trip when the transfer started [ms]. */
  start_rtt_ms: number | null;
  /** Packets that may wait on every link besides the one being sent (ns-2 queue limit less one). */
  buffer_packets: number;
  /** Segments sent again. */
  retransmits: number;
  /** Retransmission timeouts. */
  timeouts: number;
  /** Packets dropped at a full buffer. */
  queue_drops: number;
  /** Packets sent while the sites had no route. */
  no_route_drops: number;
  /** How handovers happen: `ns2` (ns-2's handoff) or `continuous`. */
  handoff: string;
  /** Packets lost at handovers (ns-2's handoff: queued for a satellite the site had left). */
  handoff_drops: number;
  /**
   * Each handover of either site during the transfer (ns-2's handoff only): when, which site
   * moved, the queues it found and the packets it lost.
   */
  handoffs: HandoffLoss[];
  /** ACKs that arrived after an ACK sent later (a route change reordered them). */
  reordered_acks: number;
  /** The route between the sites: handovers, delay and hops. */
  route: PairSummary;
}

/** What the link has done so far, beside its closed forms. */
export interface LinkSummary {
  /** The scheme in words (`HARQ-II 5/7, N_S 1, R 2`). */
  scheme: string;
  /** LLDUs sent (one per slot). */
  slots: number;
  /** Time to send one LLDU [µs]. */
  slot_us: number | null;
  /** The round trip in slots. */
  feedback_slots: number;
  /** Data LLDUs per IP packet. */
  lldus_per_packet: number;
  /** Fraction of slots in the Bad state. */
  bad_fraction: number | null;
  /** Fraction of LLDUs erased. */
  erased_fraction: number | null;
  /** Fraction of LLDUs that were retransmissions or later repair rounds. */
  resent_fraction: number | null;
  /** Data LLDUs delivered per LLDU sent. */
  efficiency: number | null;
  /** Mean recovery delay of the delivered data LLDUs, one-way time included [ms]. */
  lldu_delay_ms: number | null;
  /** Fraction of data LLDUs given up. */
  residual_loss: number | null;
  /** IP packets delivered. */
  packets: number;
  /** IP packets lost. */
  packets_lost: number;
  /** Fraction of IP packets lost. */
  packet_loss: number | null;
  /** Mean delay of the delivered packets, each on its own [ms]. */
  packet_delay_ms: number | null;
  /** Mean delay of the delivered packets in order [ms]. */
  packet_in_order_delay_ms: number | null;
  /**
   * Goodput [Mb/s]: useful bits delivered once, over the time the traffic ran. With TCP the
   * TCP table's `goodput_kbps` (the file's segments delivered in order, from the start to
   * the last one, or to now while the file is coming); with a saturating source the IP
   * packets delivered over the run.
   */
  goodput_mbps: number | null;
  /** The closed forms. */
  theory: LinkTheorySummary;
  /** The channel trace the run reads, if any (`link.channel_trace`). */
  channel_trace: TraceSummary | null;
  /** The oldest packet not yet handed up. */
  head: PacketGrid | null;
  /** The last packet handed up (or lost). */
  last: PacketGrid | null;
  /** The TCP flow, when one feeds the link. */
  tcp: TcpLinkSummary | null;
}

/** The voice flow's fate and quality, and the flows' fairness. */
export interface DccpSummary {
  /** UDP, CCID3, CCID4, CCID4-N or CCID4-SCA. */
  transport: string;
  /** The codec (or constant-rate data). */
  codec: string;
  /** Calls in the flow. */
  calls: number;
  /** Silence suppression on. */
  dtx: boolean;
  /** One codec frame's payload [bytes] (paper 003 Table I), or the data flow's packet payload. */
  frame_bytes: number | null;
  /**
   * The largest datagram's payload with every call talking [bytes]: the calls' frames, each
   * with its 4-byte trunking header, as many as fit in DCCP's maximum packet size.
   */
  payload_bytes: number | null;
  /** That datagram on the wire [bytes]. */
  packet_bytes: number | null;
  /**
   * Datagrams the application sends per interval with every call talking: one, or over DCCP
   * as many as the maximum packet size needs (paper 003's twelve G.711 calls: two).
   */
  datagrams_per_interval: number;
  /** Interval between packets [ms]. */
  interval_ms: number | null;
  /** The flow's rate on the wire with every call talking [kb/s]. */
  app_kbps: number | null;
  /**
   * TFRC's rate after the first report at the path's round trip [bytes/s] (paper 003 eq. 1
   * for CCID3/CCID4, eq. 6 for CCID4-N and at the nominal RTT for CCID4-SCA); null with UDP.
   */
  tfrc_initial_bytes_per_s: number | null;
  /** Share of frame intervals in which at least one call talked. */
  talking_share: number | null;
  /** Packets the application made (after the warm-up). */
  generated: number;
  /** Packets the transport sent. */
  sent: number;
  /** Packets played out in time. */
  played: number;
  /** Packets lost between application and transport (DCCP's full buffer). */
  lost_app: number;
  /** Packets dropped by the bottleneck's full buffer. */
  lost_queue: number;
  /** Packets lost to link errors. */
  lost_errors: number;
  /** Packets that arrived after their playout time. */
  late: number;
  /** Packets lost, every cause, per 100 made [%] (paper 003 Tables II and IV). */
  loss_pct: number | null;
  /** Lost between application and transport [%]. */
  app_loss_pct: number | null;
  /** Lost on the link, errors and full buffer [%]. */
  link_loss_pct: number | null;
  /** Late for the playout buffer [%]. */
  late_pct: number | null;
  /** Mean one-way delay of the packets that arrived, from their creation [ms]. */
  delay_ms: number | null;
  /** Mean RFC 3550 jitter over the arrivals [ms] (paper 003 Table III). */
  jitter_ms: number | null;
  /** Largest RFC 3550 jitter [ms]. */
  jitter_max_ms: number | null;
  /**
   * Mean delay above the path's least delay (RFC 5481's packet delay variation) over the
   * arrivals [ms]: the other reading of paper 003 Table III's jitter. RFC 3550's J cannot
   * exceed about twice the interval between packets on a path that keeps their order.
   */
  pdv_ms: number | null;
  /** Largest delay above the path's least [ms]. */
  pdv_max_ms: number | null;
  /**
   * The E-model's R (ITU-T G.107, advantage as set) from the loss of every cause and the
   * mean one-way delay, as paper 003 §VI computes it, on G.107's scale 0-100 (clamped as
   * Annex B clamps MOS); null for data.
   */
  r: number | null;
  /**
   * Why R is below 50 (G.109's lowest category): the dominant impairment, Ie,eff from loss
   * or Id from delay, and the clamp if eq. 7-1 summed below 0; null otherwise.
   */
  r_reason: string | null;
  /** MOS from R; null for data. */
  mos: number | null;
  /** The flow's rate played out in time [kb/s]. */
  voice_kbps: number | null;
  /** The flow's rate received, late packets included [kb/s]: its share of the link. */
  received_kbps: number | null;
  /** Each TCP flow's goodput [kb/s]. */
  tcp_kbps: (number | null)[];
  /**
   * Jain's index over the received rates of the voice flow and the TCP flows (paper 003
   * Table VI).
   */
  jain: number | null;
  /** DCCP's state, when DCCP carries the flow. */
  dccp: DccpTransportSummary | null;
}

/** What the network did so far. */
export interface NetworkSummary {
  /** The constellation. */
  constellation: string;
  /** Satellites in use. */
  satellites: number;
  /** Potential ISLs (+Grid). */
  isls: number;
  /** Ground stations. */
  ground_stations: number;
  /** What the flows carry. */
  traffic: string;
  /** Simulated time so far [s]. */
  elapsed_s: number | null;
  /**
   * Payload delivered or acknowledged by every flow together over the time so far [Mb/s]
   * (Hypatia's `traffic_matrix_load` metric).
   */
  goodput_mbps: number | null;
  /** Data packets sent. */
  sent: number;
  /** Data packets dropped by full queues. */
  lost_queue: number;
  /** Data packets dropped for want of a route. */
  lost_no_route: number;
  /** ACKs lost (queues and no route). */
  acks_lost: number;
  /** Data packets lost over those sent. */
  loss_ratio: number | null;
  /** Mean over the TCP flows of their mean round-trip time [ms]. */
  rtt_ms_mean: number | null;
  /** The busiest link's share of the run spent sending. */
  busiest_utilization: number | null;
  /** The busiest links (busiest first, at most ten). */
  busiest_links: LinkRow[];
  /** Completion times, for sized TCP flows. */
  completion: Completion | null;
  /** The followed flow's path now. */
  follow: FollowRow;
  /** Every flow, in the matrix's order. */
  flows: FlowRow[];
  /** Why the run stopped early, if it did. */
  stopped: string | null;
}

/** Delay statistics of the packets that arrived after the warm-up. */
export interface DelaySummary {
  /** Packets measured. */
  samples: number;
  /** Mean [s]. */
  mean_s: number | null;
  /** Half-width of the 95 % batch-means confidence interval of the mean [s]. */
  ci95_half_s: number | null;
  /** Median [s] (log-histogram, within 0.8 %). */
  p50_s: number | null;
  /** 95th percentile [s]. */
  p95_s: number | null;
  /** 99th percentile [s]. */
  p99_s: number | null;
  /** Largest [s]. */
  max_s: number | null;
}

/** What a closed form predicts for a queue. */
export interface QueueTheory {
  /** Kendall notation of the model, e.g. `"M/D/1"`. */
  model: string;
  /** Where the numbers come from. */
  source: string;
  /** Mean waiting time before service [s]. */
  wait_mean_s: number | null;
  /** Mean time in the system (wait + service) [s]. */
  sojourn_mean_s: number | null;
  /** Mean number waiting (not in service) [packets]. */
  queue_len_mean_pkts: number | null;
  /** Fraction of arrivals dropped. */
  loss_ratio: number | null;
  /** Fraction of time the server is busy. */
  utilization: number | null;
}

/** A named place on the (spherical) Earth. */
export interface Site {
  /** Name shown in lists and logs. */
  name: string;
  /** Latitude [deg], -90 to 90. */
  lat_deg: number | null;
  /** Longitude [deg], -180 to 180. */
  lon_deg: number | null;
}

/** Handover counts by type, summed over both ends. */
export interface HandoverCounts {
  /** Intra-orbital handovers. */
  intra_orbital: number;
  /** Inter-orbital handovers. */
  inter_orbital: number;
  /** Handovers to a satellite of another shell. */
  shell_change: number;
  /** Seam handovers (entries into seam separation). */
  seam: number;
  /**
   * Route changes with the same access satellites that a user can see: other hop count, or
   * a delay step of at least [`ISL_CHANGE_MIN_MS`].
   */
  isl_change: number;
}

/** Min, mean, max. */
export interface MinMeanMax {
  /** Smallest. */
  min: number | null;
  /** Mean over the steps. */
  mean: number | null;
  /** Largest. */
  max: number | null;
}

/** Min and max of the hop count. */
export interface HopRange {
  /** Fewest hops. */
  min: number;
  /** Most hops. */
  max: number;
}

/** The LMS link's buffers [packets], by name (a bare pair did not say which was which). */
export interface VoipBuffers {
  /**
   * Packets one queue holds, by the policy's buffer rule (B/n for DT_S and the per-flow
   * policies, B for DT_H).
   */
  per_queue: number;
  /** B: the packets the link's buffers hold in all. */
  total: number;
}

/** Loss by cause [% of packets sent]. */
export interface LossBreakdown {
  /** Queue overflow. */
  overflow: number | null;
  /** CoDeS timeout (and CoDel's drops under FQ-CoDel). */
  timeout: number | null;
  /** HARQ failure after the last retransmission. */
  harq: number | null;
  /** All causes. */
  total: number | null;
}

/** The load on the LMS link [Mb/s], by name. */
export interface VoipLoad {
  /** Voice bits sent on the link [Mb/s]. */
  useful: number | null;
  /** Coded bits sent on the link, HARQ rounds included [Mb/s]. */
  coded: number | null;
}

/** R and its parts. */
export interface EModelOutput {
  /**
   * Transmission rating factor R on G.107's scale, 0 (worst) to 100 (best): the sum of eq.
   * 7-1 clamped to it, as Annex B's MOS mapping clamps (MOS 1 for R < 0, 4.5 for R > 100).
   */
  r: number | null;
  /** R as eq. 7-1 sums it, before the clamp (below 0 when the impairments exceed Ro + A). */
  r_unclamped: number | null;
  /**
   * Why R is low, when it is below 50 (G.109 Table 1: "nearly all users dissatisfied"):
   * which impairment dominates, Ie,eff (codec and loss) or Id (delay and echo), and the
   * clamp if R was below 0.
   */
  low_r_reason: string | null;
  /** Mean opinion score from R (1 to 4.5). */
  mos: number | null;
  /** Basic signal-to-noise ratio Ro. */
  ro: number | null;
  /** Simultaneous impairment Is. */
  is: number | null;
  /** Delay impairment Id = Idte + Idle + Idd. */
  id: number | null;
  /** Talker echo part of Id. */
  idte: number | null;
  /** Listener echo part of Id. */
  idle: number | null;
  /** Absolute delay part of Id. */
  idd: number | null;
  /** Effective equipment impairment Ie,eff. */
  ie_eff: number | null;
  /** Advantage factor A. */
  a: number | null;
}

/** PSS parameters of the AF class. */
export interface PssParams {
  /** Reserved share of the capacity BW (0 to 1). */
  bw: number | null;
  /** Maximum credit L_M [bits]. */
  lm_bits: number | null;
  /** Resume credit L_R [bits] (0 for a fixed capacity). */
  lr_bits: number | null;
  /**
   * §2.3 credit memory: the credit decays below L_R only while AF is backlogged (Algorithm 1
   * lines 4-7), so the span 0..L_R records how far AF fell behind its target. Off: the
   * "vanilla" PSS of Figs. 7-8 (the credit floors at 0 whether or not AF waits).
   */
  credit_memory: boolean;
  /**
   * §2.3 higher-capacity branch: credit gained when AF sends faster than planned
   * (dtime < 0, Algorithm 1 line 14), i.e. when the link runs above the C the scheduler was
   * configured with. Off: the PSS of Fig. 9 and Fig. 10(a).
   */
  above_average: boolean;
}

/** One handover of a site while the transfer ran (ns-2 mode), and what it cost. */
export interface HandoffLoss {
  /** When the site moved [s after the transfer's time zero]. */
  t_s: number | null;
  /** Which site moved: 0 the sender, 1 the receiver. */
  end: number;
  /** The satellite it left and the one it took (satellite indices; null: none). */
  from_sat: number | null;
  /** The satellite it took. */
  to_sat: number | null;
  /** Packets in the site's up-link queue at the handover (the one being sent included). */
  uplink_queued: number;
  /** Packets in the old satellite's down-link queue at the handover (likewise). */
  downlink_queued: number;
  /**
   * Packets lost to this handover: the site's up-link queue sent to the wrong satellite, and
   * the old satellite's down-link queue sent to nobody.
   */
  lost: number;
}

/** The closed forms for the run's link ([`crate::analytic::erasure`]). */
export interface LinkTheorySummary {
  /** The chain's mean erasure probability (paper 002 eq. 3's p when P_G = 0, P_B = 1). */
  erasure_rate: number | null;
  /** Mean length of a Bad period, 1 / (1 − β) [LLDUs]. */
  mean_burst_lldus: number | null;
  /** Data LLDUs delivered per LLDU sent (SkyQueue's closed form for this link). */
  efficiency: number | null;
  /** Mean recovery delay of a delivered data LLDU, one-way time included [ms]. */
  delay_ms: number | null;
  /** Fraction of data LLDUs never delivered. */
  residual_loss: number | null;
  /**
   * The paper's own delay formula as printed, where it has one (eq. 2 for FEC, §3.5.3 for
   * ARQ without limit, §3.5.4 for HARQ-II) [ms]; see docs/REPRODUCTION.md for its errata.
   */
  printed_delay_ms: number | null;
  /** FEC: eq. 1 as printed. */
  printed_efficiency: number | null;
}

/** The channel trace a run reads. */
export interface TraceSummary {
  /** Its column: `erased` or `es_n0_db`. */
  column: string;
  /** Samples. */
  samples: number;
  /** Time it spans before it loops [s]. */
  span_s: number | null;
  /** Mean erasure probability over its span, as the run reads it. */
  erasure_rate: number | null;
}

/**
 * One IP packet's LLDUs: 0 arrived at once, 1 + r recovered after r repair rounds or
 * retransmissions (1: by the first transmission's repair LLDUs), 250 erased and waiting, 251
 * not sent yet, 255 lost.
 */
export interface PacketGrid {
  /** The packet's sequence number (0, 1, ...). */
  seq: number;
  /** How each of its LLDUs stands. */
  lldus: number[];
  /** Its delay as the run delivers (in order or not) [ms]; null while open or when lost. */
  delay_ms: number | null;
}

/** What the flow did, for the summary. */
export interface TcpLinkSummary {
  /** Congestion control (`cubic`, ...). */
  cc: string;
  /** Segments sent, retransmissions included. */
  segments_sent: number;
  /** Retransmissions by the TCP sender. */
  retransmits: number;
  /** Retransmissions per segment sent (paper 002 Table 1's "retransmission probability"). */
  retransmission_probability: number | null;
  /**
   * The most times one segment was retransmitted (Table 1's "maximum number of
   * retransmission").
   */
  max_retransmissions: number;
  /** Retransmission timeouts. */
  timeouts: number;
  /** Segments dropped at the link's full buffer. */
  buffer_drops: number;
  /** Segments delivered in order to the application. */
  delivered_segments: number;
  /**
   * Goodput: data delivered in order over the run so far, or over the transfer once it
   * ended [kb/s].
   */
  goodput_kbps: number | null;
  /** Time to deliver the whole file [s] (null for bulk, or while it lasts). */
  transfer_s: number | null;
  /** Congestion window now [segments]. */
  cwnd: number | null;
  /**
   * One-way delay of the IP packets delivered, sender to receiver, queueing included: the
   * smallest, and the delays within which 85 % and 99 % of them arrived (Table 2) [s].
   */
  delay_min_s: number | null;
  /** 85 % of the packets arrived within this delay [s]. */
  delay_p85_s: number | null;
  /** 99 % of the packets arrived within this delay [s]. */
  delay_p99_s: number | null;
}

/** What DCCP did, when it carries the flow. */
export interface DccpTransportSummary {
  /** Mean rate TFRC allowed, sampled at every frame [kb/s]. */
  allowed_kbps: number | null;
  /**
   * Whether the sender is still in slow start (no loss ever reported): paper 003 §IV-A's
   * finding at VoIP rates.
   */
  slow_start: boolean;
  /** The loss event rate last reported. */
  loss_event_rate: number | null;
  /** The sender's RTT estimate [ms]. */
  rtt_ms: number | null;
  /** Loss events the receiver counted. */
  loss_events: number;
  /** Reports the receiver sent. */
  reports: number;
  /** Times the nofeedback timer halved the rate. */
  nofeedback_expiries: number;
}

/** One link (a device: an ISL's one direction, or a node's ground-link device) in the summary. */
export interface LinkRow {
  /** Its name: `ISL satellite 12 → satellite 13`, `Tokyo's ground link`. */
  link: string;
  /** An ISL (else a ground-link device). */
  isl: boolean;
  /** Share of the run so far it spent sending. */
  utilization: number | null;
  /** Packets it sent. */
  sent: number;
  /** Packets its full queue dropped. */
  dropped: number;
}

/** Completion times of sized flows. */
export interface Completion {
  /** Flows. */
  flows: number;
  /** Flows completed so far. */
  finished: number;
  /** Median completion time of those completed [s]. */
  median_s: number | null;
  /** 90th percentile [s]. */
  p90_s: number | null;
  /** The last [s]. */
  max_s: number | null;
}

/** The followed flow's path under the latest forwarding state. */
export interface FollowRow {
  /** The flow (0 first). */
  flow: number;
  /** Its path's one-way propagation delay [ms]; `null` while it has no path. */
  delay_ms: number | null;
  /** Links on its path; `null` while it has none. */
  links: number | null;
}

/** One flow in the summary. */
export interface FlowRow {
  /** The sending station. */
  from: string;
  /** The receiving station. */
  to: string;
  /** Payload delivered (UDP) or acknowledged (TCP) over the time run so far [Mb/s]. */
  goodput_mbps: number | null;
  /** Mean round-trip time of its ACKs [ms] (TCP; `null` before the first). */
  rtt_ms: number | null;
  /** Mean one-way delay of its data packets [ms] (`null` before the first arrives). */
  delay_ms: number | null;
  /** Data packets sent. */
  sent: number;
  /** Data packets lost (queues and no route). */
  lost: number;
  /** TCP retransmissions. */
  retransmits: number;
  /** TCP retransmission timeouts. */
  timeouts: number;
  /** When a sized TCP flow had all its bytes acknowledged [s]. */
  completed_s: number | null;
}
