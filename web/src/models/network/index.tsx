import { NetworkPictogram } from './Pictogram';
import { NetworkPanel } from './NetworkPanel';
import { networkText } from './liveText';
import { GUIDES, PRESETS } from './guides';
import { LoadLegend } from '../../globe/LoadLegend';
import type { ModelDescriptor, SummaryProps } from '../types';

/** The sampling interval of the globe's loads [ms]: the scenario's metrics bucket. */
function intervalMs(scenarioJson: string): number {
  try {
    const b = (JSON.parse(scenarioJson) as { metrics?: { bucket_s?: unknown } }).metrics?.bucket_s;
    return typeof b === 'number' ? Math.round(b * 1000) : 100;
  } catch {
    return 100;
  }
}

/** The globe's key, then the network's totals, busiest links and worst-served flows. */
function NetworkSummary({ info, summary }: SummaryProps) {
  return (
    <>
      {info.constellation && <LoadLegend intervalMs={intervalMs(info.scenarioJson)} />}
      {summary?.network && <NetworkPanel n={summary.network} />}
    </>
  );
}

/** Many flows over a mega-constellation's shared queues (Hypatia's traffic matrix). */
export const network: ModelDescriptor = {
  id: 'network',
  label: 'network',
  liveText: networkText,
  Summary: NetworkSummary,
  speed: 1,
  globe: true,
  course: { presets: PRESETS, guides: GUIDES },
  gallery: {
    heading: 'A whole network: a traffic matrix over a mega-constellation (Hypatia)',
    Pictogram: NetworkPictogram,
  },
};
