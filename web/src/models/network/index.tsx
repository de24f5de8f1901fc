import { NetworkPictogram } from './Pictogram';
import { NetworkPanel } from './NetworkPanel';
import { networkText } from './liveText';
import { GUIDES, PRESETS } from './guides';
import type { ModelDescriptor, SummaryProps } from '../types';

/** The network's totals, busiest links and worst-served flows. */
function NetworkSummary({ summary }: SummaryProps) {
  if (!summary?.network) return null;
  return <NetworkPanel n={summary.network} />;
}

/** Many flows over a mega-constellation's shared queues (Hypatia's traffic matrix). */
export const network: ModelDescriptor = {
  id: 'network',
  label: 'network',
  liveText: networkText,
  Summary: NetworkSummary,
  speed: 1,
  globe: false,
  course: { presets: PRESETS, guides: GUIDES },
  gallery: {
    heading: 'A whole network: a traffic matrix over a mega-constellation (Hypatia)',
    Pictogram: NetworkPictogram,
  },
};
