import { describe, expect, it } from 'vitest';
import { PackedLayoutError, unpackSeries } from './packed';

describe('packed series layout', () => {
  it('unpacks rows and columns without copying', () => {
    const packed = new Float64Array([2, 2, 0.05, 0.15, 1, 2, NaN, 4]);
    const { t, columns } = unpackSeries(packed);
    expect(Array.from(t)).toEqual([0.05, 0.15]);
    expect(Array.from(columns[0])).toEqual([1, 2]);
    expect(Number.isNaN(columns[1][0])).toBe(true);
    expect(columns[1].buffer).toBe(packed.buffer);
  });

  it('accepts an empty frame and rejects malformed ones', () => {
    expect(unpackSeries(new Float64Array([0, 4])).t.length).toBe(0);
    expect(() => unpackSeries(new Float64Array([3, 1, 0]))).toThrow(PackedLayoutError);
    expect(() => unpackSeries(new Float64Array([1]))).toThrow(PackedLayoutError);
    expect(() => unpackSeries(new Float64Array([1.5, 1, 0, 0]))).toThrow(PackedLayoutError);
  });
});
