// Paper 003's tables in docs/REPRODUCTION.md, regenerated from the engine with `skyqueue sweep`:
// Tables II and IV (packets lost per codec and transport, by cause), Table III (jitter), Fig. 2
// and Table V (R and MOS), Table VI (Jain's index beside one TCP flow). Every sweep runs the
// four transports (UDP, CCID4, CCID4-N, CCID4-SCA) on the same seeds: ten 10-minute calls per
// cell, as the paper's ten experiments. Sweeps "with" a field run a copy of the preset with
// that field set.
// Run with `npm run reproduce:003` (builds the CLI first); paste the output into
// docs/REPRODUCTION.md in place of the tables it replaces. About a minute on 2 cores.
//
// Options: --seeds K (default 10), --cli PATH (default engine-wasm/target/release/skyqueue),
// --commands (print the commands only, run nothing: a test checks that docs/REPRODUCTION.md
// quotes them).
import { opt, root, runSweeps } from './sweeps.mjs';

const seeds = opt('seeds', '10');
const cli = opt('cli', `${root}engine-wasm/target/release/skyqueue`);

const TRANSPORTS = 'udp,ccid4,ccid4-n,ccid4-sca';
const CALL = 'examples/dccp-g711.json';
const SHARE = 'examples/dccp-g711-12calls-tcp.json';
// Table II's rows: [label, fields set in a copy of the one-call preset, paper's CCID4 / UDP /
// CCID4-N / CCID4-SCA loss in %].
const ROWS = [
  ['G.711', {}, [2.01, 0.15, 0.44, 0.15]],
  ['G.729', { codec: 'g729' }, [1.24, 0.1, 0.08, 0.1]],
  ['Speex', { codec: 'speex' }, [1.84, 0.1, 0.15, 0.1]],
  ['Speex/DTX', { codec: 'speex', dtx: true }, [17.3, 0.1, 0.16, 0.1]],
  ['Speex, 5 calls', { codec: 'speex', calls: 5 }, [2, 0.15, 0.34, 0.15]],
  ['G.711, 12 calls', { calls: 12 }, [6.32, 1.55, 3.76, 1.5]],
];
// [preset, param, values, policies, seeds, fields set].
const T2 = ROWS.map(([, set]) => [CALL, 'dccp.per', '0.001', TRANSPORTS, seeds, set]);
const T6 = [
  [SHARE, 'dccp.per', '0.001', TRANSPORTS, seeds, {}],
  [SHARE, 'dccp.per', '0.001', TRANSPORTS, seeds, { codec: 'cbr', calls: 1 }],
  [SHARE, 'dccp.per', '0.001', TRANSPORTS, seeds, { tcp_cc: 'cubic' }],
];
const sweeps = [...T2, ...T6];
const results = (await runSweeps(sweeps, 'dccp', cli, 'paper003')).map((rows) => rows.map(({ s, ...r }) => ({ ...r, d: s })));

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const f = (x, d) => (x === null || x === undefined || !Number.isFinite(x) ? '–' : x.toFixed(d));
/** The mean of `get` over the runs of one transport. */
const cell = (rows, policy, get) => mean(rows.filter((r) => r.policy === policy).map((r) => get(r.d)));
const ORDER = ['ccid4', 'udp', 'ccid4-n', 'ccid4-sca'];
const NAMES = { ccid4: 'CCID4', udp: 'UDP', 'ccid4-n': 'CCID4-N', 'ccid4-sca': 'CCID4-SCA' };

console.log(`Tables II and IV (10-minute calls, mean of ${seeds} seeds): packets lost [%], SkyQueue (paper); for DCCP, between application and transport / on the link / too late:\n`);
console.log(`| codec | ${ORDER.map((p) => NAMES[p]).join(' | ')} | CCID4's loss by cause |`);
console.log('|---|---|---|---|---|---|');
ROWS.forEach(([label, , paper], i) => {
  const rows = results[i];
  const cells = ORDER.map((p, j) => `${f(cell(rows, p, (d) => d.loss_pct), 2)} (${paper[j]})`);
  const cause = ['app_loss_pct', 'link_loss_pct', 'late_pct'].map((k) => f(cell(rows, 'ccid4', (d) => d[k]), 2)).join(' / ');
  console.log(`| ${label} | ${cells.join(' | ')} | ${cause} |`);
});

console.log(`\nTable III (G.711, RFC 3550 jitter [ms], mean over the calls / largest; paper: 54 / 1000 under both):\n`);
console.log('| transport | mean | largest |');
console.log('|---|---|---|');
for (const p of ORDER) {
  const rows = results[0].filter((r) => r.policy === p);
  console.log(`| ${NAMES[p]} | ${f(mean(rows.map((r) => r.d.jitter_ms)), 1)} | ${f(Math.max(...rows.map((r) => r.d.jitter_max_ms)), 0)} |`);
}

console.log(`\nFig. 2 and Table V (A = 30; R from the loss of every cause and the mean one-way delay): R · MOS, and MOS below UDP's:\n`);
console.log(`| codec | ${ORDER.map((p) => NAMES[p]).join(' | ')} | MOS below UDP: CCID4 / CCID4-N / CCID4-SCA |`);
console.log('|---|---|---|---|---|---|');
ROWS.forEach(([label], i) => {
  const rows = results[i];
  const mos = (p) => cell(rows, p, (d) => d.mos);
  const cells = ORDER.map((p) => `${f(cell(rows, p, (d) => d.r), 1)} · ${f(mos(p), 2)}`);
  const below = ['ccid4', 'ccid4-n', 'ccid4-sca'].map((p) => f(mos('udp') - mos(p), 2)).join(' / ');
  console.log(`| ${label} | ${cells.join(' | ')} | ${below} |`);
});

console.log(`\nTable VI (one TCP flow beside the flow, 10 minutes, mean of ${seeds} seeds): Jain's index of the received rates, SkyQueue (paper), and the flow's / TCP's rate [kb/s]:\n`);
console.log(`| flows | ${ORDER.map((p) => NAMES[p]).join(' | ')} |`);
console.log('|---|---|---|---|---|');
const T6ROWS = [
  ['12 G.711 calls + TCP NewReno', [0.9997, 0.74, 0.99997, 0.99997]],
  ['1 Mb/s data + TCP NewReno', [0.985, 0.5, 0.98, 0.98]],
  ['12 G.711 calls + TCP CUBIC', null],
];
T6ROWS.forEach(([label, paper], i) => {
  const rows = results[T2.length + i];
  const cells = ORDER.map((p, j) => `${f(cell(rows, p, (d) => d.jain), 3)}${paper ? ` (${paper[j]})` : ''}, ${f(cell(rows, p, (d) => d.received_kbps), 0)} / ${f(cell(rows, p, (d) => d.tcp_kbps[0]), 0)}`);
  console.log(`| ${label} | ${cells.join(' | ')} |`);
});
