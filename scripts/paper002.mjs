// Paper 002's link-layer tables in docs/REPRODUCTION.md (§3.6, Figs. 5-6), regenerated from the
// engine: `skyqueue sweep` of the two presets over β (and over the interleaving depth), three
// seeds per point, 500 s per run, and prints Markdown: each scheme's simulated efficiency and
// LLDU recovery delay (mean over the seeds) beside SkyQueue's closed forms and the paper's own
// formulas as printed.
// Run with `npm run reproduce:002` (builds the CLI first); paste the output into
// docs/REPRODUCTION.md in place of the tables it replaces. About half a minute on 2 cores.
//
// Options: --seeds K (default 3), --cli PATH (default engine-wasm/target/release/skyqueue),
// --commands (print the commands only, run nothing: a test checks that docs/REPRODUCTION.md
// quotes them).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const opt = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const seeds = opt('seeds', '3');
const cli = opt('cli', `${root}engine-wasm/target/release/skyqueue`);

const FIG5 = ['examples/link-fec-harq-fig5.json', 'link.beta', '0.1,0.3,0.5,0.7,0.8,0.9,0.95,0.98', 'fec,harq'];
const FIG6 = ['examples/link-fec-arq-harq-fig6.json', 'link.beta', '0.1,0.3,0.5,0.7,0.8,0.9,0.93', 'fec,arq,harq'];
const DEPTH = ['examples/link-fec-harq-fig5.json', 'link.interleave', '1,2,4,8,16,32,64', 'fec'];
const sweeps = [FIG5, FIG6, DEPTH];
const args = ([file, param, values, policies]) => ['sweep', file, '--param', param, '--values', values, '--policies', policies, '--seeds', seeds];

if (process.argv.includes('--commands')) {
  for (const s of sweeps) console.log(`skyqueue ${args(s).join(' ')}`);
  process.exit(0);
}

const dir = mkdtempSync(join(tmpdir(), 'paper002-'));
/** Every run of a sweep: { policy, seed, value, link }. */
async function sweep(s, i) {
  const out = join(dir, `${i}.json`);
  await run(cli, [...args(s), '--out', out], { cwd: root, maxBuffer: 1 << 26 });
  return JSON.parse(readFileSync(out, 'utf8')).map((r) => ({ policy: r.policy, seed: r.seed, value: r.value, link: r.summary.link }));
}
const results = await Promise.all(sweeps.map(sweep));
rmSync(dir, { recursive: true, force: true });

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
/** Runs of one policy at one value: the simulated means and the (seed-independent) theory. */
function cell(rows, policy, value) {
  const rs = rows.filter((r) => r.policy === policy && r.value === value);
  const m = (f) => mean(rs.map((r) => f(r.link)));
  return { eff: m((l) => l.efficiency), delay: m((l) => l.lldu_delay_ms), loss: m((l) => l.residual_loss), pkt: m((l) => l.packet_loss), th: rs[0].link.theory };
}
const f = (x, d) => (x === null || x === undefined ? '–' : x.toFixed(d));
const pctDiff = (a, b) => `${((a / b - 1) * 100).toFixed(2)} %`;
const values = (s) => s[2].split(',').map(Number);

console.log(`Fig. 5 (FEC 10/12, HARQ-II 5/7 with N_S 1 and R 2; α 0.99, RTT 500 ms, 2.34 Mb/s; mean of ${seeds} seeds, 500 s each):\n`);
console.log('| β | p | FEC efficiency: sim / closed form / eq. 1 as printed | FEC delay [ms]: sim / closed form / eq. 2 as printed | HARQ-II efficiency: sim / closed form | HARQ-II delay [ms]: sim / closed form / §3.5.4 as printed |');
console.log('|---|---|---|---|---|---|');
let worst = 0;
for (const b of values(FIG5)) {
  const fec = cell(results[0], 'fec', b);
  const harq = cell(results[0], 'harq', b);
  for (const c of [fec, harq]) worst = Math.max(worst, Math.abs(c.eff / c.th.efficiency - 1), Math.abs(c.delay / c.th.delay_ms - 1));
  console.log(
    `| ${b} | ${f(fec.th.erasure_rate, 3)} | ${f(fec.eff, 4)} / ${f(fec.th.efficiency, 4)} / ${f(fec.th.printed_efficiency, 4)} | ${f(fec.delay, 2)} / ${f(fec.th.delay_ms, 2)} / ${f(fec.th.printed_delay_ms, 2)} | ${f(harq.eff, 4)} / ${f(harq.th.efficiency, 4)} | ${f(harq.delay, 1)} / ${f(harq.th.delay_ms, 1)} / ${f(harq.th.printed_delay_ms, 1)} |`,
  );
}
console.log(`\nLargest difference between simulation and closed form: ${(worst * 100).toFixed(2)} %.\n`);

console.log(`Fig. 6 (N_D 38, N_R 13, HARQ-II N_S 1 and R 2; α 0.98; mean of ${seeds} seeds, 500 s each):\n`);
console.log('| β | p | efficiency FEC / ARQ / HARQ-II | LLDU delay [ms] FEC / ARQ / HARQ-II | data never recovered FEC / HARQ-II | IP packets lost FEC / HARQ-II |');
console.log('|---|---|---|---|---|---|');
for (const b of values(FIG6)) {
  const [fec, arq, harq] = ['fec', 'arq', 'harq'].map((p) => cell(results[1], p, b));
  console.log(
    `| ${b} | ${f(fec.th.erasure_rate, 3)} | ${f(fec.eff, 3)} / ${f(arq.eff, 3)} / ${f(harq.eff, 3)} | ${f(fec.delay, 1)} / ${f(arq.delay, 1)} / ${f(harq.delay, 1)} | ${f(fec.loss, 4)} / ${f(harq.loss, 5)} | ${f(fec.pkt, 3)} / ${f(harq.pkt, 4)} |`,
  );
}

console.log(`\nInterleaved FEC 10/12 (α 0.99, β 0.9; mean of ${seeds} seeds):\n`);
console.log('| depth I | efficiency: sim / closed form | data never recovered: sim / closed form | LLDU delay [ms] | IP packets lost |');
console.log('|---|---|---|---|---|');
for (const d of values(DEPTH)) {
  const c = cell(results[2], 'fec', d);
  console.log(`| ${d} | ${f(c.eff, 4)} / ${f(c.th.efficiency, 4)} (${pctDiff(c.eff, c.th.efficiency)}) | ${f(c.loss, 4)} / ${f(c.th.residual_loss, 4)} | ${f(c.delay, 2)} | ${f(c.pkt, 3)} |`);
}
