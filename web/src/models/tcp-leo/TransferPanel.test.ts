import { describe, expect, it } from 'vitest';
import type { TransferSummary } from '../../engine/summary-types';
import { bytesText, handoffText, transferStatus } from './TransferPanel';

/** A transfer summary with the fields the status sentence reads. */
function summary(over: Partial<TransferSummary>): TransferSummary {
  return {
    from: 'Hawaii gateway',
    to: 'Los Angeles',
    bytes: 15_000_000,
    throughput: 'low',
    access_bps: 1.5e6,
    isl_bps: 25e6,
    queue_limit_packets: 50,
    data_wire_bytes: 1056,
    cc: 'cubic',
    start_s: 18,
    started: true,
    transfer_s: null,
    delivered_bytes: 0,
    mean_throughput_mbps: 0,
    cwnd_segments: 10,
    srtt_ms: null,
    start_rtt_ms: 216,
    buffer_packets: 41,
    retransmits: 0,
    timeouts: 0,
    queue_drops: 0,
    no_route_drops: 0,
    handoff: 'continuous',
    handoff_drops: 0,
    handoffs: [],
    reordered_acks: 0,
    route: {} as TransferSummary['route'],
    ...over,
  };
}

describe('the transfer panel says where the transfer stands', () => {
  it('writes sizes as a person reads them', () => {
    expect(bytesText(9000)).toBe('9 kB');
    expect(bytesText(15_000_000)).toBe('15 MB');
    expect(bytesText(224_325_000)).toBe('224.3 MB');
    expect(bytesText(1500)).toBe('1.5 kB');
    expect(bytesText(40)).toBe('40 bytes');
  });

  it('before the start, while running, once delivered, and for bulk', () => {
    expect(transferStatus(summary({ started: false }), 5)).toBe(
      '15 MB from Hawaii gateway to Los Angeles: starts at 18.00 s (in 13.0 s).',
    );
    expect(transferStatus(summary({ delivered_bytes: 7_500_000 }), 60)).toBe(
      '15 MB from Hawaii gateway to Los Angeles: 7.5 MB delivered so far (50 %).',
    );
    expect(transferStatus(summary({ bytes: 9000, transfer_s: 0.0799 }), 3)).toBe(
      '9 kB from Hawaii gateway to Los Angeles: delivered in 79.9 ms.',
    );
    expect(transferStatus(summary({ transfer_s: 87.047 }), 130)).toBe(
      '15 MB from Hawaii gateway to Los Angeles: delivered in 87.05 s.',
    );
    expect(transferStatus(summary({ bytes: null, delivered_bytes: 224_325_000 }), 1200)).toBe(
      'Unlimited bulk from Hawaii gateway to Los Angeles: 224.3 MB delivered so far.',
    );
  });

  it("says where the handovers' losses come from, and that continuous handovers lose none", () => {
    expect(handoffText(summary({}))).toBe('none: handovers here lose nothing (continuous)');
    expect(handoffText(summary({ handoff: 'ns2' }))).toBe("0 packets at 0 handovers so far (ns-2's handoff)");
    const h = (lost: number) => ({
      t_s: 1,
      end: 0,
      from_sat: 1,
      to_sat: 2,
      uplink_queued: lost + 1,
      downlink_queued: 1,
      lost,
    });
    expect(handoffText(summary({ handoff: 'ns2', handoff_drops: 61, handoffs: [h(40), h(21)] }))).toBe(
      "61 packets at 2 handovers (ns-2's handoff: the queue for the satellite left; at most 40 at one)",
    );
  });
});
