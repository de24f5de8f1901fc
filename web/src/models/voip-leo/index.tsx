import { VoipPictogram } from './Pictogram';
import { HarqTable } from './HarqTable';
import { VoipPanel } from './VoipPanel';
import { metricOf } from '../../scenario/sweep';
import { policyLabel, type SweepTableProps, engineSweepMetrics } from '../../scenario/sweepModels';
import { voipText } from './liveText';
import { GUIDES, PRESETS } from './guides';
import { VOIP_LEO_WORDS } from './wire';
import type { ModelDescriptor, SummaryProps } from '../types';

/** Quality of the calls so far, losses by cause and the HARQ table. */
function VoipSummary({ summary }: SummaryProps) {
  return summary?.voip ? <VoipPanel v={summary.voip} /> : null;
}

/** Paper 000's Table II at the swept value closest to 75 users. */
function TableTwo({ m, points, summaries, param }: SweepTableProps) {
  const xs = [...new Set(points.map((p) => Number(p.value)))];
  const x75 = xs.reduce((a, b) => (Math.abs(b - 75) < Math.abs(a - 75) ? b : a), xs[0]);
  const rows = [...new Set(points.map((p) => p.policy ?? 'scenario'))].map((policy) => {
    const idx = points
      .map((p, i) => (p.value === x75 && (p.policy ?? 'scenario') === policy ? i : -1))
      .filter((i) => i >= 0);
    return {
      policy,
      h: [0, 1, 2, 3, 4].map(
        (k) => idx.reduce((s, i) => s + metricOf(summaries[i], `voip.harq_retx_pct[${k}]`), 0) / idx.length,
      ),
    };
  });
  return (
    <HarqTable
      caption={`HARQ retransmissions at ${param} = ${x75} (% of packets; paper 000 Table II is at 75 users)`}
      rows={rows.map((r) => ({ label: policyLabel(m, r.policy), pct: r.h }))}
      testId="sweep-table-ii"
    />
  );
}

/** VoIP calls over a LEO constellation and a fading LMS last hop (paper 000). */
export const voipLeo: ModelDescriptor = {
  id: 'voip-leo',
  wire: VOIP_LEO_WORDS,
  label: 'VoIP-over-LEO',
  liveText: voipText,
  Summary: VoipSummary,
  speed: 'max',
  linkOmitsDefaultSpeed: true,
  globe: true,
  sweep: {
    policyPath: 'voip.policy',
    // Paper 000's five policies are ticked at first; the three extras on request.
    defaultPolicies: ['dt-s', 'dt-h', 'rr', 'pf', 'codes'],
    params: [
      { path: 'voip.flows', label: 'number of flows', values: '25, 50, 75, 100, 125, 150, 175, 200' },
      { path: 'voip.codes_timeout_ms', label: 'CoDeS timeout [ms]', values: '50, 100, 200' },
      { path: 'voip.lms.snr_ref_db', label: 'reference SNR [dB]', values: '7, 9, 11, 13' },
      { path: 'voip.rtt_ms', label: 'buffer-rule RTT [ms]', values: '200, 1000, 3000' },
    ],
    metrics: engineSweepMetrics('voip-leo'),
    compareRows: [
      ['MOS', 'voip.emodel.mos', 2],
      ['R', 'voip.emodel.r', 1],
      ['throughput [kb/s]', 'voip.throughput_kbps', 0],
      ['latency [ms]', 'voip.latency_ms', 1],
      ['jitter [ms]', 'voip.jitter_ms', 2],
      ['loss [%]', 'voip.loss_pct.total', 2],
      ['of which timeout [%]', 'voip.loss_pct.timeout', 2],
      ['spectral efficiency', 'voip.spectral_efficiency', 3],
    ],
    compareSeries: { id: 'latency_ms', title: 'Latency', unit: 'ms' },
    hint: 'VoIP over LEO: CoDeS on a fading LMS last hop',
    ResultTable: TableTwo,
  },
  course: { presets: PRESETS, guides: GUIDES },
  gallery: { heading: 'VoIP over a LEO satellite link: schedulers and HARQ (paper 000)', Pictogram: VoipPictogram },
};
