import { useRef, useState, type KeyboardEvent } from 'react';
import type { ConstellationInfo, TopoEvent } from '../engine/protocol';
import { clock, EVENT_KINDS, eventDetail } from './eventKinds';

interface Props {
  events: TopoEvent[];
  info: ConstellationInfo;
  /** ISL state changes seen so far (not listed one by one). */
  linkChanges: number;
  /** UTC of simulated time zero [ms]: times are shown on that clock. */
  epochMs?: number;
  /** Goes to an event's moment (globe and charts). */
  onSeek?: (tS: number) => void;
}

/**
 * A number per event, kept as newer events are put in front of it: the rows' keys. A key by
 * position changed every row's key at every frame, so React rebuilt every row and the focused
 * time button left the page (Tab then kept landing back in the log).
 */
const serials = new WeakMap<TopoEvent, number>();
let nextSerial = 0;
export function serialOf(e: TopoEvent): number {
  let n = serials.get(e);
  if (n === undefined) {
    n = nextSerial++;
    serials.set(e, n);
  }
  return n;
}

/** The row a key moves to from row `i` of `n` (↑/↓, Home/End), or null for other keys. */
export function rowAfterKey(key: string, i: number, n: number): number | null {
  if (n === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return Math.min(n - 1, i + 1);
    case 'ArrowUp':
      return Math.max(0, i - 1);
    case 'Home':
      return 0;
    case 'End':
      return n - 1;
    default:
      return null;
  }
}

/**
 * The latest handovers and route events, newest first; a click on a time goes there. The times
 * are one tab stop (↑/↓, Home and End move between them), so Tab goes past a long log.
 */
export function EventLog({ events, info, linkChanges, epochMs, onSeek }: Props) {
  /** The row whose time button is the tab stop (by serial); the newest when it left the log. */
  const [active, setActive] = useState<number | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const activeIndex = Math.max(
    0,
    events.findIndex((e) => serialOf(e) === active),
  );
  const onKeyDown = (e: KeyboardEvent<HTMLOListElement>) => {
    const to = rowAfterKey(e.key, activeIndex, events.length);
    if (to === null) return;
    // The arrows move in the log here, not the playback speed.
    e.preventDefault();
    e.stopPropagation();
    setActive(serialOf(events[to]));
    list.current?.querySelectorAll<HTMLButtonElement>('button.t')[to]?.focus();
  };
  return (
    <section className="event-log" aria-label="Event log">
      <h3>
        Events{epochMs !== undefined ? ' (UTC)' : ''}{' '}
        <span className="muted">({linkChanges.toLocaleString('en-US')} ISL state changes not listed)</span>
      </h3>
      <ol data-testid="event-log" ref={list} onKeyDown={onSeek ? onKeyDown : undefined}>
        {events.map((e, i) => {
          const k = EVENT_KINDS[e.kind];
          const detail = eventDetail(e, info);
          return (
            <li key={serialOf(e)} data-kind={e.kind} data-t={e.t_s}>
              {onSeek ? (
                <button
                  className="t"
                  tabIndex={i === activeIndex ? 0 : -1}
                  onFocus={() => setActive(serialOf(e))}
                  onClick={() => onSeek(e.t_s)}
                  title="Go to this moment on the globe and the charts (a replay when it is in the past)"
                >
                  {clock(e.t_s, epochMs)}
                </button>
              ) : (
                <span className="t">{clock(e.t_s, epochMs)}</span>
              )}
              <span className="dot" style={{ background: k.color }} />
              <span>
                {k.label}
                {detail ? ` · ${detail}` : ''}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
