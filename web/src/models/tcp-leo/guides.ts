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
      'the route gets shorter again. SkyQueue (the start is fixed: nothing here depends on the seed): ' +
      'the file arrives in 83 ms on the short route; the ' +
      'first ACKs return over 1 ISL hop (RTT 65 ms), the later ones over 8 (RTT 174-196 ms). For Los ' +
      'Angeles - Hawaii the paper measured a 9 kB file at 90.35 ms outside the seam and 179.43 ms across ' +
      'it (Table 4); SkyQueue 89.0 and 174.1 ms, means over seeds 1-5: reproduced (docs/REPRODUCTION.md § Paper 004).',
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
      "84.5 s outside and 85.0 s across, with the sender of the paper's simulator (ns-2's TCP-Linux) " +
      'and its packet sizes (1000 bytes of data, 1056 on the wire; 15 MB at 1.5 Mb/s is then ' +
      "84.5 s of frames alone, docs/REPRODUCTION.md): in kind, 6 % below the paper's levels, the ratio " +
      'reproduced (99.5 against 98.5 %); this run, which leaves the seam mid-transfer (its start is fixed: the seed changes nothing), ' +
      'takes 85.0 s without a timeout, and 15 ACKs are overtaken when the route shortens.',
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
      'Paper 004 §5: in steady state the available goodput is fully used, the window evolves as CUBIC does ' +
      'over a fixed-delay link, and throughput drops appear at intra- and inter-orbital handovers, which ' +
      'change the route under the packets in flight. SkyQueue, 20 minutes from 12:21 UTC: the receive throughput ' +
      "holds at 1.477 Mb/s (the paper's 1.47 before its drops, reproduced: 1.5 Mb/s of 1056-byte frames counted " +
      'at their IP size), 3 intra-orbital and 2 inter-orbital handovers, about 1200 retransmissions, no timeout, ' +
      'and 7 ACKs reordered by route changes; the window changes at the handovers, but the receive ' +
      "throughput stays at the up-link's rate: after a cut CUBIC's window still exceeds the path's " +
      "bandwidth-delay product, since every link queues up to 50 packets (ns-2's limit, 282 ms at 1.5 Mb/s), so the " +
      'up-link never idles. At high throughput too (docs/REPRODUCTION.md): the drops are not reproduced.',
    next:
      'Set transfer.throughput to "high" and duration_s to 400: at the inter-orbital handover 264 s in, ' +
      'the delay falls from 41 to 10 ms and the reordering makes CUBIC cut its window, as paper ' +
      "004 §5.4 describes, yet the second still carries the full rate (118.18 Mb/s counted at IP size, the paper's " +
      '118.18 reproduced): the buffers keep the up-link busy, so the drops are not reproduced. Or set ' +
      'transfer.cc to "new-reno" and compare the window\'s shape.',
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
