/// <reference lib="webworker" />
// The Web Worker that hosts the wasm engine. It depends on nothing outside engine/ and the
// generated wasm glue: all simulation work runs here, off the UI thread.
import init, {
  Simulation,
  allDefaultsJson,
  catalogueReport,
  engineVersion,
  validateScenario,
} from '../wasm/skyqueue_wasm.js';
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

/**
 * The engine's wasm module, fetched with its progress reported (a classroom network can take a
 * while over 0.7 MB); compiled as it streams in.
 */
async function fetchWithProgress(url: URL): Promise<Response> {
  post({ type: 'engine/progress', stage: 'downloading', loaded: 0, total: 0 });
  const res = await fetch(url);
  const total = Number(res.headers.get('content-length')) || 0;
  if (!res.ok || !res.body) return res;
  let loaded = 0;
  let last = 0;
  post({ type: 'engine/progress', stage: 'downloading', loaded, total });
  const counted = res.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, out) {
        loaded += chunk.byteLength;
        const now = performance.now();
        if (now - last > 100) {
          last = now;
          post({ type: 'engine/progress', stage: 'downloading', loaded, total });
        }
        out.enqueue(chunk);
      },
      flush() {
        post({ type: 'engine/progress', stage: 'compiling', loaded, total });
      },
    }),
  );
  return new Response(counted, { status: res.status, headers: { 'content-type': 'application/wasm' } });
}

init({ module_or_path: fetchWithProgress(new URL('../wasm/skyqueue_wasm_bg.wasm', import.meta.url)) })
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
      catalogueReport: (text) => catalogueReport(text),
    });
    post({ type: 'run/ready', engine: engineVersion(), defaultsJson: allDefaultsJson() });
    for (const msg of queue.splice(0)) host.handle(msg);
  })
  .catch((e: unknown) => {
    post({
      type: 'run/error',
      error: {
        kind: 'internal',
        message: `the engine failed to start: ${e instanceof Error ? e.message : String(e)}`,
        fatal: true,
        errors: [],
      },
    });
  });
