import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { renderSweepCurves, type SweepCurve } from './renderSweepCurves';

/** React wrapper of renderSweepCurves: sizing only. */
export function SweepChart({ title, unit, xLabel, curves }: { title: string; unit: string; xLabel: string; curves: SweepCurve[] }) {
  const box = useRef<HTMLDivElement>(null);
  const svg = useRef<SVGSVGElement>(null);
  const [width, setWidth] = useState(360);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(([e]) => setWidth(Math.max(200, Math.floor(e.contentRect.width))));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  useLayoutEffect(() => {
    if (svg.current) renderSweepCurves(svg.current, curves, { width, height: 200, xLabel, unit });
  }, [curves, width, xLabel, unit]);
  return (
    <figure className="chart" ref={box}>
      <figcaption>{title}</figcaption>
      <svg ref={svg} role="img" aria-label={`${title} sweep chart`} />
    </figure>
  );
}
