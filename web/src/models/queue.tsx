import { QueuePictogram } from '../panels/Pictograms';
import { SummaryPanel } from '../panels/SummaryPanel';
import type { ModelDescriptor, SummaryProps } from './index';

/** The queue's measured statistics beside the closed form. */
function QueueSummary({ summary }: SummaryProps) {
  return <SummaryPanel summary={summary} />;
}

/** A FIFO queue (M/M/1, M/D/1, M/M/1/K): nothing on the globe, real time at first. */
export const queue: ModelDescriptor = {
  id: 'queue',
  label: 'queue',
  Summary: QueueSummary,
  speed: 1,
  globe: false,
  gallery: { heading: 'Queues: measurement beside the closed forms', Pictogram: QueuePictogram },
};
