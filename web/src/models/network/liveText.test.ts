import type { Summary } from '../../engine/summary-types';
import { prose } from '../../scenario/prose';
import { describeLiveText } from '../../scenario/testLiveText';
import { network } from '.';

/** The engine's numbers the text must print. */
function engineNumbers(s: Summary): string[] {
  const n = s.network;
  if (!n) return [];
  return [
    `delivered ${prose(Number((n.goodput_mbps ?? 0).toFixed(1)))} Mb/s of goodput`,
    n.busiest_links[0]?.link ?? '',
  ];
}

describeLiveText(network, engineNumbers, {
  'network-hypatia-kuiper-tcp': {
    edits: { 'network.protocol': 'udp', 'network.cc': 'new-reno', 'network.gsl_rate_mbps': 5 },
    says: ['100 flows of UDP at 5 Mb/s', 'one ground-link device at 5 Mb/s', 'at most 500 Mb/s'],
    not: ['long-lived TCP', 'at 10 Mb/s (queue'],
    seconds: 0.5,
  },
});
