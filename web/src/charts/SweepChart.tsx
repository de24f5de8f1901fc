import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { renderSweepCurves, type SweepCurve } from './renderSweepCurves';
import { useElementWidth } from './useElementWidth';
import { exportChart, slug } from '../export/download';

/** Whether presenter mode is on, as the page's root says (useViewState sets it there). */
function usePresenter(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const o = new MutationObserver(changed);
      o.observe(document.documentElement, { attributes: true, attributeFilter: ['data-presenter'] });
      return () => o.disconnect();
    },
    () => document.documentElement.dataset.presenter === 'true',
  );
}

/** React wrapper of renderSweepCurves: sizing only. */
export function SweepChart({
  title,
  unit,
  xLabel,
  curves,
  notes = [],
}: {
  title: string;
  unit: string;
  xLabel: string;
  curves: SweepCurve[];
  notes?: string[];
}) {
  // Presenter mode (larger text): a taller chart with wider margins.
  const presenter = usePresenter();
  const [box, width] = useElementWidth<HTMLElement>(360);
  const svg = useRef<SVGSVGElement>(null);
  useLayoutEffect(() => {
    if (svg.current)
      renderSweepCurves(svg.current, curves, { width, height: presenter ? 300 : 230, xLabel, unit, presenter });
  }, [curves, width, xLabel, unit, presenter]);
  return (
    <figure className="chart" ref={box}>
      <figcaption>
        {title}
        <span className="chart-tools">
          {(['png', 'svg'] as const).map((f) => (
            <button
              key={f}
              aria-label={`Save ${title} as ${f.toUpperCase()}`}
              onClick={() => svg.current && void exportChart(svg.current, slug(title), f)}
            >
              {f.toUpperCase()}
            </button>
          ))}
        </span>
      </figcaption>
      <svg ref={svg} role="img" aria-label={`${title} sweep chart`} />
      {notes.map((n, i) => (
        <p key={i} className="sweep-note">
          {n}
        </p>
      ))}
    </figure>
  );
}
