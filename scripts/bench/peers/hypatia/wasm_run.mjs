// Workload Y in wasm alone, from any wasm-bindgen output directory (peers.mjs uses web/src/wasm):
// node scripts/bench/peers/hypatia/wasm_run.mjs WASM_DIR GENERATED_DIR [STEPS] [REPEATS]
// WASM_DIR holds skyqueue_wasm.js and skyqueue_wasm_bg.wasm (wasm-bindgen --target web);
// GENERATED_DIR holds Hypatia's tles.txt, ground_stations.txt and description.txt
// (hypatia_run.py). Prints one JSON line per repeat: the wall time and the checksum, which must
// equal `skyqueue bench --workload all-pairs`'s for the same steps.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [wasmDir, dir, stepsArg = '2000', repeatsArg = '3'] = process.argv.slice(2);
if (!wasmDir || !dir) {
  console.error('usage: node wasm_run.mjs WASM_DIR GENERATED_DIR [STEPS] [REPEATS]');
  process.exit(2);
}
const wasm = await import(pathToFileURL(resolve(wasmDir, 'skyqueue_wasm.js')).href);
wasm.initSync({ module: readFileSync(resolve(wasmDir, 'skyqueue_wasm_bg.wasm')) });
const desc = Object.fromEntries(
  readFileSync(resolve(dir, 'description.txt'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => l.split('=')),
);
const tles = readFileSync(resolve(dir, 'tles.txt'), 'utf8');
const gs = readFileSync(resolve(dir, 'ground_stations.txt'), 'utf8');
const [isl, gsl] = [Number(desc.max_isl_length_m), Number(desc.max_gsl_length_m)];
wasm.benchHypatiaAllPairs(tles, gs, 5, 100, isl, gsl); // warm up the JIT
for (let r = 0; r < Number(repeatsArg); r++) {
  const t0 = performance.now();
  const res = JSON.parse(wasm.benchHypatiaAllPairs(tles, gs, Number(stepsArg), 100, isl, gsl));
  const s = (performance.now() - t0) / 1000;
  console.log(JSON.stringify({ ...res, node_seconds: s, ms_per_step_node: (s * 1e3) / res.steps }));
}
