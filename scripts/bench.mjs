// Kernel throughput, natively and in wasm under Node, on the same hold workload
// (engine-wasm/crates/engine/src/kernel/hold.rs). Run with `npm run bench`; record the output in
// docs/BENCHMARKS.md. Options: --events N (default 20000000), --population P (default 1024),
// --repeats R (default 3; the best run counts), --skip-day (not the 24 h TCP bulk run).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { initSync, benchHold, benchCatalogueRoute, Simulation } from '../web/src/wasm/skyqueue_wasm.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
};
const events = arg('events', 20_000_000);
const population = arg('population', 1024);
const repeats = arg('repeats', 3);
const seed = 1;

const cli = `${root}engine-wasm/target/release/skyqueue`;
let native = null;
for (let r = 0; r < repeats; r++) {
  const out = JSON.parse(
    execFileSync(
      cli,
      ['bench', '--events', String(events), '--population', String(population), '--seed', String(seed), '--json'],
      {
        encoding: 'utf8',
      },
    ),
  );
  if (!native || out.events_per_s > native.events_per_s) native = out;
}

initSync({ module: readFileSync(`${root}web/src/wasm/skyqueue_wasm_bg.wasm`) });
benchHold(100_000, population, seed); // warm up the JIT
let wasm = null;
for (let r = 0; r < repeats; r++) {
  const t0 = performance.now();
  const checksum = benchHold(events, population, seed);
  const seconds = (performance.now() - t0) / 1000;
  const run = { seconds, events_per_s: events / seconds, checksum };
  if (!wasm || run.events_per_s > wasm.events_per_s) wasm = run;
}

const ratio = wasm.events_per_s / native.events_per_s;
const m = (x) => (x / 1e6).toFixed(2);
console.log(`SkyQueue kernel benchmark: hold model, ${events} events, population ${population}, best of ${repeats}`);
console.log(`machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`);
console.log(`native: ${m(native.events_per_s)} M events/s (${native.seconds.toFixed(3)} s)`);
console.log(`wasm:   ${m(wasm.events_per_s)} M events/s (${wasm.seconds.toFixed(3)} s)`);
console.log(`wasm / native: ${ratio.toFixed(2)}`);
if (wasm.checksum !== native.checksum) {
  console.error(
    `checksums differ: native ${native.checksum}, wasm ${wasm.checksum}: the two builds did not do the same work`,
  );
  process.exit(1);
}
console.log(`checksums agree (${wasm.checksum}): both builds processed the same events`);

// Topology: a constellation scenario run to its end (default: 24 h of Iridium at 1 s steps
// for one pair), natively and in wasm, from the same file.
const topoFile = `${root}scripts/bench/topology-day.json`;
let topoNative = null;
for (let r = 0; r < repeats; r++) {
  const out = JSON.parse(
    execFileSync(cli, ['bench', '--workload', 'topology', '--scenario', topoFile, '--json'], { encoding: 'utf8' }),
  );
  if (!topoNative || out.seconds < topoNative.seconds) topoNative = out;
}
const topoText = readFileSync(topoFile, 'utf8');
let topoWasm = Infinity;
let topoSummary = null;
for (let r = 0; r < repeats; r++) {
  const t0 = performance.now();
  const sim = new Simulation(topoText);
  sim.runToEnd();
  topoWasm = Math.min(topoWasm, (performance.now() - t0) / 1000);
  topoSummary = sim.summary().constellation;
  sim.free();
}
const topoChecksum =
  `${topoSummary.handovers.intra_orbital}-${topoSummary.handovers.inter_orbital}-` +
  `${topoSummary.handovers.isl_change}-${topoSummary.delay_ms.mean.toFixed(6)}`;
console.log('');
console.log(`Topology benchmark: ${topoSummary.steps} steps (scripts/bench/topology-day.json), best of ${repeats}`);
console.log(`native: ${topoNative.seconds.toFixed(3)} s (${Math.round(topoNative.steps_per_s)} steps/s)`);
console.log(`wasm:   ${topoWasm.toFixed(3)} s (${Math.round(topoSummary.steps / topoWasm)} steps/s)`);
console.log(`wasm / native speed: ${(topoNative.seconds / topoWasm).toFixed(2)}`);
if (topoChecksum !== topoNative.checksum) {
  console.error(`topology results differ: native ${topoNative.checksum}, wasm ${topoChecksum}`);
  process.exit(1);
}
console.log(`results agree (${topoChecksum})`);

/**
 * A scenario built and run to its end, best of `repeats`: natively (`skyqueue bench --workload
 * scenario`, from a file written under `name`) and in wasm (the `Simulation` binding, in
 * process), with the wasm run's summary.
 */
function bestOf(text, name) {
  const file = `${os.tmpdir()}/skyqueue-bench-${name}.json`;
  writeFileSync(file, text);
  let native = Infinity;
  let wasm = Infinity;
  let wasmSummary = '';
  for (let r = 0; r < repeats; r++) {
    const out = JSON.parse(
      execFileSync(cli, ['bench', '--workload', 'scenario', '--scenario', file], { encoding: 'utf8' }),
    );
    native = Math.min(native, out.seconds);
  }
  for (let r = 0; r < repeats; r++) {
    const t0 = performance.now();
    const sim = new Simulation(text);
    sim.runToEnd();
    wasm = Math.min(wasm, (performance.now() - t0) / 1000);
    wasmSummary = JSON.stringify(JSON.parse(sim.resultsJson()).summary);
    sim.free();
  }
  return { file, native, wasm, wasmSummary };
}

// VoIP over LEO: 200 flows x 100 s under PF (paper 000's heaviest point), natively and in wasm.
const voip = bestOf(
  JSON.stringify({
    version: 1,
    model: 'voip-leo',
    duration_s: 100,
    warmup_s: 5,
    metrics: { bucket_s: 0.5 },
    voip: { flows: 200, policy: 'pf' },
  }),
  'voip',
);
const [voipNative, voipWasm] = [voip.native, voip.wasm];
console.log('');
console.log(`VoIP over LEO: 200 flows x 100 s under PF, best of ${repeats} (build and run, in process)`);
console.log(`native: ${voipNative.toFixed(3)} s`);
console.log(`wasm:   ${voipWasm.toFixed(3)} s`);

// TCP over Iridium (paper 004): one 15 MB transfer at high throughput (120 Mb/s up and down,
// 2 Gb/s between satellites: about 10^5 packets over the moving route), natively and in wasm,
// with the two summaries compared; then 24 simulated hours of unlimited bulk at low throughput
// (scripts/bench/tcp-bulk-day.json; target: under 10 s natively), once each (--skip-day skips it).
const tcp = bestOf(
  JSON.stringify({
    version: 2,
    model: 'tcp-leo',
    duration_s: 15,
    warmup_s: 0,
    metrics: { bucket_s: 1 },
    transfer: { from: 'Hawaii gateway', to: 'Los Angeles', start_s: 10, bytes: 15_000_000, throughput: 'high' },
  }),
  'tcp',
);
const [tcpFile, tcpNative, tcpWasm, tcpWasmSummary] = [tcp.file, tcp.native, tcp.wasm, tcp.wasmSummary];
const tcpNativeSummary = JSON.stringify(
  JSON.parse(execFileSync(cli, ['run', tcpFile], { encoding: 'utf8', maxBuffer: 1 << 26 })).summary,
);
const transfer = JSON.parse(tcpNativeSummary).transfer;
console.log('');
console.log(`TCP over Iridium: one 15 MB transfer at high throughput, best of ${repeats} (build and run, in process)`);
console.log(`native: ${tcpNative.toFixed(3)} s`);
console.log(`wasm:   ${tcpWasm.toFixed(3)} s`);
console.log(
  `transfer: ${transfer.transfer_s?.toFixed(3)} s simulated, ${transfer.retransmits} retransmits; ` +
    `summaries ${tcpNativeSummary === tcpWasmSummary ? 'agree' : 'DIFFER'}`,
);
if (tcpNativeSummary !== tcpWasmSummary) process.exit(1);

if (!process.argv.includes('--skip-day')) {
  const dayFile = `${root}scripts/bench/tcp-bulk-day.json`;
  const day = JSON.parse(
    execFileSync(cli, ['bench', '--workload', 'scenario', '--scenario', dayFile], { encoding: 'utf8' }),
  );
  const t0 = performance.now();
  const sim = new Simulation(readFileSync(dayFile, 'utf8'));
  sim.runToEnd();
  const dayWasm = (performance.now() - t0) / 1000;
  sim.free();
  console.log('');
  console.log(`TCP over Iridium: 24 h of bulk at low throughput (${(day.events / 1e6).toFixed(1)} M events), once`);
  console.log(`native: ${day.seconds.toFixed(3)} s (target 10 s)`);
  console.log(`wasm:   ${dayWasm.toFixed(3)} s`);
}

// A real mega-constellation: the Starlink catalogue of 13 May 2026 (examples/, 10,361 element
// sets, 9,327 in nine shells), London to New York over +Grid by least delay at 1 s steps: every
// satellite propagated, every ISL checked against its range, one Dijkstra search per step.
// Natively `skyqueue calc pair --tle`; in wasm the `benchCatalogueRoute` binding, whose load
// (parse, group into shells) is timed apart from its steps. The summaries must agree.
{
  const catFile = `${root}examples/starlink-2026-05-13.tle`;
  const steps = 3600;
  let native = null;
  for (let r = 0; r < repeats; r++) {
    const out = JSON.parse(
      execFileSync(
        cli,
        ['calc', 'pair', '--tle', catFile, '--from', 'London', '--to', 'New York', '--hours', '1', '--step-s', '1'],
        { encoding: 'utf8' },
      ),
    );
    if (!native || out.ms_per_step < native.ms_per_step) native = out;
  }
  const text = readFileSync(catFile, 'utf8');
  let load = Infinity;
  let run = Infinity;
  let summary = null;
  for (let r = 0; r < repeats; r++) {
    let t0 = performance.now();
    benchCatalogueRoute(text, 'London', 'New York', 0, 1);
    load = Math.min(load, performance.now() - t0);
    t0 = performance.now();
    summary = JSON.parse(benchCatalogueRoute(text, 'London', 'New York', steps, 1));
    run = Math.min(run, performance.now() - t0);
  }
  const wasmMsPerStep = (run - load) / steps;
  console.log('');
  console.log(
    `Real Starlink catalogue: ${native.satellites_used} satellites in ${native.shells.length} shells, ` +
      `${native.isls} +Grid ISLs, London - New York, ${steps} steps of 1 s, best of ${repeats}`,
  );
  console.log(`native: ${native.ms_per_step.toFixed(3)} ms per step (goal 2 ms)`);
  console.log(
    `wasm:   ${wasmMsPerStep.toFixed(3)} ms per step (goal 4 ms); loading the catalogue ${load.toFixed(0)} ms`,
  );
  const agree =
    summary.delay_ms.mean === native.delay_ms.mean &&
    summary.route_changes === native.route_changes &&
    summary.steps === native.steps;
  console.log(
    `one-way delay ${native.delay_ms.min.toFixed(2)} / ${native.delay_ms.mean.toFixed(2)} / ${native.delay_ms.max.toFixed(2)} ms ` +
      `(light along the ground: ${native.great_circle_ms.toFixed(2)} ms); summaries ${agree ? 'agree' : 'DIFFER'}`,
  );
  if (!agree) process.exit(1);
}
