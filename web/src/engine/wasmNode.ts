// Loads the wasm engine synchronously under Node (Vitest, benchmarks): `init()` would fetch,
// which Node cannot do for a file URL. Test-only; the app loads the module in the worker.
import { readFileSync } from 'node:fs';
import { initSync } from '../wasm/skyqueue_wasm.js';

let loaded = false;

export function loadWasmForNode(): void {
  if (loaded) return;
  initSync({ module: readFileSync(new URL('../wasm/skyqueue_wasm_bg.wasm', import.meta.url)) });
  loaded = true;
}

export * from '../wasm/skyqueue_wasm.js';
