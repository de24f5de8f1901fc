import { useMemo } from 'react';
import { NetworkPictogram } from './Pictogram';
import { NetworkPanel } from './NetworkPanel';
import { networkText } from './liveText';
import { GUIDES, PRESETS } from './guides';
import { LoadLegend } from '../../globe/LoadLegend';
import { networkWire } from './wire';
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

/** The scenario with `network.follow` set to flow `k` (the text as it was when it is not JSON). */
export function withFollow(scenarioJson: string, k: number): string {
  try {
    const s = JSON.parse(scenarioJson) as { network?: Record<string, unknown> };
    return JSON.stringify({ ...s, network: { ...s.network, follow: k } }, null, 2);
  } catch {
    return scenarioJson;
  }
}

/** The globe's key, then the network's totals, busiest links and worst-served flows; *Follow*
 * on a flow restarts the run following it (the same seed: the same results, another route drawn). */
function NetworkSummary({ info, summary, onRestartWith }: SummaryProps) {
  // Parsed once a scenario (over a catalogue it holds megabytes of element sets; the summary
  // renders at every frame).
  const interval = useMemo(() => intervalMs(info.scenarioJson), [info.scenarioJson]);
  const onFollow = onRestartWith ? (k: number) => onRestartWith(withFollow(info.scenarioJson, k)) : undefined;
  return (
    <>
      {info.constellation && <LoadLegend intervalMs={interval} />}
      {summary?.network && <NetworkPanel n={summary.network} onFollow={onFollow} />}
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
  wire: networkWire,
  course: { presets: PRESETS, guides: GUIDES },
  gallery: {
    heading: 'A whole network: a traffic matrix over a mega-constellation (Hypatia)',
    Pictogram: NetworkPictogram,
  },
};
