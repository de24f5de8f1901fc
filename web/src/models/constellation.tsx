import { ConstellationPictogram } from '../panels/Pictograms';
import { EventLog } from '../panels/EventLog';
import { ConstellationPanel } from '../panels/ConstellationPanel';
import type { ModelDescriptor, SummaryProps } from './index';

/** The pair of ground sites with their statistics, and the log of handovers below. */
function ConstellationSummary({ info, summary, globe, topology }: SummaryProps) {
  if (!info.constellation) return null;
  return (
    <>
      <ConstellationPanel info={info.constellation} summary={summary?.constellation ?? null} {...globe} />
      <EventLog events={topology.events} info={info.constellation} linkChanges={topology.linkChanges} />
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
  Summary: ConstellationSummary,
  // A constellation turns slowly at 1x: start it at 100x (the speed menu changes it).
  speed: 100,
  globe: true,
  markers: (chart) => chart.unit === 'ms',
  withSite: (scenarioJson, end, site) => {
    const s = JSON.parse(scenarioJson) as { constellation: Record<string, unknown> };
    s.constellation[end] = site;
    return JSON.stringify(s, null, 2);
  },
  gallery: { heading: 'Constellations: geometry, routes and handovers', Pictogram: ConstellationPictogram },
};
