import { describe, expect, it } from 'vitest';
import type { Change } from '../scenario/liveText';
import { tourChangedNote } from './GuidedTour';

const change = (label: string, from: number, to: number): Change => ({ path: label, label, from, to });

describe("a tour's note on the run it speaks of", () => {
  it('says nothing over its own preset as published', () => {
    expect(tourChangedNote('mm1-load-0.8', 'mm1-load-0.8', [])).toBeNull();
  });
  it('says another scenario runs when the run comes from another preset or none', () => {
    for (const base of ['md1-load-0.8', undefined])
      expect(tourChangedNote('mm1-load-0.8', base, [change('λ', 1, 2)])).toBe(
        'Written for this preset as published; another scenario is running now.',
      );
  });
  it('names the first two changes, and "and more" past them', () => {
    const two = [change('λ', 800, 900), change('μ', 1000, 1100)];
    expect(tourChangedNote('p', 'p', two)).toBe(
      'Written for the preset as published; you changed λ 800 → 900, μ 1,000 → 1,100, so its numbers may differ.',
    );
    expect(tourChangedNote('p', 'p', [...two, change('K', 1, 2)])).toMatch(/μ 1,000 → 1,100 and more, so/);
  });
});
