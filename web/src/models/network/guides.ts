/**
 * The network's presets, in the order a course meets them, each with its classroom guide.
 *
 * The numbers are those of docs/NETWORK.md (SkyQueue's runs of Hypatia's workload); keep them
 * in step when either changes.
 */
import type { PresetGuide } from '../types';

/** The model's presets (their files in examples/, without `.json`) in teaching order. */
export const PRESETS = ['network-hypatia-kuiper-tcp'];

const HYPATIA = 'Kassing et al., Exploring the "Internet from space" with Hypatia (IMC 2020), traffic_matrix_load';

/** What to watch, what was found, what to try next and a tour of the screen, for each preset. */
export const GUIDES: Record<string, PresetGuide> = {
  'network-hypatia-kuiper-tcp': {
    paper: HYPATIA,
    watch:
      '100 TCP flows between the 100 largest cities share Kuiper-630 at 10 Mb/s a link. Watch the aggregate ' +
      'goodput climb as the windows open, the busiest link sit near 100 % busy, and how unevenly the flows ' +
      'share: the table of the flows served worst.',
    found:
      "Hypatia measures this workload's wall time per simulated second against its aggregate goodput; it " +
      'publishes no goodput to match. SkyQueue, with the same link model read from its ns-3 code, gives ' +
      '435 Mb/s of goodput over 10 s (2.6 % of data packets lost at full queues), flows from 0.38 to 8 Mb/s, ' +
      'the busiest links being satellites’ ground-link devices shared by several cities.',
    next:
      'Set network.protocol to "udp": every flow sends at the link rate, the queues overflow and some ' +
      'flows lose nearly everything while others keep their rate (drop-tail shares by phase, not evenly). ' +
      'Or raise network.gsl_rate_mbps to 100 and see which links become the bottleneck.',
    tour: [
      {
        target: 'description',
        text:
          "Hypatia's own packet-level workload: its 100 cities paired at random, " +
          'a TCP NewReno flow each way, every link at 10 Mb/s.',
      },
      {
        target: 'chart:Aggregate goodput',
        text: 'The goodput of all flows together, every 100 ms: it climbs as the TCP windows open, then swings as queues fill and drain.',
      },
      {
        target: 'chart:Links',
        text: 'The busiest link in each 100 ms: at 1 it sends all the time, and its queue decides who loses packets.',
      },
      {
        target: 'summary',
        text:
          'The busiest links by name, and the flows served worst: ' +
          'a flow sharing a busy satellite’s ground link with others gets a fraction of the rate.',
      },
    ],
  },
};
