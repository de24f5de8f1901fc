import { describe, expect, it } from 'vitest';
import { LINKED_SWEEP_AUTO_RUNS, LINKED_SWEEP_AUTO_SECONDS, linkedSweepSize } from './SweepPanel';

describe('a sweep from a link', () => {
  const small = { param: 'voip.flows', values: [50, 75, 100], policies: ['pf', 'codes'], seeds: 2, duration_s: 20 };

  it('runs at once when small', () => {
    expect(linkedSweepSize(small)).toEqual({ runs: 12, simulatedS: 240, ask: null });
  });

  it('says its size and waits when it has many runs or much simulated time', () => {
    // The shared link that kept every core busy: 100 values x 20 policies x 10 seeds x 170,000 s.
    const huge = {
      ...small,
      values: Array.from({ length: 100 }, (_, i) => i + 1),
      policies: Array.from({ length: 20 }, (_, i) => `p${i}`),
      seeds: 10,
      duration_s: 170_000,
    };
    const h = linkedSweepSize(huge);
    expect(h.runs).toBe(20_000);
    expect(h.ask).toBe(
      'This link asks for a sweep of 20,000 runs (100 values × 20 policies × 10 seeds, 170,000 s each: ' +
        '3,400,000,000 s of simulated time in all), which could keep every core busy for long. ' +
        'It starts only when you press Run sweep.',
    );
    // Either limit alone is enough to ask; a model without policies counts one.
    expect(linkedSweepSize({ ...small, seeds: 10, values: [1, 2, 3, 4, 5, 6] }).runs).toBe(LINKED_SWEEP_AUTO_RUNS + 20);
    expect(linkedSweepSize({ ...small, seeds: 10, values: [1, 2, 3, 4, 5, 6] }).ask).toMatch(/^This link asks/);
    const long = linkedSweepSize({
      ...small,
      policies: [],
      values: [1],
      seeds: 1,
      duration_s: LINKED_SWEEP_AUTO_SECONDS + 1,
    });
    expect(long.runs).toBe(1);
    expect(long.ask).toMatch(/1 value × 1 policy × 1 seed, 10,001 s each/);
  });
});
