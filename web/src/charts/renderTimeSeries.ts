import * as d3 from 'd3';

export interface ChartSeries {
  id: string;
  label: string;
  color: string;
  values: ArrayLike<number>;
}

export interface ChartData {
  /** Times [s], increasing. */
  t: ArrayLike<number>;
  series: ChartSeries[];
  /** Levels in [0, 1] drawn as shading behind the lines (e.g. "AF at high priority"). */
  bands?: ChartSeries[];
}

/**
 * Runs of rows where a band's level is at least 0.5, as [start, end] times: each row covers
 * half the gap to its neighbours, so a run of rows becomes one rectangle.
 */
export function bandRuns(t: ArrayLike<number>, level: ArrayLike<number>): [number, number][] {
  const runs: [number, number][] = [];
  const n = Math.min(t.length, level.length);
  const edge = (i: number) => (i <= 0 ? t[0] - (n > 1 ? (t[1] - t[0]) / 2 : 0) : i >= n ? t[n - 1] + (n > 1 ? (t[n - 1] - t[n - 2]) / 2 : 0) : (t[i - 1] + t[i]) / 2);
  let start = -1;
  for (let i = 0; i <= n; i++) {
    const on = i < n && level[i] >= 0.5;
    if (on && start < 0) start = i;
    if (!on && start >= 0) {
      runs.push([edge(start), edge(i)]);
      start = -1;
    }
  }
  return runs;
}

export interface ChartOptions {
  width: number;
  height: number;
  /** Unit of the y axis, e.g. "ms". */
  unit: string;
  /** Time range to show [s]; defaults to [0, last t]. */
  xDomain?: [number, number];
  /** Row to read out (hover), or null. */
  hoverIndex?: number | null;
  /** Events to mark on the time axis (e.g. handovers), drawn as ticks with a legend. */
  markers?: ChartMarker[];
}

export interface ChartMarker {
  /** Time [s]. */
  t: number;
  /** Kind, for the legend and `data-kind`. */
  kind: string;
  label: string;
  color: string;
}

export interface ChartScales {
  x: d3.ScaleLinear<number, number>;
  y: d3.ScaleLinear<number, number>;
  margin: { top: number; right: number; bottom: number; left: number };
}

const margin = { top: 26, right: 14, bottom: 34, left: 56 };

/** Formats a value with its unit for the read-out. */
export function formatValue(v: number, unit: string): string {
  if (!Number.isFinite(v)) return '–';
  const abs = Math.abs(v);
  const s = abs !== 0 && (abs < 0.01 || abs >= 1e6) ? v.toExponential(2) : d3.format(',.3~f')(v);
  return `${s} ${unit}`;
}

/**
 * Draws a time-series chart into `svg` from its arguments alone (no state kept): axes with
 * units, one line per series (gaps where a value is NaN), a legend and, when `hoverIndex` is
 * set, a read-out of every series at that row.
 */
export function renderTimeSeries(svg: SVGSVGElement, data: ChartData, opts: ChartOptions): ChartScales {
  const { width, height, unit } = opts;
  const n = data.t.length;
  const root = d3.select(svg);
  root.selectAll('*').remove();
  root.attr('width', width).attr('height', height).attr('viewBox', `0 0 ${width} ${height}`);
  root.attr('data-points', n).attr('data-last-t', n ? data.t[n - 1] : 0);

  const iw = Math.max(10, width - margin.left - margin.right);
  const ih = Math.max(10, height - margin.top - margin.bottom);
  const xDomain = opts.xDomain ?? [0, n ? Math.max(data.t[n - 1], 1e-9) : 1];
  const x = d3.scaleLinear().domain(xDomain).range([0, iw]);
  let yMax = 0;
  for (const s of data.series) for (let i = 0; i < s.values.length; i++) if (Number.isFinite(s.values[i])) yMax = Math.max(yMax, s.values[i]);
  const y = d3
    .scaleLinear()
    .domain([0, yMax > 0 ? yMax * 1.08 : 1])
    .nice()
    .range([ih, 0]);

  const g = root.append('g').attr('transform', `translate(${margin.left},${margin.top})`);
  g.append('g').attr('class', 'axis axis-x').attr('transform', `translate(0,${ih})`).call(d3.axisBottom(x).ticks(Math.max(2, Math.floor(iw / 80))));
  g.append('g').attr('class', 'axis axis-y').call(d3.axisLeft(y).ticks(Math.max(2, Math.floor(ih / 40))).tickFormat(d3.format(y.domain()[1] >= 1e4 ? '~s' : '~g')));
  g.append('text').attr('class', 'axis-label').attr('x', iw).attr('y', ih + 29).attr('text-anchor', 'end').text('simulated time [s]');
  g.append('text')
    .attr('class', 'axis-label')
    .attr('transform', 'rotate(-90)')
    .attr('x', 0)
    .attr('y', -44)
    .attr('text-anchor', 'end')
    .text(`[${unit}]`);

  for (const b of data.bands ?? []) {
    const bg = g.append('g').attr('class', 'band').attr('data-series', b.id);
    for (const [a, z] of bandRuns(data.t, b.values)) {
      const x0 = Math.max(0, x(a));
      const x1 = Math.min(iw, x(z));
      if (x1 > x0) bg.append('rect').attr('x', x0).attr('width', x1 - x0).attr('y', 0).attr('height', ih).attr('fill', b.color).attr('fill-opacity', 0.3);
    }
  }

  const idx = d3.range(n);
  for (const s of data.series) {
    const line = d3
      .line<number>()
      .defined((i) => Number.isFinite(s.values[i]))
      .x((i) => x(data.t[i]))
      .y((i) => y(s.values[i]));
    g.append('path')
      .attr('class', 'series-line')
      .attr('data-series', s.id)
      .attr('fill', 'none')
      .attr('stroke', s.color)
      .attr('stroke-width', 1.5)
      .attr('d', line(idx) ?? '');
  }

  // One marker per kind per pixel column: thousands of events over a day must not become
  // thousands of SVG nodes redrawn at every frame.
  const seen = new Set<string>();
  const markers = (opts.markers ?? []).filter((m) => {
    if (m.t < xDomain[0] || m.t > xDomain[1]) return false;
    const key = `${m.kind}:${Math.round(x(m.t))}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const mg = g.append('g').attr('class', 'markers');
  for (const m of markers) {
    const mx = x(m.t);
    mg.append('line').attr('class', 'marker').attr('data-kind', m.kind).attr('x1', mx).attr('x2', mx).attr('y1', 0).attr('y2', ih).attr('stroke', m.color).attr('stroke-opacity', 0.35);
    mg.append('path').attr('class', 'marker-head').attr('d', `M${mx - 4},-6L${mx + 4},-6L${mx},1Z`).attr('fill', m.color);
  }

  const legend = root.append('g').attr('class', 'legend').attr('transform', `translate(${margin.left},14)`);
  let lx = 0;
  for (const s of [...data.series, ...(data.bands ?? [])]) {
    const item = legend.append('g').attr('transform', `translate(${lx},0)`);
    item.append('rect').attr('width', 10).attr('height', 10).attr('y', -9).attr('fill', s.color).attr('fill-opacity', data.bands?.includes(s) ? 0.3 : 1);
    item.append('text').attr('x', 14).text(s.label);
    lx += 24 + s.label.length * 6.5;
  }
  const kinds = new Map<string, ChartMarker>();
  for (const m of opts.markers ?? []) if (!kinds.has(m.kind)) kinds.set(m.kind, m);
  for (const m of kinds.values()) {
    const item = legend.append('g').attr('class', 'legend-marker').attr('transform', `translate(${lx},0)`);
    item.append('path').attr('d', 'M0,-9L10,-9L5,0Z').attr('fill', m.color);
    item.append('text').attr('x', 14).text(m.label);
    lx += 24 + m.label.length * 6.5;
  }

  const h = opts.hoverIndex;
  if (h !== null && h !== undefined && h >= 0 && h < n) {
    const hx = x(data.t[h]);
    g.append('line').attr('class', 'hover-rule').attr('x1', hx).attr('x2', hx).attr('y1', 0).attr('y2', ih);
    const lines = [
      `t = ${d3.format(',.3~f')(data.t[h])} s`,
      ...data.series.map((s) => `${s.label}: ${formatValue(s.values[h], unit)}`),
      ...(data.bands ?? []).map((b) => `${b.label}: ${Number.isFinite(b.values[h]) ? `${Math.round(b.values[h] * 100)} % of the bucket` : '–'}`),
    ];
    const boxX = hx > iw / 2 ? hx - 8 : hx + 8;
    const text = g
      .append('text')
      .attr('class', 'hover-readout')
      .attr('text-anchor', hx > iw / 2 ? 'end' : 'start')
      .attr('x', boxX)
      .attr('y', 12);
    lines.forEach((l, i) => text.append('tspan').attr('x', boxX).attr('dy', i === 0 ? 0 : 14).text(l));
  }
  return { x, y, margin };
}

/** Index of the row nearest to time `t` in increasing `ts`, or -1 when empty. */
export function nearestIndex(ts: ArrayLike<number>, t: number): number {
  const n = ts.length;
  if (n === 0) return -1;
  const arr = Array.from(ts);
  const i = d3.bisectLeft(arr, t);
  if (i <= 0) return 0;
  if (i >= n) return n - 1;
  return t - arr[i - 1] <= arr[i] - t ? i - 1 : i;
}
