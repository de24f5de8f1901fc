/**
 * The queue's presets, in the order a course meets them (queueing theory first: M/M/1, M/D/1,
 * M/M/1/K, then an ns-3 workload), each with its classroom guide.
 *
 * The numbers are the papers' and those of docs/REPRODUCTION.md (or the closed forms the summary
 * shows); keep them in step when either changes.
 */
import type { PresetGuide } from '../types';

/** The model's presets (their files in examples/, without `.json`) in teaching order. */
export const PRESETS = ['mm1-load-0.8', 'md1-load-0.8', 'mm1k-overload', 'voip-onoff-droptail-ns3'];

/** What to watch, what was found, what to try next and a tour of the screen, for each preset. */
export const GUIDES: Record<string, PresetGuide> = {
  'mm1-load-0.8': {
    paper:
      'Textbook queueing theory (Kleinrock, Queueing Systems Vol. ' +
      '1, 1975: M/M/1 and the Pollaczek-Khinchine formula, eq. 5.76)',
    watch:
      'Random (Poisson) arrivals at 800 packets/s into one server that needs an exponentially ' +
      "distributed time, 1 ms on average, per packet. The 'Packets waiting' chart " +
      'shows long quiet spells broken by bursts, although the server has 20 % spare capacity.',
    found:
      'Theory: with load ρ = 800/1000 = 0.8 the mean wait is W_q = ρ / (μ − λ) = 0.8 / 200 s = 4 ms, ' +
      "and by Little's law 800/s × 4 ms = 3.2 packets wait on average; the server is busy 80 % of the " +
      "time. SkyQueue's summary puts the simulated mean wait and its 95 % confidence interval " +
      'beside 4 ms. In the longer 2000 s runs of docs/REPRODUCTION.md the theoretical value lies inside ' +
      'the 95 % interval at every load from 0.3 to 0.95 (at 0.85: 5.64 ± 0.14 ms against 5.67 ms).',
    next:
      "Open the preset 'M/D/1 queue at load 0.8' (same arrivals, constant 1 ms service) and " +
      'compare the waiting times. Or, in the editor, set traffic.rate_pps to 950 (load 0.95): ' +
      'theory predicts a 19 ms mean wait, and the confidence interval becomes much wider.',
    lesson: {
      rank: 2,
      title: 'A queue',
      line: 'Packets wait for one server at 80 % load: watch the queue grow and drain beside what M/M/1 theory predicts.',
    },
    tour: [
      {
        target: 'description',
        text:
          '800 packets/s arrive at random into a server that ' +
          'handles 1000 packets/s on average: the load ρ is 0.8.',
      },
      {
        target: 'chart:Packets waiting',
        text:
          'The queue length over time. Most of the time it is short, then it builds ' +
          'into a burst: randomness alone creates queues, even with spare capacity.',
      },
      {
        target: 'chart:Waiting time',
        text:
          'The mean wait of the packets that arrived in each 0.1 s bucket. ' +
          'It jumps around a lot; theory predicts only the long-run mean, 4 ms.',
      },
      {
        target: 'summary',
        text:
          'The simulated mean wait ± its 95 % confidence half-width, beside the closed ' +
          'form. Does the interval contain 4 ms? Also check the utilisation against 0.8.',
      },
      {
        target: 'playback',
        text:
          'The run lasts 100 simulated seconds at 1× speed. Choose 10× or max ' +
          'to finish sooner; Reset replays the same run (same seed, same result).',
      },
    ],
  },

  'md1-load-0.8': {
    paper:
      'Textbook queueing theory (Kleinrock, Queueing Systems Vol. ' +
      '1, 1975: M/D/1 and the Pollaczek-Khinchine formula, eq. 5.76)',
    watch:
      'The same Poisson arrivals as the M/M/1 preset (same seed, same random streams), ' +
      'but every packet takes exactly 1 ms, like fixed-size packets on a fixed-rate ' +
      "link. The bursts in 'Packets waiting' are smaller and the waits shorter.",
    found:
      'Theory: Pollaczek-Khinchine gives W_q = λ E[S²] / (2 (1 − ρ)). With constant service ' +
      'E[S²] = (1 ms)², so W_q = 800 × 10⁻⁶ / (2 × 0.2) s = 2 ms, half the M/M/1 value at the same load: ' +
      'variance in the service time costs delay. The server is still busy 80 % of the time. ' +
      'In docs/REPRODUCTION.md, M/D/1 waits half as long as M/M/1 on identical arrivals, and the theory ' +
      'lies inside the 95 % interval at every load tested (at 0.85: 2.84 ± 0.06 ms against 2.83 ms).',
    next:
      'Switch to the M/M/1 preset and compare the two summaries. Or set queue.service_rate_pps ' +
      'to 1250 (load 0.64) and predict the mean wait before running: ρ / (2 μ (1 − ρ)) ≈ 0.71 ms.',
    tour: [
      {
        target: 'description',
        text: 'Same arrivals as the M/M/1 preset; the only change is that every service takes exactly 1 ms.',
      },
      {
        target: 'chart:Waiting time',
        text:
          'Compare with the M/M/1 preset: the same arrival pattern, ' +
          'but the waits settle around 2 ms instead of 4 ms.',
      },
      {
        target: 'chart:Packets waiting',
        text: 'Bursts still happen, because arrivals are still random, but they are smaller.',
      },
      {
        target: 'summary',
        text:
          'Simulated mean wait and its confidence interval beside the 2 ms closed form. The ' +
          'utilisation is still 0.8: the server is as busy, only the variability changed.',
      },
      {
        target: 'preset',
        text:
          "Use the preset menu to flip between 'M/M/1 queue at load 0.8' and this " +
          'one: both use seed 1, so the differences come from the service times alone.',
      },
    ],
  },

  'mm1k-overload': {
    paper: 'Textbook queueing theory (Kleinrock, Queueing Systems Vol. 1, 1975, §3.6: the M/M/1/K queue)',
    watch:
      'Arrivals at 1200 packets/s into a 1000 packets/s server with room for 20 waiting packets (load ' +
      "1.2). 'Packets waiting' climbs to the buffer limit and stays close to it, and the throughput and " +
      'drops chart shows the server near 1000 packets/s while about 200 packets/s are dropped at the tail.',
    found:
      'Theory (M/M/1/K with K = 21, 20 waiting plus 1 in service): loss probability 17.0 %, about ' +
      'one packet in six; utilisation 0.996; on average 15.4 packets waiting and a mean wait ' +
      'of 15.5 ms for the packets admitted. With an unlimited buffer this load would have ' +
      "no steady state: the queue would grow without end. The summary puts SkyQueue's loss and wait " +
      'beside the formula; the engine tests check M/M/1/11 at load 1.2 against it within 3 %.',
    next:
      'In the editor set queue.capacity_pkts to 100: theory gives a mean wait of about ' +
      '95 ms, while the loss only falls from 17.0 % to 16.7 % (the floor 1 − 1/ρ). That is the ' +
      'bufferbloat trade-off: under overload a bigger buffer adds delay, not throughput.',
    tour: [
      {
        target: 'description',
        text: 'Load 1.2: more packets arrive than the server can handle, and only 20 can wait.',
      },
      {
        target: 'chart:Packets waiting',
        text:
          'The buffer fills quickly and stays nearly full: every ' +
          'arriving packet finds a long queue, or no room at all.',
      },
      {
        target: 'chart:Drops',
        text:
          'The server delivers close to 1000 packets/s; the ' + 'excess, about 200 packets/s, is dropped at the tail.',
      },
      {
        target: 'chart:Waiting time',
        text:
          'An admitted packet usually finds about 15 packets ahead of it, each taking ' +
          '1 ms on average, so waits are several times those of the M/M/1 preset.',
      },
      {
        target: 'summary',
        text: 'Loss ratio, utilisation and mean wait beside the M/M/1/21 formula (17.0 %, 0.996, 15.5 ms).',
      },
      {
        target: 'params',
        text:
          'In Parameters, raise the waiting room K (queue.capacity_pkts; try 100) and ' +
          'restart: the mean wait becomes about six times longer while the loss hardly moves.',
      },
    ],
  },

  'voip-onoff-droptail-ns3': {
    paper:
      'ns-3 3.37 (point-to-point device, OnOffApplication): the workload ' +
      'SkyQueue is timed against, beside ns-3 and SimPy, in npm run bench:peers',
    watch:
      '200 voice calls, each talking half a second and pausing 50 ms on average, share ' +
      "a 9.4 Mb/s link behind a 500-packet drop-tail buffer. 'Packets waiting' climbs to 500 within " +
      'a second and stays pinned there; the throughput and drops chart shows the link ' +
      'carrying its 5,595 packets/s while about 1,300 packets/s are dropped at the tail.',
    found:
      'The calls offer 6,926 packets/s on average (200 × 38.1 packets/s while talking × 0.5/0.55 of the ' +
      'time) to a link that carries 5,595: load 1.24. The fluid limit predicts ' +
      '19.2 % dropped and waits of 500 × 0.179 ms = 89.4 ms, an upper bound since the bursts now and ' +
      'then leave the buffer short of full. ns-3 3.37 ran the same work (seed 1): 691,332 packets ' +
      'sent, 559,221 delivered, 19.03 % dropped, mean one-way delay 98.911 ms; SimPy ' +
      '692,035 / 559,230 / 19.11 % / 98.920 ms. SkyQueue over three seeds: about 691,900 sent, ' +
      '559,220 delivered, 19.09 % dropped, 98.893 ms, each within 1 % of both (an engine test holds ' +
      'it), 57 times faster than ns-3 natively and 27 times in the browser (docs/BENCHMARKS.md).',
    next:
      'In the editor set queue.capacity_pkts to 50: the loss hardly moves (it is set ' +
      'by the load, not the buffer), while the delay falls from about 99 ms to about 19 ms. ' +
      'Or set traffic.flows to 150 (load 0.93) and watch the queue empty between bursts.',
    tour: [
      {
        target: 'description',
        text:
          'On/off voice sources with sizes in bytes and rates in bits, a link with a propagation ' +
          'delay, and a buffer counted as ns-3 counts it: 500 waiting plus the one on the wire.',
      },
      {
        target: 'chart:Packets waiting',
        text:
          'The buffer fills within the first second and stays at 500: ' +
          'the calls offer a quarter more than the link can carry.',
      },
      {
        target: 'chart:Drops',
        text:
          'The link delivers its 5,595 packets/s without a pause; the ' +
          'excess, about one packet in five, is dropped at the tail.',
      },
      {
        target: 'chart:Waiting time',
        text:
          'Every admitted packet waits behind a full buffer: about ' +
          '89 ms. Add the 10 ms of propagation for the one-way delay.',
      },
      {
        target: 'summary',
        text:
          'Loss, wait and one-way delay beside the fluid limit. Compare ' +
          'with ns-3: 19.03 % dropped and 98.9 ms on the same work.',
      },
    ],
  },
};
