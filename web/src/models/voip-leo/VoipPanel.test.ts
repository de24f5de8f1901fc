import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { EModelOutput, VoipSummary } from '../../engine/summary-types';
import { VoipPanel, bufferText } from './VoipPanel';

describe('the VoIP summary says what the buffers are', () => {
  it('per call, shared, or all of B, with the rule that sized them', () => {
    expect(bufferText('PF', 1, 97)).toBe('one queue of 1 packet per call, B/n (buffer rule B = RTT·C/√n = 97 packets)');
    expect(bufferText('CoDeS', 9, 1126)).toBe(
      'one queue of 9 packets per call, B/n (buffer rule B = RTT·C/√n = 1126 packets)',
    );
    expect(bufferText('DT_S', 1, 97)).toBe('one shared queue of 1 packet, B/n (buffer rule B = RTT·C/√n = 97 packets)');
    expect(bufferText('DT_H', 97, 97)).toBe(
      'one shared queue holding all of B (buffer rule B = RTT·C/√n = 97 packets)',
    );
    expect(bufferText('FQ-CoDel', 1, 97)).toBe(
      "97 packets shared by the calls' queues (buffer rule B = RTT·C/√n = 97 packets)",
    );
  });
});

describe("the VoIP summary reports R on G.107's scale", () => {
  const emodel = (over: Partial<EModelOutput>): EModelOutput => ({
    r: 80,
    r_unclamped: 80,
    low_r_reason: null,
    mos: 4.02,
    ro: 94.8,
    is: 1.4,
    id: 2,
    idte: 1,
    idle: 0.6,
    idd: 0.4,
    ie_eff: 11,
    a: 0,
    ...over,
  });
  const v = (e: EModelOutput): VoipSummary => ({
    policy: 'PF',
    flows: 75,
    buffer_pkts: { per_queue: 1, total: 97 },
    sent: 1000,
    delivered: 900,
    throughput_kbps: 4000,
    latency_ms: 100,
    latency_p95_ms: 120,
    jitter_ms: 5,
    delay_std_ms: 3,
    loss_pct: { overflow: 1, timeout: 0, harq: 2, total: 3 },
    harq_retx_pct: [50, 25, 15, 9, 1],
    first_tx_decoded_pct: 50,
    spectral_efficiency: 0.4,
    load_mbps: { useful: 4, coded: 9 },
    emodel: e,
  });
  it('with the dominant impairment beside a clamped R', () => {
    const why = 'R sums to -16.8, shown as 0; the delay impairment Id 60.0 (one-way delay and echo) dominates';
    const html = renderToStaticMarkup(
      createElement(VoipPanel, { v: v(emodel({ r: 0, r_unclamped: -16.8, mos: 1, low_r_reason: why })) }),
    );
    expect(html).toContain('0.0 / 1.00');
    expect(html).toContain('the delay impairment Id 60.0');
  });
  it('and no reason when R is fine', () => {
    expect(renderToStaticMarkup(createElement(VoipPanel, { v: v(emodel({})) }))).not.toContain('r-reason');
  });
});
