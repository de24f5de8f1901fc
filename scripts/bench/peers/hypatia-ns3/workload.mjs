// Workload T of `npm run bench:peers`: Hypatia's traffic_matrix_load (Kuiper-630, its 100 cities
// paired as it pairs them, 100 long-lived TCP NewReno or UDP flows, every link at one rate),
// SkyQueue natively (`skyqueue bench --workload traffic-matrix`) and in wasm (the `network`
// model's preset with the same fields) beside Hypatia's own ns-3 program, main_satnet, built
// against Debian's ns-3 3.37 by ./build.sh (the port: ./PORTING.md). Its inputs are made by
// ./make_runs.py with Hypatia's own satgenpy and templates; ./analyze.py reads its results as
// Hypatia's step_3_generate_plots.py does. Reported: wall time, slowdown (wall s per simulated
// s), aggregate goodput, and the per-flow goodputs' rank correlation.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

/** The configurations run: rate [Mb/s], protocol, simulated seconds. */
export function configs(quick) {
  return quick
    ? [
        [10, 'tcp', 1],
        [10, 'udp', 1],
      ]
    : [
        [10, 'tcp', 10],
        [10, 'udp', 10],
        [100, 'tcp', 2],
        [100, 'udp', 2],
      ];
}

export const ns3Install =
  "Build Hypatia's ns-3 (main_satnet) against Debian 12's ns-3 3.37: apt-get install -y ns3 libns3-dev g++ && " +
  'git clone --recursive https://github.com/snkas/hypatia /opt/hypatia && ' +
  'bash scripts/bench/peers/hypatia-ns3/build.sh /opt/hypatia /opt/hypatia/ns3-sat-sim/simulator/contrib/basic-sim ' +
  '/opt/main_satnet, and a Python with satgenpy, exputil and networkload (scripts/bench/peers/hypatia-ns3/PORTING.md); ' +
  'then set SKYQUEUE_HYPATIA_NS3=/opt/main_satnet SKYQUEUE_HYPATIA=/opt/hypatia SKYQUEUE_HYPATIA_PYTHON=<that python>';

/** Hypatia's ns-3 program, its checkout and a Python for its inputs, or null with the hint. */
export function hypatiaNs3Peer(notes) {
  const exe = process.env.SKYQUEUE_HYPATIA_NS3;
  const dir = process.env.SKYQUEUE_HYPATIA;
  const py = process.env.SKYQUEUE_HYPATIA_PYTHON ?? 'python3';
  if (!exe || !existsSync(exe) || !dir || !existsSync(`${dir}/satgenpy/satgen/__init__.py`)) {
    notes.push(`Hypatia's ns-3 not found (SKYQUEUE_HYPATIA_NS3, SKYQUEUE_HYPATIA): skipped. ${ns3Install}`);
    return null;
  }
  const probe = `import sys; sys.path.insert(0, ${JSON.stringify(`${dir}/satgenpy`)}); import satgen, exputil, networkload`;
  const r = spawnSync(py, ['-c', probe], { encoding: 'utf8' });
  if (r.status !== 0) {
    const why = (r.error?.message ?? r.stderr).trim().split('\n').slice(-1)[0];
    notes.push(`Hypatia's inputs need satgenpy, exputil and networkload in ${py} (${why}): skipped. ${ns3Install}`);
    return null;
  }
  return { exe, dir, py };
}

/** Spearman's rank correlation of two lists (ties take their mean rank). */
export function spearman(a, b) {
  const ranks = (v) => {
    const order = v.map((_, i) => i).sort((i, j) => v[i] - v[j]);
    const r = new Array(v.length);
    for (let i = 0; i < order.length;) {
      let j = i;
      while (j + 1 < order.length && v[order[j + 1]] === v[order[i]]) j++;
      for (let k = i; k <= j; k++) r[order[k]] = (i + j) / 2;
      i = j + 1;
    }
    return r;
  };
  const [ra, rb] = [ranks(a), ranks(b)];
  const mean = (x) => x.reduce((s, y) => s + y, 0) / x.length;
  const [ma, mb] = [mean(ra), mean(rb)];
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < ra.length; i++) {
    cov += (ra[i] - ma) * (rb[i] - mb);
    va += (ra[i] - ma) ** 2;
    vb += (rb[i] - mb) ** 2;
  }
  return cov / Math.sqrt(va * vb);
}

/** Hypatia's queue for a rate: 10 packets per Mb/s, at most 100 for UDP (step_1_generate_runs.py). */
const queueFor = (rate, proto) => (proto === 'udp' ? Math.min(10 * rate, 100) : 10 * rate);

/**
 * Runs workload T. `ctx`: { root, cli, out, quick, repeats, run, interleaved, pad, lpad, notes,
 * Simulation, peer } (peer: hypatiaNs3Peer's result or null).
 */
export function workloadT(ctx) {
  const { root, cli, out, quick, run, interleaved, pad, lpad, Simulation, peer } = ctx;
  console.log('');
  console.log(
    "Workload T: Hypatia's traffic_matrix_load, Kuiper-630 (34 x 34, +Grid), its 100 cities in 50 pairs, " +
      'a flow each way, every ISL and ground-link device at one rate, forwarding state every 100 ms',
  );
  const preset = JSON.parse(readFileSync(`${root}examples/network-hypatia-kuiper-tcp.json`, 'utf8'));
  const work = `${out}/hypatia-ns3`;
  mkdirSync(work, { recursive: true });
  const cfgs = configs(quick);
  let runs = null;
  if (peer) {
    // Hypatia's inputs for every configuration, once (satgenpy's state for the longest run).
    const longest = Math.max(...cfgs.map(([, , d]) => d));
    const list = [...new Set(cfgs.map(([r]) => `${r}:${longest}:${queueFor(r, 'tcp')}:${queueFor(r, 'tcp')}`))];
    run(peer.py, [
      `${root}scripts/bench/peers/hypatia-ns3/make_runs.py`,
      '--hypatia',
      peer.dir,
      '--work',
      work,
      '--state-duration-s',
      String(longest),
      '--configs',
      list.join(','),
    ]);
    runs = `${work}/paper/ns3_experiments/traffic_matrix_load/runs`;
  }
  console.log(
    `${pad('rate, protocol, simulated', 30)}${pad('simulator', 24)}${lpad('wall s', 10)}${lpad('slowdown', 10)}` +
      `${lpad('goodput Mb/s', 14)}${lpad('vs ns-3', 10)}`,
  );
  for (const [rate, proto, dur] of cfgs) {
    const label = `${rate} Mb/s, ${proto.toUpperCase()}, ${dur} s`;
    const scenario = structuredClone(preset);
    scenario.duration_s = dur;
    Object.assign(scenario.network, {
      protocol: proto,
      isl_rate_mbps: rate,
      gsl_rate_mbps: rate,
      isl_queue_pkts: queueFor(rate, proto),
      gsl_queue_pkts: queueFor(rate, proto),
    });
    if (proto === 'udp') delete scenario.network.cc;
    const runners = [
      {
        name: 'SkyQueue native',
        run() {
          const args = ['bench', '--workload', 'traffic-matrix', '--protocol', proto, '--rate-mbps', String(rate)];
          const r = JSON.parse(run(cli, [...args, '--duration-s', String(dur), '--json']));
          return { s: r.wall_seconds, goodput: r.goodput_mbps, flows: r.per_flow.map((f) => f.goodput_bytes) };
        },
      },
      {
        name: 'SkyQueue wasm',
        run() {
          const t0 = performance.now();
          const sim = new Simulation(JSON.stringify(scenario));
          sim.runToEnd();
          const s = (performance.now() - t0) / 1000;
          const n = sim.summary().network;
          sim.free();
          return { s, goodput: n.goodput_mbps, flows: n.flows.map((f) => f.goodput_mbps) };
        },
      },
    ];
    const best = interleaved(runners);
    let ns3 = null;
    if (peer) {
      const dir = `${runs}/run_loaded_tm_pairing_${rate}_Mbps_for_${Math.max(...cfgs.map(([, , d]) => d))}s_with_${proto}`;
      run('bash', [`${root}scripts/bench/peers/hypatia-ns3/run.sh`, peer.exe, dir, String(dur)]);
      const res = `${work}/results`;
      run(peer.py, [`${root}scripts/bench/peers/hypatia-ns3/analyze.py`, '--results', res, dir]);
      const name = dir.split('/').pop();
      const row = readFileSync(`${res}/summary.csv`, 'utf8')
        .trim()
        .split('\n')
        .map((l) => l.split(','));
      const head = row[0];
      const mine = row.find((r) => r[0] === name);
      const col = (k) => Number(mine[head.indexOf(k)]);
      const flows = readFileSync(`${res}/${name}/per_flow_goodput.csv`, 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => Number(l.split(',')[3]));
      ns3 = { s: col('wall_program_s'), goodput: col('goodput_mbps'), flows };
    }
    const rows = [...best.entries()];
    if (ns3) rows.unshift(["Hypatia's ns-3 (3.37 port)", ns3]);
    for (const [name, r] of rows) {
      const vs = ns3 ? `${(ns3.s / r.s).toFixed(1)}x` : '-';
      console.log(
        `${pad(label, 30)}${pad(name, 24)}${lpad(r.s.toFixed(2), 10)}${lpad((r.s / dur).toFixed(3), 10)}` +
          `${lpad(r.goodput.toFixed(1), 14)}${lpad(vs, 10)}`,
      );
    }
    if (ns3) {
      const native = best.get('SkyQueue native');
      const diff = (100 * (native.goodput - ns3.goodput)) / ns3.goodput;
      console.log(
        `${pad('', 30)}aggregate goodput ${diff >= 0 ? '+' : ''}${diff.toFixed(1)} % of ns-3's; ` +
          `per-flow goodput rank correlation (Spearman) ${spearman(ns3.flows, native.flows).toFixed(3)}`,
      );
    }
  }
}
