import {
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  type CSSProperties,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { useFocusHome } from '../app/useFocusHome';
import type { Speed, TopoEvent } from '../engine/protocol';
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

/** Seconds of simulated time as the run's clock, hh:mm:ss from the start. */
export function clock(s: number): string {
  const t = Math.max(0, Math.floor(s));
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(Math.floor(t / 3600))}:${p(Math.floor((t % 3600) / 60))}:${p(t % 60)}`;
}

/** The run as the tour sees it: its clock, its events, and the playback controls. */
/** Whole seconds as prose writes them: "19,521". */
const seconds = (s: number) => Math.round(s).toLocaleString('en-US');

export interface TourRun {
  nowS: number;
  finished: boolean;
  /** Topology events kept so far (newest first). */
  events: TopoEvent[];
  speed: Speed;
  /** Whether the run is playing (it waits, paused, while the cards are read). */
  playing: boolean;
  play: () => void;
  pause: () => void;
  setSpeed: (s: Speed) => void;
  /** Goes to simulated second `tS` and pauses (a replay when it is in the past). */
  seek: (tS: number) => void;
}

/**
 * Where a step's moment is in this run: `at` its time when known (the published preset's, or the
 * event's once it happened), `reached` whether the run is there.
 */
export function momentOf(
  step: TourStep,
  run: TourRun,
  published: boolean,
): { at: number | null; reached: boolean } | null {
  const w = step.wait;
  if (!w) return null;
  const seen = [...run.events].reverse().find((e) => e.kind === w.event);
  if (seen) return { at: seen.t_s, reached: true };
  // The published preset's moment is known in advance; a changed run's only once it happens.
  if (published) return { at: w.at_s, reached: run.nowS >= w.at_s };
  return { at: null, reached: false };
}

/** A speed that reaches a moment `gap` seconds ahead in about ten seconds. */
export function speedToward(gap: number): number {
  return Math.min(10_000, Math.max(10, Math.round(gap / 10)));
}

/** Where the card goes: in the column beside the charts, above or below the highlighted element. */
function placeFor(el: HTMLElement | null): CSSProperties | null {
  const left = document.querySelector<HTMLElement>('section.left');
  if (!left) return null;
  const col = left.getBoundingClientRect();
  if (col.width < 340 || col.height < 200) return null;
  const r = el?.getBoundingClientRect();
  // A target in the left column: the card takes the other half of it; elsewhere, its bottom.
  const inColumn = r && r.left < col.right - 20 && r.right <= col.right + 20;
  const top = inColumn && r.top + r.height / 2 > col.top + col.height / 2;
  const pos: CSSProperties = { left: col.left + 12, right: 'auto', width: Math.min(440, col.width - 24) };
  return top
    ? { ...pos, top: col.top + 12, bottom: 'auto' }
    : { ...pos, bottom: window.innerHeight - col.bottom + 12, top: 'auto' };
}

interface Props {
  title: string;
  steps: TourStep[];
  onEnd: () => void;
  run: TourRun;
  /** Set when the running scenario differs from the preset the tour was written for. */
  changedNote?: string | null;
}

/**
 * A guided tour: one step at a time, the element it explains outlined and scrolled into view.
 * A step about a moment of the run (a seam separation) says when it comes and offers to play
 * there; the card sits beside the charts, never over them, and can be dragged by its title.
 */
export function Tour({ title, steps, onEnd, run, changedNote }: Props) {
  const [i, setI] = useState(0);
  const step = steps[Math.min(i, steps.length - 1)];
  const [found, setFound] = useState(true);
  const [place, setPlace] = useState<CSSProperties | null>(null);
  const [dragged, setDragged] = useState<{ x: number; y: number } | null>(null);
  const drag = useRef<{ dx: number; dy: number } | null>(null);
  const home = useRef<HTMLDivElement>(null);
  useFocusHome(home, { first: '.actions .primary' });
  /** While playing toward a step's moment: the speed to restore once there. */
  const [heading, setHeading] = useState<{ step: number; restore: Speed } | null>(null);
  /** The last time playing toward a moment ended: whether to pause there, the speed to restore. */
  const [arrival, setArrival] = useState<{ pause: boolean; restore: Speed } | null>(null);
  const moment = momentOf(step, run, !changedNote);
  // Playing toward a moment ends once the run is there (or over, or the tour on another step).
  if (heading && (heading.step !== i || moment?.reached || run.finished)) {
    setHeading(null);
    setArrival({ pause: heading.step === i, restore: heading.restore });
  }

  useEffect(() => {
    // Charts appear once the run has produced rows: look again a few times.
    let el: HTMLElement | null = null;
    let tries = 0;
    // The card moves when its target changes size (a lesson's text arrives after the card).
    let resized: ResizeObserver | null = null;
    const look = () => {
      el = tourTarget(step.target);
      if (el) {
        const target = el;
        target.classList.add('tour-highlight');
        target.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
        setFound(true);
        setPlace(placeFor(target));
        resized = new ResizeObserver(() => setPlace(placeFor(target)));
        resized.observe(target);
        const column = document.querySelector('section.left');
        if (column) resized.observe(column);
      } else if (tries++ < 20) timer = window.setTimeout(look, 150);
      else {
        setFound(false);
        setPlace(placeFor(null));
      }
    };
    let timer = window.setTimeout(look, 0);
    return () => {
      window.clearTimeout(timer);
      resized?.disconnect();
      el?.classList.remove('tour-highlight');
    };
  }, [step]);

  // Once there: pause (when still on that step) and give the speed back.
  const { pause, setSpeed } = run;
  const arrive = useEffectEvent((a: { pause: boolean; restore: Speed }) => {
    if (a.pause) pause();
    setSpeed(a.restore);
  });
  useEffect(() => {
    if (arrival) arrive(arrival);
  }, [arrival]);

  /** Where the run shows the moment: its time, and never before the published preset's (an
   * event a moment before it, as the seam's, is then on screen too). */
  const showAt = (at: number) => (changedNote ? at + 0.001 : Math.max(at, step.wait?.at_s ?? at));
  const playThere = () => {
    const gap = moment?.at !== null && moment?.at !== undefined ? moment.at - run.nowS : 20_000;
    // A moment a short hop ahead is gone to at once, and the run pauses there: played toward at
    // ten times or more, the run (which skips quiet stretches) could pass it, even to its end,
    // before the pause reached the engine.
    if (moment?.at !== null && moment?.at !== undefined && gap / speedToward(Math.max(gap, 0)) < 2) {
      run.seek(showAt(moment.at));
      return;
    }
    setHeading({ step: i, restore: run.speed });
    run.setSpeed(speedToward(Math.max(gap, 0)));
    run.play();
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLElement>) => {
    const card = (e.currentTarget.parentElement as HTMLElement).getBoundingClientRect();
    drag.current = { dx: e.clientX - card.left, dy: e.clientY - card.top };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLElement>) => {
    if (!drag.current) return;
    setDragged({
      x: Math.max(0, Math.min(window.innerWidth - 120, e.clientX - drag.current.dx)),
      y: Math.max(0, Math.min(window.innerHeight - 60, e.clientY - drag.current.dy)),
    });
  };
  const style: CSSProperties | undefined = dragged
    ? { left: dragged.x, top: dragged.y, right: 'auto', bottom: 'auto' }
    : (place ?? undefined);
  const w = step.wait;

  return (
    <div
      ref={home}
      className="tour-card"
      role="dialog"
      aria-label="Tour"
      data-testid="tour"
      data-step={i}
      data-target={step.target}
      style={style}
    >
      <strong
        className="tour-title"
        title="Drag to move"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
      >
        {title} — {i + 1} / {steps.length}
      </strong>
      {changedNote && (
        <p className="muted" data-testid="tour-changed">
          {changedNote}
        </p>
      )}
      <p>{step.text}</p>
      {w && moment && (
        <p className="tour-moment" data-testid="tour-moment" data-reached={moment.reached} data-finished={run.finished}>
          {moment.reached && run.finished
            ? // Never "look now" over a run that is over: the moment is gone from the screen.
              `The run has finished; ${w.what} came` +
              `${moment.at !== null ? ` at t = ${seconds(moment.at)} s (${clock(moment.at)} into the run)` : ' earlier'}. ` +
              'Replay to it to watch it.'
            : moment.reached
              ? `The run has reached ${w.what}` +
                `${moment.at !== null ? ` (t = ${seconds(moment.at)} s, ${clock(moment.at)} into the run)` : ''}: look now.`
              : moment.at !== null
                ? `This step is about ${w.what}, at t = ${seconds(moment.at)} s (${clock(moment.at)} into the run); ` +
                  `the run is at ${clock(run.nowS)}. Waiting for it…`
                : run.finished
                  ? `This run has had no ${w.what.replace(/^the first /, '')}: with your changes it does not happen.`
                  : `This step is about ${w.what}, which has not happened yet in this run (now ${clock(run.nowS)}). Waiting for it…`}
          {moment.reached && run.finished && moment.at !== null && (
            <>
              {' '}
              <button onClick={() => run.seek(showAt(moment.at!))} data-testid="tour-replay">
                Replay to {clock(moment.at)}
              </button>
            </>
          )}
          {!moment.reached && !run.finished && (
            <>
              {' '}
              <button onClick={playThere} disabled={heading !== null} data-testid="tour-play-there">
                {heading
                  ? 'Playing there…'
                  : moment.at !== null
                    ? `Play to ${clock(moment.at)}`
                    : 'Play until it happens'}
              </button>
            </>
          )}
        </p>
      )}
      {!found && <p className="muted">(This part is not on screen right now.)</p>}
      {!run.playing && !run.finished && !(w && moment && !moment.reached) && (
        <p className="muted" data-testid="tour-waits">
          The run waits for you: Space (or Play) plays it, and Space pauses it again.
        </p>
      )}
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
