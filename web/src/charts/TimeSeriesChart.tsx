import { useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  clockText,
  nearestIndex,
  renderTimeSeries,
  type ChartData,
  type ChartMarker,
  type ChartScales,
} from './renderTimeSeries';
import { useElementWidth } from './useElementWidth';
import { exportChart, slug } from '../export/download';

interface Props {
  title: string;
  unit: string;
  data: ChartData;
  /** Time range to show [s]. */
  xDomain?: [number, number];
  height?: number;
  /** Changes whenever `data` gained rows (the arrays are mutated in place). */
  version: number;
  /** Topology events to mark: a new array whenever they change. */
  markers?: ChartMarker[];
  /** UTC of simulated time zero [ms]: the time axis reads hh:mm UTC. */
  clockEpochMs?: number;
  presenter?: boolean;
  /** A click on an event in the strip goes to its moment. */
  onSeek?: (tS: number) => void;
  /** When set, a button toggles a close-up of the last few seconds (raw rows). */
  closeUp?: { on: boolean; seconds: number; onToggle: () => void };
  /** Why the chart looks empty (no value yet, only zeros), in words. */
  note?: string | null;
}

/** Shortest time between two redraws caused by new data [ms]. */
const REDRAW_MS = 200;
/** How near [px] the pointer must be to an event tick to pick it. */
const PICK_PX = 6;

/** The event of `kind` nearest to time `t` within `tol` seconds, if any. */
export function nearestMarker(
  markers: readonly ChartMarker[],
  kind: string,
  t: number,
  tol: number,
): ChartMarker | null {
  let best: ChartMarker | null = null;
  for (const m of markers)
    if (m.kind === kind && Math.abs(m.t - t) <= tol && (!best || Math.abs(m.t - t) < Math.abs(best.t - t))) best = m;
  return best;
}

/** React wrapper of renderTimeSeries: sizing, hover, event toggles and redraw pacing. */
export function TimeSeriesChart({
  title,
  unit,
  data,
  xDomain,
  height = 190,
  version,
  markers,
  clockEpochMs,
  presenter = false,
  onSeek,
  closeUp,
  note,
}: Props) {
  const [box, width] = useElementWidth<HTMLElement>(480);
  const svg = useRef<SVGSVGElement>(null);
  const scales = useRef<ChartScales | null>(null);
  const [hover, setHover] = useState<number | null>(null);
  const [picked, setPicked] = useState<{ m: ChartMarker; x: number; y: number } | null>(null);
  const [off, setOff] = useState<ReadonlySet<string>>(new Set());

  // Every kind seen keeps its row and its toggle; the kinds switched off lose their ticks.
  const kinds = useMemo(() => {
    const k = new Map<string, ChartMarker>();
    for (const m of markers ?? []) if (!k.has(m.kind)) k.set(m.kind, m);
    return [...k.values()];
  }, [markers]);
  const shown = useMemo(() => (markers ?? []).filter((m) => !off.has(m.kind)), [markers, off]);

  // Redraw at most every REDRAW_MS while data streams in (frames come at up to 20 Hz); hover
  // and resizing redraw at once.
  const lastDraw = useRef(0);
  const pending = useRef<number | null>(null);
  /** Draws with the latest props and state. */
  const draw = useEffectEvent(() => {
    lastDraw.current = performance.now();
    if (svg.current)
      scales.current = renderTimeSeries(svg.current, data, {
        width,
        height,
        unit,
        xDomain,
        hoverIndex: hover,
        markers: shown,
        markerKinds: kinds,
        clockEpochMs,
        presenter,
      });
  });
  useLayoutEffect(() => {
    draw();
  }, [width, height, unit, xDomain, hover, data, shown, kinds, clockEpochMs, presenter]);
  useEffect(() => {
    const wait = REDRAW_MS - (performance.now() - lastDraw.current);
    if (wait <= 0) draw();
    else if (pending.current === null)
      pending.current = window.setTimeout(() => {
        pending.current = null;
        draw();
      }, wait);
  }, [version, markers]);
  useEffect(
    () => () => {
      if (pending.current !== null) window.clearTimeout(pending.current);
    },
    [],
  );

  /** The event under the pointer in the strip, if any. */
  const eventAt = (e: React.MouseEvent<SVGSVGElement>): ChartMarker | null => {
    const s = scales.current;
    if (!s || !s.strip.kinds.length) return null;
    const rect = e.currentTarget.getBoundingClientRect();
    const py = e.clientY - rect.top - s.margin.top - s.strip.top;
    const row = Math.floor(py / s.strip.rowHeight);
    if (py < -2 || row < 0 || row >= s.strip.kinds.length) return null;
    const t = s.x.invert(e.clientX - rect.left - s.margin.left);
    const tol = Math.abs(s.x.invert(PICK_PX) - s.x.invert(0));
    return nearestMarker(shown, s.strip.kinds[row], t, tol);
  };

  const onMove = (e: React.MouseEvent<SVGSVGElement>) => {
    const s = scales.current;
    if (!s) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const m = eventAt(e);
    setPicked(m ? { m, x: e.clientX - rect.left, y: e.clientY - rect.top } : null);
    const t = s.x.invert(e.clientX - rect.left - s.margin.left);
    const i = nearestIndex(data.t, t);
    setHover(i >= 0 ? i : null);
  };

  const when = (t: number) =>
    clockEpochMs !== undefined
      ? `${clockText(clockEpochMs, t, true)} UTC`
      : `t = ${t.toLocaleString('en-US', { maximumFractionDigits: 3 })} s`;

  return (
    <figure className="chart" ref={box} aria-label={title}>
      <figcaption>
        {title}
        <span className="chart-tools">
          {(['png', 'svg'] as const).map((f) => (
            <button
              key={f}
              aria-label={`Save ${title} as ${f.toUpperCase()}`}
              title={`Save this chart as ${f.toUpperCase()}`}
              onClick={() => svg.current && void exportChart(svg.current, slug(title), f)}
            >
              {f.toUpperCase()}
            </button>
          ))}
        </span>
        {closeUp && (
          <button
            className="chart-zoom"
            aria-pressed={closeUp.on}
            onClick={closeUp.onToggle}
            title="Show every sample of the last seconds, or the whole run"
          >
            {closeUp.on ? 'show the whole run' : `zoom: last ${closeUp.seconds} s`}
          </button>
        )}
      </figcaption>
      {note && (
        <p className="chart-note" role="note">
          {note}
        </p>
      )}
      {kinds.length > 0 && (
        <div className="event-toggles" role="group" aria-label={`Events on ${title}`}>
          <span className="muted">Events{onSeek ? ' (click one to go there)' : ''}:</span>
          {kinds.map((k) => (
            <label key={k.kind} data-kind={k.kind}>
              <input
                type="checkbox"
                checked={!off.has(k.kind)}
                onChange={() =>
                  setOff((o) => {
                    const n = new Set(o);
                    if (n.has(k.kind)) n.delete(k.kind);
                    else n.add(k.kind);
                    return n;
                  })
                }
              />
              <span className="swatch" style={{ background: k.color }} />
              {k.label}
            </label>
          ))}
        </div>
      )}
      <div className="chart-plot">
        <svg
          ref={svg}
          role="img"
          aria-label={`${title} chart`}
          className={picked ? 'over-event' : undefined}
          onMouseMove={onMove}
          onMouseLeave={() => {
            setHover(null);
            setPicked(null);
          }}
          onClick={(e) => {
            const m = eventAt(e);
            if (m && onSeek) onSeek(m.t);
          }}
        />
        {picked && (
          <div
            className="event-tip"
            role="tooltip"
            style={{ left: picked.x + 12, top: Math.max(0, picked.y - 40) }}
            data-testid="event-tip"
          >
            <strong>{picked.m.label}</strong> · {when(picked.m.t)}
            {picked.m.detail ? <div>{picked.m.detail}</div> : null}
            {onSeek ? <div className="muted">click to go to this moment</div> : null}
          </div>
        )}
      </div>
    </figure>
  );
}
