import type { Summary } from '../../engine/summary-types';
import { prose } from '../../scenario/prose';
import { describeLiveText } from '../../scenario/testLiveText';
import { queue } from '.';

/** The engine's own theory numbers for a run, as the text must print them. */
function engineNumbers(s: Summary): string[] {
  const out: string[] = [];
  const t = s.queue?.theory;
  if (t)
    out.push(
      `mean wait ${prose(t.wait_mean_s! * 1e3)} ms`,
      `mean delay (wait + service) ${prose(t.sojourn_mean_s! * 1e3)} ms`,
      `${t.model} theory`,
    );
  return out;
}

// One parameter change per preset, what the text must then say and what it must no longer say.
describeLiveText(queue, engineNumbers, {
  'mm1-load-0.8': {
    edits: { 'traffic.rate_pps': 900 },
    says: [
      'Poisson arrivals at 900 packets/s',
      'ρ = λ/μ = 900/1,000 = 0.90',
      'M/M/1 theory: mean wait 9 ms',
      'mean delay (wait + service) 10 ms',
    ],
    not: ['800', '4 ms'],
  },
  'md1-load-0.8': {
    edits: { 'queue.service_rate_pps': 1250 },
    says: [
      'one server at 1,250 packets/s',
      'a constant 0.8 ms per packet',
      'ρ = λ/μ = 800/1,250 = 0.64',
      'M/D/1 theory: mean wait 0.711 ms',
    ],
    not: ['1 ms per packet', '2 ms'],
  },
  'mm1k-overload': {
    edits: { 'queue.capacity_pkts': 100 },
    says: ['room for 100 waiting packets', 'M/M/1/101 theory', /mean wait 9\d(\.\d)? ms/, '16.7 % of arrivals dropped'],
    not: ['room for 20', 'M/M/1/21'],
  },
  'voip-onoff-droptail-ns3': {
    edits: { 'traffic.flows': 150 },
    says: [
      '150 on/off flows, each sending 64 kb/s in 210-byte packets (one every 26.25 ms)',
      'Together about 5,195 packets/s on average into a 9.4 Mb/s link ' +
        '(5,595 packets/s of 210 bytes, a constant 0.179 ms per packet)',
      'load ρ = λ/μ = 5,195/5,595 = 0.93',
    ],
    not: ['200 on/off', '6,926'],
  },
});
