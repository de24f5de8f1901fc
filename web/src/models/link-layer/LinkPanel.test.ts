import { describe, expect, it } from 'vitest';
import type { LinkSummary, TcpLinkSummary } from '../../engine/summary-types';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { cellOf, DECODED, GOODPUT, gridWords, LinkPanel, linkStatus, LOST, UNSENT, WAITING } from './LinkPanel';

/** A link summary with the fields the panel's sentences read. */
function summary(over: Partial<LinkSummary>): LinkSummary {
  return {
    scheme: 'HARQ-II 5/7, N_S 1, R 2',
    slots: 1000,
    slot_us: 112.8,
    feedback_slots: 4432,
    lldus_per_packet: 47,
    bad_fraction: 0.09,
    erased_fraction: 0.09,
    resent_fraction: 0.065,
    efficiency: 0.6667,
    lldu_delay_ms: 293.4,
    residual_loss: 0.0008,
    packets: 10,
    packets_lost: 0,
    packet_loss: 0,
    packet_delay_ms: 508,
    packet_in_order_delay_ms: 1144,
    goodput_mbps: 1.48,
    theory: {
      erasure_rate: 0.0909,
      mean_burst_lldus: 10,
      efficiency: 0.6648,
      delay_ms: 295.9,
      residual_loss: 0.0009,
      printed_delay_ms: 306.8,
      printed_efficiency: null,
    },
    channel_trace: null,
    head: null,
    last: null,
    tcp: null,
    ...over,
  };
}

const tcp = (over: Partial<TcpLinkSummary>): TcpLinkSummary => ({
  cc: 'cubic',
  segments_sent: 1000,
  retransmits: 13,
  retransmission_probability: 0.013,
  max_retransmissions: 2,
  timeouts: 0,
  buffer_drops: 0,
  delivered_segments: 980,
  goodput_kbps: 1690.3,
  transfer_s: null,
  cwnd: 90,
  delay_min_s: 0.26,
  delay_p85_s: 0.64,
  delay_p99_s: 1.21,
  ...over,
});

describe('the link panel', () => {
  it('says what share of the link carries data beside the closed form, and the recovery delay', () => {
    expect(linkStatus(summary({}))).toBe(
      'HARQ-II 5/7, N_S 1, R 2: 66.7 % of the link carries data (closed form 66.5 ' +
        '%), and a data LLDU arrives 293 ms after it first left (closed form 296 ms).',
    );
    expect(linkStatus(summary({ slots: 0 }))).toBe('HARQ-II 5/7, N_S 1, R 2: nothing sent yet.');
  });

  it('with TCP, speaks of the flow: goodput, the file, the resends of TCP and of the link', () => {
    expect(linkStatus(summary({ scheme: 'SR-ARQ', tcp: tcp({}) }))).toBe(
      'TCP (cubic) over SR-ARQ: 1690 kb/s of goodput; 1.30 % of the ' +
        'segments sent again by TCP, 6.50 % of the LLDUs by the link.',
    );
    expect(linkStatus(summary({ scheme: 'SR-ARQ', tcp: tcp({ transfer_s: 6.39 }) }))).toContain(
      'the file delivered in 6.39 s',
    );
    expect(linkStatus(summary({ scheme: 'SR-ARQ', tcp: tcp({ delivered_segments: 0 }) }))).toBe(
      'TCP (cubic) over SR-ARQ: nothing delivered yet.',
    );
  });

  it('names every cell of the packet grid, and counts them in words', () => {
    expect(cellOf(0).words).toBe('arrived at once');
    expect(cellOf(DECODED).words).toBe("rebuilt from the block's repair LLDUs");
    expect(cellOf(DECODED + 2)).toEqual({ kind: 'resent', mark: '2', words: 'recovered after 2 round trips' });
    expect(cellOf(WAITING).kind).toBe('waiting');
    expect(cellOf(UNSENT).kind).toBe('unsent');
    expect(cellOf(LOST).kind).toBe('lost');
    expect(gridWords({ seq: 7, lldus: [0, 0, 0, WAITING, DECODED + 1], delay_ms: null })).toBe(
      '3 arrived at once, 1 erased, waiting for a repair, 1 recovered after 1 round trip',
    );
  });
});

describe('goodput in the link panel', () => {
  it('one number in one unit in both tables, with its definition', () => {
    const html = renderToStaticMarkup(
      createElement(LinkPanel, {
        s: summary({ goodput_mbps: 0.1258, tcp: tcp({ goodput_kbps: 125.8, transfer_s: 6.36 }) }),
      }),
    );
    const cell = (id: string) => new RegExp(`data-testid="${id}"[^>]*>([^<]*)`).exec(html)?.[1] ?? '';
    expect(cell('link-goodput')).toBe('125.8 kb/s');
    expect(cell('link-tcp-goodput')).toMatch(/^125\.8 kb\/s/);
    expect(html).toContain(GOODPUT.slice(0, 40));
  });
});
