import { describe, expect, it } from 'vitest';
import { buildGrid, curves, meanCi, metricOf, parseValues, setPath } from './sweep';

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

describe('sweep statistics', () => {
  it('gives the mean and a Student t interval', () => {
    const { mean, half, n } = meanCi([1, 2, 3, 4]);
    expect(mean).toBe(2.5);
    expect(n).toBe(4);
    // sd = 1.291, t(0.975, 3) = 3.182: half = 3.182 x 1.291 / 2 = 2.054.
    expect(half).toBeCloseTo(2.054, 3);
    expect(Number.isNaN(meanCi([5]).half)).toBe(true);
  });

  it('reads metrics by path and groups curves per policy', () => {
    expect(metricOf({ part: { loss_pct: { total: 3 }, retx_pct: [50, 20] } }, 'part.retx_pct[1]')).toBe(20);
    expect(Number.isNaN(metricOf({}, 'part.x'))).toBe(true);
    const points = [
      { value: 1, policy: 'pf', seed: 1, scenarioJson: '' },
      { value: 1, policy: 'pf', seed: 2, scenarioJson: '' },
      { value: 2, policy: 'pf', seed: 1, scenarioJson: '' },
    ];
    const c = curves(points, [{ m: 1 }, { m: 3 }, { m: 10 }], 'm').get('pf')!;
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
    const c = curves(points, [{ m: 1 }, { m: 5 }, { m: 3 }], 'm').get('cubic')!;
    expect(c.map((p) => [p.x, p.label, p.mean])).toEqual([
      [0, 'Tokyo', 2],
      [1, 'Lagos', 5],
    ]);
  });
});
