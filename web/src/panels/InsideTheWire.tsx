import { useMemo, useRef, useState } from 'react';
import type { ChartMarker } from '../charts/renderTimeSeries';
import type { TraceStore } from '../engine/traceStore';
import { download, slug } from '../export/download';
import { SequenceDiagram } from './SequenceDiagram';
import { sequenceLayout, type Arrow } from './sequenceLayout';
import { describe, packetStory, TCP_WORDS, withArticle, type WireWords } from './traceText';

const FOLLOW_HELP =
  'While playing, skip the stretches where no packet moves: the run goes to a second (of your time) ' +
  'before the next packet event, and to its end once the transfer is over';

/** Packets the diagram draws: the latest ones. */
const DIAGRAM_PACKETS = 40;

interface Props {
  name: string;
  trace: TraceStore;
  /** Records the engine made so far (kept or not). */
  recorded: number;
  /** Most records held. */
  limit: number;
  /** The record *Next event* went to, while the clock is there. */
  cursor: number | null;
  nowNs: number;
  finished: boolean;
  onNext: () => void;
  onPrev: () => void;
  /** To the next loss, resend or timeout; with a segment, on to that segment's resend. */
  onNextLoss: (resendOf?: number) => void;
  /** Follow the action: skip the stretches where no packet moves. */
  follow: boolean;
  onFollow: (on: boolean) => void;
  /** The last stretch skipped [s], from and to. */
  skipped: [number, number] | null;
  /** *Next loss* found none after this simulated second [s]; null: not known. */
  noLossAfter?: number | null;
  onSeek: (tS: number) => void;
  /** The run's packet trace from the engine as text (CSV or JSON). */
  exportTrace: (format: 'csv' | 'json') => Promise<string | null>;
  markers: readonly ChartMarker[];
  presenter: boolean;
  /** The model's words for its packets (TCP's when it gives none). */
  words?: WireWords;
}

/**
 * Inside the wire: step the run one packet event at a time (each said in one line), the
 * time-sequence diagram of the latest packets, and a packet's story ("why did this packet
 * die?") for the one clicked or stepped to. For models that record a packet trace.
 */
export function InsideTheWire(p: Props) {
  const [diagram, setDiagram] = useState(true);
  // A clicked packet holds the story until the next step, or another run (a new trace).
  const [pick, setPick] = useState<{ packet: number; cursor: number | null; trace: TraceStore } | null>(null);
  const picked = pick && pick.cursor === p.cursor && pick.trace === p.trace ? pick.packet : null;
  const setPicked = (packet: number | null) =>
    setPick(packet === null ? null : { packet, cursor: null, trace: p.trace });
  const storyBox = useRef<HTMLElement>(null);
  const rows = p.trace.all();
  const words = p.words ?? TCP_WORDS;
  // A new array whenever records arrive (TraceStore.add).
  const layout = useMemo(() => sequenceLayout(rows, DIAGRAM_PACKETS, words), [rows, words]);
  const current = p.cursor !== null ? p.trace.get(p.cursor) : undefined;
  const storyOf = picked ?? current?.packet ?? null;
  const story = storyOf === null ? null : packetStory(rows, storyOf, words);
  // The kinds of record this model has, for the sentences that list them.
  const kinds =
    words.acksBack === false
      ? 'a send, a hop, a loss, an arrival'
      : `a send, a hop, a loss, an arrival, ${withArticle(words.ack)}`;
  const nowS = p.nowNs / 1e9;
  const first = p.trace.first();
  const lost = first ?? 0;
  const select = (a: Arrow) => {
    setPicked(a.packet);
    requestAnimationFrame(() => storyBox.current?.scrollIntoView({ block: 'nearest' }));
    // Everything goes there: the globe shows the packet on its way, the charts their moment.
    p.onSeek(a.fate === 'arrived' ? (a.t0 + a.t1) / 2 : a.t0);
  };
  const save = async (format: 'csv' | 'json') => {
    const text = await p.exportTrace(format);
    if (text !== null)
      download(`${slug(p.name || 'run')}-packets.${format}`, text, format === 'csv' ? 'text/csv' : 'application/json');
  };
  return (
    <section className="wire" aria-label="Inside the wire" data-tour="wire">
      <div className="wire-bar" role="toolbar" aria-label="Event by event">
        <button onClick={p.onPrev} disabled={first === null || (p.cursor !== null && p.cursor <= first)}>
          ◀ Previous event
        </button>
        <button onClick={p.onNext} disabled={p.finished && p.cursor !== null && p.cursor >= p.recorded - 1}>
          Next event ▶
        </button>
        <button
          onClick={() => p.onNextLoss()}
          disabled={p.finished || (p.noLossAfter !== null && p.noLossAfter !== undefined)}
          title="Step on to the next loss, resend or timeout"
        >
          Next loss ▶
        </button>
        <label title={FOLLOW_HELP}>
          <input type="checkbox" checked={p.follow} onChange={(e) => p.onFollow(e.target.checked)} /> Follow the action
        </label>
        <button aria-pressed={diagram} onClick={() => setDiagram((d) => !d)}>
          Sequence diagram
        </button>
        <span className="wire-export">
          Packet trace:
          <button onClick={() => void save('csv')} disabled={!p.recorded} aria-label="Save the packet trace as CSV">
            CSV
          </button>
          <button onClick={() => void save('json')} disabled={!p.recorded} aria-label="Save the packet trace as JSON">
            JSON
          </button>
        </span>
      </div>
      <p className="wire-now" aria-live="polite" data-testid="wire-event" data-n={current?.n ?? ''}>
        {current
          ? `Event #${current.n} at t = ${current.t_s.toFixed(6)} s: ${describe(current, words)}`
          : p.cursor !== null || (p.finished && p.recorded > 0)
            ? p.finished
              ? 'No more packet events: the run has ended.'
              : 'Going to the next packet event…'
            : p.recorded
              ? `${p.recorded.toLocaleString('en-US')} packet events so far. ` +
                `Next event steps to the next one: ${kinds}${words.acksBack === false ? '' : ', a timeout'}.`
              : `No packet has been sent yet. Next event goes to the first one (${kinds}).`}
      </p>
      {p.noLossAfter !== null && p.noLossAfter !== undefined && (
        <p className="wire-limit" role="note" data-testid="wire-no-loss">
          No loss, resend or timeout after t = {p.noLossAfter.toFixed(3)} s in this run: the run stayed where it was.
        </p>
      )}
      {p.skipped && (
        <p className="wire-limit" role="note" data-testid="wire-skipped">
          Following the action: skipped from {p.skipped[0].toFixed(3)} s to {p.skipped[1].toFixed(3)} s, where no packet
          moved.
        </p>
      )}
      {lost > 0 && (
        <p className="wire-limit" role="note">
          The trace keeps the latest {p.limit.toLocaleString('en-US')} packet events; the first{' '}
          {lost.toLocaleString('en-US')} were let go, so their stories are gone (the CLI keeps more:{' '}
          <code>skyqueue run --trace packets --trace-limit N</code>).
        </p>
      )}
      {diagram &&
        (layout ? (
          <SequenceDiagram
            layout={layout}
            nowS={nowS}
            selected={storyOf}
            onSelect={select}
            markers={p.markers}
            presenter={p.presenter}
            words={words}
          />
        ) : (
          <p className="hint">The time-sequence diagram draws the packets once the first one is sent.</p>
        ))}
      {story && (
        <article
          ref={storyBox}
          className="packet-story"
          aria-label={`Story of packet #${story.packet}`}
          data-testid="packet-story"
        >
          <h3>
            {story.title} (packet #{story.packet})
            {picked !== null && (
              <button className="link-button" onClick={() => setPicked(null)}>
                close this story
              </button>
            )}
          </h3>
          <p className="story-fate">{story.fate}</p>
          {story.why && <p className="story-why">{story.why}</p>}
          {story.lostSegment !== null && !p.finished && (
            <button
              onClick={() => {
                setPicked(null);
                p.onNextLoss(story.lostSegment!);
              }}
            >
              Follow {words.data} {story.lostSegment} to its resend ▶
            </button>
          )}
          {story.route && <p className="story-route">{story.route}</p>}
          <ol>
            {story.lines.map((l, i) => (
              <li key={i}>{l}</li>
            ))}
          </ol>
        </article>
      )}
    </section>
  );
}
