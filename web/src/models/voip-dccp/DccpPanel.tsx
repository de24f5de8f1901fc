import type { DccpSummary } from '../../engine/summary-types';
import { fixed } from '../../panels/format';

const f = fixed;

/** Where the call stands in one sentence that follows the numbers. */
export function dccpStatus(s: DccpSummary): string {
  const one = s.codec === 'constant-rate data' ? 'constant-rate data flow' : `${s.codec} call`;
  const what = `${s.calls > 1 ? `${s.calls} ${s.codec} calls` : `One ${one}`}${s.dtx ? ' with silence suppression' : ''} over ${s.transport}`;
  if (s.generated === 0) return `${what}: nothing sent yet.`;
  const causes =
    s.loss_pct === 0
      ? 'nothing lost so far'
      : `${f(s.loss_pct, 2)} % of the packets lost: ${f(s.app_loss_pct, 2)} % between application and transport, ` +
        `${f(s.link_loss_pct, 2)} % on the link, ${f(s.late_pct, 2)} % too late to play`;
  const quality = s.mos !== null ? `; MOS ${f(s.mos, 2)}` : '';
  const rate = s.dccp
    ? ` TFRC allowed ${f(s.dccp.allowed_kbps, 1)} kb/s on average (the flow needs ${f(s.app_kbps, 1)} kb/s while every call talks).`
    : '';
  return `${what}: ${causes}${quality}.${rate}`;
}

/** The flow's losses by cause, its delay and jitter, its voice quality, and the link's sharing. */
export function DccpPanel({ s }: { s: DccpSummary }) {
  const d = s.dccp;
  return (
    <section className="dccp-panel" aria-label="Voice over DCCP">
      <p className="status" data-testid="dccp-status">
        {dccpStatus(s)}
      </p>
      <table className="summary" data-testid="dccp-losses">
        <caption>Packets lost, by cause (paper 003 Tables II and IV)</caption>
        <tbody>
          <tr>
            <th scope="row">made by the application</th>
            <td>{s.generated}</td>
          </tr>
          <tr>
            <th scope="row">lost between application and transport</th>
            <td>
              {s.lost_app} ({f(s.app_loss_pct, 2)} %)
            </td>
          </tr>
          <tr>
            <th scope="row">lost on the link: full buffer · errors</th>
            <td>
              {s.lost_queue} · {s.lost_errors} ({f(s.link_loss_pct, 2)} %)
            </td>
          </tr>
          <tr>
            <th scope="row">too late for the {`playout buffer`}</th>
            <td>
              {s.late} ({f(s.late_pct, 2)} %)
            </td>
          </tr>
          <tr>
            <th scope="row">all causes</th>
            <td data-testid="dccp-loss">{f(s.loss_pct, 2)} %</td>
          </tr>
        </tbody>
      </table>
      <table className="summary" data-testid="dccp-quality">
        <tbody>
          <tr>
            <th scope="row">one-way delay · jitter (RFC 3550), mean · largest</th>
            <td>
              {f(s.delay_ms, 0)} ms · {f(s.jitter_ms, 1)} · {f(s.jitter_max_ms, 0)} ms
            </td>
          </tr>
          {s.r !== null && (
            <tr>
              <th scope="row">E-model R (0-100, G.107) · MOS, the whole call</th>
              <td data-testid="dccp-mos">
                {f(s.r, 1)} · {f(s.mos, 2)}
              </td>
            </tr>
          )}
          {s.r !== null && (
            <tr>
              <th scope="row">and the chart&apos;s MOS</th>
              <td className="muted" data-testid="dccp-mos-why">
                The chart&apos;s MOS rates only the last ten seconds; the row above rates the whole call, every loss
                included (its start, the bursts after a link error). The E-model punishes loss steeply, so a call whose
                ten-second windows mostly read near four can read far lower as a whole.
              </td>
            </tr>
          )}
          {s.r_reason && (
            <tr>
              <th scope="row">why R is low</th>
              <td data-testid="r-reason">{s.r_reason}</td>
            </tr>
          )}
          {d && (
            <tr>
              <th scope="row">TFRC: allowed rate · phase · loss event rate</th>
              <td>
                {f(d.allowed_kbps, 1)} kb/s · {d.slow_start ? 'slow start' : 'congestion avoidance'} ·{' '}
                {f(d.loss_event_rate, 5)}
              </td>
            </tr>
          )}
          {d && (
            <tr>
              <th scope="row">reports received · nofeedback timeouts · RTT</th>
              <td>
                {d.reports} · {d.nofeedback_expiries} · {f(d.rtt_ms, 0)} ms
              </td>
            </tr>
          )}
          {s.jain !== null && (
            <tr>
              <th scope="row">received: this flow · TCP · Jain's index (Table VI)</th>
              <td data-testid="dccp-jain">
                {f(s.received_kbps, 0)} kb/s · {s.tcp_kbps.map((x) => f(x, 0)).join(', ')} kb/s · {f(s.jain, 3)}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}
