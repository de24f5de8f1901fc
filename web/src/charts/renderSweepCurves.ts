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
  /** Presenter mode: 16 px text (styles/app.css), so wider margins and legend rows. */
  presenter?: boolean;
}

/** Margins [px], legend row height, a character's width for the legend's wrapping, where the axis
 * names sit, and the room per x tick, for the text size of the normal view or presenter mode. */
export function sweepLayout(presenter: boolean) {
  return presenter
    ? {
        top: 36,
        right: 20,
        bottom: 56,
        left: 80,
        row: 22,
        charW: 9.8,
        pad: 14,
        legendY: 20,
        xName: 48,
        yName: -64,
        tickPx: 110,
      }
    : {
        top: 26,
        right: 14,
        bottom: 36,
        left: 56,
        row: 15,
        charW: 6.6,
        pad: 0,
        legendY: 14,
        xName: 31,
        yName: -44,
        tickPx: 70,
      };
}

/** Marker shapes and dash patterns, one per measured curve in order: curves that coincide stay
 * told apart by shape and dash, not only by colour. */
const SYMBOLS = [
  d3.symbolCircle,
  d3.symbolSquare,
  d3.symbolTriangle,
  d3.symbolDiamond,
  d3.symbolCross,
  d3.symbolWye,
  d3.symbolStar,
  d3.symbolTriangle2,
];
export const SYMBOL_NAMES = ['circle', 'square', 'triangle', 'diamond', 'cross', 'wye', 'star', 'triangle-down'];
export const DASHES = ['', '7 3', '2 3', '9 3 2 3', '4 4', '12 4', '1 2', '6 2 2 2'];
/** Theory lines: a long dash, drawn thinner and without points. */
const THEORY_DASH = '10 5';

/**
 * Draws sweep results: x = swept value, one line per policy with 95 % confidence bars, axes
 * with units and a legend (the paper's curve figures). Draws from its arguments only.
 */
export function renderSweepCurves(svg: SVGSVGElement, curves: SweepCurve[], opts: SweepChartOptions): void {
  const root = d3.select(svg);
  root.selectAll('*').remove();
  root.attr('width', opts.width).attr('height', opts.height).attr('viewBox', `0 0 ${opts.width} ${opts.height}`);
  const margin = sweepLayout(!!opts.presenter);
  const pts = curves.flatMap((c) => c.points).filter((p) => Number.isFinite(p.mean));
  root.attr('data-points', pts.length);
  const iw = Math.max(10, opts.width - margin.left - margin.right);
  // Legend rows first: they set the top margin.
  const slots: { x: number; row: number }[] = [];
  {
    let lx = 0;
    let row = 0;
    for (const c of curves) {
      const w = 30 + margin.pad + (c.dashed ? `${c.label} (theory, dashed)` : c.label).length * margin.charW;
      if (lx > 0 && lx + w > iw) {
        lx = 0;
        row++;
      }
      slots.push({ x: lx, row });
      lx += w;
    }
  }
  const legendRows = slots.length ? slots[slots.length - 1].row + 1 : 1;
  const top = margin.top + (legendRows - 1) * margin.row;
  const ih = Math.max(10, opts.height - top - margin.bottom);
  const xs = pts.map((p) => p.x);
  // A sweep over texts (site names): one tick per text at its position, half a step of margin.
  const labels = new Map(
    curves.flatMap((c) => c.points).flatMap((p) => (p.label === undefined ? [] : [[p.x, p.label] as const])),
  );
  const x = d3
    .scaleLinear()
    .domain(
      labels.size
        ? [-0.5, Math.max(...labels.keys()) + 0.5]
        : xs.length
          ? [Math.min(...xs), Math.max(...xs) === Math.min(...xs) ? Math.min(...xs) + 1 : Math.max(...xs)]
          : [0, 1],
    )
    .range([0, iw]);
  const hi = pts.length ? Math.max(...pts.map((p) => (Number.isFinite(p.hi) ? p.hi : p.mean))) : 1;
  const lo = pts.length ? Math.min(0, ...pts.map((p) => (Number.isFinite(p.lo) ? p.lo : p.mean))) : 0;
  const y = d3
    .scaleLinear()
    .domain([lo, hi > lo ? hi * 1.05 : lo + 1])
    .nice()
    .range([ih, 0]);
  const g = root.append('g').attr('transform', `translate(${margin.left},${top})`);
  const xAxis = labels.size
    ? d3
        .axisBottom(x)
        .tickValues([...labels.keys()].sort((a, b) => a - b))
        .tickFormat((v) => labels.get(Number(v)) ?? '')
    : d3.axisBottom(x).ticks(Math.max(2, Math.floor(iw / margin.tickPx)));
  g.append('g').attr('class', 'axis axis-x').attr('transform', `translate(0,${ih})`).call(xAxis);
  g.append('g')
    .attr('class', 'axis axis-y')
    .call(
      d3
        .axisLeft(y)
        .ticks(5)
        .tickFormat(d3.format(y.domain()[1] >= 1e4 ? '~s' : '~g')),
    );
  g.append('text')
    .attr('class', 'axis-label')
    .attr('x', iw)
    .attr('y', ih + margin.xName)
    .attr('text-anchor', 'end')
    .text(opts.xLabel);
  g.append('text')
    .attr('class', 'axis-label')
    .attr('transform', 'rotate(-90)')
    .attr('y', margin.yName)
    .attr('text-anchor', 'end')
    .text(`[${opts.unit}]`);
  let k = 0;
  const style = curves.map((c) => (c.dashed ? null : k++));
  curves.forEach((c, ci) => {
    const ok = c.points.filter((p) => Number.isFinite(p.mean));
    const line = d3
      .line<CurvePoint>()
      .x((p) => x(p.x))
      .y((p) => y(p.mean));
    const i = style[ci];
    // Texts (sites) are categories: their points are not joined, as no value lies between them.
    const path = g
      .append('path')
      .attr('class', c.dashed ? 'sweep-line theory' : 'sweep-line')
      .attr('data-label', c.label)
      .attr('fill', 'none')
      .attr('stroke', c.color)
      .attr('stroke-width', 2)
      .attr('d', labels.size ? '' : (line(ok) ?? ''));
    if (i === null) {
      path.attr('stroke-dasharray', THEORY_DASH).attr('stroke-width', 1.4);
      return;
    }
    path.attr('stroke-dasharray', DASHES[i % DASHES.length]).attr('data-symbol', SYMBOL_NAMES[i % SYMBOL_NAMES.length]);
    const sym = d3.symbol(SYMBOLS[i % SYMBOLS.length], 42);
    for (const p of ok) {
      if (p.hi > p.lo) {
        g.append('line')
          .attr('class', 'ci')
          .attr('x1', x(p.x))
          .attr('x2', x(p.x))
          .attr('y1', y(p.lo))
          .attr('y2', y(p.hi))
          .attr('stroke', c.color);
      }
      // Hollow markers, so a curve drawn on top of another does not hide its points.
      g.append('path')
        .attr('class', 'sweep-point')
        .attr('data-symbol', SYMBOL_NAMES[i % SYMBOL_NAMES.length])
        .attr('transform', `translate(${x(p.x)},${y(p.mean)})`)
        .attr('d', sym() ?? '')
        .attr('fill', 'var(--bg, #fff)')
        .attr('stroke', c.color)
        .attr('stroke-width', 1.6);
    }
  });
  // The legend wraps instead of running off the chart; each entry shows its line and marker.
  const legend = root
    .append('g')
    .attr('class', 'legend')
    .attr('transform', `translate(${margin.left},${margin.legendY})`);
  curves.forEach((c, ci) => {
    const label = c.dashed ? `${c.label} (theory, dashed)` : c.label;
    const item = legend.append('g').attr('transform', `translate(${slots[ci].x},${slots[ci].row * margin.row})`);
    const i = style[ci];
    item
      .append('line')
      .attr('x1', 0)
      .attr('x2', 22)
      .attr('y1', -4)
      .attr('y2', -4)
      .attr('stroke', c.color)
      .attr('stroke-width', 2)
      .attr('stroke-dasharray', i === null ? '5 3' : DASHES[i % DASHES.length]);
    if (i !== null)
      item
        .append('path')
        .attr('transform', 'translate(11,-4)')
        .attr('d', d3.symbol(SYMBOLS[i % SYMBOLS.length], 36)() ?? '')
        .attr('fill', 'var(--bg, #fff)')
        .attr('stroke', c.color)
        .attr('stroke-width', 1.5);
    item.append('text').attr('x', 26).text(label);
  });
  root.attr('data-legend-rows', legendRows);
}
