// The numbers of the TCP-over-Iridium panel agree with the engine's summary and with each other
// (the transfer time, the mean throughput, what was delivered), on every preset of the model.
import { describe, expect } from 'vitest';
import { asShown, everyPreset, known, numbersIn, panelHtml, plain, row, runFor, tableRows } from '../panelsAgree';
import { tcpLeo } from './index';

describe('the TCP-over-Iridium panel shows what the engine measured', () => {
  everyPreset('tcp-leo', 2, "throughput, losses and the transfer's progress agree", ({ scenario }) => {
    // Thirty seconds of the transfer (a preset may start it after a while).
    const start = Number((scenario.transfer as { start_s?: number } | undefined)?.start_s ?? 0);
    const ran = runFor(scenario, start + 30);
    const t = ran.summary.transfer!;
    const html = panelHtml(tcpLeo, ran);
    const rows = tableRows(html);
    expect(numbersIn(row(rows, 'mean throughput'))).toEqual([asShown(t.mean_throughput_mbps, 3)]);
    expect(numbersIn(row(rows, 'retransmits · timeouts · buffer drops'))).toEqual([
      t.retransmits,
      t.timeouts,
      t.queue_drops,
    ]);
    const lost = row(rows, 'lost at handovers');
    if (t.handoff === 'ns2') {
      expect(t.handoff_drops).toBe(t.handoffs.reduce((a, h) => a + h.lost, 0));
      expect(numbersIn(lost).slice(0, 2)).toEqual([t.handoff_drops, t.handoffs.length]);
    } else expect(lost).toContain('none');
    const status = plain(/data-testid="transfer-status"[^>]*>([\s\S]*?)<\/p>/.exec(html)![1]);
    if (!t.started) return;
    // Throughput is what was delivered over the time it took (or has taken so far).
    const span = t.transfer_s ?? ran.summary.simulated_s - known(t.start_s, 'start');
    expect(t.mean_throughput_mbps).toBeCloseTo((t.delivered_bytes * 8) / 1e6 / span, 9);
    if (t.transfer_s !== null) {
      expect(t.delivered_bytes).toBe(t.bytes);
      const took = t.transfer_s < 1 ? `${(t.transfer_s * 1e3).toFixed(1)} ms` : `${t.transfer_s.toFixed(2)} s`;
      expect(status).toContain(`delivered in ${took}`);
    } else if (t.bytes !== null) {
      expect(status).toContain(`(${((100 * t.delivered_bytes) / t.bytes).toFixed(0)} %)`);
    }
  });
});
