import type { TransferSummary } from '../../engine/summary-types';
import { fixed } from '../../panels/format';

const f = fixed;

/** Bytes in words: 9 kB, 15 MB, 224.3 MB. */
export function bytesText(b: number): string {
  if (b >= 1e9) return `${f(b / 1e9, b % 1e9 === 0 ? 0 : 2)} GB`;
  if (b >= 1e6) return `${f(b / 1e6, b % 1e6 === 0 ? 0 : 1)} MB`;
  if (b >= 1e3) return `${f(b / 1e3, b % 1e3 === 0 ? 0 : 1)} kB`;
  return `${b} bytes`;
}

/** Where the transfer stands, in one sentence that follows the numbers. */
export function transferStatus(s: TransferSummary, nowS: number): string {
  const what = s.bytes === null ? 'Unlimited bulk' : bytesText(s.bytes);
  if (!s.started)
    return `${what} from ${s.from} to ${s.to}: starts at ${f(s.start_s, 2)} s (in ${f(Math.max(0, (s.start_s ?? 0) - nowS), 1)} s).`;
  if (s.transfer_s !== null) {
    const took = s.transfer_s < 1 ? `${f(s.transfer_s * 1e3, 1)} ms` : `${f(s.transfer_s, 2)} s`;
    return `${what} from ${s.from} to ${s.to}: delivered in ${took}.`;
  }
  const share = s.bytes === null ? '' : ` (${f((100 * s.delivered_bytes) / s.bytes, 0)} %)`;
  return `${what} from ${s.from} to ${s.to}: ${bytesText(s.delivered_bytes)} delivered so far${share}.`;
}

/** The packets lost at the sites' handovers, in words that say where they come from. */
export function handoffText(s: TransferSummary): string {
  if (s.handoff !== 'ns2') return 'none: handovers here lose nothing (continuous)';
  const n = s.handoffs.length;
  const at = `${n} handover${n === 1 ? '' : 's'}`;
  if (s.handoff_drops === 0) return `0 packets at ${at} so far (ns-2's handoff)`;
  const worst = Math.max(...s.handoffs.map((h) => h.lost));
  return `${s.handoff_drops} packets at ${at} (ns-2's handoff: the queue for the satellite left; at most ${worst} at one)`;
}

/** The transfer's state: progress, the sender's window and round trip, losses, reordering. */
export function TransferPanel({ s, nowS }: { s: TransferSummary; nowS: number }) {
  return (
    <section className="transfer-panel" aria-label="TCP transfer">
      <p className="status" data-testid="transfer-status">
        {transferStatus(s, nowS)}
      </p>
      <p className="legend" aria-label="Packets on the globe">
        <span className="dot data" aria-hidden="true" /> data packets <span className="dot ack" aria-hidden="true" />{' '}
        ACKs, on the globe along the route they took
      </p>
      <table className="summary" data-testid="transfer-summary">
        <tbody>
          <tr>
            <th scope="row">congestion window · smoothed RTT</th>
            <td>
              {f(s.cwnd_segments, 1)} segments · {f(s.srtt_ms, 0)} ms
            </td>
          </tr>
          <tr>
            <th scope="row">mean throughput</th>
            <td>{f(s.mean_throughput_mbps, 3)} Mb/s</td>
          </tr>
          <tr>
            <th scope="row">round trip at the start · buffer of each link</th>
            <td>
              {f(s.start_rtt_ms, 0)} ms · {s.buffer_packets} packets
            </td>
          </tr>
          <tr>
            <th scope="row">retransmits · timeouts · buffer drops</th>
            <td data-testid="transfer-losses">
              {s.retransmits} · {s.timeouts} · {s.queue_drops}
            </td>
          </tr>
          <tr>
            <th scope="row">lost at handovers</th>
            <td data-testid="transfer-handoff">{handoffText(s)}</td>
          </tr>
          <tr>
            <th scope="row">ACKs overtaken (reordered by a route change)</th>
            <td data-testid="transfer-reordered">{s.reordered_acks}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
