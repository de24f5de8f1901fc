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

/** The latest handovers and route events, newest first; a click on a time goes there. */
export function EventLog({ events, info, linkChanges, epochMs, onSeek }: Props) {
  return (
    <section className="event-log" aria-label="Event log">
      <h3>
        Events{epochMs !== undefined ? ' (UTC)' : ''}{' '}
        <span className="muted">({linkChanges.toLocaleString('en-US')} ISL state changes not listed)</span>
      </h3>
      <ol data-testid="event-log">
        {events.map((e, i) => {
          const k = EVENT_KINDS[e.kind];
          const detail = eventDetail(e, info);
          return (
            <li key={`${e.t_s}-${i}`} data-kind={e.kind} data-t={e.t_s}>
              {onSeek ? (
                <button
                  className="t"
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
