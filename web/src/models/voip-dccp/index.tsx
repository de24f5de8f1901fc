import { DccpPictogram } from './Pictogram';
import { DccpPanel } from './DccpPanel';
import { dccpText } from './liveText';
import { GUIDES, PRESETS } from './guides';
import { VOICE_WORDS } from './wire';
import type { ModelDescriptor, SummaryProps } from '../types';
import { engineSweepMetrics } from '../../scenario/sweepModels';

/** Losses by cause, delay and jitter, R and MOS, Jain's index. */
function DccpSummaryPanel({ summary }: SummaryProps) {
  if (!summary?.dccp) return null;
  return <DccpPanel s={summary.dccp} />;
}

/**
 * A voice stream over UDP or DCCP (CCID3, CCID4, CCID4-N, CCID4-SCA) on a GEO path (paper 003):
 * the application's rate beside TFRC's allowed rate, the losses by cause, delay and jitter, MOS.
 */
export const voipDccp: ModelDescriptor = {
  id: 'voip-dccp',
  wire: VOICE_WORDS,
  label: 'voip-dccp',
  liveText: dccpText,
  Summary: DccpSummaryPanel,
  speed: 1,
  // Paper 003's calls last ten minutes: start them at 10x.
  startSpeed: (scenarioJson) =>
    ((JSON.parse(scenarioJson) as { duration_s?: number }).duration_s ?? 0) >= 200 ? 10 : undefined,
  globe: false,
  // A talk spurt lasts about a second (ITU-T P.59): over the whole ten-minute call the app's rate
  // and the losses at each spurt are a comb. Sixty samples (30 s at the presets' 0.5 s) show each
  // spurt's overflow beside the rate TFRC allows.
  closeUpSeconds: (_chart, bucketS) => 60 * bucketS,
  chartNote: (chart, info, seen) => {
    const ids = chart.members.map(({ s }) => s.id);
    const transport = (JSON.parse(info.scenarioJson) as { dccp?: { transport?: string } }).dccp?.transport ?? 'ccid4';
    if (ids.includes('loss_app') && seen.allMissing)
      return transport === 'udp'
        ? 'Nothing lost so far: UDP hands every packet to the link, and the link has lost none yet.'
        : 'Nothing lost so far.';
    if (ids.includes('delay_ms') && seen.allMissing)
      return 'Nothing has arrived yet: the first packets arrive half a round trip after they leave.';
    if (ids.includes('mos') && seen.allMissing)
      return 'The MOS is rated once a second over the last ten seconds, once packets arrive.';
    return null;
  },
  sweep: {
    policyPath: 'dccp.transport',
    defaultPolicies: ['ccid4', 'ccid4-n', 'ccid4-sca', 'udp'],
    params: [
      { path: 'dccp.codec', label: 'codec (Table I)', values: 'g711, g729, speex', text: true },
      { path: 'dccp.calls', label: 'calls in the flow', values: '1, 5, 12' },
      {
        path: 'dccp.max_packet_bytes',
        label: 'DCCP maximum packet size [bytes] (with dccp.calls 12)',
        values: '736, 1440, 65535',
      },
      { path: 'dccp.rtt_ms', label: 'round trip [ms]', values: '100, 250, 500, 1000' },
      { path: 'dccp.per', label: 'packet error rate', values: '0, 0.001, 0.01' },
      { path: 'dccp.playout_ms', label: 'playout buffer [ms]', values: '100, 200, 400, 800' },
      { path: 'dccp.buffer_pkts', label: 'DCCP sender buffer [packets]', values: '1, 5, 20, 100' },
      { path: 'dccp.tcp_cc', label: 'competing TCP (with dccp.tcp_flows 1)', values: 'new-reno, cubic', text: true },
    ],
    metrics: engineSweepMetrics('voip-dccp'),
    compareRows: [
      ['packets lost [%]', 'dccp.loss_pct', 2],
      ['between application and transport [%]', 'dccp.app_loss_pct', 2],
      ['on the link [%]', 'dccp.link_loss_pct', 2],
      ['too late [%]', 'dccp.late_pct', 2],
      ['jitter [ms]', 'dccp.jitter_ms', 1],
      ['R', 'dccp.r', 1],
      ['MOS', 'dccp.mos', 2],
    ],
    compareSeries: { id: 'mos', title: 'MOS over time (last 10 s)', unit: 'MOS' },
    hint: 'One G.711 call over DCCP',
  },
  course: { presets: PRESETS, guides: GUIDES },
  gallery: { heading: 'Voice over DCCP on a GEO link: TFRC against UDP (paper 003)', Pictogram: DccpPictogram },
};
