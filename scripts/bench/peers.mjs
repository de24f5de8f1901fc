// SkyQueue beside ns-3 and SimPy on the same work (scripts/bench/peers/README.md): workload Q
// (200 on/off VoIP sources into one 500-packet DropTail queue, 100 s) and workload H (the hold
// model), interleaved in one run: native, wasm, ns-3, SimPy, native, wasm, ... The best wall
// time of each counts. Workload Y: SkyQueue beside Hypatia (snkas/hypatia's satgenpy) on
// Hypatia's own paper workload, every ground-station pair's path at every step of Starlink
// shell 1 (scripts/bench/peers/hypatia/), with every pair's delay compared. Workload T: SkyQueue
// beside Hypatia's own ns-3 program (main_satnet, ported to ns-3 3.37:
// scripts/bench/peers/hypatia-ns3/) on its traffic_matrix_load, with the aggregate goodput and
// the per-flow rank correlation. Run with `npm run bench:peers`; record the tables in
// docs/BENCHMARKS.md.
//
// Options: --repeats R (default 3), --only q|h|y|t, --quick (Q over 20 s, H over 1 M events, Y
// over 2 Hypatia steps and 200 SkyQueue steps, T over 1 s at 10 Mb/s: a smoke run, not a figure
// to record),
// --population P (H, default 10000), --events N (H, default 10000000), --hypatia-steps K (Y:
// steps Hypatia computes, default 20, about 20 s each; its time per step is extrapolated to the
// 2,000 steps SkyQueue runs), --check (build the peers, say which are missing and how to
// install them, run nothing). A peer that is not installed is skipped with the command that
// installs it. Environment: SKYQUEUE_NS3_INCLUDE (ns-3's headers, default /usr/include),
// SKYQUEUE_PEERS_PYTHON (the Python with SimPy; when set, the only one tried), SKYQUEUE_HYPATIA
// (a checkout of snkas/hypatia), SKYQUEUE_HYPATIA_PYTHON (a Python with satgenpy's
// dependencies, default python3), SKYQUEUE_HYPATIA_NS3 (main_satnet as
// scripts/bench/peers/hypatia-ns3/build.sh builds it).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { initSync, benchHold, Simulation } from '../../web/src/wasm/skyqueue_wasm.js';
import * as engineWasm from '../../web/src/wasm/skyqueue_wasm.js';
import { hypatiaNs3Peer, workloadT } from './peers/hypatia-ns3/workload.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const peersSrc = `${root}scripts/bench/peers`;
const out = `${root}engine-wasm/target/peers`;
const cli = `${root}engine-wasm/target/release/skyqueue`;
const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const quick = argv.includes('--quick');
const repeats = Number(opt('repeats', 3));
const only = opt('only', null);
const qSeconds = quick ? 20 : 100;
const hPopulation = Number(opt('population', 10_000));
const hEvents = Number(opt('events', quick ? 1_000_000 : 10_000_000));
const yHypatiaSteps = Number(opt('hypatia-steps', quick ? 2 : 20));
const ySteps = quick ? 200 : 2000;
const yStepMs = 100;
const valid =
  repeats >= 1 &&
  hPopulation >= 1 &&
  hEvents >= 1 &&
  Number.isInteger(yHypatiaSteps) &&
  yHypatiaSteps >= 1 &&
  yHypatiaSteps <= ySteps &&
  (!only || ['q', 'h', 'y', 't'].includes(only));
if (!valid) {
  console.error(
    'usage: node scripts/bench/peers.mjs [--repeats R>=1] [--only q|h|y|t] [--quick] [--population P] [--events N] ' +
      '[--hypatia-steps K (1 to 2000)]',
  );
  process.exit(2);
}

/** `key=value` pairs of a peer's one-line report. */
const fields = (line) =>
  Object.fromEntries(
    line
      .trim()
      .split(/\s+/)
      .map((kv) => kv.split('='))
      .filter((p) => p.length === 2),
  );

// ---- the peers: build what is installed, say how to install what is not ----

const notes = [];
mkdirSync(out, { recursive: true });

function ns3Binaries() {
  const include = process.env.SKYQUEUE_NS3_INCLUDE ?? '/usr/include';
  if (!existsSync(`${include}/ns3/core-module.h`)) {
    notes.push('ns-3 not installed: skipped. Debian 12: sudo apt-get install -y ns3 libns3-dev g++ (ns-3 3.37)');
    return null;
  }
  const libs = {
    hold: ['-lns3-core'],
    voip: [
      '-lns3-core',
      '-lns3-network',
      '-lns3-internet',
      '-lns3-applications',
      '-lns3-point-to-point',
      '-lns3-traffic-control',
    ],
  };
  const bins = {};
  for (const [name, l] of Object.entries(libs)) {
    const src = `${peersSrc}/ns3/${name}.cc`;
    const bin = `${out}/ns3-${name}`;
    if (!existsSync(bin) || statSync(bin).mtimeMs < statSync(src).mtimeMs) {
      // pkg-config is broken in Debian's ns-3 3.37 packages: the flags are given here.
      const r = spawnSync('g++', ['-O2', '-std=c++17', `-I${include}`, '-o', bin, src, ...l], { encoding: 'utf8' });
      if (r.status !== 0) {
        notes.push(
          `ns-3 ${name}.cc did not compile (skipped): ${(r.error?.message ?? r.stderr).trim().split('\n').slice(-3).join(' / ')}`,
        );
        return null;
      }
    }
    bins[name] = bin;
  }
  return bins;
}

function simpyPython() {
  const candidates = process.env.SKYQUEUE_PEERS_PYTHON
    ? [process.env.SKYQUEUE_PEERS_PYTHON]
    : [`${out}/venv/bin/python`, 'python3'];
  for (const py of candidates) {
    const r = spawnSync(py, ['-c', 'import simpy; print(simpy.__version__)'], { encoding: 'utf8' });
    if (r.status === 0) return { py, version: r.stdout.trim() };
  }
  notes.push(
    `SimPy not found: skipped. Install: python3 -m venv ${out}/venv && ${out}/venv/bin/pip install simpy==4.1.1`,
  );
  return null;
}

const hypatiaInstall =
  'Install: git clone https://github.com/snkas/hypatia /opt/hypatia && python3 -m venv /opt/hypatia-venv && ' +
  '/opt/hypatia-venv/bin/pip install numpy astropy ephem networkx sgp4 geopy matplotlib statsmodels cartopy ' +
  'git+https://github.com/snkas/exputilpy.git@v1.6, then set SKYQUEUE_HYPATIA=/opt/hypatia ' +
  'SKYQUEUE_HYPATIA_PYTHON=/opt/hypatia-venv/bin/python';

/** Hypatia's checkout and a Python that imports its satgenpy, or null with the install hint. */
function hypatiaPeer() {
  const dir = process.env.SKYQUEUE_HYPATIA;
  const py = process.env.SKYQUEUE_HYPATIA_PYTHON ?? 'python3';
  if (!dir || !existsSync(`${dir}/satgenpy/satgen/__init__.py`)) {
    notes.push(`Hypatia not found (SKYQUEUE_HYPATIA): skipped. ${hypatiaInstall}`);
    return null;
  }
  const probe = `import sys; sys.path.insert(0, ${JSON.stringify(`${dir}/satgenpy`)}); import satgen`;
  const r = spawnSync(py, ['-c', probe], { encoding: 'utf8' });
  if (r.status !== 0) {
    const why = (r.error?.message ?? r.stderr).trim().split('\n').slice(-1)[0];
    notes.push(`Hypatia's satgenpy does not import with ${py} (${why}): skipped. ${hypatiaInstall}`);
    return null;
  }
  const git = spawnSync('git', ['-C', dir, 'rev-parse', 'HEAD'], { encoding: 'utf8' });
  return { dir, py, commit: git.status === 0 ? git.stdout.trim() : 'unknown commit' };
}

const ns3 = ns3Binaries();
const simpy = simpyPython();
const hypatia = hypatiaPeer();
const hypatiaNs3 = hypatiaNs3Peer(notes);
if (argv.includes('--check')) {
  console.log(
    `ns-3: ${ns3 ? `built in ${out}` : 'missing'}; SimPy: ${simpy ? `${simpy.version} (${simpy.py})` : 'missing'}; ` +
      `Hypatia: ${hypatia ? `${hypatia.commit.slice(0, 12)} (${hypatia.dir}, ${hypatia.py})` : 'missing'}; ` +
      `Hypatia's ns-3: ${hypatiaNs3 ? hypatiaNs3.exe : 'missing'}`,
  );
  for (const n of notes) console.log(n);
  process.exit(0);
}
const run = (cmd, args) => execFileSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 26 });

initSync({ module: readFileSync(`${root}web/src/wasm/skyqueue_wasm_bg.wasm`) });

// ---- workload Q ----

const qText = (() => {
  const s = JSON.parse(readFileSync(`${root}examples/voip-onoff-droptail-ns3.json`, 'utf8'));
  s.duration_s = qSeconds;
  return JSON.stringify(s);
})();
const qFile = `${os.tmpdir()}/skyqueue-peers-q.json`;
writeFileSync(qFile, qText);

/** One Q run of each simulator: wall time of the run and the same-work figures. */
const qRunners = [
  {
    name: 'SkyQueue native',
    run() {
      const r = JSON.parse(run(cli, ['bench', '--workload', 'scenario', '--scenario', qFile]));
      const q = r.summary.queue;
      return {
        s: r.seconds,
        sent: q.arrivals,
        delivered: q.delivered,
        dropped: q.dropped_overflow,
        delayMs: q.delay.mean_s * 1e3,
      };
    },
  },
  {
    name: 'SkyQueue wasm',
    run() {
      const t0 = performance.now();
      const sim = new Simulation(qText);
      sim.runToEnd();
      const s = (performance.now() - t0) / 1000;
      const q = sim.summary().queue;
      sim.free();
      return {
        s,
        sent: q.arrivals,
        delivered: q.delivered,
        dropped: q.dropped_overflow,
        delayMs: q.delay.mean_s * 1e3,
      };
    },
  },
  ns3 && {
    name: 'ns-3 3.37',
    run() {
      const f = fields(run(ns3.voip, ['200', String(qSeconds), '1']));
      return {
        s: Number(f.run_s),
        sent: Number(f.sent),
        delivered: Number(f.delivered),
        dropped: Number(f.dropped),
        delayMs: Number(f.mean_delay_ms),
      };
    },
  },
  simpy && {
    name: `SimPy ${simpy.version}`,
    run() {
      const f = fields(run(simpy.py, [`${peersSrc}/simpy/voip.py`, '200', String(qSeconds)]));
      return {
        s: Number(f.run_s),
        sent: Number(f.sent),
        delivered: Number(f.delivered),
        dropped: Number(f.dropped),
        delayMs: Number(f.mean_delay_ms),
      };
    },
  },
].filter(Boolean);

// ---- workload H ----

const hRunners = [
  {
    name: 'SkyQueue native',
    run() {
      const r = JSON.parse(
        run(cli, ['bench', '--events', String(hEvents), '--population', String(hPopulation), '--seed', '1', '--json']),
      );
      return { s: r.seconds, events: r.events };
    },
  },
  {
    name: 'SkyQueue wasm',
    run() {
      const t0 = performance.now();
      benchHold(hEvents, hPopulation, 1);
      return { s: (performance.now() - t0) / 1000, events: hEvents };
    },
  },
  ...(ns3
    ? ['ns3::MapScheduler', 'ns3::HeapScheduler'].map((sched) => ({
        name: `ns-3 3.37 (${sched.replace('ns3::', '')})`,
        run() {
          const f = fields(run(ns3.hold, [String(hPopulation), String(hEvents), sched]));
          return { s: Number(f.run_s), events: Number(f.handled) };
        },
      }))
    : []),
  simpy && {
    name: `SimPy ${simpy.version} (callbacks)`,
    run() {
      const f = fields(run(simpy.py, [`${peersSrc}/simpy/hold.py`, 'callback', String(hPopulation), String(hEvents)]));
      return { s: Number(f.run_s), events: Number(f.handled) };
    },
  },
].filter(Boolean);

/** Every runner once per round, `repeats` rounds; the fastest run of each is kept. */
function interleaved(runners) {
  const best = new Map();
  for (let r = 0; r < repeats; r++) {
    for (const runner of runners) {
      const res = runner.run();
      const prev = best.get(runner.name);
      if (!prev || res.s < prev.s) best.set(runner.name, res);
    }
  }
  return best;
}

const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);
const int = (x) => Math.round(x).toLocaleString('en-US');

console.log(`SkyQueue beside ns-3, SimPy and Hypatia, ${new Date().toISOString().slice(0, 10)}`);
console.log(
  `machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}; ` +
    `best of ${repeats}, interleaved${quick ? '; --quick: a smoke run, not a figure to record' : ''}`,
);

let failed = false;
if (!only || only === 'q') {
  warmUp();
  const best = interleaved(qRunners);
  const ref = best.get('ns-3 3.37');
  console.log('');
  console.log(`Workload Q: 200 on/off VoIP sources -> DropTail 500 -> 9.4 Mb/s, 10 ms; ${qSeconds} s simulated`);
  console.log(
    `${pad('simulator', 22)}${lpad('wall s', 9)}${lpad('delivered/s', 13)}${lpad('vs ns-3', 9)}` +
      `${lpad('sent', 10)}${lpad('delivered', 11)}${lpad('dropped', 9)}${lpad('delay ms', 10)}`,
  );
  for (const [name, r] of best) {
    const speed = ref ? `${(ref.s / r.s).toFixed(1)}x` : '-';
    const dropPct = `${((100 * r.dropped) / r.sent).toFixed(2)} %`;
    console.log(
      `${pad(name, 22)}${lpad(r.s.toFixed(3), 9)}${lpad(int(r.delivered / r.s), 13)}${lpad(speed, 9)}` +
        `${lpad(int(r.sent), 10)}${lpad(int(r.delivered), 11)}${lpad(dropPct, 9)}${lpad(r.delayMs.toFixed(3), 10)}`,
    );
  }
  // The same work: delivered, dropped share and mean delay within 1 % of the reference peer.
  const peer = ref ?? [...best.entries()].find(([n]) => n.startsWith('SimPy'))?.[1];
  if (peer) {
    let agree = true;
    for (const [name, r] of best) {
      if (!name.startsWith('SkyQueue')) continue;
      const off = [
        ['delivered', r.delivered, peer.delivered],
        ['dropped share', r.dropped / r.sent, peer.dropped / peer.sent],
        ['mean delay', r.delayMs, peer.delayMs],
      ].filter(([, a, b]) => Math.abs(a / b - 1) > 0.01);
      if (off.length) {
        agree = false;
        failed = !quick; // one seed each over 20 s: noise of the order of 1 % is expected
        console.log(`${name}: differs by more than 1 %: ${off.map(([k, a, b]) => `${k} ${a} vs ${b}`).join(', ')}`);
      }
    }
    if (agree)
      console.log(
        `same work: SkyQueue's delivered, dropped share and mean delay within 1 % of ${ref ? 'ns-3' : 'SimPy'}'s`,
      );
  }
}

if (!only || only === 'h') {
  benchHold(100_000, hPopulation, 1); // warm up the JIT
  const best = interleaved(hRunners);
  const ref = best.get('ns-3 3.37 (MapScheduler)');
  console.log('');
  console.log(`Workload H: hold model, ${int(hPopulation)} pending events, ${int(hEvents)} events`);
  console.log(
    `${pad('simulator', 30)}${lpad('wall s', 9)}${lpad('M events/s', 12)}${lpad('vs ns-3 Map', 13)}${lpad('events', 13)}`,
  );
  for (const [name, r] of best) {
    const speed = ref ? `${(ref.s / r.s).toFixed(1)}x` : '-';
    console.log(
      `${pad(name, 30)}${lpad(r.s.toFixed(3), 9)}${lpad((r.events / r.s / 1e6).toFixed(2), 12)}${lpad(speed, 13)}${lpad(int(r.events), 13)}`,
    );
  }
}

if (!only || only === 'y') workloadY();
if (!only || only === 't') {
  workloadT({ root, cli, out, quick, run, interleaved, pad, lpad, Simulation, peer: hypatiaNs3 });
}

if (notes.length) {
  console.log('');
  for (const n of notes) console.log(n);
}
process.exit(failed ? 1 : 0);

/** One short wasm run first, so that the first timed wasm run is not the JIT's first. */
function warmUp() {
  const sim = new Simulation(qText.replace(`"duration_s":${qSeconds}`, '"duration_s":2'));
  sim.runToEnd();
  sim.free();
}

/**
 * Workload Y: Hypatia's satgenpy on Starlink shell 1 with its paper's 100 ground stations
 * (scripts/bench/peers/hypatia/hypatia_run.py), then SkyQueue on the files it generated
 * (`skyqueue bench --workload all-pairs`, and wasm's benchHypatiaAllPairs), then every pair's
 * delay at every step Hypatia computed, compared (compare.py).
 */
function workloadY() {
  console.log('');
  if (!hypatia) {
    console.log('Workload Y: skipped, Hypatia is not installed (see below)');
    return;
  }
  const dir = `${out}/hypatia`;
  const helper = `${peersSrc}/hypatia`;
  console.log(
    `Workload Y: Hypatia's all-pairs forwarding state, Starlink shell 1 (72 x 22), 100 ground stations, +Grid, ` +
      `${yStepMs} ms steps; Hypatia ${hypatia.commit.slice(0, 12)} runs ${yHypatiaSteps} steps (extrapolated to ${ySteps}), ` +
      `SkyQueue ${ySteps}`,
  );
  const hLines = run(hypatia.py, [
    `${helper}/hypatia_run.py`,
    '--hypatia',
    hypatia.dir,
    '--out',
    dir,
    '--steps',
    String(yHypatiaSteps),
  ]);
  const h = JSON.parse(hLines.trim().split('\n').pop());
  const files = [
    '--tle',
    `${dir}/tles.txt`,
    '--ground-stations',
    `${dir}/ground_stations.txt`,
    '--description',
    `${dir}/description.txt`,
  ];
  const desc = Object.fromEntries(
    readFileSync(`${dir}/description.txt`, 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split('=')),
  );
  const tles = readFileSync(`${dir}/tles.txt`, 'utf8');
  const gs = readFileSync(`${dir}/ground_stations.txt`, 'utf8');
  const hasWasm = typeof engineWasm.benchHypatiaAllPairs === 'function';
  if (!hasWasm) notes.push('web/src/wasm predates benchHypatiaAllPairs: run scripts/build-engine.sh (wasm skipped)');
  const runners = [
    {
      name: 'SkyQueue native',
      run() {
        const r = JSON.parse(
          run(cli, ['bench', '--workload', 'all-pairs', ...files, '--steps', String(ySteps), '--json']),
        );
        return { s: r.seconds, steps: r.steps, checksum: r.checksum };
      },
    },
    hasWasm && {
      name: 'SkyQueue wasm',
      run() {
        const t0 = performance.now();
        const r = JSON.parse(
          engineWasm.benchHypatiaAllPairs(
            tles,
            gs,
            ySteps,
            yStepMs,
            Number(desc.max_isl_length_m),
            Number(desc.max_gsl_length_m),
          ),
        );
        return { s: (performance.now() - t0) / 1000, steps: r.steps, checksum: r.checksum };
      },
    },
  ].filter(Boolean);
  const best = interleaved(runners);
  const hPerStep = h.s_per_step;
  console.log(
    `${pad('simulator', 42)}${lpad('steps run', 11)}${lpad('ms/step', 12)}${lpad(`s for ${ySteps}`, 12)}${lpad('vs Hypatia', 12)}`,
  );
  console.log(
    `${pad(`Hypatia (satgenpy, Python)`, 42)}${lpad(h.steps, 11)}${lpad((hPerStep * 1e3).toFixed(1), 12)}` +
      `${lpad(`${(hPerStep * ySteps).toFixed(0)}*`, 12)}${lpad('1x', 12)}`,
  );
  for (const [name, r] of best) {
    const per = r.s / r.steps;
    console.log(
      `${pad(`${name} (${r.checksum})`, 42)}${lpad(r.steps, 11)}${lpad((per * 1e3).toFixed(3), 12)}` +
        `${lpad(r.s.toFixed(2), 12)}${lpad(`${(hPerStep / per).toFixed(0)}x`, 12)}`,
    );
  }
  console.log(`* extrapolated from Hypatia's ${h.steps} steps (${h.seconds.toFixed(1)} s)`);
  // Every ordered pair's delay at every step Hypatia computed, both ways.
  run(cli, [
    'bench',
    '--workload',
    'all-pairs',
    ...files,
    '--steps',
    String(h.steps),
    '--delays-out',
    `${dir}/skyqueue_delays.f64`,
  ]);
  const cmp = run(hypatia.py, [
    `${helper}/compare.py`,
    `${dir}/hypatia_delays.f64`,
    `${dir}/skyqueue_delays.f64`,
    `${dir}/ground_stations.txt`,
  ]);
  const lines = cmp.trim().split('\n');
  for (const l of lines.slice(0, -1)) console.log(l);
}
