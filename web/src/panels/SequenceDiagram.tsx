import { useRef } from 'react';
import type { ChartMarker } from '../charts/renderTimeSeries';
import { PALETTE } from '../charts/palette';
import { useElementWidth } from '../charts/useElementWidth';
import { exportChart } from '../export/download';
import type { Arrow, SequenceLayout } from './sequenceLayout';
import { ms, type WireWords } from './traceText';

const DATA = PALETTE[0];
const ACK = PALETTE[1];
const RESENT = PALETTE[3];
const LOST = PALETTE[5];

interface Props {
  layout: SequenceLayout;
  /** The simulated clock [s]: events after it are drawn faint (known from an earlier pass). */
  nowS: number;
  /** The packet whose story is open. */
  selected: number | null;
  onSelect: (a: Arrow) => void;
  /** Topology events (handovers, the seam) drawn as bands where they fall in the window. */
  markers: readonly ChartMarker[];
  presenter: boolean;
  /** The model's words for its packets. */
  words: WireWords;
}

/**
 * The time-sequence diagram: the sender's and the receiver's columns, time running down, one
 * arrow per packet sloped by its delay (data left to right, ACKs back), losses crossed out
 * where they happened, retransmissions in their own colour, timeouts and route changes as
 * lines across, topology events as bands. A click on an arrow opens that packet's story.
 */
export function SequenceDiagram({ layout, nowS, selected, onSelect, markers, presenter, words }: Props) {
  const [box, width] = useElementWidth<HTMLDivElement>(560, 320);
  const svg = useRef<SVGSVGElement>(null);
  const font = presenter ? 16 : 13;
  const height = presenter ? 460 : 380;
  const top = font * 2.6;
  const bottom = 14;
  const left = Math.max(110, font * 7);
  const right = width - left;
  const [t0, t1] = layout.domain;
  const span = t1 - t0;
  const y = (t: number) => top + ((t - t0) / span) * (height - top - bottom);
  const xAt = (a: Arrow, share: number) => (a.ack ? right - share * (right - left) : left + share * (right - left));
  const bands = markers.filter((m) => m.t >= t0 && m.t <= t1);
  // Labels only where they do not overlap the one above on the same side, nor (on the data side)
  // an RTO or route mark's label, which sits left of the sender's column too.
  const labelled = new Set<number>();
  const lastY = { data: -Infinity, ack: -Infinity };
  const marksY = layout.marks.map((m) => y(m.t));
  for (const a of layout.arrows) {
    const side = a.ack ? 'ack' : 'data';
    const onMark = !a.ack && marksY.some((my) => Math.abs(my - y(a.t0)) < font * 1.1);
    if (!onMark && y(a.t0) - lastY[side] >= font * 1.1) {
      labelled.add(a.packet);
      lastY[side] = y(a.t0);
    }
  }
  // Crosses only where they do not cover one already drawn: losses close together (a voice
  // call's sender buffer overflowing at every packet of a talk spurt) share the first one's.
  const crossed = new Set<number>();
  const crosses: [number, number][] = [];
  for (const a of layout.arrows) {
    if (a.fate !== 'lost') continue;
    const [cx, cy] = [xAt(a, a.reach), y(a.t1)];
    if (crosses.some(([x0, y0]) => Math.abs(x0 - cx) < font && Math.abs(y0 - cy) < font * 1.1)) continue;
    crossed.add(a.packet);
    crosses.push([cx, cy]);
  }
  const bandLabelled: boolean[] = [];
  let bandY = -Infinity;
  for (const m of bands) {
    const show = y(m.t) - bandY >= font * 1.2;
    if (show) bandY = y(m.t);
    bandLabelled.push(show);
  }
  return (
    <figure className="chart sequence" ref={box} aria-label="Time-sequence diagram">
      <figcaption>
        Time-sequence diagram: {layout.arrows.length} latest packets, {ms(span * 1e3)} from top to bottom
        <span className="chart-tools">
          {(['png', 'svg'] as const).map((f) => (
            <button
              key={f}
              aria-label={`Save the time-sequence diagram as ${f.toUpperCase()}`}
              title={`Save this diagram as ${f.toUpperCase()}`}
              onClick={() => svg.current && void exportChart(svg.current, 'time-sequence-diagram', f)}
            >
              {f.toUpperCase()}
            </button>
          ))}
        </span>
      </figcaption>
      <svg ref={svg} width={width} height={height} fontSize={font} data-testid="sequence-diagram">
        <text x={left} y={font * 1.2} textAnchor="middle" className="seq-end">
          {layout.ends[0]}
        </text>
        <text x={right} y={font * 1.2} textAnchor="middle" className="seq-end">
          {layout.ends[1]}
        </text>
        <line x1={left} x2={left} y1={top - 6} y2={height - bottom} className="seq-column" />
        <line x1={right} x2={right} y1={top - 6} y2={height - bottom} className="seq-column" />
        {bands.map((m, i) => (
          <g key={`b${i}`} className="seq-band" data-kind={m.kind}>
            <rect x={left} width={right - left} y={y(m.t) - 3} height={6} fill={m.color} opacity={0.35} />
            {bandLabelled[i] && (
              <text x={(left + right) / 2} y={y(m.t) - 6} textAnchor="middle">
                {m.label}
              </text>
            )}
            <title>{`${m.t.toFixed(3)} s: ${m.label}${m.detail ? ` (${m.detail})` : ''}`}</title>
          </g>
        ))}
        {layout.marks.map((m, i) => (
          <g key={`m${i}`} className="seq-mark" data-kind={m.kind}>
            <line x1={left - 8} x2={right + 8} y1={y(m.t)} y2={y(m.t)} />
            <text x={left - 10} y={y(m.t) + font * 0.35} textAnchor="end">
              {m.kind === 'timeout' ? words.timeoutShort : 'route'}
            </text>
            <title>{`${m.t.toFixed(6)} s: ${m.label}`}</title>
          </g>
        ))}
        {layout.arrows.map((a) => {
          const x1 = xAt(a, 0);
          const x2 = xAt(a, a.reach);
          const colour = a.ack ? ACK : a.retransmit ? RESENT : DATA;
          const future = a.t0 > nowS + 1e-9;
          const which = a.ack
            ? `${words.ack} ${words.ackAbout(a.seq)}`
            : `${words.data} ${a.seq}${a.retransmit ? ' (resent)' : ''}`;
          const fate =
            a.fate === 'arrived'
              ? `arrived after ${ms((a.t1 - a.t0) * 1e3)}`
              : a.fate === 'lost'
                ? `lost at ${a.lostAt}`
                : 'under way';
          const hops = words.routes ? `, ${a.routeHops} ISL hops` : '';
          const name = `${which}${hops}, left ${a.t0.toFixed(6)} s, ${fate}`;
          return (
            // The button holds the arrow only: its marks are beside it, not part of its name.
            <g key={a.packet} className={future ? 'seq-future' : undefined}>
              <g
                className={`seq-arrow${selected === a.packet ? ' selected' : ''}`}
                data-packet={a.packet}
                data-ack={a.ack}
                data-resent={a.retransmit}
                data-fate={a.fate}
                data-hops={a.routeHops}
                role="button"
                tabIndex={0}
                aria-label={`Story of the ${name}`}
                onClick={() => onSelect(a)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    e.stopPropagation();
                    onSelect(a);
                  }
                }}
              >
                <title>{name}</title>
                <line x1={x1} y1={y(a.t0)} x2={x2} y2={y(a.t1)} className="seq-hit" />
                <line
                  x1={x1}
                  y1={y(a.t0)}
                  x2={x2}
                  y2={y(a.t1)}
                  stroke={colour}
                  strokeDasharray={a.fate === 'under way' ? '5 4' : undefined}
                  markerEnd={a.fate === 'arrived' ? `url(#seq-head-${a.ack ? 'ack' : 'data'})` : undefined}
                />
              </g>
              {crossed.has(a.packet) && (
                <text
                  x={x2}
                  y={y(a.t1) + font * 0.35}
                  textAnchor="middle"
                  fill={LOST}
                  className="seq-lost"
                  aria-hidden="true"
                >
                  ✕
                </text>
              )}
              {labelled.has(a.packet) && (
                <text
                  x={a.ack ? x1 + 6 : x1 - 6}
                  y={y(a.t0) + font * 0.35}
                  textAnchor={a.ack ? 'start' : 'end'}
                  className="seq-label"
                  aria-hidden="true"
                >
                  {a.ack ? (words.routes ? `${a.routeHops} ISL` : words.ackShort) : words.dataShort(a.seq)}
                </text>
              )}
            </g>
          );
        })}
        {nowS >= t0 && nowS <= t1 && (
          <g className="seq-now">
            <line x1={left - 30} x2={right + 30} y1={y(nowS)} y2={y(nowS)} />
            <text x={right + 32} y={y(nowS) + font * 0.35}>
              now
            </text>
          </g>
        )}
        <defs>
          {(
            [
              ['data', DATA],
              ['ack', ACK],
            ] as const
          ).map(([kind, fill]) => (
            <marker
              key={kind}
              id={`seq-head-${kind}`}
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              orient="auto"
            >
              <path d="M0,0 L10,5 L0,10 z" fill={fill} />
            </marker>
          ))}
        </defs>
      </svg>
      <p className="seq-legend">
        <span style={{ color: DATA }}>━ {words.data}</span>{' '}
        {words.acksBack !== false && <span style={{ color: ACK }}>━ {words.ack} </span>}
        {words.resends && <span style={{ color: RESENT }}>━ resent </span>}
        <span style={{ color: LOST }}>✕ lost</span> ┅ under way · time runs down; a slope is a delay
      </p>
    </figure>
  );
}
