import { LinkPictogram } from './Pictogram';
import { LinkPanel } from './LinkPanel';
import { linkText } from './liveText';
import { GUIDES, PRESETS } from './guides';
import { LINK_WORDS } from './wire';
import type { ModelDescriptor, SummaryProps } from '../types';
import { engineSweepMetrics } from '../../scenario/sweepModels';

/** The closed form drawn dashed beside each of these policies' measured curves. */
const closedForm = (path: string, policies: string[]): Record<string, [string, string]> =>
  Object.fromEntries(policies.map((p) => [p, [path, 'closed form']]));

/** The packet grids and the measured figures beside their closed forms. */
function LinkLayerSummary({ summary }: SummaryProps) {
  if (!summary?.link) return null;
  return <LinkPanel s={summary.link} />;
}

/**
 * IP packets cut into LLDUs over a bursty Gilbert-Elliott channel, with no scheme, FEC, ARQ or
 * HARQ-II (paper 002 §3): the channel's state and erasures, the efficiency and the recovery
 * delays over time, the closed forms dashed beside them.
 */
export const linkLayer: ModelDescriptor = {
  id: 'link-layer',
  wire: LINK_WORDS,
  label: 'link-layer',
  liveText: linkText,
  Summary: LinkLayerSummary,
  speed: 1,
  // The papers' runs last minutes (500 s for Figs. 5-6, 200 s for Fig. 8): start them at 10x.
  startSpeed: (scenarioJson) =>
    ((JSON.parse(scenarioJson) as { duration_s?: number }).duration_s ?? 0) >= 200 ? 10 : undefined,
  globe: false,
  theoryLines: (chart, summary) => {
    const th = summary?.link?.theory;
    if (!th) return [];
    const ids = chart.members.map(({ s }) => s.id);
    const out: { label: string; value: number }[] = [];
    if (ids.includes('erased') && th.erasure_rate !== null)
      out.push({ label: 'mean erasure probability p', value: th.erasure_rate });
    if (ids.includes('efficiency') && th.efficiency !== null) out.push({ label: 'closed form', value: th.efficiency });
    if (ids.includes('lldu_delay_ms') && th.delay_ms !== null)
      out.push({ label: 'closed form, LLDU delay', value: th.delay_ms });
    return out;
  },
  chartNote: (chart, info, seen) => {
    const ids = chart.members.map(({ s }) => s.id);
    const scheme = (JSON.parse(info.scenarioJson) as { link?: { scheme?: string } }).link?.scheme;
    if (ids.includes('packet_loss') && seen.allZero) return 'No IP packet lost so far: every LLDU has been recovered.';
    if (ids.includes('resent') && seen.allZero && (scheme === 'fec' || scheme === 'none'))
      return `Nothing is ever sent again with ${scheme === 'fec' ? 'FEC' : 'no scheme'}: only the erasures show.`;
    if (ids.includes('packet_delay_ms') && seen.allMissing)
      return 'No IP packet delivered yet: the first ones arrive half a round trip after they leave.';
    if (ids.includes('goodput_kbps') && seen.allMissing)
      return 'Nothing delivered yet: the first segments arrive half a round trip after they leave.';
    return null;
  },
  sweep: {
    policyPath: 'link.scheme',
    defaultPolicies: ['fec', 'harq'],
    params: [
      { path: 'link.beta', label: 'β, P(stay Bad) (Figs. 5-6 x axis)', values: '0.1, 0.5, 0.8, 0.9, 0.95, 0.98' },
      { path: 'link.alpha', label: 'α, P(stay Good)', values: '0.95, 0.97, 0.98, 0.99, 0.995' },
      { path: 'link.interleave', label: 'FEC interleaving depth I', values: '1, 2, 4, 8, 16, 64' },
      { path: 'link.harq_ns', label: 'HARQ-II extra repair N_S', values: '0, 1, 2, 4, 8' },
      { path: 'link.rtt_ms', label: 'round trip [ms]', values: '50, 250, 500, 1000' },
      { path: 'link.es_n0_db', label: 'Es/N0 [dB] (a §4.1 scenario; Fig. 10, Table 3)', values: '5, 6, 7, 8' },
      {
        path: 'link.tcp_cc',
        label: 'TCP congestion control (Figs. 8-10)',
        values: 'new-reno, compound, cubic, hybla, westwood-plus',
        text: true,
      },
    ],
    metrics: engineSweepMetrics('link-layer', {
      'link.efficiency': closedForm('link.theory.efficiency', ['fec', 'arq', 'harq', 'none']),
      'link.lldu_delay_ms': closedForm('link.theory.delay_ms', ['fec', 'arq', 'harq', 'none']),
      'link.residual_loss': closedForm('link.theory.residual_loss', ['fec', 'harq', 'none']),
    }),
    compareRows: [
      ['efficiency', 'link.efficiency', 4],
      ['efficiency, closed form', 'link.theory.efficiency', 4],
      ['LLDU recovery delay [ms]', 'link.lldu_delay_ms', 1],
      ['LLDU delay, closed form [ms]', 'link.theory.delay_ms', 1],
      ['data LLDUs never recovered', 'link.residual_loss', 5],
      ['IP packets lost', 'link.packet_loss', 4],
      ['IP packet delay in order [ms]', 'link.packet_in_order_delay_ms', 0],
      ['goodput [Mb/s]', 'link.goodput_mbps', 3],
    ],
    compareSeries: { id: 'packet_delay_ms', title: 'IP packet delay', unit: 'ms' },
    hint: 'FEC 10/12 against HARQ-II 5/7',
  },
  course: { presets: PRESETS, guides: GUIDES },
  gallery: {
    heading: 'Link-layer reliability on a bursty satellite link: FEC, ARQ, HARQ-II (paper 002)',
    Pictogram: LinkPictogram,
  },
};
