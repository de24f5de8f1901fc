import { describe, expect, it } from 'vitest';
import { SeriesBuffer } from './seriesBuffer';

const rows = (from: number, n: number, f: (i: number) => number) => ({
  t: Float64Array.from({ length: n }, (_, i) => from + i),
  columns: [Float64Array.from({ length: n }, (_, i) => f(from + i))],
});

describe('SeriesBuffer', () => {
  it('keeps rows as they come while under capacity', () => {
    const b = new SeriesBuffer(1, 100);
    b.append(rows(0, 10, (i) => i * 2));
    expect(b.length).toBe(10);
    expect(b.view().columns[0][3]).toBe(6);
  });

  it('stays bounded over a long run and keeps the whole run visible', () => {
    const b = new SeriesBuffer(1, 64);
    for (let k = 0; k < 100; k++) b.append(rows(k * 100, 100, () => 5));
    expect(b.length).toBeLessThanOrEqual(64);
    expect(b.length).toBeGreaterThanOrEqual(32);
    const v = b.view();
    expect(v.t[0]).toBeLessThan(200);
    expect(v.t.at(-1)!).toBeGreaterThan(9000);
    expect(v.columns[0].every((x) => x === 5)).toBe(true);
    for (let i = 1; i < v.t.length; i++) expect(v.t[i]).toBeGreaterThan(v.t[i - 1]);
  });

  it('merges means exactly and skips NaN', () => {
    const b = new SeriesBuffer(1, 4);
    b.append(rows(0, 5, (i) => (i === 1 ? NaN : i)));
    // 5 rows > 4: pairs (0,NaN)->0, (2,3)->2.5, the odd 5th row is dropped, stride 2.
    expect(b.rowsPerPoint).toBe(2);
    expect(b.view().columns[0].slice(0, 2)).toEqual([0, 2.5]);
  });

  it('keeps the latest rows unmerged for a close-up', () => {
    const b = new SeriesBuffer(1, 8, 50);
    for (let k = 0; k < 10; k++) b.append(rows(k * 30, 30, (i) => i));
    // 300 rows in, 8 kept for the whole run, but the last 50 stay whole, in order.
    expect(b.length).toBeLessThanOrEqual(8);
    const r = b.recent(20);
    expect(r.t).toEqual(Array.from({ length: 21 }, (_, i) => 279 + i));
    expect(r.columns[0]).toEqual(r.t);
    expect(b.recent(1000).t.length).toBe(50);
    b.clear();
    expect(b.recent(10).t).toEqual([]);
  });

  it('refuses a frame with the wrong number of series', () => {
    const b = new SeriesBuffer(2);
    expect(() => b.append(rows(0, 1, () => 1))).toThrow(RangeError);
  });
});
