import { describe, expect, it } from 'vitest';
import { seekStep } from './Seekbar';

describe('seekStep', () => {
  it('is 1, 2 or 5 times a power of ten, about a hundredth of the run', () => {
    expect(seekStep(100)).toBe(1);
    expect(seekStep(130)).toBe(2);
    expect(seekStep(1260)).toBe(20);
    expect(seekStep(5)).toBeCloseTo(0.05);
    expect(seekStep(86_400)).toBe(1000);
  });

  it('is 1 for a run of no known length', () => {
    expect(seekStep(0)).toBe(1);
    expect(seekStep(Number.NaN)).toBe(1);
  });
});
