/// <reference lib="webworker" />
// The Web Worker that hosts the wasm engine. It depends on nothing outside engine/ and the
// generated wasm glue: all simulation work runs here, off the UI thread.
import init, { Simulation, defaultScenarioJson, engineVersion, validateScenario } from '../wasm/skyqueue_wasm.js';
import { toEngineError, type EngineError } from './errors';
import { EngineHost } from './host';
import type { FromWorker, ToWorker } from './protocol';

declare const self: DedicatedWorkerGlobalScope;

const post = (msg: FromWorker, transfer: Transferable[] = []) => self.postMessage(msg, transfer);

const queue: ToWorker[] = [];
let host: EngineHost | null = null;

self.onmessage = (ev: MessageEvent<ToWorker>) => {
  if (ev.data.type === 'debug/crash') {
    setTimeout(() => {
      throw new Error('crash requested (test hook)');
    });
    return;
  }
  if (host) host.handle(ev.data);
  else queue.push(ev.data);
};

init()
  .then(() => {
    host = new EngineHost({
      post,
      createSimulation: (json) => new Simulation(json),
      now: () => performance.now(),
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      validate: (json) => {
        const v = validateScenario(json) as unknown;
        return v === null || v === undefined ? null : (toEngineError(v) as EngineError);
      },
    });
    post({ type: 'run/ready', engine: engineVersion(), defaultsJson: defaultScenarioJson() });
    for (const msg of queue.splice(0)) host.handle(msg);
  })
  .catch((e: unknown) => {
    post({
      type: 'run/error',
      error: { kind: 'internal', message: `the engine failed to start: ${e instanceof Error ? e.message : String(e)}`, fatal: true, errors: [] },
    });
  });
