/**
 * The network's live text: the constellation, the matrix and the links with the values the run
 * uses, then what the ground links allow beside the goodput the engine measured.
 */
import { num, optionLabel, plural, prose, str } from '../../scenario/prose';
import type { ScenarioObject } from '../../scenario/schema';
import type { LiveText, TextInputs } from '../types';

const MATRIX_WORDS: Record<string, string> = {
  'hypatia-pairing': "paired as Hypatia's workload pairs its 100 cities, a flow each way",
  'random-pairing': 'paired at random from the seed, a flow each way',
  'to-gateway': 'each sending to one gateway',
  list: 'as the list of pairs says',
};

/** Stations that send at least one flow, from the summary's flows. */
function senders(flows: { from: string }[]): number {
  return new Set(flows.map((f) => f.from)).size;
}

export function networkText(s: ScenarioObject, { summary }: TextInputs): LiveText {
  const constellation = optionLabel('network.constellation', str(s, 'network.constellation'));
  const matrix = str(s, 'network.matrix') ?? 'hypatia-pairing';
  const protocol = str(s, 'network.protocol') ?? 'tcp';
  const isl = num(s, 'network.isl_rate_mbps') ?? NaN;
  const gsl = num(s, 'network.gsl_rate_mbps') ?? NaN;
  const udp = num(s, 'network.udp_rate_mbps') ?? gsl;
  const bytes = num(s, 'network.flow_bytes');
  const cc = optionLabel('network.cc', str(s, 'network.cc'));
  const n = summary?.network;
  const flows = n ? plural(n.flows.length, 'flow') : 'Flows';
  const stations = n ? ` between ${prose(n.ground_stations)} ground stations` : '';
  const what =
    protocol === 'udp'
      ? `UDP at ${prose(udp)} Mb/s`
      : bytes === null
        ? `long-lived TCP ${cc}`
        : `TCP ${cc} of ${prose(bytes)} bytes`;
  const setup = [
    `${flows} of ${what}${stations}, ${MATRIX_WORDS[matrix] ?? matrix}, over ${constellation} with +Grid ISLs.`,
    `Every ISL sends at ${prose(isl)} Mb/s each way behind a queue of ${prose(num(s, 'network.isl_queue_pkts') ?? NaN)} packets; ` +
      `every node has one ground-link device at ${prose(gsl)} Mb/s ` +
      `(queue ${prose(num(s, 'network.gsl_queue_pkts') ?? NaN)}) that all its ground links share; ` +
      `next hops are recomputed every ${prose(num(s, 'network.update_ms') ?? NaN)} ms.`,
  ];
  const theory: string[] = [];
  if (n && n.flows.length > 0) {
    const k = senders(n.flows);
    const cap = k * gsl;
    const goodput = n.goodput_mbps ?? 0;
    theory.push(
      `The ${plural(k, 'sending station')} can put at most ${prose(cap)} Mb/s on their ground links together; ` +
        `over ${prose(Number((n.elapsed_s ?? 0).toFixed(1)))} s the flows delivered ${prose(Number(goodput.toFixed(1)))} Mb/s of goodput, ` +
        `${prose(Number(((100 * goodput) / cap).toFixed(1)))} % of that.`,
    );
    if (n.busiest_links.length > 0) {
      const b = n.busiest_links[0];
      theory.push(
        `The busiest link, ${b.link}, was sending ${prose(Number((100 * (b.utilization ?? 0)).toFixed(1)))} % of the time.`,
      );
    }
  }
  return { setup, theory };
}
