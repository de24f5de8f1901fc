import { DiffservPictogram } from './Pictogram';
import { DiffservPanel } from './DiffservPanel';
import { diffservText } from './liveText';
import { GUIDES, PRESETS } from './guides';
import type { ModelDescriptor, SummaryProps } from '../types';
import { engineSweepMetrics } from '../../scenario/sweepModels';

/** Class rates beside paper 001's theory and the PSS parameters. */
function DiffservSummary({ info, summary }: SummaryProps) {
  if (!summary?.diffserv) return null;
  const d =
    (JSON.parse(info.scenarioJson) as { diffserv?: Record<string, { kind?: string; amplitude?: number } | undefined> })
      .diffserv ?? {};
  const varies = [d.capacity_profile, d.ef_profile].some(
    (p) => p && p.kind !== undefined && p.kind !== 'constant' && (p.kind !== 'cosine' || (p.amplitude ?? 0) > 0),
  );
  return <DiffservPanel s={summary.diffserv} varies={varies} />;
}

/** A DiffServ router sharing a GEO link with PSS or DWRR (paper 001). */
export const diffserv: ModelDescriptor = {
  id: 'diffserv',
  label: 'DiffServ',
  liveText: diffservText,
  Summary: DiffservSummary,
  speed: 10,
  globe: false,
  // The credit's sawtooth (paper 001 Fig. 3) lasts milliseconds: the whole run's view averages it
  // flat, so its chart opens on every sample of the last seconds.
  closeUpByDefault: (c) => c.key === 'credit',
  sweep: {
    policyPath: 'diffserv.sharing',
    defaultPolicies: ['pss', 'dwrr'],
    params: [
      { path: 'diffserv.k_af', label: 'K_AF (Figs. 5-6 x axis)', values: '0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8' },
      {
        path: 'diffserv.ef_bps',
        label: 'EF rate, PSS expecting ef_expected_bps [b/s] (Fig. 6)',
        values: '5000000, 7500000, 10000000, 12500000, 15000000',
      },
      {
        path: 'diffserv.ef_bps+diffserv.ef_expected_bps',
        label: 'EF rate, known to PSS [b/s] (Fig. 5)',
        values: '5000000, 7500000, 10000000, 12500000, 15000000',
      },
      {
        path: 'diffserv.pss_lr_bits',
        label: 'L_R [bits] (B3: memory size)',
        values: '0, 10000000, 30000000, 60000000, 120000000',
      },
    ],
    metrics: engineSweepMetrics('diffserv', {
      'diffserv.rates_mbps[1]': {
        pss: ['diffserv.theory_mbps[2]', 'eq. 7 (PSS)'],
        dwrr: ['diffserv.theory_mbps[0]', 'eq. 1 (WRR)'],
      },
      'diffserv.rates_mbps[2]': {
        pss: ['diffserv.theory_mbps[3]', 'eq. 8 (PSS)'],
        dwrr: ['diffserv.theory_mbps[1]', 'eq. 6 (WRR)'],
      },
    }),
    compareRows: [
      ['EF [Mb/s]', 'diffserv.rates_mbps[0]', 2],
      ['AF [Mb/s]', 'diffserv.rates_mbps[1]', 2],
      ['CS0 [Mb/s]', 'diffserv.rates_mbps[2]', 2],
      ['AF theory eq. 1, WRR [Mb/s]', 'diffserv.theory_mbps[0]', 2],
      ['AF theory eq. 7, PSS [Mb/s]', 'diffserv.theory_mbps[2]', 2],
      ["Jain's index within AF", 'diffserv.jain[0]', 3],
      ['AF drops', 'diffserv.drops[1]', 0],
    ],
    compareSeries: { id: 'af_mbps', title: 'AF rate', unit: 'Mb/s' },
    hint: 'PSS vs WRR, EF as expected (paper 001, B1 / Fig. 5)',
  },
  course: { presets: PRESETS, guides: GUIDES },
  gallery: {
    heading: 'DiffServ over a GEO link: the Priority Switching Scheduler (paper 001)',
    Pictogram: DiffservPictogram,
  },
};
