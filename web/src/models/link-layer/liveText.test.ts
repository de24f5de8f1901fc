import type { Summary } from '../../engine/summary-types';
import { describe, expect, it } from 'vitest';
import { presets } from '../../scenario/presets';
import { change, describeLiveText, textOf } from '../../scenario/testLiveText';
import { prose } from '../../scenario/prose';

import { linkLayer } from '.';

/** The engine's own theory numbers for a run, as the text must print them. */
function engineNumbers(s: Summary): string[] {
  const out: string[] = [];
  const th = s.link?.theory;
  if (th) out.push(`efficiency ${prose(th.efficiency!)}`, `LLDU recovery delay ${prose(th.delay_ms!)} ms`);
  return out;
}

// One parameter change per preset, what the text must then say and what it must no longer say.
describeLiveText(linkLayer, engineNumbers, {
  'link-harq-lab': {
    edits: { 'link.scheme': 'arq', 'link.beta': 0.98 },
    says: [
      'Selective-repeat ARQ',
      'until it arrives',
      'β = 0.98',
      'bursts of 50 LLDUs',
      '33.3 % of the LLDUs erased',
      'no data lost',
      '47 LLDUs of 33 bytes',
    ],
    not: ['HARQ-II', 'β = 0.9 '],
  },
  'link-fec-harq-fig5': {
    edits: { 'link.interleave': 8, 'link.fec_nr': 3 },
    says: ['FEC 10/13', '3 repair LLDUs', '8 blocks interleaved column by column', 'as printed, gives'],
    not: ['FEC 10/12', '2 repair'],
  },
  'link-fec-arq-harq-fig6': {
    edits: { 'link.harq_rounds': 1, 'link.harq_ns': 4, 'link.delivery': 'out-of-order' },
    says: ['HARQ-II 38/51', 'asks for d + 4', 'at most 1 round.', 'as soon as its own LLDUs are there'],
    not: ['at most 2 rounds', 'in order'],
  },
  'link-tcp-distribution': {
    edits: { 'link.tcp_cc': 'hybla', 'link.es_n0_db': 12, 'link.phy_model': 'faded' },
    says: [
      'One Hybla sender',
      'Es/N0 12 dB',
      'sends without end',
      'Fig. 8',
      'decoded from the Rayleigh fade its codeword saw across the 36 ms interleaver',
    ],
    not: ['CUBIC sender', 'at Es/N0 14 dB', 'erasures in bursts of'],
  },
  'link-tcp-internet-100kb': {
    edits: { 'link.tcp_bytes': 50000, 'link.erase_bad': 0.2 },
    says: ['a file of 50,000 bytes', 'a faded span erasing 20 % of its LLDUs', 'Interleaved Internet'],
    not: ['100,000 bytes'],
  },
});

describe('a channel trace', () => {
  it('is named by what the run read of it, and the closed forms say they are a guide', () => {
    const preset = presets.find((p) => p.id === 'link-harq-lab')!;
    // A synthetic trace of 2 s: erased from 0.5 s to 0.6 s, then clear.
    const json = change(preset.json, { 'link.channel_trace': 't_s,erased\n0,0\n0.5,1\n0.6,0\n1,0\n', duration_s: 3 });
    const { all, summary } = textOf(json, 3);
    expect(summary.link?.channel_trace?.samples).toBe(4);
    expect(all).toContain('channel: trace, 4 samples, 1.4 s (looped)');
    expect(all).toContain('each sample the erasure probability of the LLDUs sent while it holds');
    expect(all).toContain("the trace's erasure rate and mean erasure run");
    expect(all).not.toContain('a Gilbert-Elliott channel that stays Good');
  });
});
