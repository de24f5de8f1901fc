/** Shared by the models whose runs follow a pair of sites across a star constellation's seam. */
import type { PairSummary } from '../engine/summary-types';

/**
 * What the seam chart says while its samples are all 0 but the engine has already seen the seam
 * come between the sites: the chart draws complete samples only, so after a seek to a seam
 * handover (or while playing just past one) the separation is in the summary and the event log
 * before it is in a sample. Null when the seam has not come between them.
 */
export function seamSinceLastSample(pair: PairSummary | null | undefined, a: string, b: string): string | null {
  if (!pair || pair.seam_separations === 0) return null;
  return (
    `The seam has come between ${a} and ${b} (${pair.seam_separations === 1 ? 'once' : `${pair.seam_separations} times`} ` +
    'so far, see the event log), after the last complete sample: the chart shows it from the next sample on.'
  );
}
