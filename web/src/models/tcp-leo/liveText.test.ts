import type { Summary } from '../../engine/summary-types';
import { prose } from '../../scenario/prose';
import { describeLiveText } from '../../scenario/testLiveText';
import { tcpLeo } from '.';

/** The engine's own theory numbers for a run, as the text must print them. */
function engineNumbers(s: Summary): string[] {
  const out: string[] = [];
  const tr = s.transfer;
  if (tr?.started && tr.start_rtt_ms !== null)
    out.push(`${prose(Math.round(tr.start_rtt_ms))} ms`, `${prose(tr.buffer_packets)} packet`);
  return out;
}

// One parameter change per preset, what the text must then say and what it must no longer say.
describeLiveText(tcpLeo, engineNumbers, {
  'tcp-iridium-9kb-seam': {
    edits: { 'transfer.bytes': 50000 },
    says: ['A 50 kB file from Atlantic ship to London', '05:25:20 UTC'],
    not: ['9 kB file'],
    seconds: 3,
  },
  'tcp-iridium-15mb-seam-leaves': {
    edits: { 'transfer.throughput': 'high' },
    says: [
      "paper 004's high throughput: 120 Mb/s up and down, 2,000 Mb/s between satellites",
      'A 15 MB file from Hawaii gateway to Los Angeles',
    ],
    not: ['1.5 Mb/s'],
    seconds: 20,
  },
  'tcp-iridium-ship-london-bulk': {
    edits: {
      'transfer.to': 'Toulouse',
      'transfer.min_rto_ms': 1000,
      'transfer.rto_restart': 'new-data',
      'transfer.handoff': 'continuous',
    },
    says: [
      'Unlimited bulk from Atlantic ship to Toulouse',
      'at least 1,000 ms, restarted only by an ACK of new data (RFC 6298)',
      'Handovers checked every second: nothing is lost at one',
    ],
    not: ['London', '200 ms', 'every ACK', 'every 5 to 15 s'],
    seconds: 61,
  },
});
