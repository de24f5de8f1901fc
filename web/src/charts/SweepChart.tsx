import { useLayoutEffect, useRef } from 'react';
import { renderSweepCurves, type SweepCurve } from './renderSweepCurves';
import { useElementWidth } from './useElementWidth';

/** React wrapper of renderSweepCurves: sizing only. */
export function SweepChart({ title, unit, xLabel, curves }: { title: string; unit: string; xLabel: string; curves: SweepCurve[] }) {
  const [box, width] = useElementWidth<HTMLElement>(360);
  const svg = useRef<SVGSVGElement>(null);
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
