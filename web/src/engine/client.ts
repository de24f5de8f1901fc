import { EngineHost, type HostDeps } from './host';
import type { FromWorker, Speed, ToWorker } from './protocol';

type Listener = (msg: FromWorker) => void;

/** The UI's typed handle on the engine: sends commands, fans out what the worker reports. */
export class EngineClient {
  private listeners = new Set<Listener>();

  constructor(
    private readonly send: (msg: ToWorker) => void,
    private readonly onDispose: () => void = () => {},
  ) {}

  /** Called by the transport for each message from the engine. */
  receive(msg: FromWorker): void {
    for (const l of this.listeners) l(msg);
  }

  /** Subscribes to every message; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  load(scenarioJson: string): void {
    this.send({ type: 'run/load', scenarioJson });
  }
  play(): void {
    this.send({ type: 'run/play' });
  }
  pause(): void {
    this.send({ type: 'run/pause' });
  }
  /** Advances by `dtNs` of simulated time [ns] and pauses. */
  step(dtNs: number): void {
    this.send({ type: 'run/step', dtNs });
  }
  reset(): void {
    this.send({ type: 'run/reset' });
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
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'skyqueue-engine' });
  const client = new EngineClient(
    (msg) => worker.postMessage(msg),
    () => worker.terminate(),
  );
  worker.onmessage = (ev: MessageEvent<FromWorker>) => client.receive(ev.data);
  worker.onerror = (ev) =>
    client.receive({ type: 'run/error', error: { kind: 'internal', message: `engine worker failed: ${ev.message}`, fatal: true, errors: [] } });
  return client;
}

/**
 * The same host in the calling thread, for tests: no Worker, same protocol. `deps` supplies
 * the simulation factory and the clock; `post` is wired to the client.
 */
export function createInProcessClient(deps: Omit<HostDeps, 'post'>): { client: EngineClient; host: EngineHost } {
  let client: EngineClient;
  const host = new EngineHost({ ...deps, post: (msg) => client.receive(msg) });
  client = new EngineClient((msg) => host.handle(msg));
  return { client, host };
}
