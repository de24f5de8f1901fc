// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  bandRuns,
  chartLayout,
  clockText,
  clockTickLabels,
  clockTicks,
  isolatedPoints,
  formatValue,
  legendRows,
  nearestIndex,
  renderTimeSeries,
  THEORY_DASH,
} from './renderTimeSeries';
import { theoryTwin } from './chartGroups';

function svg(): SVGSVGElement {
  return document.createElementNS('http://www.w3.org/2000/svg', 'svg');
}

const data = {
  t: [0.05, 0.15, 0.25, 0.35],
  series: [
    { id: 'a', label: 'Waiting time', color: '#f00', values: [1, 2, NaN, 4] },
    { id: 'b', label: 'Other', color: '#00f', values: [0, 0, 0, 0] },
  ],
};

describe('renderTimeSeries', () => {
  it('draws one line per series, axes with units and a legend', () => {
    const el = svg();
    renderTimeSeries(el, data, { width: 400, height: 200, unit: 'ms' });
    expect(el.querySelectorAll('path.series-line')).toHaveLength(2);
    expect(el.getAttribute('data-points')).toBe('4');
    expect(el.querySelector('.axis-x')).not.toBeNull();
    expect([...el.querySelectorAll('.axis-label')].map((n) => n.textContent)).toEqual(['simulated time [s]', '[ms]']);
    expect([...el.querySelectorAll('.legend text')].map((n) => n.textContent)).toEqual(['Waiting time', 'Other']);
  });

  it('leaves a gap where a value is missing', () => {
    const el = svg();
    renderTimeSeries(el, data, { width: 400, height: 200, unit: 'ms' });
    const d = el.querySelector('path[data-series="a"]')!.getAttribute('d')!;
    expect(d.match(/M/g)).toHaveLength(2); // two segments
  });

  it('scales y to the data and x to the requested domain', () => {
    const { x, y } = renderTimeSeries(svg(), data, { width: 400, height: 200, unit: 'ms', xDomain: [0, 100] });
    expect(x.domain()).toEqual([0, 100]);
    expect(y.domain()[1]).toBeGreaterThanOrEqual(4);
  });

  it('reads out every series at the hovered row and redraws from scratch', () => {
    const el = svg();
    renderTimeSeries(el, data, { width: 400, height: 200, unit: 'ms', hoverIndex: 1 });
    expect(el.querySelector('.hover-readout')!.textContent).toBe('t = 0.15 sWaiting time: 2 msOther: 0 ms');
    renderTimeSeries(el, data, { width: 400, height: 200, unit: 'ms', hoverIndex: null });
    expect(el.querySelector('.hover-readout')).toBeNull();
    expect(el.querySelectorAll('path.series-line')).toHaveLength(2);
  });

  it('marks events as thin ticks in a strip under the curve, one row per kind, with the row named', () => {
    const el = svg();
    const markers = [
      { t: 0.1, kind: 'intra-orbital', label: 'intra-orbital handover', color: '#0f0' },
      { t: 0.2, kind: 'intra-orbital', label: 'intra-orbital handover', color: '#0f0' },
      { t: 0.3, kind: 'seam-enter', label: 'seam handover', color: '#f00' },
    ];
    const s = renderTimeSeries(el, data, { width: 400, height: 200, unit: 'ms', markers });
    expect(el.querySelectorAll('line.marker')).toHaveLength(3);
    expect(el.querySelectorAll('line.marker[data-kind="seam-enter"]')).toHaveLength(1);
    expect([...el.querySelectorAll('.strip-row title')].map((n) => n.textContent)).toEqual([
      'intra-orbital handover',
      'seam handover',
    ]);
    expect(s.strip.kinds).toEqual(['intra-orbital', 'seam-enter']);
    // Every tick sits in its kind's row, below the plot (not a full-height line over the curve).
    const ih = 200 - s.margin.top - s.margin.bottom;
    for (const l of el.querySelectorAll('line.marker')) {
      const row = s.strip.kinds.indexOf(l.getAttribute('data-kind')!);
      expect(Number(l.getAttribute('y1'))).toBeGreaterThanOrEqual(ih);
      expect(Number(l.getAttribute('y1'))).toBeCloseTo(s.strip.top + row * s.strip.rowHeight);
      expect(Number(l.getAttribute('y2')) - Number(l.getAttribute('y1'))).toBeLessThan(s.strip.rowHeight);
    }
    // Kinds toggled off keep their row (markerKinds) but lose their ticks.
    const s2 = renderTimeSeries(el, data, {
      width: 400,
      height: 200,
      unit: 'ms',
      markers: markers.slice(2),
      markerKinds: markers,
    });
    expect(s2.strip.kinds).toEqual(['intra-orbital', 'seam-enter']);
    expect(el.querySelectorAll('line.marker')).toHaveLength(1);
  });

  it('reads the time axis as UTC hh:mm when given the clock of the run', () => {
    const el = svg();
    const day = {
      t: [0, 21_600, 43_200, 64_800, 86_400],
      series: [{ id: 'd', label: 'Delay', color: '#00f', values: [20, 30, 25, 130, 20] }],
    };
    const epoch = Date.parse('2026-01-01T05:26:20Z');
    renderTimeSeries(el, day, { width: 600, height: 200, unit: 'ms', clockEpochMs: epoch, hoverIndex: 1 });
    const ticks = [...el.querySelectorAll('.axis-x .tick text')].map((n) => n.textContent!);
    expect(ticks.length).toBeGreaterThan(2);
    for (const t of ticks) expect(t).toMatch(/^\d\d:\d\d$/);
    // Ticks fall on whole hours of the clock, not of the run.
    expect(ticks.every((t) => t.endsWith(':00'))).toBe(true);
    expect([...el.querySelectorAll('.axis-label')].map((n) => n.textContent)).toContain('time of day (UTC)');
    expect(el.querySelector('.hover-readout')!.textContent).toContain('11:26:20 UTC (t = 21,600 s)');
    expect(clockText(epoch, 3600, true)).toBe('06:26:20');
    // A run of two minutes ticks every 30 s or less: the labels carry the seconds, never twice the same.
    const short = clockTicks(epoch, [0, 130], 6);
    const labels = clockTickLabels(epoch, short);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels.every((l) => /^\d\d:\d\d:\d\d$/.test(l))).toBe(true);
    // A run of 12 s asked for 6 ticks gets at most 8, not one per second.
    expect(clockTicks(epoch, [0, 12], 6).length).toBeLessThanOrEqual(8);
    // A tick at the right end ends its label there instead of sticking out.
    const end = svg();
    renderTimeSeries(
      end,
      { t: [0, 6, 12], series: [{ id: 'd', label: 'Delay', color: '#00f', values: [1, 2, 3] }] },
      { width: 600, height: 200, unit: 'ms', clockEpochMs: epoch },
    );
    const texts = [...end.querySelectorAll('.axis-x .tick text')];
    expect(texts.at(-1)!.getAttribute('text-anchor')).toBe('end');
    expect(texts[0].getAttribute('text-anchor')).not.toBe('end');
    // A day ticks on whole hours: hh:mm.
    expect(clockTickLabels(epoch, clockTicks(epoch, [0, 86_400], 6)).every((l) => /^\d\d:\d\d$/.test(l))).toBe(true);
  });

  it('draws a sample with no neighbour as a dot, where a line would show nothing', () => {
    expect(isolatedPoints([NaN, 3, NaN, 4, 5, NaN, 6], [0, 1, 2, 3, 4, 5, 6])).toEqual([1, 6]);
    expect(isolatedPoints([1, 2], [0, 1])).toEqual([]);
    const el = svg();
    const sparse = {
      t: [0, 0.05, 0.1, 0.15, 0.2],
      series: [{ id: 'd', label: 'Delay', color: '#00f', values: [26, NaN, NaN, NaN, 107] }],
    };
    renderTimeSeries(el, sparse, { width: 600, height: 200, unit: 'ms' });
    expect(el.querySelectorAll('circle.series-line-dot[data-series="d"]')).toHaveLength(2);
  });

  it('keeps negative values on the axis (an SNR below 0 dB is drawn, not clipped)', () => {
    const el = svg();
    const snr = { t: [0, 1, 2], series: [{ id: 's', label: 'SNR', color: '#00f', values: [8, -6, 3] }] };
    const s = renderTimeSeries(el, snr, { width: 400, height: 200, unit: 'dB' });
    expect(s.y.domain()[0]).toBeLessThanOrEqual(-6);
    expect(s.y(-6)).toBeLessThanOrEqual(s.y.range()[0]);
  });

  it('draws rounding residue (a credit of 1e-9 bits) on a plain 0 to 1 axis, not 0.0000000010', () => {
    const el = svg();
    const tiny = { t: [0, 1, 2], series: [{ id: 'c', label: 'AF credit', color: '#00f', values: [0, 1e-9, 0] }] };
    const s = renderTimeSeries(el, tiny, { width: 400, height: 200, unit: 'bits' });
    expect(s.y.domain()).toEqual([0, 1]);
    const labels = [...el.querySelectorAll('.axis-y text')].map((t) => t.textContent ?? '');
    expect(labels.every((l) => l.length <= 3)).toBe(true);
  });

  it('in presenter mode widens the margins and thickens the lines; a long legend wraps instead of running off', () => {
    const el = svg();
    const normal = renderTimeSeries(el, data, { width: 400, height: 240, unit: 'ms' });
    const big = renderTimeSeries(el, data, { width: 400, height: 240, unit: 'ms', presenter: true });
    expect(big.margin.left).toBeGreaterThan(normal.margin.left);
    expect(big.margin.bottom).toBeGreaterThan(normal.margin.bottom);
    expect(el.querySelector('path.series-line')!.getAttribute('stroke-width')).toBe('3');
    const rows = legendRows(
      ['Packets waiting', 'Throughput', 'Drops (overflow)', 'Drops (timeout)', 'Another long label'],
      300,
      chartLayout(true).charWidth,
    );
    expect(Math.max(...rows.map((r) => r.row))).toBeGreaterThan(0);
    for (const r of rows) expect(r.x).toBeLessThan(300);
  });

  it('draws theory as dashed lines and a pinned run faint and dashed, both named in the legend', () => {
    const el = svg();
    const ghost = {
      name: 'M/M/1 queue at load 0.8',
      t: [0, 0.1, 0.2, 0.3],
      series: [{ id: 'wait_ms', label: 'Waiting time', color: '#00f', values: [3, 9, 5, 4] }],
    };
    const s = renderTimeSeries(
      el,
      { ...data, theory: [{ label: 'M/D/1 theory, mean wait', value: 2, color: '#00f' }], ghost },
      { width: 500, height: 220, unit: 'ms', hoverIndex: 1 },
    );
    expect(el.querySelectorAll('line.theory-line')).toHaveLength(1);
    expect(Number(el.querySelector('line.theory-line')!.getAttribute('y1'))).toBeCloseTo(s.y(2));
    expect(el.querySelector('path.ghost-line')!.getAttribute('stroke-dasharray')).toBe('2 3');
    // The pinned run's peak (9 ms) is on the axis even if this run stays lower.
    expect(s.y.domain()[1]).toBeGreaterThanOrEqual(9);
    const legend = [...el.querySelectorAll('.legend text')].map((n) => n.textContent);
    expect(legend).toContain('M/D/1 theory, mean wait (dashed)');
    expect(legend).toContain('pinned: M/M/1 queue at load 0.8 (faint)');
    expect(el.querySelector('.hover-readout')!.textContent).toContain('M/D/1 theory, mean wait: 2 ms');
  });

  it('shades each run of a band at or above one half as one rectangle', () => {
    expect(bandRuns([0.5, 1.5, 2.5, 3.5, 4.5], [1, 0.8, 0, 0.6, NaN])).toEqual([
      [0, 2],
      [3, 4],
    ]);
    expect(bandRuns([0.5, 1.5], [1, 1])).toEqual([[0, 2]]);
    expect(bandRuns([], [])).toEqual([]);
    const el = svg();
    const bands = [{ id: 'high', label: 'AF high', color: '#0a0', values: [1, 1, 0, 1] }];
    renderTimeSeries(el, { ...data, bands }, { width: 400, height: 200, unit: 'bits', hoverIndex: 0 });
    expect(el.querySelectorAll('.band[data-series="high"] rect')).toHaveLength(2);
    expect([...el.querySelectorAll('.legend text')].map((n) => n.textContent)).toContain('AF high');
    expect(el.querySelector('.hover-readout')?.textContent).toContain('AF high: 100 % of the bucket');
  });

  it('copes with no data', () => {
    const el = svg();
    renderTimeSeries(el, { t: [], series: [] }, { width: 400, height: 200, unit: 'ms' });
    expect(el.getAttribute('data-points')).toBe('0');
  });
});

describe('helpers', () => {
  it('nearestIndex picks the closest row', () => {
    expect(nearestIndex([0, 1, 2], 1.4)).toBe(1);
    expect(nearestIndex([0, 1, 2], 1.6)).toBe(2);
    expect(nearestIndex([0, 1, 2], -5)).toBe(0);
    expect(nearestIndex([0, 1, 2], 50)).toBe(2);
    expect(nearestIndex([], 1)).toBe(-1);
  });
  it('formatValue adds the unit and marks missing values', () => {
    expect(formatValue(2.5, 'ms')).toBe('2.5 ms');
    expect(formatValue(NaN, 'ms')).toBe('– ms'.replace(' ms', ''));
    expect(formatValue(1.5e-4, 's')).toBe('1.50e-4 s');
  });
});

describe('theory over time', () => {
  it('is dashed like the constant theory lines and named so in the legend, measurements solid', () => {
    const el = svg();
    renderTimeSeries(
      el,
      {
        t: [0.5, 1.5, 2.5],
        series: [
          { id: 'af_mbps', label: 'AF rate', color: '#f00', values: [4.9, 5.1, 5] },
          { id: 'af_theory_mbps', label: 'AF theory (eq. 7)', color: '#f00', values: [5, 5, 5], theory: true },
        ],
        theory: [{ label: 'mean', value: 5, color: '#0f0' }],
      },
      { width: 400, height: 200, unit: 'Mb/s' },
    );
    const dash = (sel: string) => el.querySelector(sel)!.getAttribute('stroke-dasharray');
    expect(dash('path[data-series="af_theory_mbps"]')).toBe(THEORY_DASH);
    expect(dash('path[data-series="af_mbps"]')).toBeNull();
    expect(dash('.theory-line')).toBe(THEORY_DASH);
    expect([...el.querySelectorAll('.legend text')].map((n) => n.textContent)).toEqual([
      'AF rate',
      'AF theory (eq. 7) (dashed)',
      'mean (dashed)',
    ]);
  });

  it('is found by the engine series id, with the measurement it predicts', () => {
    expect(theoryTwin('af_theory_mbps')).toBe('af_mbps');
    expect(theoryTwin('cs0_theory_mbps')).toBe('cs0_mbps');
    expect(theoryTwin('af_mbps')).toBeNull();
    expect(theoryTwin('theoryless')).toBeNull();
  });
});
