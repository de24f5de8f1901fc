import type { VoipSummary } from '../../engine/summary-types';
import { HarqTable } from './HarqTable';
import { fixed } from '../../panels/format';

const f = fixed;

const packets = (n: number) => `${n} packet${n === 1 ? '' : 's'}`;

/**
 * The buffers in words: paper 000's rule B = RTT C / sqrt(n) gives the total, DT_H holds it in
 * one FIFO, FQ-CoDel shares it, DT_S has one FIFO of B/n, the per-call policies B/n per call.
 */
export function bufferText(policy: string, perQueue: number, total: number): string {
  const rule = `buffer rule B = RTT·C/√n = ${packets(total)}`;
  if (policy === 'DT_H') return `one shared queue holding all of B (${rule})`;
  if (policy === 'FQ-CoDel') return `${packets(total)} shared by the calls' queues (${rule})`;
  if (policy === 'DT_S') return `one shared queue of ${packets(perQueue)}, B/n (${rule})`;
  return `one queue of ${packets(perQueue)} per call, B/n (${rule})`;
}

/** Quality of the calls so far, losses by cause and the HARQ table (paper 000 Table II). */
export function VoipPanel({ v }: { v: VoipSummary }) {
  const h = v.harq_retx_pct;
  return (
    <div className="voip-panel" data-testid="voip-summary">
      <table className="summary">
        <caption>
          {v.flows} calls, policy {v.policy}: {bufferText(v.policy, v.buffer_pkts.per_queue, v.buffer_pkts.total)}
        </caption>
        <tbody>
          <tr>
            <th scope="row">R (0-100) / MOS (E-model, G.107)</th>
            <td data-testid="mos">
              {f(v.emodel.r)} / {f(v.emodel.mos, 2)}
            </td>
          </tr>
          {v.emodel.low_r_reason && (
            <tr>
              <th scope="row">why R is low</th>
              <td data-testid="r-reason">{v.emodel.low_r_reason}</td>
            </tr>
          )}
          <tr>
            <th scope="row">throughput (useful)</th>
            <td>{f(v.throughput_kbps, 0)} kb/s</td>
          </tr>
          <tr>
            <th scope="row">latency mean / p95, jitter (RFC 3550)</th>
            <td>
              {f(v.latency_ms)} / {f(v.latency_p95_ms)} ms, {f(v.jitter_ms, 2)} ms
            </td>
          </tr>
          <tr>
            <th scope="row">loss: overflow / timeout / HARQ = total</th>
            <td>
              {f(v.loss_pct.overflow, 2)} / {f(v.loss_pct.timeout, 2)} / {f(v.loss_pct.harq, 2)} ={' '}
              {f(v.loss_pct.total, 2)} %
            </td>
          </tr>
          <tr>
            <th scope="row">spectral efficiency (useful / coded)</th>
            <td>
              {f(v.spectral_efficiency, 3)} ({f(v.load_mbps.useful, 2)} of {f(v.load_mbps.coded, 2)} Mb/s)
            </td>
          </tr>
        </tbody>
      </table>
      <HarqTable
        caption="HARQ retransmissions needed (% of packets, paper 000 Table II)"
        rows={[{ pct: h }]}
        testId="harq-table"
      />
    </div>
  );
}
