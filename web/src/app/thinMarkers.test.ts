import { describe, expect, it } from 'vitest';
import { thinMarkers } from './useEngine';

describe('thinMarkers', () => {
  it('keeps a strip as long as the run: past the cap every second marker goes, not the first hours', () => {
    const day = Array.from({ length: 3500 }, (_x, i) => i * 24);
    const kept = thinMarkers(day, 3000);
    expect(kept.length).toBeLessThanOrEqual(3000);
    expect(kept[0]).toBeLessThan(100);
    expect(kept.at(-1)).toBe(day.at(-1));
  });
  it('leaves a short list alone', () => {
    expect(thinMarkers([1, 2, 3], 3000)).toEqual([1, 2, 3]);
  });
});
