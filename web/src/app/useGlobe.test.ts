import { describe, expect, it } from 'vitest';
import { redrawGap } from './useGlobe';

describe('the globe redraws streamed geometry', () => {
  it('at most every 100 ms, and never sooner than twice what the last redraw cost', () => {
    expect(redrawGap(0)).toBe(100);
    expect(redrawGap(30)).toBe(100);
    // Every ISL of a catalogue under software WebGL: a redraw of 1.5 s starts the next 3 s after
    // its own start, leaving half the page's thread to clicks and panels.
    expect(redrawGap(1500)).toBe(3000);
    for (const cost of [50, 400, 5000]) expect(cost / redrawGap(cost)).toBeLessThanOrEqual(1 / 2);
  });
});
