import * as d3 from 'd3';

export interface ChartSeries {
  id: string;
  label: string;
  color: string;
  values: ArrayLike<number>;
  /** A closed form over time (e.g. PSS's eq. 7 as the capacity varies): drawn dashed, as the
   * constant theory lines are, so it never reads as a measurement. */
  theory?: boolean;
}

/** The dash of every theory line, constant or over time. */
export const THEORY_DASH = '7 5';

export interface ChartData {
  /** Times [s], increasing. */
  t: ArrayLike<number>;
  series: ChartSeries[];
  /** Levels in [0, 1] drawn as shading behind the lines (e.g. "AF at high priority"). */
  bands?: ChartSeries[];
  /** Closed-form values drawn as dashed horizontal lines (e.g. the M/M/1 mean wait). */
  theory?: { label: string; value: number; color: string }[];
  /** A pinned earlier run, drawn faint and dashed behind this one, on its own times. */
  ghost?: { name: string; t: ArrayLike<number>; series: ChartSeries[] };
}

/**
 * Runs of rows where a band's level is at least 0.5, as [start, end] times: each row covers
 * half the gap to its neighbours, so a run of rows becomes one rectangle.
 */
export function bandRuns(t: ArrayLike<number>, level: ArrayLike<number>): [number, number][] {
  const runs: [number, number][] = [];
  const n = Math.min(t.length, level.length);
  const edge = (i: number) =>
    i <= 0
      ? t[0] - (n > 1 ? (t[1] - t[0]) / 2 : 0)
      : i >= n
        ? t[n - 1] + (n > 1 ? (t[n - 1] - t[n - 2]) / 2 : 0)
        : (t[i - 1] + t[i]) / 2;
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
  /** Events to mark on the time axis (e.g. handovers): thin ticks in a strip under the curve,
   * one row per kind. */
  markers?: ChartMarker[];
  /** Kinds whose row is kept in the strip even when none of their events is shown (toggled off),
   * so rows do not jump; defaults to the kinds of `markers`. */
  markerKinds?: ChartMarker[];
  /** When set, the time axis is the wall clock: UTC of simulated time zero [ms since 1970]. */
  clockEpochMs?: number;
  /** Presenter mode: larger text (16 px), wider margins, thicker lines. */
  presenter?: boolean;
}

export interface ChartMarker {
  /** Time [s]. */
  t: number;
  /** Kind, for the legend and `data-kind`. */
  kind: string;
  label: string;
  color: string;
  /** What happened, in words (satellites, planes), for the hover text. */
  detail?: string;
}

export interface ChartScales {
  x: d3.ScaleLinear<number, number>;
  y: d3.ScaleLinear<number, number>;
  margin: { top: number; right: number; bottom: number; left: number };
  /** The event strip: its top in the plot's coordinates, its row height and kinds (row order). */
  strip: { top: number; rowHeight: number; kinds: string[] };
}

/** Sizes of one chart's text and furniture, normal or for a projector. */
export function chartLayout(presenter: boolean) {
  const font = presenter ? 16 : 11;
  return {
    font,
    /** Average glyph width of the system font at that size, for legend layout. */
    charWidth: font * 0.62,
    line: font + (presenter ? 6 : 4),
    left: presenter ? 78 : 56,
    right: presenter ? 20 : 14,
    rowHeight: presenter ? 13 : 9,
    lineWidth: presenter ? 3 : 1.5,
  };
}

/** Legend items laid out in rows that fit `width` [px]: item x and row of each, and the rows. */
export function legendRows(labels: string[], width: number, charWidth: number): { x: number; row: number }[] {
  const out: { x: number; row: number }[] = [];
  let x = 0;
  let row = 0;
  for (const l of labels) {
    const w = 14 + l.length * charWidth + 12;
    if (x > 0 && x + w > width) {
      row++;
      x = 0;
    }
    out.push({ x, row });
    x += w;
  }
  return out;
}

/** Formats simulated second `t` as UTC clock time after `epochMs`. */
export function clockText(epochMs: number, t: number, withSeconds = false): string {
  const d = new Date(epochMs + t * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCHours())}:${p(d.getUTCMinutes())}${withSeconds ? `:${p(d.getUTCSeconds())}` : ''}`;
}

/** Below this magnitude a chart's values are drawn on a 0 to 1 axis (they are rounding residue). */
const TINY = 1e-6;

/** Tick times [s] on a UTC clock: whole seconds, minutes, hours or days as d3's UTC scale picks them. */
export function clockTicks(epochMs: number, domain: [number, number], count: number): number[] {
  const utc = d3.scaleUtc().domain([new Date(epochMs + domain[0] * 1000), new Date(epochMs + domain[1] * 1000)]);
  const all = utc.ticks(count).map((d) => (d.getTime() - epochMs) / 1000);
  // d3's clock intervals jump from 1 s to 5 s: a span of a few seconds can get twice the ticks
  // asked for, whose hh:mm:ss labels then overlap; keep every k-th.
  const k = Math.ceil(all.length / Math.max(1, count * 1.25));
  return all.filter((_, i) => i % k === 0);
}

/** Tick labels for clock ticks: hh:mm, or hh:mm:ss when a tick falls inside a minute (a run
 * of a few minutes, or a close-up), so that no two ticks read the same. */
export function clockTickLabels(epochMs: number, ticks: number[]): string[] {
  const seconds = ticks.some((t) => new Date(epochMs + t * 1000).getUTCSeconds() !== 0);
  return ticks.map((t) => clockText(epochMs, t, seconds));
}

const fmtSeconds = d3.format(',.3~f');

/** One series as a path over rows `idx` of times `t`, with gaps where a value is missing. */
function seriesPath(
  g: d3.Selection<SVGGElement, unknown, null, undefined>,
  cls: string,
  s: ChartSeries,
  t: ArrayLike<number>,
  idx: number[],
  x: d3.ScaleLinear<number, number>,
  y: d3.ScaleLinear<number, number>,
  width: number,
) {
  const line = d3
    .line<number>()
    .defined((i) => Number.isFinite(s.values[i]))
    .x((i) => x(t[i]))
    .y((i) => y(s.values[i]));
  const path = g
    .append('path')
    .attr('class', cls)
    .attr('data-series', s.id)
    .attr('fill', 'none')
    .attr('stroke', s.color)
    .attr('stroke-width', width)
    .attr('d', line(idx) ?? '');
  // A sample with no neighbour makes no line (a topology stepped each second in 50 ms rows, a
  // transfer that lasts one row): draw it as a dot.
  for (const i of isolatedPoints(s.values, idx))
    g.append('circle')
      .attr('class', `${cls}-dot`)
      .attr('data-series', s.id)
      .attr('cx', x(t[i]))
      .attr('cy', y(s.values[i]))
      .attr('r', width + 1.5)
      .attr('fill', s.color);
  return path;
}

/** The rows of `idx` whose value is finite while the rows before and after it (in `idx`) are not. */
export function isolatedPoints(values: ArrayLike<number>, idx: number[]): number[] {
  const ok = (k: number) => k >= 0 && k < idx.length && Number.isFinite(values[idx[k]]);
  return idx.filter((_, k) => ok(k) && !ok(k - 1) && !ok(k + 1));
}

/** Formats a value with its unit for the read-out. */
export function formatValue(v: number, unit: string): string {
  if (!Number.isFinite(v)) return '–';
  const abs = Math.abs(v);
  const s = abs !== 0 && (abs < 0.01 || abs >= 1e6) ? v.toExponential(2) : d3.format(',.3~f')(v);
  return `${s} ${unit}`;
}

/**
 * Draws a time-series chart into `svg` from its arguments alone (no state kept): axes with
 * units, one line per series (gaps where a value is NaN), a legend that wraps, the events as
 * ticks in a strip under the curve (one row per kind) and, when `hoverIndex` is set, a read-out
 * of every series at that row on a solid background.
 */
export function renderTimeSeries(svg: SVGSVGElement, data: ChartData, opts: ChartOptions): ChartScales {
  const { width, height, unit } = opts;
  const L = chartLayout(!!opts.presenter);
  const n = data.t.length;
  const root = d3.select(svg);
  root.selectAll('*').remove();
  root.attr('width', width).attr('height', height).attr('viewBox', `0 0 ${width} ${height}`);
  root.attr('data-points', n).attr('data-last-t', n ? data.t[n - 1] : 0);

  // Legend first: its rows decide the top margin.
  const kindsSource = opts.markerKinds ?? opts.markers ?? [];
  const kinds = new Map<string, ChartMarker>();
  for (const m of kindsSource) if (!kinds.has(m.kind)) kinds.set(m.kind, m);
  const legendItems = [...data.series.filter((s) => !s.theory), ...(data.bands ?? [])];
  const theory = (data.theory ?? []).filter((l) => Number.isFinite(l.value));
  const extra = [
    ...data.series
      .filter((s) => s.theory)
      .map((s) => ({ label: `${s.label} (dashed)`, color: s.color, kind: 'theory' })),
    ...theory.map((l) => ({ label: `${l.label} (dashed)`, color: l.color, kind: 'theory' })),
    ...(data.ghost
      ? data.ghost.series
          .map((s) => ({ label: `pinned: ${data.ghost!.name} (faint)`, color: s.color, kind: 'ghost' }))
          .slice(0, 1)
      : []),
  ];
  // The event kinds are named by the chart's toggles and by each strip row's title, not here:
  // the legend stays one line where it can.
  const legendLabels = [...legendItems.map((s) => s.label), ...extra.map((e) => e.label)];
  const placed = legendRows(legendLabels, Math.max(60, width - L.left - L.right), L.charWidth);
  const rows = placed.length ? placed[placed.length - 1].row + 1 : 0;
  const stripH = kinds.size ? kinds.size * L.rowHeight + 4 : 0;
  const margin = {
    top: 10 + Math.max(1, rows) * L.line,
    right: L.right,
    bottom: stripH + 6 + L.font + 6 + L.font + 6,
    left: L.left,
  };

  const iw = Math.max(10, width - margin.left - margin.right);
  const ih = Math.max(10, height - margin.top - margin.bottom);
  const xDomain = opts.xDomain ?? [0, n ? Math.max(data.t[n - 1], 1e-9) : 1];
  const x = d3.scaleLinear().domain(xDomain).range([0, iw]);
  // The y axis holds every value, negative ones too (an SNR in dB), and zero.
  let yMax = 0;
  let yMin = 0;
  for (const s of [...data.series, ...(data.ghost?.series ?? [])])
    for (let i = 0; i < s.values.length; i++)
      if (Number.isFinite(s.values[i])) {
        yMax = Math.max(yMax, s.values[i]);
        yMin = Math.min(yMin, s.values[i]);
      }
  for (const l of theory) {
    yMax = Math.max(yMax, l.value);
    yMin = Math.min(yMin, l.value);
  }
  // Floating-point residue (a credit of 1e-9 bits) is zero: it would give an axis of 0 to
  // 0.0000000010 whose labels leave the chart.
  if (Math.max(yMax, -yMin) < TINY) yMax = yMin = 0;
  const y = d3
    .scaleLinear()
    .domain([yMin < 0 ? yMin * 1.08 : 0, yMax > 0 ? yMax * 1.08 : yMin < 0 ? 0 : 1])
    .nice()
    .range([ih, 0]);

  const g = root.append('g').attr('transform', `translate(${margin.left},${margin.top})`);
  const ticksX = Math.max(2, Math.floor(iw / (opts.presenter ? 110 : 80)));
  const xAxis = d3.axisBottom(x);
  const clock = opts.clockEpochMs;
  if (clock !== undefined) {
    const ticks = clockTicks(clock, xDomain as [number, number], ticksX);
    const labels = clockTickLabels(clock, ticks);
    xAxis.tickValues(ticks).tickFormat((_, i) => labels[i]);
  } else xAxis.ticks(ticksX);
  const xAxisG = g
    .append('g')
    .attr('class', 'axis axis-x')
    .attr('transform', `translate(0,${ih + stripH})`)
    .call(xAxis);
  // A label centred on a tick at the right end would stick out of the chart: end it there. One
  // at the left end ("00:00") would run into the y axis's lowest label: start it there.
  xAxisG.selectAll<SVGGElement, number>('.tick').each(function (d) {
    if (x(d) > iw - 30) d3.select(this).select('text').attr('text-anchor', 'end');
    else if (x(d) < 4) d3.select(this).select('text').attr('text-anchor', 'start');
  });
  g.append('g')
    .attr('class', 'axis axis-y')
    .call(
      d3
        .axisLeft(y)
        .ticks(Math.max(2, Math.floor(ih / (opts.presenter ? 50 : 40))))
        .tickFormat(d3.format(Math.max(Math.abs(y.domain()[0]), y.domain()[1]) >= 1e4 ? '~s' : '~g')),
    );
  g.append('text')
    .attr('class', 'axis-label')
    .attr('x', iw)
    .attr('y', ih + stripH + 6 + L.font + 6 + L.font)
    .attr('text-anchor', 'end')
    .text(clock !== undefined ? 'time of day (UTC)' : 'simulated time [s]');
  g.append('text')
    .attr('class', 'axis-label')
    .attr('transform', 'rotate(-90)')
    .attr('x', 0)
    .attr('y', -(margin.left - L.font + 2))
    .attr('text-anchor', 'end')
    .text(`[${unit}]`);

  for (const b of data.bands ?? []) {
    const bg = g.append('g').attr('class', 'band').attr('data-series', b.id);
    for (const [a, z] of bandRuns(data.t, b.values)) {
      const x0 = Math.max(0, x(a));
      const x1 = Math.min(iw, x(z));
      if (x1 > x0)
        bg.append('rect')
          .attr('x', x0)
          .attr('width', x1 - x0)
          .attr('y', 0)
          .attr('height', ih)
          .attr('fill', b.color)
          .attr('fill-opacity', 0.3);
    }
  }

  if (data.ghost) {
    const gt = data.ghost.t;
    const gidx = d3.range(gt.length).filter((i) => gt[i] >= xDomain[0] && gt[i] <= xDomain[1]);
    for (const s of data.ghost.series)
      seriesPath(g, 'ghost-line', s, gt, gidx, x, y, L.lineWidth)
        .attr('stroke-opacity', 0.4)
        .attr('stroke-dasharray', '2 3');
  }
  for (const l of theory) {
    g.append('line')
      .attr('class', 'theory-line')
      .attr('x1', 0)
      .attr('x2', iw)
      .attr('y1', y(l.value))
      .attr('y2', y(l.value))
      .attr('stroke', l.color)
      .attr('stroke-dasharray', THEORY_DASH)
      .attr('stroke-width', L.lineWidth);
  }

  const idx = d3.range(n);
  for (const s of data.series) {
    const path = seriesPath(
      g,
      s.theory ? 'series-line theory-series' : 'series-line',
      s,
      data.t,
      idx,
      x,
      y,
      L.lineWidth,
    );
    if (s.theory) path.attr('stroke-dasharray', THEORY_DASH);
  }

  // The event strip: one row per kind under the curve, a thin tick per event; one tick per kind
  // per pixel column, so thousands of events over a day stay a few hundred nodes.
  const kindOrder = [...kinds.keys()];
  const stripTop = ih + 2;
  const strip = g.append('g').attr('class', 'event-strip');
  kindOrder.forEach((k, r) => {
    const m = kinds.get(k)!;
    const cy = stripTop + r * L.rowHeight + L.rowHeight / 2;
    strip
      .append('rect')
      .attr('class', 'strip-row')
      .attr('data-kind', k)
      .attr('x', 0)
      .attr('y', stripTop + r * L.rowHeight)
      .attr('width', iw)
      .attr('height', L.rowHeight - 1)
      .attr('fill', m.color)
      .attr('fill-opacity', 0.08)
      .append('title')
      .text(m.label);
    strip
      .append('path')
      .attr('class', 'strip-key')
      .attr('d', `M-10,${cy - 3}L-4,${cy}L-10,${cy + 3}Z`)
      .attr('fill', m.color);
  });
  const seen = new Set<string>();
  for (const m of opts.markers ?? []) {
    if (m.t < xDomain[0] || m.t > xDomain[1]) continue;
    const r = kindOrder.indexOf(m.kind);
    if (r < 0) continue;
    const mx = x(m.t);
    const key = `${m.kind}:${Math.round(mx)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const y0 = stripTop + r * L.rowHeight;
    strip
      .append('line')
      .attr('class', 'marker')
      .attr('data-kind', m.kind)
      .attr('data-t', m.t)
      .attr('x1', mx)
      .attr('x2', mx)
      .attr('y1', y0)
      .attr('y2', y0 + L.rowHeight - 1)
      .attr('stroke', m.color)
      .attr('stroke-width', opts.presenter ? 2.5 : 1.5);
  }

  const legend = root
    .append('g')
    .attr('class', 'legend')
    .attr('transform', `translate(${margin.left},${8 + L.font})`);
  const at = (k: number) => `translate(${placed[k].x},${placed[k].row * L.line})`;
  legendItems.forEach((s, k) => {
    const item = legend.append('g').attr('transform', at(k));
    item
      .append('rect')
      .attr('width', L.font - 1)
      .attr('height', L.font - 1)
      .attr('y', -(L.font - 2))
      .attr('fill', s.color)
      .attr('fill-opacity', data.bands?.includes(s) ? 0.3 : 1);
    item
      .append('text')
      .attr('x', L.font + 3)
      .text(s.label);
  });

  extra.forEach((e, j) => {
    const item = legend
      .append('g')
      .attr('class', `legend-${e.kind}`)
      .attr('transform', at(legendItems.length + j));
    item
      .append('line')
      .attr('x1', 0)
      .attr('x2', L.font)
      .attr('y1', -L.font / 2 + 1)
      .attr('y2', -L.font / 2 + 1)
      .attr('stroke', e.color)
      .attr('stroke-width', 2.5)
      .attr('stroke-opacity', e.kind === 'ghost' ? 0.5 : 1)
      .attr('stroke-dasharray', e.kind === 'ghost' ? '2 2' : '4 2');
    item
      .append('text')
      .attr('x', L.font + 3)
      .text(e.label);
  });

  const h = opts.hoverIndex;
  if (h !== null && h !== undefined && h >= 0 && h < n) {
    const hx = x(data.t[h]);
    g.append('line').attr('class', 'hover-rule').attr('x1', hx).attr('x2', hx).attr('y1', 0).attr('y2', ih);
    const when =
      clock !== undefined
        ? `${clockText(clock, data.t[h], true)} UTC (t = ${fmtSeconds(data.t[h])} s)`
        : `t = ${fmtSeconds(data.t[h])} s`;
    const lines = [
      when,
      ...data.series.map((s) => `${s.label}: ${formatValue(s.values[h], unit)}`),
      ...(data.bands ?? []).map(
        (b) => `${b.label}: ${Number.isFinite(b.values[h]) ? `${Math.round(b.values[h] * 100)} % of the bucket` : '–'}`,
      ),
      ...theory.map((l) => `${l.label}: ${formatValue(l.value, unit)}`),
    ];
    const right = hx > iw / 2;
    const boxX = right ? hx - 8 : hx + 8;
    // The read-out's text is one pixel larger than the axes' (styles/app.css).
    const lh = L.font + 5;
    const boxW = Math.max(...lines.map((l) => l.length)) * (L.font + 1) * 0.62 + 14;
    g.append('rect')
      .attr('class', 'hover-box')
      .attr('x', right ? boxX - boxW + 6 : boxX - 6)
      .attr('y', 0)
      .attr('width', boxW)
      .attr('height', lines.length * lh + 8)
      .attr('rx', 4);
    const text = g
      .append('text')
      .attr('class', 'hover-readout')
      .attr('text-anchor', right ? 'end' : 'start')
      .attr('x', boxX)
      .attr('y', L.font + 2);
    lines.forEach((l, i) =>
      text
        .append('tspan')
        .attr('x', boxX)
        .attr('dy', i === 0 ? 0 : lh)
        .text(l),
    );
  }
  return { x, y, margin, strip: { top: stripTop, rowHeight: L.rowHeight, kinds: kindOrder } };
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
