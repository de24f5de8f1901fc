// Paper 000's tables in docs/REPRODUCTION.md, regenerated from the engine: runs three
// `skyqueue sweep`s (5 seeds each) and prints Markdown with the mean over the seeds of every cell.
// Run with `npm run reproduce:000` (builds the CLI first); paste the output into
// docs/REPRODUCTION.md in place of the section it replaces. Takes about 3 minutes on 2 cores.
//
// Options: --seeds K (default 5), --cli PATH (default engine-wasm/target/release/skyqueue),
// --commands (print the sweep commands only, run nothing: a test checks that
// docs/REPRODUCTION.md quotes them).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const opt = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const seeds = Number(opt('seeds', '5'));
const cli = opt('cli', `${root}engine-wasm/target/release/skyqueue`);
const LABEL = { 'dt-s': 'DT_S', 'dt-h': 'DT_H', rr: 'RR', pf: 'PF', codes: 'CoDeS' };

const commandsOnly = process.argv.includes('--commands');

function sweep(example, param, values, policies) {
  const args = ['sweep', `examples/${example}`, '--param', param, '--values', values.join(','), '--policies', policies.join(','), '--seeds', String(seeds), '--format', 'json'];
  if (commandsOnly) {
    console.log(`skyqueue ${args.slice(0, -2).join(' ')}`);
    return null;
  }
  const runs = JSON.parse(execFileSync(cli, args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] }));
  return { command: `skyqueue ${args.slice(0, -2).join(' ')}`, runs };
}

/** Mean over the seeds of `f(summary.voip)` for one value and policy. */
function mean(runs, value, policy, f) {
  const xs = runs.filter((r) => r.value === value && r.policy === policy).map((r) => f(r.summary.voip));
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

const fix = (x, d) => x.toFixed(d);

function mainTable({ runs }, values, policies) {
  const lines = [
    '| flows | policy | throughput [kb/s] | latency [ms] | jitter [ms] | delay std [ms] | loss % (overflow / timeout / HARQ) | decoded at 1st tx [%] | spectral eff. | MOS |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const v of values) {
    for (const p of policies) {
      const m = (f) => mean(runs, v, p, f);
      lines.push(
        `| ${v} | ${LABEL[p]} | ${fix(m((s) => s.throughput_kbps), 0)} | ${fix(m((s) => s.latency_ms), 1)} | ${fix(m((s) => s.jitter_ms), 1)} | ${fix(m((s) => s.delay_std_ms), 1)} | ` +
          `${fix(m((s) => s.loss_pct.total), 1)} (${fix(m((s) => s.loss_pct.overflow), 1)} / ${fix(m((s) => s.loss_pct.timeout), 1)} / ${fix(m((s) => s.loss_pct.harq), 1)}) | ` +
          `${fix(m((s) => s.first_tx_decoded_pct), 1)} | ${fix(m((s) => s.spectral_efficiency), 3)} | ${fix(m((s) => s.emodel.mos), 2)} |`,
      );
    }
  }
  return lines.join('\n');
}

// Paper 000 Table II (75 users): % of packets decoded after 0, 1, 2, 3 retransmissions, and dropped.
const TABLE_II = {
  'dt-s': [50.11, 23.16, 14.65, 12.07, 1.21],
  'dt-h': [51.87, 22.93, 13.97, 11.23, 1.1],
  rr: [42.36, 24.28, 24.71, 8.65, 0.61],
  pf: [44.89, 26.26, 22.57, 6.27, 0.39],
};

function tableII({ runs }) {
  const lines = ['| policy | 0 | 1 | 2 | 3 | drop |', '|---|---|---|---|---|---|'];
  for (const p of Object.keys(TABLE_II)) {
    const cells = TABLE_II[p].map((paper, k) => `${fix(mean(runs, 75, p, (s) => s.harq_retx_pct[k]), 1)} (${paper})`);
    lines.push(`| ${LABEL[p]} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

function timeoutTable({ runs }, values) {
  const lines = ['| timeout [ms] | latency [ms] | jitter [ms] | delay std [ms] | loss % (overflow / timeout / HARQ) |', '|---|---|---|---|---|'];
  for (const v of values) {
    const m = (f) => mean(runs, v, 'codes', f);
    lines.push(
      `| ${v} | ${fix(m((s) => s.latency_ms), 1)} | ${fix(m((s) => s.jitter_ms), 2)} | ${fix(m((s) => s.delay_std_ms), 1)} | ` +
        `${fix(m((s) => s.loss_pct.total), 2)} (${fix(m((s) => s.loss_pct.overflow), 2)} / ${fix(m((s) => s.loss_pct.timeout), 2)} / ${fix(m((s) => s.loss_pct.harq), 2)}) |`,
    );
  }
  return lines.join('\n');
}

const all = ['dt-s', 'dt-h', 'rr', 'pf', 'codes'];
const flows = [50, 75, 100, 125, 150];
const rule = sweep('voip-leo-codes.json', 'voip.flows', flows, all);
const long = sweep('voip-leo-codes-long-queues.json', 'voip.flows', [100, 125, 150], all);
const timeouts = sweep('voip-leo-codes-long-queues.json', 'voip.codes_timeout_ms', [50, 100, 200], ['codes']);
if (commandsOnly) process.exit(0);

console.log(`Means over seeds 1-${seeds}, 100 s runs (5 s warm-up), reference SNR 10 dB.

At the paper's buffer rule (the preset \`voip-leo-codes\`, RTT 200 ms):
\`${rule.command}\`

${mainTable(rule, flows, all)}

HARQ retransmissions at 75 users, % of packets, paper 000 Table II in brackets (same sweep):

${tableII(rule)}

With queues 15x the rule (the preset \`voip-leo-codes-long-queues\`, RTT 3000 ms, SkyQueue's choice):
\`${long.command}\`

${mainTable(long, [100, 125, 150], all)}

CoDeS's timeout at 125 users with the long queues (Figs. 12-13):
\`${timeouts.command}\`

${timeoutTable(timeouts, [50, 100, 200])}`);
