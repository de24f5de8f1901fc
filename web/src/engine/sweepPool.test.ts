import { beforeAll, describe, expect, it } from 'vitest';
import { handleSweepRequest } from './sweepJob';
import { SweepCancelled, SweepPool, type JobPort } from './sweepPool';
import { MODEL_REGISTRY } from '../models';
import { FIELDS, type NumberField } from '../scenario/schema';
import { buildGrid, parseValues } from '../scenario/sweep';
import { sweepPolicies } from '../scenario/sweepModels';
import { loadWasmForNode, meanCi, Simulation, validateScenario } from './wasmNode';

/** An in-process "worker": runs the job on a later tick, like a real one. */
function fakePort(log: string[]): JobPort {
  const engine = {
    createSimulation: (j: string) => new Simulation(j),
    validate: (j: string) => validateScenario(j),
    exports: () => ({ csv: '', notebook: '' }),
    compareNotebook: () => '',
    meanCi: (xs: number[]) => meanCi(xs),
  };
  const port: JobPort = {
    onReply: null,
    post: (req) => {
      log.push(`${req.type}:${req.id}`);
      setTimeout(() => port.onReply?.(handleSweepRequest(engine, req)), 0);
    },
    terminate: () => log.push('terminate'),
  };
  return port;
}

/** The pool runs a real model's sweep: the first registered model with a sweep over a number,
 * in short runs, with its first two policies and the first values its sweep offers. */
const model = MODEL_REGISTRY.find((m) => m.sweep?.params.some((p) => !p.text))!;
const sweep = model.sweep!;
const param = sweep.params.find((p) => !p.text)!;
const field = FIELDS.get(param.path) as NumberField;
const offered = parseValues(param.values);
const values = 'values' in offered ? (offered.values as number[]) : [];
const policies = sweepPolicies(sweep).map(([p]) => p);
const base = JSON.stringify({ version: 2, model: model.id, duration_s: 3, warmup_s: 0.5 });

beforeAll(() => loadWasmForNode());

describe('SweepPool with the real engine', () => {
  it('runs every grid point on n workers, reports progress and keeps job order', async () => {
    const log: string[] = [];
    const pool = new SweepPool(2, () => fakePort(log));
    expect(values.length).toBeGreaterThanOrEqual(2);
    expect(policies.length).toBeGreaterThanOrEqual(2);
    const grid = buildGrid(base, {
      param: param.path,
      values: values.slice(0, 2),
      policies: policies.slice(0, 2),
      seeds: 1,
      policyPath: sweep.policyPath,
    });
    const progress: number[] = [];
    const res = await pool.run(
      grid.map((p) => p.scenarioJson),
      false,
      (d) => progress.push(d),
    );
    expect(progress).toEqual([1, 2, 3, 4]);
    expect(log.filter((l) => l === 'terminate')).toHaveLength(2);
    // In job order: the last point gives the same result as its run on its own, and differs
    // from the first (another value and policy).
    const alone = new Simulation(grid[3].scenarioJson);
    alone.runToEnd();
    expect(res[3].summary).toEqual(alone.summary());
    alone.free();
    expect(res[0].summary).not.toEqual(res[3].summary);
  });

  it('finds an invalid grid point before running anything', async () => {
    const pool = new SweepPool(2, () => fakePort([]));
    expect(typeof field.min).toBe('number');
    const below = (field.min as number) - 1;
    const grid = buildGrid(base, {
      param: param.path,
      values: [values[0], below],
      policies: [],
      seeds: 1,
      policyPath: sweep.policyPath,
    });
    const bad = await pool.validate(grid.map((p) => p.scenarioJson));
    expect(bad?.index).toBe(1);
    expect(bad?.error.errors[0].path).toBe(param.path);
    expect(bad?.error.errors[0].message).toMatch(new RegExp(`^${below} is below the minimum ${field.min}`));
  });

  it('cancels: workers stop and the run rejects', async () => {
    const log: string[] = [];
    const pool = new SweepPool(1, () => fakePort(log));
    const grid = buildGrid(base, {
      param: param.path,
      values: [values[0], values[0], values[0], values[0]],
      policies: [],
      seeds: 1,
      policyPath: sweep.policyPath,
    });
    const p = pool.run(
      grid.map((g) => g.scenarioJson),
      false,
      () => pool.cancel(),
    );
    await expect(p).rejects.toBeInstanceOf(SweepCancelled);
    expect(log).toContain('terminate');
    expect(log.filter((l) => l.startsWith('sweep/run'))).toHaveLength(1); // cancelled before the next job was fed
  });
});
