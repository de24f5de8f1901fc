import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { handleSweepRequest, type SweepEngine } from '../engine/sweepJob';
import { loadWasmForNode, meanCi } from '../engine/wasmNode';
import { buildGrid, curves, meanCiTable, metricOf, parseValues, sampleSets, setPath, type SweepPoint } from './sweep';

/** The sweep worker's handler with the wasm engine, as the sweep panel asks it for its bars. */
// Only `sweep/mean-ci` requests are sent to it here.
const engine = { meanCi: (xs: number[]) => meanCi(xs) } as unknown as SweepEngine;
function engineMeanCis(sets: number[][]) {
  const r = handleSweepRequest(engine, { type: 'sweep/mean-ci', id: 0, sets });
  if (r.type !== 'sweep/mean-cis') throw new Error(JSON.stringify(r));
  return r.cis;
}
/** The intervals of every sample set of `metric`, looked up as the sweep panel does. */
function tableFor(points: SweepPoint[], summaries: unknown[], metric: string) {
  const sets = sampleSets(points, summaries, [metric]);
  return meanCiTable(sets, engineMeanCis(sets));
}

beforeAll(() => loadWasmForNode());

describe('sweep grid', () => {
  it('sets dotted paths, creating objects', () => {
    const o: Record<string, unknown> = { part: { count: 1 } };
    setPath(o, 'part.count', 75);
    setPath(o, 'part.inner.level', 7);
    expect(o).toEqual({ part: { count: 75, inner: { level: 7 } } });
    expect(() => setPath(o, 'part..x', 1)).toThrow(/dotted field path/);
  });

  it('builds values x policies x seeds in the CLI order', () => {
    // The grid is plain JSON: any model's scenario, any field path.
    const g = buildGrid(JSON.stringify({ version: 2, model: 'some-model' }), {
      param: 'part.count',
      values: [25, 50],
      policies: ['pf', 'codes'],
      seeds: 2,
      policyPath: 'part.policy',
    });
    expect(g).toHaveLength(8);
    expect(g.map((p) => [p.value, p.policy, p.seed])).toEqual([
      [25, 'pf', 1],
      [25, 'pf', 2],
      [25, 'codes', 1],
      [25, 'codes', 2],
      [50, 'pf', 1],
      [50, 'pf', 2],
      [50, 'codes', 1],
      [50, 'codes', 2],
    ]);
    expect(JSON.parse(g[3].scenarioJson)).toMatchObject({
      seed: 2,
      model: 'some-model',
      part: { count: 25, policy: 'codes' },
    });
  });

  it('parses value lists and names a bad entry', () => {
    expect(parseValues('25, 50,75')).toEqual({ values: [25, 50, 75] });
    expect(parseValues('25, x')).toEqual({ error: 'values: `x` is not a number' });
    expect(parseValues(' ')).toHaveProperty('error');
  });

  it('parses texts for a text field (site names), keeping their order', () => {
    expect(parseValues('Los Angeles, New Delhi ,London', 'text')).toEqual({
      values: ['Los Angeles', 'New Delhi', 'London'],
    });
    expect(parseValues('London, London', 'text')).toEqual({ error: 'values: `London` is given twice' });
    expect(parseValues(' , ', 'text')).toHaveProperty('error');
    const g = buildGrid(JSON.stringify({ version: 2, model: 'some-model', part: { to: 'London' } }), {
      param: 'part.to',
      values: ['Tokyo', 'Lagos'],
      policies: [],
      seeds: 1,
      policyPath: 'part.policy',
    });
    expect(g.map((p) => JSON.parse(p.scenarioJson).part.to)).toEqual(['Tokyo', 'Lagos']);
  });
});

/** Cases every front end's mean_ci is checked against (the engine's own test reads them too). */
const FIXTURE = JSON.parse(
  readFileSync(new URL('../../../engine-wasm/crates/engine/tests/fixtures/mean-ci.json', import.meta.url), 'utf8'),
) as {
  cases: { name: string; samples: (number | string | null)[]; mean: number | null; half: number | null; n: number }[];
};
const sample = (v: number | string | null) =>
  v === null ? NaN : Number(v === 'inf' ? Infinity : v === '-inf' ? -Infinity : v);

describe('sweep statistics', () => {
  it("are the engine's: the worker's intervals match the cases the engine is tested on", () => {
    expect(FIXTURE.cases.length).toBeGreaterThanOrEqual(6);
    const sets = FIXTURE.cases.map((c) => c.samples.map(sample));
    // Non-finite samples are left out; NaN stays NaN on the way (n < 2: no interval).
    expect(sets.some((xs) => xs.some((x) => !Number.isFinite(x)))).toBe(true);
    const cis = engineMeanCis(sets);
    FIXTURE.cases.forEach((c, i) => {
      const got = cis[i];
      expect(got.n, c.name).toBe(c.n);
      for (const [k, want] of [
        ['mean', c.mean],
        ['half', c.half],
      ] as const) {
        if (want === null) expect(got[k], `${c.name}: ${k}`).toBeNaN();
        else expect(Math.abs(got[k] - want), `${c.name}: ${k}`).toBeLessThanOrEqual(1e-6 * Math.abs(want));
      }
    });
    // The curves draw the interval as the bar, and no bar where there is none (a case without
    // samples has no point).
    const points = FIXTURE.cases.flatMap((c, i) =>
      c.samples.map(() => ({ value: i, policy: 'p', seed: 1, scenarioJson: '' })),
    );
    const summaries = FIXTURE.cases.flatMap((c) => c.samples.map((v) => ({ m: sample(v) })));
    const drawn = curves(points, summaries, 'm', tableFor(points, summaries, 'm')).get('p')!;
    expect(drawn.map((p) => p.x)).toEqual(FIXTURE.cases.flatMap((c, i) => (c.samples.length ? [i] : [])));
    for (const p of drawn) {
      const ci = cis[p.x];
      if (Number.isNaN(ci.mean)) expect([p.mean, p.hi]).toEqual([NaN, NaN]);
      else {
        expect(p.mean).toBe(ci.mean);
        expect(p.hi - p.mean).toBeCloseTo(Number.isFinite(ci.half) ? ci.half : 0, 9);
      }
    }
  });

  it('reads metrics by path and groups curves per policy', () => {
    expect(metricOf({ part: { loss_pct: { total: 3 }, retx_pct: [50, 20] } }, 'part.retx_pct[1]')).toBe(20);
    expect(Number.isNaN(metricOf({}, 'part.x'))).toBe(true);
    const points = [
      { value: 1, policy: 'pf', seed: 1, scenarioJson: '' },
      { value: 1, policy: 'pf', seed: 2, scenarioJson: '' },
      { value: 2, policy: 'pf', seed: 1, scenarioJson: '' },
    ];
    const summaries = [{ m: 1 }, { m: 3 }, { m: 10 }];
    const c = curves(points, summaries, 'm', tableFor(points, summaries, 'm')).get('pf')!;
    expect(c.map((p) => [p.x, p.mean])).toEqual([
      [1, 2],
      [2, 10],
    ]);
    expect(c[0].hi - c[0].mean).toBeCloseTo((12.706 * Math.SQRT2) / Math.SQRT2, 3);
  });

  it('puts texts at their positions in the sweep, labelled', () => {
    const points = ['Tokyo', 'Lagos', 'Tokyo'].map((value, i) => ({
      value,
      policy: 'cubic',
      seed: i + 1,
      scenarioJson: '',
    }));
    const summaries = [{ m: 1 }, { m: 5 }, { m: 3 }];
    const c = curves(points, summaries, 'm', tableFor(points, summaries, 'm')).get('cubic')!;
    expect(c.map((p) => [p.x, p.label, p.mean])).toEqual([
      [0, 'Tokyo', 2],
      [1, 'Lagos', 5],
    ]);
  });
});
