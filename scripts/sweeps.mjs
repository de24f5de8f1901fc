// What the paper scripts (paper002.mjs, paper003.mjs) share: the sweeps they run, each
// [preset, param, values, policies, seeds, fields set in a copy of the preset], printed as the
// `skyqueue sweep` commands the docs quote (`--commands`) or run through the CLI.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const root = fileURLToPath(new URL('..', import.meta.url));

/** The value of option `--name` on the command line, or `dflt`. */
export const opt = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : dflt;
};

const args = ([file, param, values, policies, k], f = file) => [
  'sweep',
  f,
  '--param',
  param,
  '--values',
  values,
  '--policies',
  policies,
  '--seeds',
  k,
];

/**
 * The sweeps of one model, whose fields live under scenario key `section` (`link`, `dccp`):
 * with `--commands` on the command line, prints each sweep's command and exits; otherwise runs
 * them one after the other with the CLI at `cli` and returns, per sweep, every run as
 * { policy, seed, value, s } (s: the run's summary under `section`).
 */
export async function runSweeps(sweeps, section, cli, tmpName) {
  const setWords = (set) =>
    Object.entries(set)
      .map(([k, v]) => `${section}.${k} ${v}`)
      .join(', ');
  const command = (s) => {
    const [file, , , , , set] = s;
    const a = args(s);
    if (Object.keys(set).length) a[1] = `${file} (with ${setWords(set)})`;
    return `skyqueue ${a.join(' ')}`;
  };
  if (process.argv.includes('--commands')) {
    for (const s of sweeps) console.log(command(s));
    process.exit(0);
  }
  const dir = mkdtempSync(join(tmpdir(), `${tmpName}-`));
  const results = [];
  for (const [i, s] of sweeps.entries()) {
    const out = join(dir, `${i}.json`);
    const [file, , , , , set] = s;
    let f = file;
    if (Object.keys(set).length) {
      const scenario = JSON.parse(readFileSync(join(root, file), 'utf8'));
      Object.assign(scenario[section], set);
      f = join(dir, `${i}-scenario.json`);
      writeFileSync(f, JSON.stringify(scenario));
    }
    await run(cli, [...args(s, f), '--out', out], { cwd: root, maxBuffer: 1 << 26 });
    results.push(
      JSON.parse(readFileSync(out, 'utf8')).map((r) => ({
        policy: r.policy,
        seed: r.seed,
        value: r.value,
        s: r.summary[section],
      })),
    );
  }
  rmSync(dir, { recursive: true, force: true });
  return results;
}
