import { useEffect, useState } from 'react';
import type { TourStep } from '../scenario/guides';

/** The element a tour step points at, or null when it is not on screen. */
export function tourTarget(target: string): HTMLElement | null {
  if (target.startsWith('chart:')) {
    const text = target.slice(6);
    const figures = [...document.querySelectorAll<HTMLElement>('figure.chart')];
    return figures.find((f) => f.querySelector('figcaption')?.textContent?.includes(text)) ?? null;
  }
  return document.querySelector<HTMLElement>(`[data-tour="${target}"]`);
}

/** A guided tour: one step at a time, the element it explains outlined and scrolled into view. */
export function Tour({ title, steps, onEnd }: { title: string; steps: TourStep[]; onEnd: () => void }) {
  const [i, setI] = useState(0);
  const step = steps[Math.min(i, steps.length - 1)];
  const [found, setFound] = useState(true);
  useEffect(() => {
    // Charts appear once the run has produced rows: look again a few times.
    let el: HTMLElement | null = null;
    let tries = 0;
    const look = () => {
      el = tourTarget(step.target);
      if (el) {
        el.classList.add('tour-highlight');
        el.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
        setFound(true);
      } else if (tries++ < 20) timer = window.setTimeout(look, 150);
      else setFound(false);
    };
    let timer = window.setTimeout(look, 0);
    return () => {
      window.clearTimeout(timer);
      el?.classList.remove('tour-highlight');
    };
  }, [step]);
  return (
    <div className="tour-card" role="dialog" aria-label="Tour" data-testid="tour" data-step={i} data-target={step.target}>
      <strong>
        {title} — {i + 1} / {steps.length}
      </strong>
      <p>{step.text}</p>
      {!found && <p className="muted">(This part is not on screen right now.)</p>}
      <div className="actions">
        <button onClick={() => setI((k) => Math.max(0, k - 1))} disabled={i === 0}>
          Back
        </button>
        {i + 1 < steps.length ? (
          <button className="primary" onClick={() => setI((k) => k + 1)}>
            Next
          </button>
        ) : (
          <button className="primary" onClick={onEnd}>
            Finish
          </button>
        )}
        <button onClick={onEnd}>End tour</button>
      </div>
    </div>
  );
}
