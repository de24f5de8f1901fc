import * as d3 from 'd3';
import type { CurvePoint } from '../scenario/sweep';

export interface SweepCurve {
  label: string;
  color: string;
  points: CurvePoint[];
  /** A theory line: dashed, without points. */
  dashed?: boolean;
}

export interface SweepChartOptions {
  width: number;
  height: number;
  xLabel: string;
  unit: string;
}

const margin = { top: 26, right: 14, bottom: 36, left: 56 };

/**
 * Draws sweep results: x = swept value, one line per policy with 95 % confidence bars, axes
 * with units and a legend (the paper's curve figures). Draws from its arguments only.
 */
export function renderSweepCurves(svg: SVGSVGElement, curves: SweepCurve[], opts: SweepChartOptions): void {
  const root = d3.select(svg);
  root.selectAll('*').remove();
  root.attr('width', opts.width).attr('height', opts.height).attr('viewBox', `0 0 ${opts.width} ${opts.height}`);
  const pts = curves.flatMap((c) => c.points).filter((p) => Number.isFinite(p.mean));
  root.attr('data-points', pts.length);
  const iw = Math.max(10, opts.width - margin.left - margin.right);
  const ih = Math.max(10, opts.height - margin.top - margin.bottom);
  const xs = pts.map((p) => p.x);
  const x = d3
    .scaleLinear()
    .domain(xs.length ? [Math.min(...xs), Math.max(...xs) === Math.min(...xs) ? Math.min(...xs) + 1 : Math.max(...xs)] : [0, 1])
    .range([0, iw]);
  const hi = pts.length ? Math.max(...pts.map((p) => (Number.isFinite(p.hi) ? p.hi : p.mean))) : 1;
  const lo = pts.length ? Math.min(0, ...pts.map((p) => (Number.isFinite(p.lo) ? p.lo : p.mean))) : 0;
  const y = d3
    .scaleLinear()
    .domain([lo, hi > lo ? hi * 1.05 : lo + 1])
    .nice()
    .range([ih, 0]);
  const g = root.append('g').attr('transform', `translate(${margin.left},${margin.top})`);
  g.append('g').attr('class', 'axis axis-x').attr('transform', `translate(0,${ih})`).call(d3.axisBottom(x).ticks(Math.max(2, Math.floor(iw / 70))));
  g.append('g').attr('class', 'axis axis-y').call(d3.axisLeft(y).ticks(5).tickFormat(d3.format(y.domain()[1] >= 1e4 ? '~s' : '~g')));
  g.append('text').attr('class', 'axis-label').attr('x', iw).attr('y', ih + 31).attr('text-anchor', 'end').text(opts.xLabel);
  g.append('text').attr('class', 'axis-label').attr('transform', 'rotate(-90)').attr('y', -44).attr('text-anchor', 'end').text(`[${opts.unit}]`);
  for (const c of curves) {
    const ok = c.points.filter((p) => Number.isFinite(p.mean));
    const line = d3
      .line<CurvePoint>()
      .x((p) => x(p.x))
      .y((p) => y(p.mean));
    const path = g.append('path').attr('class', 'sweep-line').attr('data-label', c.label).attr('fill', 'none').attr('stroke', c.color).attr('stroke-width', 1.8).attr('d', line(ok) ?? '');
    if (c.dashed) {
      path.attr('stroke-dasharray', '5 4').attr('stroke-width', 1.4);
      continue;
    }
    for (const p of ok) {
      if (p.hi > p.lo) {
        g.append('line').attr('class', 'ci').attr('x1', x(p.x)).attr('x2', x(p.x)).attr('y1', y(p.lo)).attr('y2', y(p.hi)).attr('stroke', c.color);
      }
      g.append('circle').attr('class', 'sweep-point').attr('cx', x(p.x)).attr('cy', y(p.mean)).attr('r', 2.5).attr('fill', c.color);
    }
  }
  const legend = root.append('g').attr('class', 'legend').attr('transform', `translate(${margin.left},14)`);
  let lx = 0;
  for (const c of curves) {
    const item = legend.append('g').attr('transform', `translate(${lx},0)`);
    item.append('rect').attr('width', 10).attr('height', 10).attr('y', -9).attr('fill', c.color);
    item.append('text').attr('x', 14).text(c.label);
    lx += 28 + c.label.length * 7.2;
  }
}
