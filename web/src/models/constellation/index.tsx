import { ConstellationPictogram } from './Pictogram';
import { EventLog } from '../../panels/EventLog';
import { ConstellationPanel } from '../../panels/ConstellationPanel';
import { constellationText } from './liveText';
import { seamSinceLastSample } from '../../panels/seamSinceLastSample';
import { seamPassage } from './seamNote';
import { GUIDES, PRESETS } from './guides';
import type { ModelDescriptor, SummaryProps } from '../types';

/** The constellation's epoch: UTC at simulated time zero (ISO 8601). */
const epochOf = (scenarioJson: string): string | undefined =>
  (JSON.parse(scenarioJson) as { constellation?: { epoch_utc?: string } }).constellation?.epoch_utc;

/** Whether the run's constellation comes from element sets loaded from a file (a catalogue). */
const loadedElementSets = (scenarioJson: string): boolean =>
  !!(JSON.parse(scenarioJson) as { constellation?: { tle?: string | null } }).constellation?.tle;

/** The pair of ground sites with their statistics, and the log of handovers below. */
function ConstellationSummary({ info, summary, globe, topology }: SummaryProps) {
  if (!info.constellation) return null;
  return (
    <>
      <ConstellationPanel info={info.constellation} summary={summary?.constellation ?? null} {...globe} />
      <EventLog
        events={topology.events}
        info={info.constellation}
        linkChanges={topology.linkChanges}
        epochMs={topology.epochMs}
        onSeek={topology.onSeek}
      />
    </>
  );
}

/**
 * A constellation and a pair of sites (paper 004): the globe draws it, the delay chart marks
 * every handover, and the sites are picked in the panel or on the globe.
 */
export const constellation: ModelDescriptor = {
  id: 'constellation',
  label: 'constellation',
  liveText: constellationText,
  Summary: ConstellationSummary,
  // A constellation turns slowly at 1x: start it at 100x (the speed menu changes it).
  speed: 100,
  globe: true,
  markers: (chart) => chart.unit === 'ms',
  chartNote: (chart, info, seen, summary) => {
    const c = info.constellation;
    if (!c) return null;
    const ids = chart.members.map(({ s }) => s.id);
    if (ids.includes('seam') && seen.allZero) {
      const since = seamSinceLastSample(summary?.constellation, c.sites[0].name, c.sites[1].name);
      if (since) return since;
      if (loadedElementSets(info.scenarioJson))
        return (
          'Stays at 0: SkyQueue locates the seam only in a constellation it generates (a polar star, as ' +
          'Iridium); for element sets loaded from a file it does not look for one.'
        );
      return c.kind === 'delta'
        ? 'Stays at 0: a Walker delta has no seam (its planes are spread over 360° ' +
            'and all move the same way), so no route ever has to detour around one.'
        : `0 so far: the seam has not yet come between ${c.sites[0].name} and ` +
            `${c.sites[1].name}. ${seamPassage(c.sites[0], c.sites[1])}`;
    }
    if ((ids.includes('delay_ms') || ids.includes('hops')) && seen.allMissing)
      return (
        `No route so far: no chain of links joins ${c.sites[0].name} and ` +
        `${c.sites[1].name}; at least one of them sees no satellite above ` +
        `its ${c.elevation_mask_deg}° elevation mask (see the event log).`
      );
    return null;
  },
  // The engine's epoch of simulated time zero.
  clock: (info) => info.constellation?.epoch_unix_ms,
  globeEpoch: (scenarioJson) => epochOf(scenarioJson),
  withSite: (scenarioJson, end, site) => {
    const s = JSON.parse(scenarioJson) as { constellation: Record<string, unknown> };
    s.constellation[end] = site;
    return JSON.stringify(s, null, 2);
  },
  course: { presets: PRESETS, guides: GUIDES },
  gallery: { heading: 'Constellations: geometry, routes and handovers', Pictogram: ConstellationPictogram },
};
