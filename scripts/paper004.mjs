// Paper 004's TCP tables in docs/REPRODUCTION.md, regenerated from the engine: runs
// `skyqueue calc transfer` (Hawaii gateway -> client, start times drawn inside the day's
// intervals outside / across the seam, 10 runs each, seed 1) and prints Markdown: Table 4 (Los
// Angeles, 9 kB and 15 MB), Table 5's file sizes for Los Angeles (with ns-2's 200 ms minimum RTO,
// and RFC 6298's 1 s), and Figs. 6 and 9 for the two cities the text names.
// Run with `npm run reproduce:004` (builds the CLI first); paste the output into
// docs/REPRODUCTION.md in place of the tables it replaces. About two minutes on 2 cores.
//
// Options: --runs K (default 10), --cli PATH (default engine-wasm/target/release/skyqueue),
// --commands (print the commands only, run nothing: a test checks that docs/REPRODUCTION.md
// quotes them).
import { execFile } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const opt = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const runs = Number(opt('runs', '10'));
const cli = opt('cli', `${root}engine-wasm/target/release/skyqueue`);
const commandsOnly = process.argv.includes('--commands');

// `rto`: 200 (ns-2's minimum RTO, the default), 1000 (RFC 6298's), or 'every-ack' (ns-2
// TCP-Linux's timer restarted on every ACK, with the 200 ms minimum).
const args = (to, bytes, when, rto = 200) => [
  'calc', 'transfer', '--from', 'Hawaii gateway', '--to', to, '--bytes', String(bytes), '--when', when, '--runs', String(runs), '--seed', '1',
  ...(rto === 1000 ? ['--min-rto-ms', '1000'] : rto === 'every-ack' ? ['--rto-every-ack'] : []),
];
const quote = (a) => (a.includes(' ') ? `"${a}"` : a);
const command = (a) => `skyqueue ${a.map(quote).join(' ')}`;

// Every (client, size) measured, outside and across the seam.
const TABLE4 = [9_000, 15_000_000];
const TABLE5 = [25_000, 50_000, 100_000, 500_000, 1_000_000, 5_000_000, 10_000_000];
const jobs = [];
for (const bytes of [...TABLE4, ...TABLE5]) for (const when of ['outside-seam', 'across-seam']) jobs.push(['Los Angeles', bytes, when, 200]);
for (const bytes of [9_000, 15_000_000]) for (const when of ['outside-seam', 'across-seam']) jobs.push(['New Delhi', bytes, when, 200]);
// The same with RFC 6298's minimum RTO (1 s) instead of ns-2's 200 ms, for the larger files.
for (const bytes of [...TABLE5, 15_000_000]) for (const when of ['outside-seam', 'across-seam']) jobs.push(['Los Angeles', bytes, when, 1000]);
// And with ns-2 TCP-Linux's timer restart on every ACK.
for (const bytes of [...TABLE5, 15_000_000]) for (const when of ['outside-seam', 'across-seam']) jobs.push(['Los Angeles', bytes, when, 'every-ack']);

const template = command(args('<client>', '<N>', '<outside-seam|across-seam>'));
if (commandsOnly) {
  for (const [to, bytes, when, rto] of jobs) console.log(command(args(to, bytes, when, rto)));
  process.exit(0);
}

// One process per core.
const results = new Map();
let next = 0;
async function worker() {
  while (next < jobs.length) {
    const [to, bytes, when, rto] = jobs[next++];
    const { stdout } = await run(cli, args(to, bytes, when, rto), { cwd: root, maxBuffer: 1 << 26 });
    results.set(`${to}|${bytes}|${when}|${rto}`, JSON.parse(stdout));
  }
}
await Promise.all(Array.from({ length: availableParallelism() }, worker));
const get = (to, bytes, when, rto = 200) => results.get(`${to}|${bytes}|${when}|${rto}`);
const sd = (r) => r.sd_transfer_s;
const ms = (x) => (x * 1e3).toFixed(1);
const s = (x) => x.toFixed(1);
const timeouts = (r) => r.timeouts.reduce((a, b) => a + b, 0);

console.log(`Commands: \`${template}\`, one per cell (\`node scripts/paper004.mjs --commands\` lists them).`);
console.log('');
console.log(`| Table 4 (Los Angeles) | paper 004 | SkyQueue: mean (sd over ${runs} runs) | timeouts in the ${runs} runs |`);
console.log('|---|---|---|---|');
const PAPER4 = { 9000: ['90.35 ms', '179.43 ms', '50.35 %'], 15000000: ['89.67 s', '91.02 s', '98.52 %'] };
for (const bytes of TABLE4) {
  const [o, a] = [get('Los Angeles', bytes, 'outside-seam'), get('Los Angeles', bytes, 'across-seam')];
  const small = bytes < 1e6;
  const f = small ? (x) => `${ms(x)} ms` : (x) => `${s(x)} s`;
  const label = small ? '9 kB' : '15 MB';
  console.log(`| ${label}, MTT no seam | ${PAPER4[bytes][0]} | ${f(o.mean_transfer_s)} (${small ? ms(sd(o)) : s(sd(o))}) | ${timeouts(o)} |`);
  console.log(`| ${label}, MTT seam | ${PAPER4[bytes][1]} | ${f(a.mean_transfer_s)} (${small ? ms(sd(a)) : s(sd(a))}) | ${timeouts(a)} |`);
  console.log(`| ${label}, MTT no seam / MTT seam | ${PAPER4[bytes][2]} | ${((100 * o.mean_transfer_s) / a.mean_transfer_s).toFixed(1)} % | |`);
}
console.log('');
const PAPER5 = { 25000: 59.38, 50000: 59.35, 100000: 69.79, 500000: 90.71, 1000000: 96.78, 5000000: 99.97, 10000000: 98.55 };
console.log(`| file size [kB] | ${TABLE5.map((b) => b / 1000).join(' | ')} |`);
console.log(`|---|${TABLE5.map(() => '---').join('|')}|`);
console.log(`| paper 004 Table 5: mean over 17 cities of MTT no seam / MTT seam [%] | ${TABLE5.map((b) => PAPER5[b].toFixed(2)).join(' | ')} |`);
console.log(`| SkyQueue, Los Angeles: MTT no seam / MTT seam [%] | ${TABLE5.map((b) => ((100 * get('Los Angeles', b, 'outside-seam').mean_transfer_s) / get('Los Angeles', b, 'across-seam').mean_transfer_s).toFixed(1)).join(' | ')} |`);
console.log(`| SkyQueue, Los Angeles: MTT no seam / MTT seam [s] | ${TABLE5.map((b) => `${get('Los Angeles', b, 'outside-seam').mean_transfer_s.toFixed(2)} / ${get('Los Angeles', b, 'across-seam').mean_transfer_s.toFixed(2)}`).join(' | ')} |`);
console.log(`| SkyQueue, Los Angeles: timeouts in the ${runs} + ${runs} runs | ${TABLE5.map((b) => `${timeouts(get('Los Angeles', b, 'outside-seam'))} + ${timeouts(get('Los Angeles', b, 'across-seam'))}`).join(' | ')} |`);
const ratio1s = (b) => ((100 * get('Los Angeles', b, 'outside-seam', 1000).mean_transfer_s) / get('Los Angeles', b, 'across-seam', 1000).mean_transfer_s).toFixed(1);
console.log(`| the same with a 1 s minimum RTO (RFC 6298): ratio [%] | ${TABLE5.map(ratio1s).join(' | ')} |`);
console.log(`| the same with a 1 s minimum RTO: timeouts | ${TABLE5.map((b) => `${timeouts(get('Los Angeles', b, 'outside-seam', 1000))} + ${timeouts(get('Los Angeles', b, 'across-seam', 1000))}`).join(' | ')} |`);
const ratioEvery = (b) => ((100 * get('Los Angeles', b, 'outside-seam', 'every-ack').mean_transfer_s) / get('Los Angeles', b, 'across-seam', 'every-ack').mean_transfer_s).toFixed(1);
console.log(`| the same with the timer restarted on every ACK (ns-2 TCP-Linux): ratio [%] | ${TABLE5.map(ratioEvery).join(' | ')} |`);
console.log(`| the same with the timer restarted on every ACK: timeouts | ${TABLE5.map((b) => `${timeouts(get('Los Angeles', b, 'outside-seam', 'every-ack'))} + ${timeouts(get('Los Angeles', b, 'across-seam', 'every-ack'))}`).join(' | ')} |`);
console.log('');
console.log(`15 MB with the timer restarted on every ACK: ${s(get('Los Angeles', 15_000_000, 'outside-seam', 'every-ack').mean_transfer_s)} s no seam, ${s(get('Los Angeles', 15_000_000, 'across-seam', 'every-ack').mean_transfer_s)} s seam (${ratioEvery(15_000_000)} %).`);
console.log('');
console.log(`15 MB with a 1 s minimum RTO: ${s(get('Los Angeles', 15_000_000, 'outside-seam', 1000).mean_transfer_s)} s no seam, ${s(get('Los Angeles', 15_000_000, 'across-seam', 1000).mean_transfer_s)} s seam (${ratio1s(15_000_000)} %).`);
console.log('');
const [no, nd] = [get('New Delhi', 9000, 'outside-seam'), get('New Delhi', 9000, 'across-seam')];
const [lo, la] = [get('Los Angeles', 9000, 'outside-seam'), get('Los Angeles', 9000, 'across-seam')];
const pc = (a, b) => `${((100 * b.mean_transfer_s) / a.mean_transfer_s - 100).toFixed(1)} %`;
console.log('| Figs. 6 and 9: the cities the text names | paper 004 (§4.1-4.2) | SkyQueue: mean (sd), no seam / seam |');
console.log('|---|---|---|');
console.log(`| New Delhi, 9 kB | 124 / 144 ms (+15.6 %) | ${ms(no.mean_transfer_s)} (${ms(sd(no))}) / ${ms(nd.mean_transfer_s)} (${ms(sd(nd))}) ms (+${pc(no, nd)}) |`);
console.log(`| Los Angeles, 9 kB | 90 / 179 ms (+98 %) | ${ms(lo.mean_transfer_s)} (${ms(sd(lo))}) / ${ms(la.mean_transfer_s)} (${ms(sd(la))}) ms (+${pc(lo, la)}) |`);
for (const city of ['New Delhi', 'Los Angeles']) {
  const [o, a] = [get(city, 15_000_000, 'outside-seam'), get(city, 15_000_000, 'across-seam')];
  console.log(`| ${city}, 15 MB | no "blatant difference" (Fig. 9) | ${s(o.mean_transfer_s)} (${s(sd(o))}) / ${s(a.mean_transfer_s)} (${s(sd(a))}) s (${pc(o, a).startsWith('-') ? '' : '+'}${pc(o, a)}) |`);
}
