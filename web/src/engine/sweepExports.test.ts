// The app's sweep exports against the CLI's: the same sweep run in the app's way (the grid built
// by the sweep panel, each run by the sweep worker's handler, the exports written by the worker)
// and by `skyqueue sweep --format csv|ipynb` on the scenario the app lets one download must give
// the same bytes. Needs the CLI that `scripts/build-engine.sh` builds (npm test builds it first).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildGrid, compareJobs, type SweepValue } from '../scenario/sweep';
import { handleSweepRequest, type SweepEngine } from './sweepJob';
import { compareNotebook, loadWasmForNode, meanCi, Simulation, sweepExports, validateScenario } from './wasmNode';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const cliPath = join(root, 'engine-wasm/target/release/skyqueue');
const dir = mkdtempSync(join(tmpdir(), 'skyqueue-exports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const engine: SweepEngine = {
  createSimulation: (json) => new Simulation(json),
  validate: (json) => validateScenario(json),
  exports: (...args) => sweepExports(...args) as { csv: string; notebook: string },
  compareNotebook: (policyPath, runsJson) => compareNotebook(policyPath, runsJson),
  meanCi: (samples) => meanCi(samples),
};

interface Sweep {
  example: string;
  edit: Record<string, unknown>;
  param: string;
  values: SweepValue[];
  policies: string[];
  policyPath: string;
  seeds: number;
}

/** The sweep as the app runs and exports it. */
function inTheApp(scenarioJson: string, s: Sweep): { csv: string; notebook: string } {
  loadWasmForNode();
  const rows = buildGrid(scenarioJson, s).map((p) => {
    const r = handleSweepRequest(engine, { type: 'sweep/run', id: 0, scenarioJson: p.scenarioJson, withSeries: false });
    if (r.type !== 'sweep/done') throw new Error(JSON.stringify(r));
    return { value: p.value, policy: p.policy, seed: p.seed, summary: r.summary };
  });
  const { param, values, policies, seeds } = s;
  const r = handleSweepRequest(engine, {
    type: 'sweep/export',
    id: 0,
    scenarioJson,
    param,
    values,
    policies,
    seeds,
    rows,
  });
  if (r.type !== 'sweep/exported') throw new Error(JSON.stringify(r));
  return r;
}

/** The same sweep with the CLI, on the scenario saved as a file. */
function withTheCli(file: string, s: Sweep, format: 'csv' | 'ipynb'): string {
  const args = ['sweep', file, '--param', s.param, '--values', s.values.join(','), '--seeds', String(s.seeds)];
  if (s.policies.length) args.push('--policies', s.policies.join(','));
  return execFileSync(cliPath, [...args, '--format', format, '--threads', '1'], { encoding: 'utf8', stdio: 'pipe' });
}

const sweeps: [string, Sweep][] = [
  [
    'a numeric sweep with policies and seeds (paper 000)',
    {
      example: 'voip-leo-codes.json',
      edit: { duration_s: 4, warmup_s: 1 },
      param: 'voip.flows',
      values: [20, 40],
      policies: ['pf', 'codes'],
      policyPath: 'voip.policy',
      seeds: 2,
    },
  ],
  [
    'a sweep over site names (paper 004)',
    {
      example: 'tcp-iridium-9kb-seam.json',
      edit: {},
      param: 'transfer.to',
      values: ['Los Angeles', 'New Delhi'],
      policies: [],
      policyPath: 'transfer.cc',
      seeds: 1,
    },
  ],
];

describe('the app writes the CSV and the notebook the CLI writes', () => {
  expect(existsSync(cliPath), `${cliPath} is missing: run scripts/build-engine.sh`).toBe(true);
  it.each(sweeps)('%s', (_, s) => {
    const scenario = { ...JSON.parse(readFileSync(join(root, 'examples', s.example), 'utf8')), ...s.edit };
    const scenarioJson = JSON.stringify(scenario, null, 2);
    const file = join(dir, s.example);
    writeFileSync(file, scenarioJson);
    const app = inTheApp(scenarioJson, s);
    const csv = withTheCli(file, s, 'csv');
    expect(app.csv.split('\n')[0]).toBe(csv.split('\n')[0]);
    expect(app.csv).toBe(csv);
    expect(csv.split('\n')[0].startsWith(`policy,seed,${s.param},`)).toBe(true);
    expect(app.notebook).toBe(withTheCli(file, s, 'ipynb'));
    const nb = JSON.parse(app.notebook) as { nbformat_minor: number; cells: { id: string; source: string[] }[] };
    expect(nb.nbformat_minor).toBe(5);
    expect(nb.cells.map((c) => c.id)).toEqual(['about', 'scenario', 'data', 'plot']);
  });
});

describe('the app writes the comparison notebook the CLI writes', () => {
  it('for two policies of paper 000 on a short run', () => {
    loadWasmForNode();
    const scenario = {
      ...JSON.parse(readFileSync(join(root, 'examples/voip-leo-codes.json'), 'utf8')),
      duration_s: 4,
      warmup_s: 1,
      seed: 7,
    };
    const scenarioJson = JSON.stringify(scenario);
    const file = join(dir, 'compare.json');
    writeFileSync(file, scenarioJson);
    // As the sweep panel's Compare runs them.
    const jobs = compareJobs(scenarioJson, 'voip.policy', ['pf', 'codes']);
    const runs: [string, string][] = ['pf', 'codes'].map((p, i) => {
      const job = { scenarioJson: jobs[i] };
      const r = handleSweepRequest(engine, {
        type: 'sweep/run',
        id: 0,
        scenarioJson: job.scenarioJson,
        withSeries: true,
      });
      if (r.type !== 'sweep/done' || r.resultsJson === null) throw new Error(JSON.stringify(r));
      return [p, r.resultsJson];
    });
    const r = handleSweepRequest(engine, { type: 'sweep/compare-export', id: 0, policyPath: 'voip.policy', runs });
    if (r.type !== 'sweep/compare-exported') throw new Error(JSON.stringify(r));
    const cli = execFileSync(cliPath, ['compare', file, '--policies', 'pf,codes', '--format', 'ipynb'], {
      encoding: 'utf8',
    });
    expect(r.notebook).toBe(cli);
    expect((JSON.parse(cli) as { cells: { id: string }[] }).cells.map((c) => c.id)).toEqual([
      'about',
      'results',
      'table',
      'series',
    ]);
  });
});
