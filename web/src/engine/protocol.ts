import type { TopoEventKind, TraceKind, TraceReason } from './engine-kinds';
import type { EngineError } from './errors';

/** Name, label, unit and kind of one metric series (engine `metrics::SeriesInfo`). */
export interface SeriesInfo {
  id: string;
  label: string;
  unit: string;
  kind: 'mean' | 'time-average' | 'rate' | 'sum-rate';
  /** Chart the series is drawn in; empty: the chart of its unit. */
  chart: string;
  /** Drawn as shading (a level in [0, 1]) behind the chart's lines. */
  band: boolean;
}

/** Simulated seconds per wall-clock second, or as fast as the engine goes. */
export type Speed = number | 'max';

/** Fastest finite speed the UI offers and the worker accepts. */
export const MAX_FINITE_SPEED = 10_000;

/** Messages from the UI to the worker, keyed by `type`. Those that move the run's clock carry
 * `move`, a number that grows with each such message sent; frames echo the last one handled. */
export type ToWorker =
  | { type: 'run/load'; scenarioJson: string; move?: number }
  | { type: 'run/play' }
  | { type: 'run/pause' }
  | { type: 'run/step'; dtNs: number; move?: number }
  /** Go to packet-trace record `n` (stepping event by event) and pause there; with `trouble`,
   * to the first loss, resend or timeout numbered `n` or later. */
  | { type: 'run/step-event'; n: number; trouble?: boolean; resendOf?: number; move?: number }
  /** The kept packet trace as CSV or JSON (engine `PacketTrace::csv`, `json`): what
   * `skyqueue run --trace packets` writes. */
  | { type: 'run/trace'; id: number; format: 'csv' | 'json' }
  /** Go to simulated time `tNs` and pause there; earlier than now replays the run from zero. */
  | { type: 'run/seek'; tNs: number; move?: number }
  | { type: 'run/reset'; move?: number }
  | { type: 'run/speed'; speed: Speed }
  /** Follow the action: while playing, skip the stretches where no packet moves (models with a
   * packet trace). */
  | { type: 'run/follow'; on: boolean }
  /** The results file of the current run (engine `Simulation::results_json`). */
  | { type: 'run/results'; id: number }
  /** Validates a scenario without loading it. */
  | { type: 'scenario/validate'; id: number; scenarioJson: string }
  /** The report of a catalogue of element sets (`skyqueue tle check --json`'s). */
  | { type: 'catalogue/report'; id: number; text: string }
  /** Test hook: the worker throws outside any handler, as a crash would (e2e of the restart). */
  | { type: 'debug/crash' };

/** One potential inter-satellite link (engine `topology::isl::Isl`). */
export interface IslInfo {
  a: number;
  b: number;
  kind: 'intra-plane' | 'cross-plane' | 'cross-seam';
}

/** A ground site (engine `orbit::sites::Site`). */
export interface SiteInfo {
  name: string;
  lat_deg: number;
  lon_deg: number;
}

/** Static description of a constellation (engine `topology::pair::ConstellationInfo`). */
export interface ConstellationInfo {
  /** UTC of simulated time zero [ms since 1970-01-01]. */
  epoch_unix_ms: number;
  /** [plane (over every shell), slot] of each satellite. */
  sats: [number, number][];
  links: IslInfo[];
  planes: number;
  sats_per_plane: number;
  kind: 'star' | 'delta';
  tle_text: string;
  elevation_mask_deg: number;
  altitude_km: number;
  inclination_deg: number;
  /** RAAN of each plane at the epoch [deg]. */
  plane_raan_deg: number[];
  /** RAAN of the seam line [deg]; null for a delta (no seam) and for a catalogue. */
  seam_raan_deg: number | null;
  /** The shells (one for a generated constellation; several for a catalogue). */
  shells: ShellInfo[];
  /** The shell of each plane. */
  plane_shell: number[];
  /** Ground stations relaying between satellites (no ISLs): route node ids after the two sites. */
  relays: SiteInfo[];
  sites: [SiteInfo, SiteInfo];
  /** Sites the user can choose from. */
  site_choices: SiteInfo[];
  /** A network's ground stations (their loads are the geometry's `stationLoad`); empty for a
   * pair of sites. */
  ground_stations: SiteInfo[];
}

/** One shell of a constellation (engine `orbit::catalogue::Shell`). */
export interface ShellInfo {
  inclination_deg: number;
  altitude_km: number;
  planes: number;
  satellites: number;
  /** Satellites per plane: fewest, median, most. */
  per_plane: [number, number, number];
  /** Planes over half the sphere with a seam. */
  star: boolean;
}

/** A topology event (engine `topology::pair::TopoEvent`). */
export interface TopoEvent {
  t_s: number;
  /** What happened (generated from the engine, engine-kinds.ts). */
  kind: TopoEventKind;
  end: 0 | 1 | null;
  from_sat: number | null;
  to_sat: number | null;
  reason: string | null;
  /** ISL hops of the route before and after a route change (`isl-change` only). */
  hops?: [number, number];
  /**
   * One-way delay the route change adds, the new ISL path against the old one at the same
   * instant [ms] (`isl-change` only; the engine logs a change only when the hops change or
   * this is at least 0.1 ms).
   */
  step_ms?: number;
}

/** One record of the packet trace (engine `trace::TraceRow`; the columns of every export). */
export interface TraceRow {
  /** Number of the record in the run, from 0, without gaps. */
  n: number;
  t_s: number;
  /** What happened (generated from the engine, engine-kinds.ts). */
  kind: TraceKind;
  /** One number per transmission; null for a timeout or a route change. */
  packet: number | null;
  /** Whether the packet is an acknowledgement (else data). */
  ack: boolean;
  flow: number;
  /** The segment (data) or the next segment expected (ACK). */
  seq: number;
  node: string;
  /** The next node of a hop. */
  next: string | null;
  /** Time waited in the queue before a hop [ms]. */
  waited_ms: number;
  /** Packets ahead in the queue when it reached the link of a hop. */
  queue_ahead: number;
  /** ISL hops of the route a packet was sent on, or of the new route. */
  route_hops: number;
  /** Why a packet was lost or sent again (generated from the engine, engine-kinds.ts). */
  reason: TraceReason | null;
}

/** What the UI learns when a scenario is loaded (or reset). */
export interface LoadedInfo {
  name: string;
  description: string;
  endNs: number;
  series: SeriesInfo[];
  /** The scenario with every default filled in. */
  scenarioJson: string;
  /** The scenario's model: a descriptor's `id` (web/src/models/). */
  model: string;
  /** The constellation the engine built, for the models with one. */
  constellation: ConstellationInfo | null;
  /** Most packet-trace records kept; 0 when the model records no packet trace. */
  traceLimit: number;
}

/** Messages from the worker to the UI, keyed by `type`. */
export type FromWorker =
  | {
      type: 'run/ready';
      engine: string;
      /** The defaults of the common fields and of every model's sections (what links elide). */ defaultsJson: string;
    }
  | { type: 'run/results'; id: number; json: string | null }
  /** Engine start-up: the wasm module downloading (bytes so far, of `total`; 0 if unknown), then compiling. */
  | { type: 'engine/progress'; stage: 'downloading' | 'compiling'; loaded: number; total: number }
  | { type: 'scenario/validated'; id: number; error: EngineError | null }
  /** The catalogue's report as JSON, or why it has none. */
  | { type: 'catalogue/reported'; id: number; json: string | null; error: string | null }
  | { type: 'run/loaded'; info: LoadedInfo }
  | {
      type: 'run/frame';
      nowNs: number;
      /** The `move` of the last clock-moving message handled before this frame (0: none): a
       * frame with an older one was posted before the UI's latest move reached the engine. */
      move: number;
      events: number;
      finished: boolean;
      /** Rows since the previous frame, packed (see packed.ts); its buffer is transferred. */
      packed: Float64Array;
      /** Summary statistics so far (engine `sim::Summary`). */
      summary: unknown;
      /** Constellation state at `nowNs` (engine `PairTopology::geometry_packed`), transferred. */
      geometry: Float64Array | null;
      /** Topology events since the previous frame. */
      topoEvents: TopoEvent[];
      /** Packet-trace records since the previous frame (the latest ones when there were many). */
      trace: TraceRow[];
      /** Trace records made so far, kept or not. */
      traceRecorded: number;
      /** The record *Next loss* went to (-1: no loss before the end); null in other frames. */
      trouble: number | null;
      /** Simulated time *follow the action* skipped in this frame, where no packet moved [ns]. */
      skippedNs: number;
    }
  | { type: 'run/trace'; id: number; text: string | null }
  | { type: 'run/state'; playing: boolean; speed: Speed; follow: boolean }
  | { type: 'run/error'; error: EngineError };
