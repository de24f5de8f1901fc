import { QueuePictogram } from './Pictogram';
import { QueuePanel } from './QueuePanel';
import { queueText } from './liveText';
import { GUIDES, PRESETS } from './guides';
import type { ModelDescriptor, SummaryProps } from '../types';

/** The queue's measured statistics beside the closed form. */
function QueueSummary({ summary }: SummaryProps) {
  return <QueuePanel summary={summary} />;
}

/** A FIFO queue (M/M/1, M/D/1, M/M/1/K): nothing on the globe, real time at first. */
export const queue: ModelDescriptor = {
  id: 'queue',
  label: 'queue',
  liveText: queueText,
  Summary: QueueSummary,
  speed: 1,
  globe: false,
  theoryLines: (chart, summary) => {
    const th = summary?.queue?.theory;
    if (!th) return [];
    const ids = chart.members.map(({ s }) => s.id);
    const out: { label: string; value: number }[] = [];
    if (ids.includes('wait_ms') && th.wait_mean_s !== null)
      out.push({ label: `${th.model} theory, mean wait`, value: th.wait_mean_s * 1000 });
    if (ids.includes('queue_len') && th.queue_len_mean_pkts !== null)
      out.push({ label: `${th.model} theory, mean waiting`, value: th.queue_len_mean_pkts });
    return out;
  },
  course: { presets: PRESETS, guides: GUIDES },
  gallery: { heading: 'Queues: measurement beside the closed forms', Pictogram: QueuePictogram },
};
