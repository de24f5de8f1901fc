// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderSweepCurves } from './renderSweepCurves';

describe('renderSweepCurves', () => {
  it('draws a line per policy with confidence bars and a legend', () => {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    renderSweepCurves(
      svg,
      [
        { label: 'PF', color: '#f00', points: [{ x: 25, mean: 1, lo: 0.5, hi: 1.5 }, { x: 50, mean: 2, lo: 2, hi: 2 }] },
        { label: 'CoDeS', color: '#00f', points: [{ x: 25, mean: 1, lo: 1, hi: 1 }, { x: 50, mean: NaN, lo: NaN, hi: NaN }] },
      ],
      { width: 400, height: 200, xLabel: 'voip.flows', unit: 'kb/s' },
    );
    expect([...svg.querySelectorAll('path.sweep-line')].map((p) => p.getAttribute('data-label'))).toEqual(['PF', 'CoDeS']);
    expect(svg.querySelectorAll('line.ci')).toHaveLength(1);
    expect(svg.querySelectorAll('circle.sweep-point')).toHaveLength(3);
    expect(svg.getAttribute('data-points')).toBe('3');
    expect([...svg.querySelectorAll('.axis-label')].map((n) => n.textContent)).toEqual(['voip.flows', '[kb/s]']);
  });
});
