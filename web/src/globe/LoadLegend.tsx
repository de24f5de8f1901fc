import { CONGESTED, IDLE_COLOUR, loadGradient } from './loadColours';

/**
 * The key to links coloured by their load (globe/loadColours.ts): the colour bar from idle to
 * always sending, the congested share marked, and what the faint lines and the station dots
 * are. Text, not an image: it follows the presenter mode's size and a screen reader reads it.
 */
export function LoadLegend({ intervalMs }: { intervalMs: number }) {
  return (
    <figure className="load-legend" data-testid="load-legend">
      <figcaption>
        Link colour: share of the last {intervalMs.toLocaleString('en-GB')} ms it spent sending (an ISL by its busier
        direction; a station&rsquo;s dot by what it sends up its ground link)
      </figcaption>
      <div className="load-legend-bar" style={{ background: loadGradient() }} aria-hidden="true" />
      <div className="load-legend-ticks" aria-hidden="true">
        <span>0 %</span>
        <span>50 %</span>
        <span style={{ left: `${100 * CONGESTED}%` }}>{100 * CONGESTED} %: congested</span>
      </div>
      <p className="load-legend-idle">
        <span className="swatch" style={{ background: IDLE_COLOUR }} aria-hidden="true" /> faint line: idle in that
        interval; white dot: a station that sent nothing
      </p>
    </figure>
  );
}
