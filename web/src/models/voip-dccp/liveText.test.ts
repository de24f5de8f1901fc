import type { Summary } from '../../engine/summary-types';
import { prose } from '../../scenario/prose';
import { describeLiveText } from '../../scenario/testLiveText';
import { voipDccp } from '.';

/** The engine's own theory numbers for a run, as the text must print them. */
function engineNumbers(s: Summary): string[] {
  const out: string[] = [];
  const dc = s.dccp;
  if (dc) out.push(`${prose(dc.app_kbps!)} kb/s on the wire`);
  return out;
}

// One parameter change per preset, what the text must then say and what it must no longer say.
describeLiveText(voipDccp, engineNumbers, {
  'dccp-g711': {
    edits: { 'dccp.transport': 'ccid4-n', 'dccp.rtt_ms': 500 },
    says: ['carried by DCCP CCID4-N', 'a 500 ms round trip', 'eq. 6, 4380 / R · s / (s + oh)', 'Table II (G.711)'],
    not: ['1,000 ms round trip', 'eq. 1'],
  },
  'dccp-speex-dtx': {
    edits: { 'dccp.transport': 'udp', 'dccp.codec': 'g729' },
    says: [
      'One G.729 call',
      'silent between talk spurts',
      'carried by UDP',
      'nothing is lost before the network',
      'Table II (G.729)',
    ],
    not: ['Speex', 'TFRC sends'],
  },
  'dccp-g711-12calls-tcp': {
    edits: { 'dccp.calls': 6, 'dccp.tcp_cc': 'cubic' },
    says: ['6 G.711 calls trunked into one flow', 'shared with 1 CUBIC download', "Jain's index 0.9997"],
    not: ['12 G.711 calls trunked', 'NewReno'],
  },
});
