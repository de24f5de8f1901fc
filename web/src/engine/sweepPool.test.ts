import { beforeAll, describe, expect, it } from 'vitest';
import { handleSweepRequest } from './sweepJob';
import { SweepCancelled, SweepPool, type JobPort } from './sweepPool';
import { buildGrid } from '../scenario/sweep';
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

const base = JSON.stringify({ version: 1, model: 'voip-leo', duration_s: 3, warmup_s: 0.5, voip: { flows: 10 } });

beforeAll(() => loadWasmForNode());

describe('SweepPool with the real engine', () => {
  it('runs every grid point on n workers, reports progress and keeps job order', async () => {
    const log: string[] = [];
    const pool = new SweepPool(2, () => fakePort(log));
    const grid = buildGrid(base, {
      param: 'voip.flows',
      values: [5, 10],
      policies: ['dt-s', 'pf'],
      seeds: 1,
      policyPath: 'voip.policy',
    });
    const progress: number[] = [];
    const res = await pool.run(
      grid.map((p) => p.scenarioJson),
      false,
      (d) => progress.push(d),
    );
    expect(progress).toEqual([1, 2, 3, 4]);
    const s = res.map((r) => (r.summary as { voip: { flows: number; policy: string } }).voip);
    expect(s.map((v) => [v.flows, v.policy])).toEqual([
      [5, 'DT_S'],
      [5, 'PF'],
      [10, 'DT_S'],
      [10, 'PF'],
    ]);
    expect(log.filter((l) => l === 'terminate')).toHaveLength(2);
    // Same result as a run on its own.
    const alone = new Simulation(grid[3].scenarioJson);
    alone.runToEnd();
    expect(res[3].summary).toEqual(alone.summary());
    alone.free();
  });

  it('finds an invalid grid point before running anything', async () => {
    const pool = new SweepPool(2, () => fakePort([]));
    const grid = buildGrid(base, {
      param: 'voip.flows',
      values: [5, 0],
      policies: [],
      seeds: 1,
      policyPath: 'voip.policy',
    });
    const bad = await pool.validate(grid.map((p) => p.scenarioJson));
    expect(bad?.index).toBe(1);
    expect(bad?.error.errors[0]).toEqual({
      path: 'voip.flows',
      message: '0 is below the minimum 1 (allowed: 1 to 2000)',
    });
  });

  it('cancels: workers stop and the run rejects', async () => {
    const log: string[] = [];
    const pool = new SweepPool(1, () => fakePort(log));
    const grid = buildGrid(base, {
      param: 'voip.flows',
      values: [5, 6, 7, 8],
      policies: [],
      seeds: 1,
      policyPath: 'voip.policy',
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
