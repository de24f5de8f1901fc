import { toEngineError, type EngineError } from './errors';
import type {
  ConstellationInfo,
  FromWorker,
  LoadedInfo,
  SeriesInfo,
  Speed,
  ToWorker,
  TopoEvent,
  TraceRow,
} from './protocol';
import { MAX_FINITE_SPEED } from './protocol';

/** The part of the wasm `Simulation` the host uses (crates/bindings/src/lib.rs). */
export interface EngineSimulation {
  advanceTo(tNs: number): void;
  nowNs(): number;
  endNs(): number;
  isFinished(): boolean;
  eventsProcessed(): number;
  drainSeries(): Float64Array;
  seriesInfo(): SeriesInfo[];
  scenarioJson(): string;
  summary(): unknown;
  resultsJson(): string;
  geometry(): Float64Array | undefined;
  constellationInfo(): unknown;
  drainEvents(): unknown;
  free(): void;
  /** The packet trace (crates/bindings): absent in test doubles of models without one. */
  tracesPackets?(): boolean;
  setTraceLimit?(limit: number): void;
  traceRecorded?(): number;
  traceSince?(from: number): string;
  traceCsv?(): string;
  stepToRecord?(n: number): boolean;
  stepToTrouble?(from: number): number;
  nextPacketEventNs?(): number;
}

/** What the host needs from its surroundings: injected so tests can drive it by hand. */
export interface HostDeps {
  post(msg: FromWorker, transfer?: Transferable[]): void;
  createSimulation(scenarioJson: string): EngineSimulation;
  /** Wall clock [ms]: performance.now in the worker. */
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  /** The engine's validation without building: null when valid. */
  validate?(scenarioJson: string): EngineError | null;
  /** The report of a catalogue of element sets as JSON; throws why it has none. */
  catalogueReport?(text: string): string;
}

/** Frame period [ms]: frames reach the UI at about 20 Hz at most. */
export const FRAME_MS = 50;
/** Wall time the engine may compute per frame in "max" mode [ms], leaving room for messages. */
export const MAX_MODE_BUDGET_MS = 35;
/** Longest wall gap credited to the simulation at once [ms] (after a tab was hidden, say). */
const MAX_WALL_STEP_MS = 250;
/** Packet-trace records the engine keeps (the latest): about 1.3 MB in the worker. */
export const TRACE_LIMIT = 20_000;
/** Most trace records one frame carries while the run plays (the latest; a paused frame
 * carries everything new, up to the limit). */
export const TRACE_PER_PLAYING_FRAME = 2_000;
/** Wall time *follow the action* keeps before the next packet event when it skips [ms]: the
 * class sees the moment come. */
export const FOLLOW_LEAD_MS = 1_000;

/**
 * The worker's logic: owns the simulation, advances it on a wall-clock timer at the chosen
 * speed and streams metric frames. All simulation work happens here, never on the UI thread.
 */
export class EngineHost {
  private sim: EngineSimulation | null = null;
  private scenarioJson = '';
  private playing = false;
  private speed: Speed = 1;
  private timer: unknown = null;
  private lastWall = 0;
  /** Simulated span advanced per chunk in "max" mode [ns], adapted to the machine's speed. */
  private maxChunkNs = 1e7;
  /** The next trace record the UI has not received. */
  private traceCursor = 0;
  /** Follow the action (on by default for models with a packet trace). */
  private follow = false;
  /** Simulated time skipped since the last frame [ns]. */
  private skippedNs = 0;
  /** The record the last *Next loss* went to (-1: none before the end), for the next frame. */
  private troubleAt: number | null = null;
  /** The `move` of the last clock-moving message handled, echoed in every frame. */
  private move = 0;

  constructor(private readonly deps: HostDeps) {}

  handle(msg: ToWorker): void {
    if ('move' in msg && typeof msg.move === 'number') this.move = msg.move;
    try {
      switch (msg.type) {
        case 'run/load':
          return this.load(msg.scenarioJson);
        case 'run/play':
          return this.play();
        case 'run/pause':
          return this.pause();
        case 'run/step':
          return this.step(msg.dtNs);
        case 'run/step-event':
          return msg.trouble ? this.stepTrouble(msg.n, msg.resendOf) : this.stepEvent(msg.n);
        case 'run/trace': {
          const sim = this.sim;
          const text = !sim ? null : msg.format === 'csv' ? (sim.traceCsv?.() ?? null) : (sim.traceSince?.(0) ?? null);
          return this.deps.post({ type: 'run/trace', id: msg.id, text: text === null ? null : `${text.trimEnd()}\n` });
        }
        case 'run/seek':
          return this.seek(msg.tNs);
        case 'run/reset':
          return this.reset();
        case 'run/speed':
          return this.setSpeed(msg.speed);
        case 'run/follow':
          this.follow = msg.on && !!this.sim?.nextPacketEventNs;
          return this.postState();
        case 'run/results':
          return this.deps.post({ type: 'run/results', id: msg.id, json: this.sim ? this.sim.resultsJson() : null });
        case 'debug/crash':
          throw new Error('crash requested (test hook)');
        case 'catalogue/report': {
          let json: string | null = null;
          let error: string | null = null;
          try {
            if (!this.deps.catalogueReport) throw new Error('this engine reports no catalogue');
            json = this.deps.catalogueReport(msg.text);
          } catch (e) {
            error = e instanceof Error ? e.message : String(e);
          }
          return this.deps.post({ type: 'catalogue/reported', id: msg.id, json, error });
        }
        case 'scenario/validate':
          return this.deps.post({
            type: 'scenario/validated',
            id: msg.id,
            error: this.deps.validate ? this.deps.validate(msg.scenarioJson) : null,
          });
        default:
          this.error({
            kind: 'internal',
            message: `unknown message ${(msg as { type?: string }).type}`,
            fatal: true,
            errors: [],
          });
      }
    } catch (e) {
      const err = toEngineError(e);
      if (err.fatal) this.dropSimulation();
      this.error(err);
    }
  }

  /** Builds a new run; if the scenario is refused the current run is kept untouched. */
  private load(scenarioJson: string): void {
    const sim = this.deps.createSimulation(scenarioJson); // throws the structured error
    this.stopTimer();
    this.playing = false;
    this.sim?.free();
    this.sim = sim;
    const replay = scenarioJson === this.scenarioJson;
    this.scenarioJson = scenarioJson;
    this.traceCursor = 0;
    const traces = !!sim.tracesPackets?.();
    if (traces) sim.setTraceLimit?.(TRACE_LIMIT);
    // A replay of the same run (a seek back) keeps the user's choice.
    if (!replay || !traces) this.follow = traces && !!sim.nextPacketEventNs;
    this.postLoaded();
    this.postState();
    this.postFrame();
  }

  private reset(): void {
    if (!this.scenarioJson) return;
    this.load(this.scenarioJson);
  }

  private play(): void {
    if (!this.sim || this.sim.isFinished() || this.playing) {
      this.postState();
      return;
    }
    this.playing = true;
    this.lastWall = this.deps.now();
    this.postState();
    this.schedule();
  }

  private pause(): void {
    this.playing = false;
    this.stopTimer();
    this.postState();
    if (this.sim) this.postFrame();
  }

  private step(dtNs: number): void {
    if (!this.sim) return;
    if (this.playing) this.pause();
    const dt = Number.isFinite(dtNs) && dtNs > 0 ? dtNs : 1e9;
    this.sim.advanceTo(this.sim.nowNs() + dt);
    this.postFrame();
  }

  /**
   * Goes to packet-trace record `n` and pauses: steps event by event until it exists, then
   * moves the clock to its time. Going back (a record before the clock) replays the run from
   * zero to it, as a seek does.
   */
  private stepEvent(n: number): void {
    const sim = this.sim;
    if (!sim?.stepToRecord || !Number.isFinite(n) || n < 0) return;
    if (this.playing) this.pause();
    if (n < (sim.traceRecorded?.() ?? 0)) {
      // Already recorded: its time is in the trace, if the engine still keeps it.
      const row = (JSON.parse(sim.traceSince?.(n) ?? '[]') as TraceRow[])[0];
      if (row && row.n === n && row.t_s * 1e9 < sim.nowNs()) {
        this.load(this.scenarioJson);
        this.sim!.stepToRecord!(n);
        this.postFrame();
        return;
      }
    }
    sim.stepToRecord(n);
    this.postFrame();
  }

  /** Goes to the first loss, resend or timeout numbered `from` or later, and pauses there (at
   * the run's end when there is none). */
  private stepTrouble(from: number, resendOf?: number): void {
    const sim = this.sim;
    if (!sim?.stepToTrouble || !Number.isFinite(from) || from < 0) return;
    if (this.playing) this.pause();
    let at = sim.stepToTrouble(from);
    // With `resendOf`: on to the resend of that segment.
    while (resendOf !== undefined && at >= 0) {
      const row = (JSON.parse(sim.traceSince?.(at) ?? '[]') as TraceRow[])[0];
      if (row?.kind === 'retransmit' && row.seq === resendOf) break;
      at = sim.stepToTrouble(at + 1);
    }
    this.troubleAt = at;
    this.postFrame();
  }

  /**
   * Goes to simulated time `tNs` (clamped to the run) and pauses. Going back rebuilds the run
   * and replays it from zero: the engine is deterministic, so the replay is the same run, and
   * the UI receives its series and events again up to that moment.
   */
  private seek(tNs: number): void {
    if (!this.sim || !Number.isFinite(tNs)) return;
    const target = Math.max(0, Math.min(tNs, this.sim.endNs()));
    if (target < this.sim.nowNs()) this.load(this.scenarioJson);
    else if (this.playing) this.pause();
    this.sim.advanceTo(target);
    this.postFrame();
  }

  private setSpeed(speed: Speed): void {
    if (
      speed === 'max' ||
      (typeof speed === 'number' && Number.isFinite(speed) && speed > 0 && speed <= MAX_FINITE_SPEED)
    ) {
      this.speed = speed;
      this.postState();
    } else {
      this.error({
        kind: 'sim',
        message:
          `speed: ${String(speed)} is outside the allowed range (above 0 up ` +
          `to ${MAX_FINITE_SPEED} simulated seconds per second, or "max")`,
        fatal: false,
        errors: [],
      });
    }
  }

  /** One frame of work: advance at the chosen speed, then post what was measured. */
  tick(): void {
    this.timer = null;
    if (!this.playing || !this.sim) return;
    try {
      const sim = this.sim;
      const wall = this.deps.now();
      if (this.speed === 'max') {
        this.maxChunkNs = Math.max(this.maxChunkNs, 1e6);
        while (!sim.isFinished() && this.deps.now() - wall < MAX_MODE_BUDGET_MS) {
          const t0 = this.deps.now();
          sim.advanceTo(sim.nowNs() + this.maxChunkNs);
          // Aim for chunks of about 5 ms of work so the budget check stays fine-grained.
          const took = this.deps.now() - t0;
          if (took < 2) this.maxChunkNs *= 2;
          else if (took > 10) this.maxChunkNs /= 2;
        }
      } else {
        const dtWall = Math.min(wall - this.lastWall, MAX_WALL_STEP_MS);
        const step = this.speed * dtWall * 1e6;
        if (this.follow) this.skipQuiet(sim, step);
        sim.advanceTo(sim.nowNs() + step);
      }
      this.lastWall = wall;
      this.postFrame();
      if (sim.isFinished()) {
        this.playing = false;
        this.postState();
      } else {
        this.schedule();
      }
    } catch (e) {
      const err = toEngineError(e);
      this.playing = false;
      if (err.fatal) this.dropSimulation();
      this.error(err);
      this.postState();
    }
  }

  /**
   * Follow the action: when the next packet event is further than this frame's step and the
   * lead (a second of wall time at this speed), go to the lead before it at once; when no
   * packet event is due any more (the transfer is over), go to the end.
   */
  private skipQuiet(sim: EngineSimulation, step: number): void {
    const next = sim.nextPacketEventNs?.() ?? -1;
    const now = sim.nowNs();
    const lead = (this.speed as number) * FOLLOW_LEAD_MS * 1e6;
    const target = next < 0 ? sim.endNs() : next - lead;
    if (target - now > step) {
      sim.advanceTo(target);
      this.skippedNs += sim.nowNs() - now;
    }
  }

  private schedule(): void {
    this.stopTimer();
    this.timer = this.deps.setTimer(() => this.tick(), this.speed === 'max' ? 1 : FRAME_MS);
  }

  private stopTimer(): void {
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = null;
  }

  private dropSimulation(): void {
    this.stopTimer();
    this.playing = false;
    try {
      this.sim?.free();
    } catch {
      // A trapped module may refuse even this; the object is unreachable either way.
    }
    this.sim = null;
  }

  private postLoaded(): void {
    const sim = this.sim!;
    const scenarioJson = sim.scenarioJson();
    // The engine's scenario has every default filled in, its `model` too.
    const parsed = JSON.parse(scenarioJson) as { name?: string; description?: string; model: string };
    const info: LoadedInfo = {
      name: parsed.name ?? '',
      description: parsed.description ?? '',
      endNs: sim.endNs(),
      series: sim.seriesInfo(),
      scenarioJson,
      model: parsed.model,
      constellation: (sim.constellationInfo() as ConstellationInfo | null) ?? null,
      traceLimit: sim.tracesPackets?.() ? TRACE_LIMIT : 0,
    };
    this.deps.post({ type: 'run/loaded', info });
  }

  private postFrame(): void {
    const sim = this.sim!;
    const packed = sim.drainSeries();
    const geometry = sim.geometry() ?? null;
    const recorded = sim.traceRecorded?.() ?? 0;
    let trace: TraceRow[] = [];
    if (recorded > this.traceCursor) {
      const most = this.playing ? TRACE_PER_PLAYING_FRAME : TRACE_LIMIT;
      trace = JSON.parse(sim.traceSince?.(Math.max(this.traceCursor, recorded - most)) ?? '[]') as TraceRow[];
      this.traceCursor = recorded;
    }
    const transfer: Transferable[] = [packed.buffer];
    const trouble = this.troubleAt;
    this.troubleAt = null;
    const skippedNs = this.skippedNs;
    this.skippedNs = 0;
    if (geometry) transfer.push(geometry.buffer);
    this.deps.post(
      {
        type: 'run/frame',
        nowNs: sim.nowNs(),
        move: this.move,
        events: sim.eventsProcessed(),
        finished: sim.isFinished(),
        packed,
        summary: sim.summary(),
        geometry,
        topoEvents: sim.drainEvents() as TopoEvent[],
        trace,
        traceRecorded: recorded,
        trouble,
        skippedNs,
      },
      transfer,
    );
  }

  private postState(): void {
    this.deps.post({ type: 'run/state', playing: this.playing, speed: this.speed, follow: this.follow });
  }

  private error(error: EngineError): void {
    this.deps.post({ type: 'run/error', error });
  }
}
