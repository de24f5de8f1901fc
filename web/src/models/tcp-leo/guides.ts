/**
 * TCP-over-Iridium's presets, in the order a course meets them (a small file as the seam
 * arrives, a large one as it leaves, then bulk), each with its classroom guide.
 *
 * The numbers are the papers' and those of docs/REPRODUCTION.md (or the closed forms the summary
 * shows); keep them in step when either changes.
 */
import { PAPER_004 } from '../../scenario/papers';
import type { PresetGuide } from '../types';

/** The model's presets (their files in examples/, without `.json`) in teaching order. */
export const PRESETS = ['tcp-iridium-9kb-seam', 'tcp-iridium-15mb-seam-leaves', 'tcp-iridium-ship-london-bulk'];

/** What to watch, what was found, what to try next and a tour of the screen, for each preset. */
export const GUIDES: Record<string, PresetGuide> = {
  'tcp-iridium-9kb-seam': {
    paper: `${PAPER_004} (§4.1, Figs. 7-8: a 9 kB transfer as the seam arrives)`,
    watch:
      'A ship in the Atlantic sends a 9 kB file (nine packets of 1000 bytes, 1056 on the wire with the TCP/IP ' +
      'and link headers) to London a moment before the seam separates them. On the globe, in slow motion, ' +
      'the white data packets leave on a short route; while they arrive the route switches over the pole, ' +
      "and the cyan ACKs come back the long way. The hops chart shows the ACKs' routes: 1 link, then 8. " +
      'Inside the wire, pause and press N (Next event) to follow it one packet event at a time: the ' +
      "nine packets wait their turn at the ship's one transmitter (5.632 ms each at 1.5 Mb/s); the " +
      'sequence diagram draws each ACK sloped by its delay, and a click on one tells its story.',
    found:
      'Paper 004 Fig. 8: the ACKs of packets 0 and 1 went over a 1-hop path right before the seam ' +
      'separated the terminals, the later ones over the longer route, so ACKs arrive out of order when ' +
      "the route gets shorter again. SkyQueue, with ns-2's handoff (its timers come from the seed; seed 18 " +
      'puts the switch inside the transfer): the first ACKs return over 1 ISL hop (RTT 65 ms), the later ones ' +
      'over 8 (RTT 160-300 ms). The satellites forward the packets still on their way on the new route from ' +
      'where they are, as ns-2 does, so two arrive behind later ones and are sent again: the file takes 191 ms. ' +
      'For Los Angeles - Hawaii the paper measured a 9 kB file at 90.35 ms outside the seam and 179.43 ms ' +
      'across it (Table 4); SkyQueue 89.0 and 183.8 ms, means over seeds 1-5: reproduced (docs/REPRODUCTION.md § Paper 004).',
    next:
      'In the editor, move transfer.start_s to 1 (a second earlier): every ' +
      'ACK comes back on the short route. Or to 3: the data already take ' +
      'the long route and the file needs about twice as long, as in Table 4 (reproduced for Los Angeles - Hawaii).',
    lesson: {
      rank: 1,
      title: 'The seam',
      line:
        'A 9 kB file from a ship to London just as the seam comes between them: ' +
        'the first ACKs return on a 1-hop route, the later ones over the pole.',
    },
    tour: [
      {
        target: 'description',
        text:
          'Nine packets, started 40 ms before the route switches: ' +
          'the data and the ACKs end up on different routes.',
      },
      {
        target: 'globe',
        text:
          'White dots are data packets, cyan dots ACKs, each on the route it was sent on. Watch ' +
          'the yellow route swing over the pole while the first ACKs are still on the short one.',
        wait: { event: 'seam-enter', at_s: 2, what: 'the seam separation' },
      },
      {
        target: "chart:ACKs' routes",
        text:
          'ISL hops of the route each ACK took: 1 for the first ACKs, ' +
          '8 once the seam separates the sites (paper 004 Fig. 8).',
      },
      {
        target: 'chart:RTT samples',
        text:
          'Round trips measured by the sender: the ACKs that came ' +
          'back over the pole took about three times as long.',
      },
      {
        target: 'playback',
        text:
          'This preset starts at 0.1x: the packets leave 2 s into the run and ' +
          'the transfer lasts a fifth of a second. Reset replays it exactly.',
      },
    ],
  },

  'tcp-iridium-15mb-seam-leaves': {
    paper: `${PAPER_004} (§4.2, Table 4: a 15 MB transfer, Figs. 7-9)`,
    watch:
      'The Hawaii gateway sends 15 MB to Los Angeles at 1.5 Mb/s. For the first ' +
      '42 s the seam separates them and every packet goes over the pole; then the route ' +
      'drops to one ISL hop. Watch the congestion window, the RTT samples and the ' +
      'receive throughput around that moment, and the reordered ACKs in the panel.',
    found:
      'Paper 004 (Table 4): 15 MB took 89.67 s outside the seam and 91.02 s across it, ' +
      'a 1.5 % difference: a large file hardly notices the seam. SkyQueue, means over seeds 1-5: ' +
      "84.5 s outside and 85.2 s across, with the sender of the paper's simulator (ns-2's TCP-Linux) " +
      'and its packet sizes (1000 bytes of data, 1056 on the wire; 15 MB at 1.5 Mb/s is then ' +
      "84.5 s of frames alone, docs/REPRODUCTION.md): in kind, 6 % below the paper's levels, the ratio " +
      'reproduced (99.3 against 98.5 %); this run, which leaves the seam mid-transfer, takes 85.2 s without a ' +
      "timeout: at the gateway's handover 42 s in, the 47 packets waiting in its up-link are lost (ns-2's handoff) " +
      'and sent again, and 19 ACKs are overtaken when the route shortens.',
    next:
      'Set transfer.throughput to "high" (120 Mb/s up and down, 2 Gb/s between satellites): the ' +
      'file then needs about a second, and the window, not the link, limits it. Or set ' +
      'transfer.rto_restart to "new-data" (RFC 6298\'s timer, restarted only by new data): across the seam ' +
      'a timeout then ends nearly every loss episode (docs/REPRODUCTION.md lists what it costs).',
    lesson: {
      rank: 3,
      title: 'TCP across the pole',
      line: '15 MB from Hawaii to Los Angeles, every packet over the pole until the seam moves on and the route drops to one hop.',
    },
    tour: [
      {
        target: 'chart:Route one-way delay',
        text:
          'The route delay (about 105 ms one way while the seam separates the sites, 23 ms after) ' +
          "beside the sender's RTT samples, which include the queue at the sender's 1.5 Mb/s up-link.",
        wait: { event: 'seam-leave', at_s: 60, what: 'the end of the seam separation' },
      },
      {
        target: 'chart:Congestion window',
        text:
          "CUBIC's window in segments: slow start, a cut at each " +
          'loss, then the cubic growth back towards the last maximum.',
      },
      {
        target: 'chart:Receive throughput',
        text:
          'What arrives at Los Angeles each second: close to the ' +
          '1.5 Mb/s up-link most of the time, with dips after losses.',
      },
      {
        target: 'summary',
        text:
          'Delivered bytes, the window and round trip, retransmissions ' +
          'and timeouts, and the ACKs overtaken when the route got shorter.',
      },
      {
        target: 'params',
        text:
          'In Parameters, set the link rates to high (transfer.throughput) ' +
          'and restart: the same file takes about a second.',
      },
    ],
  },

  'tcp-iridium-ship-london-bulk': {
    paper: `${PAPER_004} (§5: unlimited bulk from an Atlantic ship to London, from 12h21)`,
    watch:
      'A CUBIC sender on a ship in the Atlantic sends to London without end, at 1.5 Mb/s. ' +
      'The delay chart marks every handover; compare those moments with the ' +
      'congestion window (its level follows the round trip) and the receive throughput.',
    found:
      'Paper 004 §5: throughput drops at intra- and inter-orbital handovers (7.48 % and 8.16 % at low ' +
      "throughput), explained by reordering. SkyQueue, with ns-2's handoff as the paper's simulator behaves: " +
      'each time the ship hands over, the packets waiting in its up-link queue, addressed to the satellite it ' +
      'leaves, are sent to the new one and dropped there (the panel counts them; the trace gives each with the ' +
      'reason handoff), and the next seconds fall by about their share of the link: 22 to 29 % after the ' +
      "ship's three handovers, 28.1 ± 1.9 % at the worst over seeds 1-5. In kind: the drops follow the sender's " +
      "handovers, three times the paper's size, since ns-2's 50-packet queue is nearly full then. London's " +
      "handovers lose its old satellite's down-link queue and cost no throughput. Between handovers the " +
      'throughput holds at 1.477 Mb/s counted at IP size (the paper: 1.47), 1.40 while both sites use one ' +
      'satellite, whose one down-link carries the data and the ACKs.',
    next:
      'Set transfer.buffer to "start-bdp" (one round trip\'s worth, 14 packets, as the paper\'s Table 3 says ' +
      '"Queue size: BDP"): the drops fall to 8 to 10 %, the paper\'s size (a reading, not scored: ' +
      "the paper's configuration keeps ns-2's queue). Or set transfer.handoff to " +
      '"continuous" (handovers checked every second, nothing lost): the drops vanish, since reordering alone ' +
      'cuts CUBIC\'s window but not the throughput. Or set transfer.throughput to "high" and duration_s to 400.',
    tour: [
      {
        target: 'chart:Route one-way delay',
        text: "The route's delay with each handover marked: a step at every change of access satellite or route.",
      },
      {
        target: 'chart:Congestion window',
        text: "CUBIC's sawtooth: each loss cuts the window by 30 %, then it grows back along the cubic curve.",
      },
      {
        target: 'chart:Receive throughput',
        text:
          "Flat at the up-link's rate (1.477 Mb/s counted at IP size): the sender's " +
          'full buffer keeps the up-link busy through every handover, so the ' +
          'drops paper 004 saw do not appear here: not reproduced, the level is (docs/REPRODUCTION.md says why).',
      },
      { target: 'playback', text: 'The run lasts 21 minutes: choose 10x or 100x to see the handovers come.' },
    ],
  },
};
