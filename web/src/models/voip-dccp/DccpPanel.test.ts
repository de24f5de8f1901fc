import { describe, expect, it } from 'vitest';
import type { DccpSummary } from '../../engine/summary-types';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { DccpPanel, dccpStatus } from './DccpPanel';

/** A summary with the fields the status sentence reads. */
function summary(over: Partial<DccpSummary>): DccpSummary {
  return {
    transport: 'CCID4',
    codec: 'G.711',
    calls: 1,
    dtx: false,
    frame_bytes: 180,
    payload_bytes: 184,
    packet_bytes: 220,
    datagrams_per_interval: 1,
    tfrc_initial_bytes_per_s: 736,
    interval_ms: 22.5,
    app_kbps: 78.2,
    talking_share: 1,
    generated: 1000,
    sent: 990,
    played: 980,
    lost_app: 15,
    lost_queue: 0,
    lost_errors: 1,
    late: 4,
    loss_pct: 2,
    app_loss_pct: 1.5,
    link_loss_pct: 0.1,
    late_pct: 0.4,
    delay_ms: 530,
    jitter_ms: 17,
    jitter_max_ms: 130,
    pdv_ms: 60,
    pdv_max_ms: 200,
    r: 55,
    r_reason: null,
    mos: 2.85,
    voice_kbps: 77,
    received_kbps: 78,
    tcp_kbps: [],
    jain: null,
    dccp: {
      allowed_kbps: 138.2,
      slow_start: false,
      loss_event_rate: 0.001,
      rtt_ms: 1050,
      loss_events: 3,
      reports: 500,
      nofeedback_expiries: 0,
    },
    ...over,
  };
}

describe('the DCCP panel in words', () => {
  it('says the losses by cause, the MOS and what TFRC allowed against what the calls need', () => {
    expect(dccpStatus(summary({}))).toBe(
      'One G.711 call over CCID4: 2.00 % of the packets lost: 1.50 % between application ' +
        'and transport, 0.10 % on the link, 0.40 % too late to play; MOS 2.85. TFRC ' +
        'allowed 138.2 kb/s on average (the flow needs 78.2 kb/s while every call talks).',
    );
  });

  it('speaks of calls, silence suppression and data flows as they are, and of a run that has not begun', () => {
    expect(dccpStatus(summary({ calls: 12, transport: 'UDP', dccp: null, loss_pct: 0 }))).toBe(
      '12 G.711 calls over UDP: nothing lost so far; MOS 2.85.',
    );
    expect(dccpStatus(summary({ codec: 'Speex', dtx: true, generated: 0 }))).toBe(
      'One Speex call with silence suppression over CCID4: nothing sent yet.',
    );
    expect(
      dccpStatus(
        summary({ codec: 'constant-rate data', mos: null, r: null, dccp: null, transport: 'UDP', loss_pct: 0 }),
      ),
    ).toBe('One constant-rate data flow over UDP: nothing lost so far.');
  });
});

describe('the E-model row', () => {
  const reason =
    "R sums to -16.8, shown as 0 (G.107's scale is 0-100); the loss impairment Ie,eff 78.2 " +
    '(codec and packet loss) dominates the delay impairment Id 12.0';
  it('prints R on its 0-100 scale and says why it is low, as the engine reports', () => {
    const html = renderToStaticMarkup(createElement(DccpPanel, { s: summary({ r: 0, mos: 1, r_reason: reason }) }));
    expect(html).toContain('0.0 · 1.00');
    expect(html).toContain('data-testid="r-reason"');
    expect(html).toContain('the loss impairment Ie,eff 78.2');
    expect(html).not.toContain('-16.8 ·');
  });
  it('says nothing more when R is fine', () => {
    expect(renderToStaticMarkup(createElement(DccpPanel, { s: summary({}) }))).not.toContain('r-reason');
  });
});

describe("the call's MOS beside the chart's", () => {
  it('says the chart rates the last 10 s and this row the whole call', () => {
    const html = renderToStaticMarkup(createElement(DccpPanel, { s: summary({}) }));
    expect(html).toContain('MOS, the whole call');
    expect(html).toContain('data-testid="dccp-mos-why"');
    expect(html).toContain('rates only the last ten seconds; the row above rates the whole call');
  });
});
