import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { nearestIndex, renderTimeSeries, type ChartData, type ChartMarker, type ChartScales } from './renderTimeSeries';
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
  markers?: ChartMarker[];
  /** When set, a button toggles a close-up of the last few seconds (raw rows). */
  closeUp?: { on: boolean; seconds: number; onToggle: () => void };
}

/** Shortest time between two redraws caused by new data [ms]. */
const REDRAW_MS = 200;

/** React wrapper of renderTimeSeries: sizing, hover and redraw pacing only. */
export function TimeSeriesChart({ title, unit, data, xDomain, height = 190, version, markers, closeUp }: Props) {
  const [box, width] = useElementWidth<HTMLElement>(480);
  const svg = useRef<SVGSVGElement>(null);
  const scales = useRef<ChartScales | null>(null);
  const [hover, setHover] = useState<number | null>(null);

  // Redraw at most every REDRAW_MS while data streams in (frames come at up to 20 Hz); hover
  // and resizing redraw at once.
  const lastDraw = useRef(0);
  const pending = useRef<number | null>(null);
  const draw = useRef(() => {});
  draw.current = () => {
    lastDraw.current = performance.now();
    if (svg.current) scales.current = renderTimeSeries(svg.current, data, { width, height, unit, xDomain, hoverIndex: hover, markers });
  };
  useLayoutEffect(() => {
    draw.current();
  }, [width, height, unit, xDomain, hover, data]);
  useEffect(() => {
    const wait = REDRAW_MS - (performance.now() - lastDraw.current);
    if (wait <= 0) draw.current();
    else if (pending.current === null)
      pending.current = window.setTimeout(() => {
        pending.current = null;
        draw.current();
      }, wait);
  }, [version, markers]);
  useEffect(() => () => {
    if (pending.current !== null) window.clearTimeout(pending.current);
  }, []);

  const onMove = (e: React.MouseEvent<SVGSVGElement>) => {
    const s = scales.current;
    if (!s) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const t = s.x.invert(e.clientX - rect.left - s.margin.left);
    const i = nearestIndex(data.t, t);
    setHover(i >= 0 ? i : null);
  };

  return (
    <figure className="chart" ref={box} aria-label={title}>
      <figcaption>
        {title}
        <span className="chart-tools">
          {(['png', 'svg'] as const).map((f) => (
            <button key={f} aria-label={`Save ${title} as ${f.toUpperCase()}`} title={`Save this chart as ${f.toUpperCase()}`} onClick={() => svg.current && void exportChart(svg.current, slug(title), f)}>
              {f.toUpperCase()}
            </button>
          ))}
        </span>
        {closeUp && (
          <button className="chart-zoom" aria-pressed={closeUp.on} onClick={closeUp.onToggle} title="Show every sample of the last seconds, or the whole run">
            {closeUp.on ? 'whole run' : `last ${closeUp.seconds} s`}
          </button>
        )}
      </figcaption>
      <svg ref={svg} role="img" aria-label={`${title} chart`} onMouseMove={onMove} onMouseLeave={() => setHover(null)} />
    </figure>
  );
}
