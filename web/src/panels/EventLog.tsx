import type { ConstellationInfo, TopoEvent } from '../engine/protocol';
import { clock, EVENT_KINDS } from './eventKinds';

interface Props {
  events: TopoEvent[];
  info: ConstellationInfo;
  /** ISL state changes seen so far (not listed one by one). */
  linkChanges: number;
}

const sat = (info: ConstellationInfo, i: number | null) => {
  if (i === null) return '–';
  const [p, s] = info.sats[i] ?? [0, 0];
  return `P${p}-S${s}`;
};

/** The latest handovers and route events, newest first. */
export function EventLog({ events, info, linkChanges }: Props) {
  return (
    <section className="event-log" aria-label="Event log">
      <h3>
        Events <span className="muted">({linkChanges.toLocaleString('en-US')} ISL state changes not listed)</span>
      </h3>
      <ol data-testid="event-log">
        {events.map((e, i) => {
          const k = EVENT_KINDS[e.kind];
          const who = e.end === null ? '' : `${info.sites[e.end].name}: `;
          const what = e.from_sat !== null || e.to_sat !== null ? ` ${sat(info, e.from_sat)} → ${sat(info, e.to_sat)}` : '';
          return (
            <li key={`${e.t_s}-${i}`} data-kind={e.kind}>
              <span className="t">{clock(e.t_s)}</span>
              <span className="dot" style={{ background: k.color }} />
              <span>
                {who}
                {k.label}
                {what}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
