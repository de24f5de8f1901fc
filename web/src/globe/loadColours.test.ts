import { describe, expect, it } from 'vitest';
import { LOAD_STOPS, loadColour, loadGradient } from './loadColours';

const lum = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

describe('load colours', () => {
  it('gives each stop its own colour and blends between them', () => {
    for (const [u, c] of LOAD_STOPS) expect(loadColour(u)).toBe(c);
    // Halfway between 0.3 (#fecc5c) and 0.6 (#fd8d3c).
    expect(loadColour(0.45)).toBe('#fead4c');
  });

  it('darkens as the load grows, so the order reads in grey too', () => {
    const grey = Array.from({ length: 21 }, (_, k) => lum(loadColour(k / 20)));
    for (let k = 1; k < grey.length; k++) expect(grey[k]).toBeLessThanOrEqual(grey[k - 1]);
  });

  it('clamps what is out of range, a missing load included', () => {
    expect(loadColour(-1)).toBe(LOAD_STOPS[0][1]);
    expect(loadColour(7)).toBe('#d7191c');
    expect(loadColour(Number.NaN)).toBe(LOAD_STOPS[0][1]);
  });

  it('draws the legend with the same stops', () => {
    expect(loadGradient()).toBe(
      'linear-gradient(to right, #ffffb2 0%, #fecc5c 30%, #fd8d3c 60%, #f03b20 90%, #d7191c 100%)',
    );
  });
});
