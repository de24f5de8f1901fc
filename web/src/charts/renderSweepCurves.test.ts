// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderSweepCurves } from './renderSweepCurves';

describe('renderSweepCurves', () => {
  it('draws a line per policy with confidence bars and a legend', () => {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    renderSweepCurves(
      svg,
      [
        {
          label: 'PF',
          color: '#f00',
          points: [
            { x: 25, mean: 1, lo: 0.5, hi: 1.5 },
            { x: 50, mean: 2, lo: 2, hi: 2 },
          ],
        },
        {
          label: 'CoDeS',
          color: '#00f',
          points: [
            { x: 25, mean: 1, lo: 1, hi: 1 },
            { x: 50, mean: NaN, lo: NaN, hi: NaN },
          ],
        },
      ],
      { width: 400, height: 200, xLabel: 'voip.flows', unit: 'kb/s' },
    );
    expect([...svg.querySelectorAll('path.sweep-line')].map((p) => p.getAttribute('data-label'))).toEqual([
      'PF',
      'CoDeS',
    ]);
    expect(svg.querySelectorAll('line.ci')).toHaveLength(1);
    expect(svg.querySelectorAll('path.sweep-point')).toHaveLength(3);
    expect(svg.getAttribute('data-points')).toBe('3');
    expect([...svg.querySelectorAll('.axis-label')].map((n) => n.textContent)).toEqual(['voip.flows', '[kb/s]']);
  });

  it('gives each policy its own marker shape and dash, theory its own dash, and wraps a long legend', () => {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    const pts = [{ x: 25, mean: 1, lo: 1, hi: 1 }];
    const names = ['DT_S', 'DT_H', 'RR', 'PF', 'CoDeS'];
    renderSweepCurves(
      svg,
      [
        ...names.map((label, i) => ({ label, color: `#00${i}`, points: pts })),
        { label: 'M/M/1', color: '#000', points: pts, dashed: true },
      ],
      { width: 300, height: 220, xLabel: 'x', unit: 'ms' },
    );
    const lines = [...svg.querySelectorAll('path.sweep-line:not(.theory)')];
    expect(new Set(lines.map((l) => l.getAttribute('data-symbol'))).size).toBe(5);
    expect(new Set(lines.map((l) => l.getAttribute('stroke-dasharray'))).size).toBe(5);
    expect(svg.querySelector('path.sweep-line.theory')!.getAttribute('stroke-dasharray')).toBe('10 5');
    expect(svg.querySelectorAll('path.sweep-point')).toHaveLength(5);
    expect([...svg.querySelectorAll('.legend text')].map((t) => t.textContent)).toContain('M/M/1 (theory, dashed)');
    expect(Number(svg.getAttribute('data-legend-rows'))).toBeGreaterThan(1);
  });
});
