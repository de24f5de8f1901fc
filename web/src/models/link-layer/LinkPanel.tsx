import type { LinkSummary, PacketGrid, TcpLinkSummary } from '../../engine/summary-types';
import { fixed } from '../../panels/format';

const f = fixed;

/** A fraction as a percentage, or a dash. */
const pct = (x: number | null, d = 1) => (x === null ? '–' : f(100 * x, d));

/** Codes of a packet grid's cells (the engine's `link::lldu::How`). */
export const ARRIVED = 0;
export const DECODED = 1;
export const WAITING = 250;
export const UNSENT = 251;
export const LOST = 255;

/** What one cell of the grid shows: a class for its colour, a mark, and words. */
export function cellOf(code: number): { kind: string; mark: string; words: string } {
  if (code === ARRIVED) return { kind: 'arrived', mark: '', words: 'arrived at once' };
  if (code === DECODED) return { kind: 'decoded', mark: 'F', words: "rebuilt from the block's repair LLDUs" };
  if (code === WAITING) return { kind: 'waiting', mark: '×', words: 'erased, waiting for a repair' };
  if (code === UNSENT) return { kind: 'unsent', mark: '', words: 'not sent yet' };
  if (code === LOST) return { kind: 'lost', mark: '✕', words: 'lost: never recovered' };
  const r = code - DECODED;
  return { kind: 'resent', mark: String(r), words: `recovered after ${r} round trip${r === 1 ? '' : 's'}` };
}

/** The grid in words, counted by kind: "40 arrived at once, 7 erased, waiting for a repair". */
export function gridWords(g: PacketGrid): string {
  const counts = new Map<string, number>();
  for (const c of g.lldus) {
    const w = cellOf(c).words;
    counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return [...counts.entries()].map(([w, n]) => `${n} ${w}`).join(', ');
}

/** One IP packet's LLDUs as a grid of cells, with its state in words beside. */
function Grid({ g, title, testId }: { g: PacketGrid; title: string; testId: string }) {
  return (
    <figure className="lldu-grid" data-testid={testId}>
      <figcaption>
        {title}{' '}
        <span className="muted">
          (packet {g.seq}
          {g.delay_ms !== null ? `, delivered after ${f(g.delay_ms, 0)} ms` : g.lldus.includes(LOST) ? ', lost' : ''})
        </span>
      </figcaption>
      <div className="cells" role="img" aria-label={`Packet ${g.seq}: ${gridWords(g)}`}>
        {g.lldus.map((c, i) => {
          const cell = cellOf(c);
          return (
            <span key={i} className={`cell ${cell.kind}`} title={`LLDU ${i + 1}: ${cell.words}`}>
              {cell.mark}
            </span>
          );
        })}
      </div>
    </figure>
  );
}

/** The one definition of goodput both tables and the chart use. */
export const GOODPUT =
  'Goodput: useful bits delivered once (a TCP file in order, no duplicate), over the time the ' +
  'traffic ran: from the start to the last byte of a finished file, else to now.';

/** The TCP flow over the link: what paper 002's Tables 1-3 measure. */
function TcpTable({ t }: { t: TcpLinkSummary }) {
  return (
    <table className="summary" data-testid="link-tcp">
      <caption>
        TCP ({t.cc}) over the link. {GOODPUT}
      </caption>
      <tbody>
        <tr>
          <th scope="row">goodput{t.transfer_s !== null ? ' · file delivered in' : ''}</th>
          <td data-testid="link-tcp-goodput">
            {f(t.goodput_kbps, 1)} kb/s{t.transfer_s !== null ? ` · ${f(t.transfer_s, 2)} s` : ''}
          </td>
        </tr>
        <tr>
          <th scope="row">segments sent · retransmitted (share, most of one)</th>
          <td>
            {t.segments_sent} · {t.retransmits} ({pct(t.retransmission_probability, 2)} %, {t.max_retransmissions})
          </td>
        </tr>
        <tr>
          <th scope="row">timeouts · buffer drops · window</th>
          <td>
            {t.timeouts} · {t.buffer_drops} · {f(t.cwnd, 0)} segments
          </td>
        </tr>
        <tr>
          <th scope="row">packet delay min · 85 % · 99 % [s]</th>
          <td>
            {f(t.delay_min_s, 2)} · {f(t.delay_p85_s, 2)} · {f(t.delay_p99_s, 2)}
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/** Where the link stands in one sentence that follows the numbers. */
export function linkStatus(s: LinkSummary): string {
  const t = s.tcp;
  if (t) {
    if (t.delivered_segments === 0) return `TCP (${t.cc}) over ${s.scheme}: nothing delivered yet.`;
    const done = t.transfer_s !== null ? `, the file delivered in ${f(t.transfer_s, 2)} s` : '';
    return (
      `TCP (${t.cc}) over ${s.scheme}: ${f(t.goodput_kbps, 0)} kb/s of goodput${done}; ` +
      `${pct(t.retransmission_probability, 2)} % of the segments sent again by TCP, ${pct(s.resent_fraction, 2)} % of the LLDUs by the link.`
    );
  }
  if (s.slots === 0) return `${s.scheme}: nothing sent yet.`;
  return (
    `${s.scheme}: ${pct(s.efficiency)} % of the link carries data (closed form ${pct(s.theory.efficiency)} %), ` +
    `and a data LLDU arrives ${f(s.lldu_delay_ms, 0)} ms after it first left (closed form ${f(s.theory.delay_ms, 0)} ms).`
  );
}

/** The link layer at work: the packet at the head of the line, the last one delivered, and the
 * measured figures beside their closed forms. */
export function LinkPanel({ s }: { s: LinkSummary }) {
  const th = s.theory;
  return (
    <section className="link-panel" aria-label="Link layer">
      <p className="status" data-testid="link-status">
        {linkStatus(s)}
      </p>
      {s.head && (
        <Grid
          g={s.head}
          title={`The IP packet at the head of the line: ${s.lldus_per_packet} LLDUs`}
          testId="lldu-grid-head"
        />
      )}
      {s.last && <Grid g={s.last} title="The last packet handed up" testId="lldu-grid-last" />}
      <p className="legend" aria-label="Grid legend">
        {[ARRIVED, DECODED, DECODED + 1, WAITING, LOST].map((c) => (
          <span key={c}>
            <span className={`cell ${cellOf(c).kind}`} aria-hidden="true">
              {cellOf(c).mark}
            </span>{' '}
            {c === DECODED + 1 ? 'recovered after n round trips' : cellOf(c).words}
          </span>
        ))}
      </p>
      <table className="summary" data-testid="link-summary">
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">measured</th>
            <th scope="col">closed form</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">LLDUs erased</th>
            <td>{f(s.erased_fraction, 4)}</td>
            <td>{f(th.erasure_rate, 4)}</td>
          </tr>
          <tr>
            <th scope="row">throughput efficiency</th>
            <td data-testid="link-efficiency">{f(s.efficiency, 4)}</td>
            <td>{f(th.efficiency, 4)}</td>
          </tr>
          <tr>
            <th scope="row">LLDU recovery delay [ms]</th>
            <td>{f(s.lldu_delay_ms, 1)}</td>
            <td>
              {f(th.delay_ms, 1)}
              {th.printed_delay_ms !== null && (
                <span className="muted">
                  {' '}
                  (paper as printed: {f(th.printed_delay_ms, 1)};{' '}
                  {s.scheme.startsWith('SR-ARQ') ? 'an erratum' : 'the closed form is the one reproduced'}, see
                  docs/REPRODUCTION.md § Paper 002)
                </span>
              )}
            </td>
          </tr>
          <tr>
            <th scope="row">data LLDUs never recovered</th>
            <td>{f(s.residual_loss, 5)}</td>
            <td>{f(th.residual_loss, 5)}</td>
          </tr>
          <tr>
            <th scope="row">LLDUs sent again</th>
            <td>{f(s.resent_fraction, 4)}</td>
            <td />
          </tr>
          <tr>
            <th scope="row">IP packets delivered · lost</th>
            <td colSpan={2}>
              {s.packets} · {s.packets_lost} ({pct(s.packet_loss, 2)} %)
            </td>
          </tr>
          <tr>
            <th scope="row">IP packet delay, own · in order [ms]</th>
            <td colSpan={2}>
              {f(s.packet_delay_ms, 0)} · {f(s.packet_in_order_delay_ms, 0)}
            </td>
          </tr>
          <tr>
            <th scope="row" title={GOODPUT}>
              goodput{s.tcp ? " (the TCP flow's)" : ''}
            </th>
            <td colSpan={2} data-testid="link-goodput">
              {f(s.goodput_mbps === null ? null : s.goodput_mbps * 1e3, 1)} kb/s
            </td>
          </tr>
        </tbody>
      </table>
      {s.tcp && <TcpTable t={s.tcp} />}
    </section>
  );
}
