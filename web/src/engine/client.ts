import { EngineHost, type HostDeps } from './host';
import type { FromWorker, Speed, ToWorker } from './protocol';

type Listener = (msg: FromWorker) => void;

/** The UI's typed handle on the engine: sends commands, fans out what the worker reports. */
export class EngineClient {
  private listeners = new Set<Listener>();
  private nextId = 1;
  /** Replies awaited by id; called with null when the engine is stopped or the wait abandoned. */
  private waiting = new Map<number, (msg: FromWorker | null) => void>();
  /** Clock-moving messages sent so far (their `move` numbers; never reset, also across a
   * restart: the new engine's frames echo 0 until it handles one). */
  private moves = 0;

  constructor(
    private send: (msg: ToWorker) => void,
    private onDispose: () => void = () => {},
    /** Replaces the engine (a new worker); absent for in-process clients. */
    private readonly respawn?: (client: EngineClient) => { send: (msg: ToWorker) => void; dispose: () => void },
  ) {}

  /** Called by the transport for each message from the engine. */
  receive(msg: FromWorker): void {
    if (
      msg.type === 'run/results' ||
      msg.type === 'scenario/validated' ||
      msg.type === 'run/trace' ||
      msg.type === 'catalogue/reported'
    ) {
      this.settle(msg.id, msg);
      return;
    }
    for (const l of this.listeners) l(msg);
  }

  /** The engine's verdict on a scenario, without loading it: null when valid. */
  validate(scenarioJson: string): Promise<import('./errors').EngineError | null> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, (m) => resolve(m?.type === 'scenario/validated' ? m.error : null));
      this.send({ type: 'scenario/validate', id, scenarioJson });
    });
  }

  /** The engine's report of a catalogue of element sets (what `skyqueue tle check --json` prints),
   * or why it has none. */
  catalogueReport(text: string): Promise<{ json: string | null; error: string | null }> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, (m) =>
        resolve(
          m?.type === 'catalogue/reported'
            ? { json: m.json, error: m.error }
            : { json: null, error: 'the engine stopped before it answered' },
        ),
      );
      this.send({ type: 'catalogue/report', id, text });
    });
  }

  /**
   * The current run's results file (JSON text), or null when nothing is loaded or `signal`
   * aborts first (the engine's answer is then dropped; the run is not disturbed).
   */
  results(signal?: AbortSignal): Promise<string | null> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      if (signal?.aborted) return resolve(null);
      this.waiting.set(id, (m) => resolve(m?.type === 'run/results' ? m.json : null));
      signal?.addEventListener('abort', () => this.settle(id, null), { once: true });
      this.send({ type: 'run/results', id });
    });
  }

  /** The current run's packet trace as CSV or JSON: what `skyqueue run --trace packets` writes. */
  trace(format: 'csv' | 'json'): Promise<string | null> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, (m) => resolve(m?.type === 'run/trace' ? m.text : null));
      this.send({ type: 'run/trace', id, format });
    });
  }

  private settle(id: number, msg: FromWorker | null): void {
    const w = this.waiting.get(id);
    this.waiting.delete(id);
    w?.(msg);
  }

  private settleAll(): void {
    for (const id of [...this.waiting.keys()]) this.settle(id, null);
  }

  /** Stops the engine (e.g. its start-up cancelled); `restart` starts a new one. */
  stop(): void {
    this.onDispose();
    this.settleAll();
    this.send = () => {};
    this.onDispose = () => {};
  }

  /** Test hook: makes the engine crash (see `debug/crash`). */
  crashForTest(): void {
    this.send({ type: 'debug/crash' });
  }

  /** Whether `restart` can replace the engine. */
  get restartable(): boolean {
    return !!this.respawn;
  }

  /** Throws the engine away (after a crash) and starts a fresh one; listeners stay. */
  restart(): void {
    if (!this.respawn) return;
    this.onDispose();
    this.settleAll();
    const t = this.respawn(this);
    this.send = t.send;
    this.onDispose = t.dispose;
  }

  /** Subscribes to every message; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Loads a scenario; returns its move number (see `ToWorker`). */
  load(scenarioJson: string): number {
    const move = ++this.moves;
    this.send({ type: 'run/load', scenarioJson, move });
    return move;
  }
  play(): void {
    this.send({ type: 'run/play' });
  }
  pause(): void {
    this.send({ type: 'run/pause' });
  }
  /** Goes to simulated time `tNs` and pauses; returns its move number. */
  seek(tNs: number): number {
    const move = ++this.moves;
    this.send({ type: 'run/seek', tNs, move });
    return move;
  }
  /** Advances by `dtNs` of simulated time [ns] and pauses; returns its move number. */
  step(dtNs: number): number {
    const move = ++this.moves;
    this.send({ type: 'run/step', dtNs, move });
    return move;
  }
  /** Goes to packet-trace record `n` (event by event) and pauses; returns its move number. */
  stepEvent(n: number, trouble = false, resendOf?: number): number {
    const move = ++this.moves;
    this.send({ type: 'run/step-event', n, trouble, resendOf, move });
    return move;
  }
  /** Back to the start of the run, paused; returns its move number. */
  reset(): number {
    const move = ++this.moves;
    this.send({ type: 'run/reset', move });
    return move;
  }
  /** Follow the action on or off (models with a packet trace). */
  setFollow(on: boolean): void {
    this.send({ type: 'run/follow', on });
  }
  setSpeed(speed: Speed): void {
    this.send({ type: 'run/speed', speed });
  }
  dispose(): void {
    this.listeners.clear();
    this.onDispose();
  }
}

/** The engine in its Web Worker: what the app uses. */
export function createWorkerClient(): EngineClient {
  const spawn = (client: EngineClient) => {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'skyqueue-engine' });
    worker.onmessage = (ev: MessageEvent<FromWorker>) => client.receive(ev.data);
    worker.onerror = (ev) =>
      client.receive({
        type: 'run/error',
        error: { kind: 'internal', message: `engine worker failed: ${ev.message}`, fatal: true, errors: [] },
      });
    return { send: (msg: ToWorker) => worker.postMessage(msg), dispose: () => worker.terminate() };
  };
  const client: EngineClient = new EngineClient(
    (msg) => first.send(msg),
    () => first.dispose(),
    spawn,
  );
  const first = spawn(client);
  return client;
}

/**
 * The same host in the calling thread, for tests: no Worker, same protocol. `deps` supplies
 * the simulation factory and the clock; `post` is wired to the client.
 */
export function createInProcessClient(deps: Omit<HostDeps, 'post'>): { client: EngineClient; host: EngineHost } {
  const host = new EngineHost({ ...deps, post: (msg) => client.receive(msg) });
  const client = new EngineClient((msg) => host.handle(msg));
  return { client, host };
}
