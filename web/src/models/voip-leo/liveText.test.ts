import { describe, expect, it } from 'vitest';
import type { Summary } from '../../engine/summary-types';
import { prose } from '../../scenario/prose';
import { presets } from '../../scenario/presets';
import { change, describeLiveText, textOf } from '../../scenario/testLiveText';
import { voipLeo } from '.';

/** The engine's own theory numbers for a run, as the text must print them. */
function engineNumbers(s: Summary): string[] {
  const out: string[] = [];
  const v = s.voip;
  if (v)
    out.push(
      `B = ${prose(v.buffer_pkts.total)} packet`,
      `B/n = ${prose(v.buffer_pkts.per_queue)} packet`,
      `${prose(v.flows)} VoIP call`,
    );
  return out;
}

// One parameter change per preset, what the text must then say and what it must no longer say.
describeLiveText(voipLeo, engineNumbers, {
  'voip-leo-codes': {
    edits: { 'voip.flows': 100, 'voip.policy': 'pf' },
    says: [
      '100 VoIP calls (G.711',
      'from a server at Hawaii gateway',
      'over New Delhi',
      'Scheduling: PF (Proportional Fair).',
      'Table II (75 users): PF decodes 44.89 %',
      'this run has 100 calls, not 75',
    ],
    not: ['75 VoIP', 'CoDeS'],
  },
  'voip-leo-codes-long-queues': {
    edits: { 'voip.users_site': 'Toulouse', 'voip.policy': 'dt-s' },
    says: [
      'over Toulouse',
      'Scheduling: DropTail, small buffer (DT_S)',
      'DT_S keeps one shared queue',
      'DT_S decodes 50.11 %',
    ],
    not: ['New Delhi', 'CoDeS'],
  },
});

describe("CoDeS's sentence follows what its timeout did", () => {
  const codes = presets.find((p) => p.id === 'voip-leo-codes')!;

  it('at the rule on a fast-fading channel: almost no packet times out, CoDeS does nearly what PF does', () => {
    const { all } = textOf(codes.json, 6);
    expect(all).toContain(
      'almost no packet waits the 100 ms timeout (0 % timed out), so CoDeS does nearly what PF does here.',
    );
  });

  it('on a nearly static channel past saturation: the timeout fires and the text says so, with its share', () => {
    const { all, summary } = textOf(change(codes.json, { 'voip.flows': 125, 'voip.lms.speed_kmh': 1, warmup_s: 1 }), 8);
    const timedOut = summary.voip!.loss_pct.timeout!;
    expect(timedOut).toBeGreaterThan(0.2);
    expect(all).toContain(
      `Even with 1 packet per queue, ${prose(timedOut)} % of packets waited past the 100 ms timeout for a good channel`,
    );
    expect(all).not.toContain('does nearly what PF does');
  });
});
