/**
 * The scenario schema in the UI: every field the parameter panel edits, with its group, label,
 * unit, allowed range and help, and a validator that gives *the engine's own messages* for the
 * rules of one field (type, option, range). It mirrors `Scenario` and `Scenario::validate`
 * (engine-wasm/crates/engine/src/scenario/{mod,validate,voip,diffserv,constellation}.rs);
 * `schema.test.ts` checks every range, option list and key list here against the wasm engine,
 * boundary by boundary, so the two cannot drift apart silently.
 *
 * Rules that join several fields (warm-up below duration, the arrival budget, the seam of a star
 * constellation, site names) are the engine's alone: the panel asks the worker
 * (`scenario/validate`) and shows those messages inline next to the field they name.
 *
 * Versions: the engine reads and writes version 1, the only one there has been. Any other version
 * is refused with the engine's message; a future version 2 adds its migration from 1 here.
 */
import type { FieldError } from '../engine/errors';

export const SCENARIO_VERSION = 1;

export type Model = 'queue' | 'constellation' | 'voip-leo' | 'diffserv';
type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type ScenarioObject = { [k: string]: Json };

/** A bound that may depend on other fields (e.g. the EF rate is at most the capacity). */
type Bound = number | ((s: ScenarioObject) => number);

interface Base {
  /** Dotted path, as in the engine's messages (`voip.lms.snr_ref_db`). */
  path: string;
  label: string;
  /** The tooltip: what the field does, and the paper's value where there is one. */
  help: string;
  /** Models whose runs use the field (its range is checked only for them, as in the engine). */
  models?: Model[];
}
export interface NumberField extends Base {
  type: 'number';
  /** The Rust type: integers are `u32`/`u64`, reals `f64`. */
  rust: 'u32' | 'u64' | 'f64';
  unit?: string;
  min: Bound;
  max: Bound;
  /** The minimum itself is not allowed. */
  minExclusive?: boolean;
  /** `null` is allowed and means this (e.g. "unlimited", "the preset's"). */
  nullMeans?: string;
}
export interface ChoiceField extends Base {
  type: 'choice';
  options: { value: string; label: string }[];
}
export interface BoolField extends Base {
  type: 'bool';
}
export interface TextField extends Base {
  type: 'text';
  maxChars?: number;
  multiline?: boolean;
}
export type Field = NumberField | ChoiceField | BoolField | TextField;

export interface Group {
  title: string;
  models?: Model[];
  fields: Field[];
}

const MAX_DURATION_S = 30 * 86_400;
const MAX_RATE_PPS = 1e7;
const MAX_SEED = 2 ** 53 - 1;
const U32_MAX = 4_294_967_295;

const num = (path: string, label: string, rust: NumberField['rust'], unit: string | undefined, min: Bound, max: Bound, help: string, more: Partial<NumberField> = {}): NumberField => ({
  type: 'number',
  path,
  label,
  rust,
  unit,
  min,
  max,
  help,
  ...more,
});
const choice = (path: string, label: string, options: [string, string][], help: string, more: Partial<ChoiceField> = {}): ChoiceField => ({
  type: 'choice',
  path,
  label,
  options: options.map(([value, l]) => ({ value, label: l })),
  help,
  ...more,
});
const bool = (path: string, label: string, help: string, more: Partial<BoolField> = {}): BoolField => ({ type: 'bool', path, label, help, ...more });
const text = (path: string, label: string, help: string, more: Partial<TextField> = {}): TextField => ({ type: 'text', path, label, help, ...more });

const Q: Model[] = ['queue'];
const K: Model[] = ['constellation'];
const V: Model[] = ['voip-leo'];
const D: Model[] = ['diffserv'];

/** Reads a number at `path` of a scenario, or `fallback` when it is absent or not a number. */
export function numberAt(s: ScenarioObject, path: string, fallback: number): number {
  const v = getPath(s, path);
  return typeof v === 'number' ? v : fallback;
}

const profile = (name: string, label: string, ampMax: number, paper: string): Field[] => [
  choice(`diffserv.${name}.kind`, `${label}: shape`, [['constant', 'constant'], ['cosine', 'cosine'], ['trace', 'steps (trace, edit as JSON)']], `How the ${label.toLowerCase()} varies in time around its average. ${paper}`, { models: D }),
  num(`diffserv.${name}.amplitude`, `${label}: amplitude`, 'f64', undefined, 0, ampMax, `Relative amplitude of the cosine, f(t) = 1 + a cos(2 pi t / T). ${paper}`, { models: D }),
  num(`diffserv.${name}.period_s`, `${label}: period`, 'f64', 's', 0, 1e6, 'Period T of the cosine.', { models: D, minExclusive: true }),
];

/** The parameter panel's groups, in order; a group shows when the scenario's model uses it. */
export const GROUPS: Group[] = [
  {
    title: 'Run',
    fields: [
      choice('model', 'Model', [['queue', 'a FIFO queue'], ['constellation', 'a constellation and a pair of sites'], ['voip-leo', 'VoIP over LEO (paper 000)'], ['diffserv', 'a DiffServ router (paper 001)']], 'Which model runs; each has its own parameters below.'),
      text('name', 'Name', 'Short title shown in the header.', { maxChars: 200 }),
      text('description', 'Description', 'What the scenario shows and what to watch.', { maxChars: 5000, multiline: true }),
      num('seed', 'Seed', 'u64', undefined, 0, MAX_SEED, 'Seed of every random stream: the same seed gives the same run, here and in the CLI.'),
      num('duration_s', 'Duration', 'f64', 's', 0, MAX_DURATION_S, 'Simulated time of the run.', { minExclusive: true }),
      num('warmup_s', 'Warm-up', 'f64', 's', 0, MAX_DURATION_S, 'Initial period left out of the summary statistics (the charts still show it); below the duration.'),
    ],
  },
  {
    title: 'Traffic',
    models: Q,
    fields: [
      num('traffic.flows', 'Flows', 'u32', undefined, 1, 10_000, 'Independent Poisson sources sharing the total rate, each with its own random stream.', { models: Q }),
      num('traffic.rate_pps', 'Arrival rate λ', 'f64', 'packets/s', 0, MAX_RATE_PPS, 'Total arrival rate of all flows together.', { models: Q, minExclusive: true }),
    ],
  },
  {
    title: 'Queue',
    models: Q,
    fields: [
      choice('queue.service', 'Service times', [['exponential', 'exponential (M/M/1)'], ['deterministic', 'constant (M/D/1)']], 'Distribution of the service time, mean 1/μ.', { models: Q }),
      num('queue.service_rate_pps', 'Service rate μ', 'f64', 'packets/s', 0, MAX_RATE_PPS, 'Packets served per second; the load is λ/μ.', { models: Q, minExclusive: true }),
      num('queue.capacity_pkts', 'Waiting room K', 'u32', 'packets', 0, 1_000_000, 'Places in the queue, not counting the packet in service; an arrival finding it full is dropped. Empty: unlimited (needs λ < μ).', { models: Q, nullMeans: 'unlimited' }),
    ],
  },
  {
    title: 'Constellation',
    models: K,
    fields: [
      choice('constellation.preset', 'Starting point', [['iridium', 'Iridium (paper 004 Table 2)'], ['iridium-800', 'Iridium at 800 km (paper 000)'], ['walker-delta-53', 'Walker delta 53°']], 'The constellation whose orbital parameters the overrides below start from.', { models: K }),
      num('constellation.planes', 'Planes', 'u32', undefined, 1, 100, "Override of the preset's number of orbital planes (at most 2000 satellites in all).", { models: K, nullMeans: "preset's" }),
      num('constellation.sats_per_plane', 'Satellites per plane', 'u32', undefined, 1, 100, "Override of the preset's satellites per plane.", { models: K, nullMeans: "preset's" }),
      num('constellation.altitude_km', 'Altitude', 'f64', 'km', 100, 50_000, "Override of the preset's altitude (Iridium: 780 km).", { models: K, nullMeans: "preset's" }),
      num('constellation.inclination_deg', 'Inclination', 'f64', 'deg', 0, 180, "Override of the preset's inclination (Iridium: 86.4°).", { models: K, nullMeans: "preset's" }),
      num('constellation.elevation_mask_deg', 'Elevation mask', 'f64', 'deg', 0, 60, 'Lowest elevation at which a ground site sees a satellite (Iridium: 8.2°).', { models: K, nullMeans: "preset's" }),
      choice('constellation.propagation', 'Orbits', [['sgp4', 'SGP4 (with J2 drift)'], ['two-body', 'two-body (circular)']], 'How satellites move: SGP4 from generated element sets, or ideal circular orbits.', { models: K }),
      text('constellation.epoch_utc', 'Epoch (UTC)', 'Time zero of the run and of the element sets, like 2026-01-01T00:00:00Z.', { models: K }),
    ],
  },
  {
    title: 'Links, access and routing',
    models: K,
    fields: [
      num('constellation.polar_cutoff_deg', 'Polar cut-off', 'f64', 'deg', 0, 90, 'Cross-plane links switch off above this latitude (68° by default, MODELS.md).', { models: K }),
      bool('constellation.seam_isls', 'Links across the seam', 'Teaching option: Iridium has no links between the counter-rotating planes at the seam (paper 004 Table 2).', { models: K }),
      choice('constellation.isl_pairing', 'Cross-plane partner', [['ahead', 'half a slot ahead'], ['alternating', 'alternating (ns-2)']], 'Which satellite of the next plane each satellite links to.', { models: K }),
      choice('constellation.access', 'Access policy', [['ns2', 'ns-2 (keep until lost)'], ['highest-elevation', 'highest elevation'], ['hysteresis', 'highest elevation with hysteresis']], 'How a ground site picks its satellite and when it hands over.', { models: K }),
      num('constellation.hysteresis_deg', 'Hysteresis margin', 'f64', 'deg', 0, 30, 'A new satellite must be this much higher to take over (hysteresis policy).', { models: K }),
      choice('constellation.routing', 'Routing', [['min-hop', 'fewest hops (paper 004 Table 3)'], ['min-delay', 'least delay']], 'Route metric; ties are broken by delay.', { models: K }),
      num('constellation.step_s', 'Topology step', 'f64', 's', 0.1, 600, 'Time between topology updates: links, access and routes.', { models: K }),
      text('constellation.from', 'From', 'First ground site: a name from the site list or lat,lon (or click on the globe).', { models: K }),
      text('constellation.to', 'To', 'Second ground site.', { models: K }),
    ],
  },
  {
    title: 'Voice traffic',
    models: V,
    fields: [
      num('voip.flows', 'Calls', 'u32', undefined, 1, 2000, 'VoIP flows, one per mobile receiver, sharing the LMS link.', { models: V }),
      choice('voip.codec', 'Codec', [['g711', 'G.711'], ['g711-plc', 'G.711 with PLC'], ['g729', 'G.729'], ['g729a-vad', 'G.729A with VAD'], ['g723.1-6.3', 'G.723.1 6.3 kb/s']], 'Codec of the E-model (ITU-T G.107) that turns delay and loss into MOS.', { models: V }),
      num('voip.rate_bps', 'Talk-spurt rate', 'f64', 'b/s', 100, 1e8, 'Rate while talking (paper 000: 64 kb/s).', { models: V }),
      num('voip.packet_bytes', 'Packet size', 'f64', 'bytes', 1, 65_535, 'VoIP packet size (paper 000: 210 bytes).', { models: V }),
      num('voip.mean_on_ms', 'Mean talk spurt', 'f64', 'ms', 0, 1e6, 'Mean Pareto on-period (paper 000: 500 ms).', { models: V, minExclusive: true }),
      num('voip.mean_off_ms', 'Mean silence', 'f64', 'ms', 0, 1e6, 'Mean Pareto off-period (paper 000: 50 ms).', { models: V, minExclusive: true }),
      num('voip.pareto_shape', 'Pareto shape', 'f64', undefined, 1, 10, 'Shape of the on and off periods (MODELS.md: 1.5).', { models: V, minExclusive: true }),
      num('voip.advantage', 'Advantage factor A', 'f64', undefined, 0, 50, 'E-model advantage factor (paper 000: 20 for satellite).', { models: V }),
    ],
  },
  {
    title: 'Scheduler on the LMS link',
    models: V,
    fields: [
      choice('voip.policy', 'Policy', [['dt-s', 'DropTail, small buffer (DT_S)'], ['dt-h', 'DropTail, huge buffer (DT_H)'], ['rr', 'Round Robin'], ['pf', 'Proportional Fair'], ['codes', 'CoDeS'], ['m-lwdf', 'M-LWDF'], ['exp-pf', 'EXP-PF'], ['fq-codel', 'FQ-CoDel']], 'How the last satellite shares the LMS link among the receivers (paper 000).', { models: V }),
      num('voip.codes_timeout_ms', 'CoDeS timeout', 'f64', 'ms', 0, 10_000, 'Packets older than this are dropped (paper 000: 50 to 200, default 100).', { models: V, minExclusive: true }),
      num('voip.pf_window', 'PF window', 'f64', 'decisions', 1, 1e6, 'Averaging window of the PF rate average (ns-3: 99).', { models: V }),
      num('voip.delay_bound_ms', 'Delay bound τ', 'f64', 'ms', 0, 10_000, 'Delay bound of M-LWDF and EXP-PF.', { models: V, minExclusive: true }),
      num('voip.delay_violation_prob', 'Violation probability δ', 'f64', undefined, 0, 0.999, 'Target probability of exceeding τ (M-LWDF, EXP-PF).', { models: V, minExclusive: true }),
      num('voip.rtt_ms', 'Buffer RTT', 'f64', 'ms', 0, 10_000, 'Mean RTT in the buffer rule B = RTT C / √n.', { models: V, minExclusive: true }),
    ],
  },
  {
    title: 'LMS channel and HARQ',
    models: V,
    fields: [
      num('voip.lms.snr_ref_db', 'Reference SNR', 'f64', 'dB', -10, 40, 'SNR of the line-of-sight state.', { models: V }),
      num('voip.lms.speed_kmh', 'Receiver speed', 'f64', 'km/h', 0, 1000, 'Speed of the mobile receivers (fading rate).', { models: V }),
      num('voip.lms.carrier_ghz', 'Carrier', 'f64', 'GHz', 0.1, 100, 'Carrier frequency (S band: 2.2 GHz).', { models: V }),
      num('voip.lms.state_duration_scale_s', 'State duration scale', 'f64', 's', 0.01, 1e6, 'Scales the mean durations of the good/bad channel states.', { models: V }),
      num('voip.lms.state_step_s', 'Channel step', 'f64', 's', 0.001, 1, 'Time step of the channel samples.', { models: V }),
      num('voip.lms.corr_distance_m', 'Correlation distance', 'f64', 'm', 0.01, 1000, 'Shadowing correlation distance.', { models: V }),
      num('voip.link_rate_bps', 'Coded link rate', 'f64', 'b/s', 1e3, 1e10, 'Coded bit rate of the LMS link (paper 000: 9.4 Mb/s).', { models: V }),
      num('voip.harq.first_tx_bits_per_symbol', 'First-transmission rate', 'f64', 'bits/symbol', 0, 2, 'Code rate of the first HARQ transmission (calibrated to paper 000 Table II: 1.5).', { models: V, minExclusive: true }),
      num('voip.harq.code_gap', 'Code gap', 'f64', undefined, 0, 1, 'Gap to capacity of the code.', { models: V }),
      num('voip.harq.max_retx', 'Retransmissions', 'u32', undefined, 0, 10, 'Most HARQ retransmissions of one packet.', { models: V }),
      num('voip.harq.round_trip_ms', 'HARQ round trip', 'f64', 'ms', 0, 1000, 'Time before a retransmission.', { models: V, minExclusive: true }),
      num('voip.snr_traces', 'SNR traces charted', 'u32', undefined, 0, 8, 'Receivers whose SNR is charted.', { models: V }),
    ],
  },
  {
    title: 'Path through the constellation',
    models: V,
    fields: [
      choice('voip.delay_source', 'Delay source', [['route', 'the route, offset per flow'], ['range', 'a fixed delay per flow']], 'route: one delay trace of the constellation route, offset per flow (paper 000 §II-A); range: a fixed delay drawn per flow.', { models: V }),
      num('voip.trace_offset_max_s', 'Largest trace offset', 'f64', 's', 0, 86_400, 'Largest time offset of a flow into the delay trace (route).', { models: V }),
      num('voip.constellation_delay_ms[0]', 'Delay range: low', 'f64', 'ms', 0, 1000, 'Lowest server-to-satellite delay (range; paper 000: 70 ms).', { models: V }),
      num('voip.constellation_delay_ms[1]', 'Delay range: high', 'f64', 'ms', 0, 1000, 'Highest server-to-satellite delay (range; paper 000: 90 ms).', { models: V }),
      num('voip.last_hop_delay_ms', 'Last hop', 'f64', 'ms', 0, 1000, 'Propagation from the last satellite to the receivers.', { models: V }),
      text('voip.server_site', 'Server site', 'Where the server is: a site name or lat,lon.', { models: V }),
      text('voip.users_site', 'Receivers site', 'Where the mobile receivers are.', { models: V }),
    ],
  },
  {
    title: 'Link and classes',
    models: D,
    fields: [
      num('diffserv.capacity_bps', 'Capacity C', 'f64', 'b/s', 1e4, 1e10, 'Link capacity (paper 001: 20 Mb/s); the average C_avg when it varies.', { models: D }),
      num('diffserv.rtt_ms', 'RTT', 'f64', 'ms', 0, 10_000, 'Round-trip time of the TCP flows (paper 001: 500 ms, a GEO link).', { models: D, minExclusive: true }),
      num('diffserv.packet_bytes', 'Packet size', 'f64', 'bytes', 40, 65_535, 'Packet size of every class.', { models: D }),
      num('diffserv.buffer_pkts', 'Buffer per class', 'u32', 'packets', 0, 1_000_000, 'Buffer of each class; 0 means one bandwidth-delay product.', { models: D }),
      num('diffserv.ef_bps', 'EF rate', 'f64', 'b/s', 0, (s) => Math.max(numberAt(s, 'diffserv.capacity_bps', 2e7), 0), 'Constant bit rate of the EF (voice) class, served first.', { models: D }),
      num('diffserv.af_flows', 'AF flows', 'u32', undefined, 0, 200, 'TCP flows in the AF class.', { models: D }),
      num('diffserv.cs0_flows', 'CS0 flows', 'u32', undefined, 0, 200, 'TCP flows in the best-effort CS0 class.', { models: D }),
      choice('diffserv.cc', 'Congestion control', [['new-reno', 'NewReno (RFC 6582)'], ['cubic', 'CUBIC (RFC 9438)']], 'Congestion control of every TCP flow.', { models: D }),
    ],
  },
  {
    title: 'Scheduler (PSS or DWRR)',
    models: D,
    fields: [
      choice('diffserv.sharing', 'AF/CS0 sharing', [['pss', 'Priority Switching Scheduler'], ['dwrr', 'Deficit Weighted Round Robin']], 'How AF and CS0 share what EF leaves (paper 001).', { models: D }),
      num('diffserv.w_af', 'Weight W_AF', 'f64', 'packets', 2, 10_000, 'WRR weight of AF; PSS derives its levels from the weights (eqs. 2-5).', { models: D }),
      num('diffserv.w_cs0', 'Weight W_CS0', 'f64', 'packets', 2, 10_000, 'WRR weight of CS0.', { models: D }),
      num('diffserv.k_af', 'K_AF', 'f64', undefined, 0.02, 0.98, 'When set, W_AF = 100 K_AF and W_CS0 = 100 (1 - K_AF): the x axis of paper 001 Figs. 5-6.', { models: D, nullMeans: 'from the weights' }),
      num('diffserv.ef_expected_bps', 'Expected EF rate', 'f64', 'b/s', 0, (s) => 0.99 * Math.max(numberAt(s, 'diffserv.capacity_bps', 2e7), 0), 'EF rate PSS is configured for, R_EF^exp (eq. 3); below 0.99 C.', { models: D }),
      bool('diffserv.pss_credit_memory', 'Credit memory', 'PSS keeps its credit below L_R (§2.3, Algorithm 1 lines 4-7).', { models: D }),
      bool('diffserv.pss_above_average', 'Credit above the average', 'PSS earns credit when the link runs faster than C_avg (§2.3, line 14).', { models: D }),
      num('diffserv.pss_lr_bits', 'Resume level L_R', 'f64', 'bits', 0, 1e10, "Empty: the paper's rule (0 on a fixed link, L_max BW on a varying one, T C_avg BW with memory).", { models: D, nullMeans: "paper's rule" }),
      num('diffserv.rate_window_s', 'Rate window', 'f64', 's', (s) => Math.min(numberAt(s, 'metrics.bucket_s', 0.1), 1000), 1000, 'Window of the class output rates (paper 001: 1 s); at least one sample.', { models: D }),
    ],
  },
  {
    title: 'Varying capacity and EF',
    models: D,
    fields: [...profile('capacity_profile', 'Capacity', 0.95, 'Paper 001 §4.2: cosine, amplitude 0.3, period 15 s.'), ...profile('ef_profile', 'EF rate', 1, 'Paper 001 §4.2: cosine, amplitude 0.6, period 6.1 s.')],
  },
  {
    title: 'Recording',
    fields: [
      num('metrics.bucket_s', 'Sample interval', 'f64', 's', 0.001, 3600, 'Width of one point of the live series.'),
      num('metrics.max_points', 'Points kept', 'u32', undefined, 10, 100_000, 'Most points per series in the results; longer runs merge neighbouring points.'),
      num('metrics.batches', 'Batches', 'u32', undefined, 2, 1000, 'Batches of the batch-means confidence intervals.'),
    ],
  },
];

/** Every field, by path. */
export const FIELDS: ReadonlyMap<string, Field> = new Map(GROUPS.flatMap((g) => g.fields).map((f) => [f.path, f]));

/**
 * Every object of the scenario with its keys in the engine's declaration order (its unknown-field
 * message lists them so) and the Rust struct name (its message for `null` names it).
 */
export const OBJECTS: { path: string; struct: string; keys: string[] }[] = [
  { path: '', struct: 'Scenario', keys: ['version', 'model', 'name', 'description', 'seed', 'duration_s', 'warmup_s', 'traffic', 'queue', 'metrics', 'constellation', 'voip', 'diffserv'] },
  { path: 'traffic', struct: 'TrafficSpec', keys: ['arrivals', 'flows', 'rate_pps'] },
  { path: 'queue', struct: 'QueueSpec', keys: ['service', 'service_rate_pps', 'capacity_pkts'] },
  { path: 'metrics', struct: 'MetricsSpec', keys: ['bucket_s', 'max_points', 'batches'] },
  {
    path: 'constellation',
    struct: 'ConstellationScenario',
    keys: ['preset', 'kind', 'planes', 'sats_per_plane', 'altitude_km', 'inclination_deg', 'raan_spacing_deg', 'phasing', 'elevation_mask_deg', 'propagation', 'epoch_utc', 'polar_cutoff_deg', 'seam_isls', 'isl_pairing', 'access', 'hysteresis_deg', 'routing', 'step_s', 'from', 'to', 'sites'],
  },
  {
    path: 'voip',
    struct: 'VoipScenario',
    keys: ['flows', 'policy', 'codes_timeout_ms', 'delay_bound_ms', 'delay_violation_prob', 'lms', 'harq', 'link_rate_bps', 'packet_bytes', 'rate_bps', 'mean_on_ms', 'mean_off_ms', 'pareto_shape', 'delay_source', 'trace_offset_max_s', 'constellation_delay_ms', 'last_hop_delay_ms', 'rtt_ms', 'pf_window', 'codec', 'advantage', 'snr_traces', 'server_site', 'users_site'],
  },
  { path: 'voip.lms', struct: 'LmsParams', keys: ['snr_ref_db', 'speed_kmh', 'carrier_ghz', 'state_duration_scale_s', 'state_step_s', 'corr_distance_m'] },
  { path: 'voip.harq', struct: 'HarqParams', keys: ['first_tx_bits_per_symbol', 'code_gap', 'max_retx', 'round_trip_ms'] },
  {
    path: 'diffserv',
    struct: 'DiffservScenario',
    keys: ['capacity_bps', 'rtt_ms', 'packet_bytes', 'ef_bps', 'ef_expected_bps', 'sharing', 'w_af', 'w_cs0', 'af_flows', 'cs0_flows', 'cc', 'buffer_pkts', 'capacity_profile', 'ef_profile', 'pss_credit_memory', 'pss_above_average', 'pss_lr_bits', 'rate_window_s', 'k_af'],
  },
];

/** The models, for the `model` field. */
export const MODELS: Model[] = ['queue', 'constellation', 'voip-leo', 'diffserv'];

// ---- reading and writing paths ----

/** Splits `a.b[1].c` into `['a', 'b', 1, 'c']`. */
export function splitPath(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const part of path.split('.')) {
    const m = /^([^[]+)((?:\[\d+\])*)$/.exec(part);
    if (!m) {
      out.push(part);
      continue;
    }
    out.push(m[1]);
    for (const i of m[2].matchAll(/\[(\d+)\]/g)) out.push(Number(i[1]));
  }
  return out;
}

/** The value at `path`, or undefined. */
export function getPath(s: Json, path: string): Json | undefined {
  let v: Json | undefined = s;
  for (const k of splitPath(path)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, Json>)[k as string];
  }
  return v;
}

/** A copy of `s` with `value` at `path` (objects on the way are created). */
export function setPath(s: ScenarioObject, path: string, value: Json): ScenarioObject {
  const out = structuredClone(s);
  const keys = splitPath(path);
  let o: Record<string | number, Json> = out;
  for (const k of keys.slice(0, -1)) {
    if (o[k] === null || typeof o[k] !== 'object') o[k] = {};
    o = o[k] as Record<string | number, Json>;
  }
  o[keys[keys.length - 1]] = value;
  return out;
}

// ---- the engine's message formats ----

/** A finite f64 as Rust's `{}` prints it: shortest round-trip digits, never an exponent. */
export function rustFloat(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (!Number.isFinite(v)) return v > 0 ? 'inf' : '-inf';
  const sign = v < 0 || Object.is(v, -0) ? '-' : '';
  const m = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(Math.abs(v)))!;
  const digits = m[1] + (m[2] ?? '');
  const point = m[1].length + Number(m[3] ?? 0);
  let s: string;
  if (point <= 0) s = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) s = digits + '0'.repeat(point - digits.length);
  else s = `${digits.slice(0, point)}.${digits.slice(point)}`;
  s = s.replace(/^0+(?=\d)/, '');
  return sign + s;
}

/** A float in serde_json's type errors ("floating point `1.5`"): fixed for 1e-5 <= |v| < 1e16. */
function jsonFloat(v: number): string {
  const e = v === 0 ? 0 : Math.floor(Math.log10(Math.abs(v)));
  if (e >= -5 && e <= 15) {
    const s = rustFloat(v);
    return s.includes('.') ? s : `${s}.0`;
  }
  return v.toExponential(); // shortest digits, `2e+19`, `9.5e-7`
}

/** How serde names an unexpected JSON value. */
function unexpected(v: Json): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return `boolean \`${v}\``;
  if (typeof v === 'string') return `string ${JSON.stringify(v)}`;
  if (Array.isArray(v)) return 'sequence';
  if (typeof v === 'object') return 'map';
  if (Number.isInteger(v) && Math.abs(v) < 1e21) {
    if (v >= 0 ? v < 2 ** 64 : v >= -(2 ** 63)) return `integer \`${String(v)}\``;
  }
  return `floating point \`${jsonFloat(v)}\``;
}

/** The engine's `OPTION_EXPECTED` (scenario/mod.rs): a non-string where an option name goes. */
export const OPTION_EXPECTED = 'expected the name of an option, as a string';

const typeError = (v: Json, expected: string) => `invalid type: ${unexpected(v)}, expected ${expected}`;

/** serde's "expected `a` or `b`" / "expected one of `a`, `b`, `c`". */
function oneOf(names: string[]): string {
  const q = names.map((n) => `\`${n}\``);
  if (q.length === 1) return q[0];
  if (q.length === 2) return `${q[0]} or ${q[1]}`;
  return `one of ${q.join(', ')}`;
}

/** The engine's messages for one field's value (type, option, range), or null when valid. */
export function checkField(f: Field, v: Json, s: ScenarioObject, model: Model): string | null {
  if (v === null && f.type === 'number' && f.nullMeans) return null;
  switch (f.type) {
    case 'text':
      if (typeof v !== 'string') return typeError(v, 'a string');
      if (f.maxChars !== undefined && [...v].length > f.maxChars) return `${[...v].length} characters is above the maximum ${f.maxChars}`;
      return null;
    case 'bool':
      return typeof v === 'boolean' ? null : typeError(v, 'a boolean');
    case 'choice': {
      if (f.path.endsWith('.kind') && f.path.startsWith('diffserv.')) {
        // A tagged profile: the engine reads `kind` first.
        if (typeof v !== 'string') return typeError(v, 'variant identifier');
      } else if (typeof v !== 'string') return OPTION_EXPECTED;
      const names = f.options.map((o) => o.value);
      return names.includes(v) ? null : `unknown variant \`${v}\`, expected ${oneOf(names)}`;
    }
    case 'number': {
      if (typeof v !== 'number') return typeError(v, f.rust);
      if (Object.is(v, -0)) v = 0; // JSON.stringify writes -0 as 0
      if (f.rust !== 'f64') {
        if (!Number.isInteger(v) || Math.abs(v) >= 1e21) return typeError(v, f.rust);
        const max = f.rust === 'u32' ? U32_MAX : 2 ** 64 - 1;
        if (v < 0 || v > max) return `invalid value: ${unexpected(v)}, expected ${f.rust}`;
      }
      if (f.models && !f.models.includes(model)) return null;
      const min = typeof f.min === 'function' ? f.min(s) : f.min;
      const max = typeof f.max === 'function' ? f.max(s) : f.max;
      if (f.path.includes('_profile.')) {
        // RateProfile::check's own wording.
        if (f.path.endsWith('.amplitude')) return Number.isFinite(v) && v >= min && v <= max ? null : `${rustFloat(v)} is outside ${rustFloat(min)} to ${rustFloat(max)}`;
        return Number.isFinite(v) && v > 0 && v <= max ? null : `${rustFloat(v)} is outside 0 (excluded) to 1e6`;
      }
      const show = f.rust === 'f64' ? rustFloat : (x: number) => String(x);
      if (f.rust !== 'f64') {
        if (v < min) return `${show(v)} is below the minimum ${show(min)} (allowed: ${show(min)} to ${show(max)})`;
        if (v > max) return `${show(v)} is above the maximum ${show(max)} (allowed: ${show(min)} to ${show(max)})`;
        return null;
      }
      const range = f.minExclusive ? `(allowed: above ${show(min)} up to ${show(max)})` : `(allowed: ${show(min)} to ${show(max)})`;
      if (!Number.isFinite(v)) return `must be a finite number ${range}`;
      if (f.minExclusive && v <= min) return `${show(v)} must be greater than ${show(min)} ${range}`;
      if (!f.minExclusive && v < min) return `${show(v)} is below the minimum ${show(min)} ${range}`;
      if (v > max) return `${show(v)} is above the maximum ${show(max)} ${range}`;
      return null;
    }
  }
}

/**
 * Where the engine reports a field's problem: at the field, except for type errors inside a
 * rate profile (an internally tagged enum), which serde reports at the profile itself.
 */
export function errorPath(f: Field, message: string): string {
  const m = /^(diffserv\.(?:capacity|ef)_profile)\.(amplitude|period_s)$/.exec(f.path);
  return m && message.startsWith('invalid type') ? m[1] : f.path;
}

/** Whether a profile field applies: amplitude and period exist only in a cosine profile. */
function profileFieldApplies(path: string, s: ScenarioObject): boolean {
  const m = /^diffserv\.(capacity_profile|ef_profile)\.(amplitude|period_s)$/.exec(path);
  if (!m) return true;
  return getPath(s, `diffserv.${m[1]}.kind`) === 'cosine';
}

/** Whether the panel shows `f` for a scenario (model and, for a profile, its shape). */
export function fieldApplies(f: Field, s: ScenarioObject): boolean {
  const model = (typeof s.model === 'string' ? s.model : 'queue') as Model;
  return (!f.models || f.models.includes(model)) && profileFieldApplies(f.path, s);
}

/** The engine's message for a scenario's `version`, or null when it is the one this engine reads. */
export function checkVersion(version: Json | undefined): string | null {
  if (version === undefined || version === null) return `missing; this engine reads scenario version ${SCENARIO_VERSION}`;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0 || version > U32_MAX) {
    return typeof version === 'number' && Number.isInteger(version) && Math.abs(version) < 1e21 ? `invalid value: ${unexpected(version)}, expected u32` : typeError(version, 'u32');
  }
  return version === SCENARIO_VERSION ? null : `${version} is not supported (allowed: ${SCENARIO_VERSION})`;
}

/**
 * Checks what the UI can check on its own, with the engine's messages: the version, the model,
 * unknown keys, and every field of the schema (type, option, range). Unlike the engine, which
 * stops reading at the first type error, this lists every problem. Cross-field rules are the
 * engine's (see the module comment).
 */
export function validateFields(s: ScenarioObject): FieldError[] {
  const errors: FieldError[] = [];
  const push = (path: string, message: string) => errors.push({ path, message });
  const version = checkVersion(s.version);
  if (version) push('version', version);
  const model = s.model ?? 'queue';
  for (const o of OBJECTS) {
    const v = o.path ? getPath(s, o.path) : s;
    if (v === undefined) continue;
    if (v === null || typeof v !== 'object' || Array.isArray(v)) {
      push(o.path, typeError(v, `struct ${o.struct}`));
      continue;
    }
    for (const k of Object.keys(v)) {
      if (!o.keys.includes(k)) push(o.path ? `${o.path}.${k}` : k, `unknown field \`${k}\`, expected ${oneOf(o.keys)}`);
    }
  }
  const m = (MODELS.includes(model as Model) ? model : 'queue') as Model;
  for (const f of FIELDS.values()) {
    const v = getPath(s, f.path);
    if (v === undefined || !profileFieldApplies(f.path, s)) continue;
    const e = checkField(f, v, s, m);
    if (e) push(errorPath(f, e), e);
  }
  return errors;
}
