/**
 * Classroom guides for the presets: which paper each one comes from, what to watch, what the
 * paper (or theory) found beside what SkyQueue measures, what to try next, and a short tour of
 * the screen. One entry per file in examples/ (the preset id is the file name without `.json`).
 *
 * The numbers are the papers' and those of docs/REPRODUCTION.md (or the closed forms the
 * summary shows); keep them in step when either changes.
 */

import type { TopoEvent } from '../engine/protocol';

export interface TourStep {
  /** What to highlight: one of 'globe', 'charts', 'summary', 'playback', 'preset', 'params', 'edit', 'sweep', 'description', or `chart:<text>` = the chart whose title contains <text>. */
  target: string;
  /** One or two sentences shown next to the highlighted element. */
  text: string;
  /**
   * A step about a moment of the run: the tour says when it comes, waits for it and offers to
   * play there. `at_s` is the first such event in the preset as published (a test checks it
   * against the engine); a changed run waits for the event itself.
   */
  wait?: { event: TopoEvent['kind']; at_s: number; what: string };
}

export interface PresetGuide {
  /** Short paper reference, e.g. "Paper 001 — Finzi et al., Priority Switching Scheduler (§4.2, Figs. 7-10)", or "Textbook queueing theory (Kleinrock, Vol. 1)" for the queue presets. */
  paper: string;
  /** What to watch on screen (1-3 sentences). */
  watch: string;
  /** What the paper (or theory) found, with the numbers, and what SkyQueue measures (numbers from docs/REPRODUCTION.md / the preset's description). */
  found: string;
  /** What to try next: a concrete edit (field path and value) or another preset. */
  next: string;
  /** 3 to 6 tour steps. */
  tour: TourStep[];
}

/** The fixed tour targets; any other target is `chart:<text of the chart's title>`. */
export const TOUR_TARGETS = ['globe', 'charts', 'summary', 'playback', 'preset', 'params', 'edit', 'sweep', 'description'] as const;

/** Whether `target` is a fixed tour target or `chart:` followed by some text. */
export function isTourTarget(target: string): boolean {
  return (TOUR_TARGETS as readonly string[]).includes(target) || (target.startsWith('chart:') && target.slice(6).trim().length > 0);
}

const PAPER_000 = 'Paper 000 — Tauran et al., Controlled Delay Scheduler for VoIP over LEO constellations on LMS channels';
const PAPER_001 = 'Paper 001 — Finzi et al., Priority Switching Scheduler';
const PAPER_002 = 'Paper 002 — Kuhn et al., On the impact of link layer retransmission schemes on TCP over 4G satellite links';
const PAPER_003 = 'Paper 003 — Sarwar, Boreli and Lochin, Performance of VoIP with DCCP for satellite links';
const PAPER_004 = 'Paper 004 — Boubaker et al., On the Impact of Intrinsic Delay Variation Sources on Iridium LEO Constellation';

export const GUIDES: Record<string, PresetGuide> = {
  'mm1-load-0.8': {
    paper: 'Textbook queueing theory (Kleinrock, Queueing Systems Vol. 1, 1975: M/M/1 and the Pollaczek-Khinchine formula, eq. 5.76)',
    watch:
      "Random (Poisson) arrivals at 800 packets/s into one server that needs an exponentially distributed time, 1 ms on average, per packet. The 'Packets waiting' chart shows long quiet spells broken by bursts, although the server has 20 % spare capacity.",
    found:
      "Theory: with load ρ = 800/1000 = 0.8 the mean wait is W_q = ρ / (μ − λ) = 0.8 / 200 s = 4 ms, and by Little's law 800/s × 4 ms = 3.2 packets wait on average; the server is busy 80 % of the time. SkyQueue's summary puts the simulated mean wait and its 95 % confidence interval beside 4 ms. In the longer 2000 s runs of docs/REPRODUCTION.md the theoretical value lies inside the 95 % interval at every load from 0.3 to 0.95 (at 0.85: 5.64 ± 0.14 ms against 5.67 ms).",
    next:
      "Open the preset 'M/D/1 queue at load 0.8' (same arrivals, constant 1 ms service) and compare the waiting times. Or, in the editor, set traffic.rate_pps to 950 (load 0.95): theory predicts a 19 ms mean wait, and the confidence interval becomes much wider.",
    tour: [
      { target: 'description', text: '800 packets/s arrive at random into a server that handles 1000 packets/s on average: the load ρ is 0.8.' },
      { target: 'chart:Packets waiting', text: 'The queue length over time. Most of the time it is short, then it builds into a burst: randomness alone creates queues, even with spare capacity.' },
      { target: 'chart:Waiting time', text: 'The mean wait of the packets that arrived in each 0.1 s bucket. It jumps around a lot; theory predicts only the long-run mean, 4 ms.' },
      { target: 'summary', text: 'The simulated mean wait ± its 95 % confidence half-width, beside the closed form. Does the interval contain 4 ms? Also check the utilisation against 0.8.' },
      { target: 'playback', text: 'The run lasts 100 simulated seconds at 1× speed. Choose 10× or max to finish sooner; Reset replays the same run (same seed, same result).' },
    ],
  },

  'md1-load-0.8': {
    paper: 'Textbook queueing theory (Kleinrock, Queueing Systems Vol. 1, 1975: M/D/1 and the Pollaczek-Khinchine formula, eq. 5.76)',
    watch:
      "The same Poisson arrivals as the M/M/1 preset (same seed, same random streams), but every packet takes exactly 1 ms, like fixed-size packets on a fixed-rate link. The bursts in 'Packets waiting' are smaller and the waits shorter.",
    found:
      'Theory: Pollaczek-Khinchine gives W_q = λ E[S²] / (2 (1 − ρ)). With constant service E[S²] = (1 ms)², so W_q = 800 × 10⁻⁶ / (2 × 0.2) s = 2 ms, half the M/M/1 value at the same load: variance in the service time costs delay. The server is still busy 80 % of the time. In docs/REPRODUCTION.md, M/D/1 waits half as long as M/M/1 on identical arrivals, and the theory lies inside the 95 % interval at every load tested (at 0.85: 2.84 ± 0.06 ms against 2.83 ms).',
    next:
      'Switch to the M/M/1 preset and compare the two summaries. Or set queue.service_rate_pps to 1250 (load 0.64) and predict the mean wait before running: ρ / (2 μ (1 − ρ)) ≈ 0.71 ms.',
    tour: [
      { target: 'description', text: 'Same arrivals as the M/M/1 preset; the only change is that every service takes exactly 1 ms.' },
      { target: 'chart:Waiting time', text: 'Compare with the M/M/1 preset: the same arrival pattern, but the waits settle around 2 ms instead of 4 ms.' },
      { target: 'chart:Packets waiting', text: 'Bursts still happen, because arrivals are still random, but they are smaller.' },
      { target: 'summary', text: 'Simulated mean wait and its confidence interval beside the 2 ms closed form. The utilisation is still 0.8: the server is as busy, only the variability changed.' },
      { target: 'preset', text: "Use the preset menu to flip between 'M/M/1 queue at load 0.8' and this one: both use seed 1, so the differences come from the service times alone." },
    ],
  },

  'mm1k-overload': {
    paper: 'Textbook queueing theory (Kleinrock, Queueing Systems Vol. 1, 1975, §3.6: the M/M/1/K queue)',
    watch:
      "Arrivals at 1200 packets/s into a 1000 packets/s server with room for 20 waiting packets (load 1.2). 'Packets waiting' climbs to the buffer limit and stays close to it, and the throughput and drops chart shows the server near 1000 packets/s while about 200 packets/s are dropped at the tail.",
    found:
      'Theory (M/M/1/K with K = 21, 20 waiting plus 1 in service): loss probability 17.0 %, about one packet in six; utilisation 0.996; on average 15.4 packets waiting and a mean wait of 15.5 ms for the packets admitted. With an unlimited buffer this load would have no steady state: the queue would grow without end. The summary puts SkyQueue\'s loss and wait beside the formula; the engine tests check M/M/1/11 at load 1.2 against it within 3 %.',
    next:
      'In the editor set queue.capacity_pkts to 100: theory gives a mean wait of about 95 ms, while the loss only falls from 17.0 % to 16.7 % (the floor 1 − 1/ρ). That is the bufferbloat trade-off: under overload a bigger buffer adds delay, not throughput.',
    tour: [
      { target: 'description', text: 'Load 1.2: more packets arrive than the server can handle, and only 20 can wait.' },
      { target: 'chart:Packets waiting', text: 'The buffer fills quickly and stays nearly full: every arriving packet finds a long queue, or no room at all.' },
      { target: 'chart:Drops', text: 'The server delivers close to 1000 packets/s; the excess, about 200 packets/s, is dropped at the tail.' },
      { target: 'chart:Waiting time', text: 'An admitted packet usually finds about 15 packets ahead of it, each taking 1 ms on average, so waits are several times those of the M/M/1 preset.' },
      { target: 'summary', text: 'Loss ratio, utilisation and mean wait beside the M/M/1/21 formula (17.0 %, 0.996, 15.5 ms).' },
      { target: 'params', text: 'In Parameters, raise the waiting room K (queue.capacity_pkts; try 100) and restart: the mean wait becomes about six times longer while the loss hardly moves.' },
    ],
  },

  'voip-onoff-droptail-ns3': {
    paper: 'ns-3 3.37 (point-to-point device, OnOffApplication): the workload SkyQueue is timed against, beside ns-3 and SimPy, in npm run bench:peers',
    watch:
      "200 voice calls, each talking half a second and pausing 50 ms on average, share a 9.4 Mb/s link behind a 500-packet drop-tail buffer. 'Packets waiting' climbs to 500 within a second and stays pinned there; the throughput and drops chart shows the link carrying its 5,595 packets/s while about 1,300 packets/s are dropped at the tail.",
    found:
      'The calls offer 6,926 packets/s on average (200 × 38.1 packets/s while talking × 0.5/0.55 of the time) to a link that carries 5,595: load 1.24. The fluid limit predicts 19.2 % dropped and waits of 500 × 0.179 ms = 89.4 ms, an upper bound since the bursts now and then leave the buffer short of full. ns-3 3.37 ran the same work (seed 1): 691,332 packets sent, 559,221 delivered, 19.03 % dropped, mean one-way delay 98.911 ms; SimPy 692,035 / 559,230 / 19.11 % / 98.920 ms. SkyQueue over three seeds: about 691,900 sent, 559,220 delivered, 19.09 % dropped, 98.893 ms, each within 1 % of both (an engine test holds it), 57 times faster than ns-3 natively and 27 times in the browser (docs/BENCHMARKS.md).',
    next:
      'In the editor set queue.capacity_pkts to 50: the loss hardly moves (it is set by the load, not the buffer), while the delay falls from about 99 ms to about 19 ms. Or set traffic.flows to 150 (load 0.93) and watch the queue empty between bursts.',
    tour: [
      { target: 'description', text: 'On/off voice sources with sizes in bytes and rates in bits, a link with a propagation delay, and a buffer counted as ns-3 counts it: 500 waiting plus the one on the wire.' },
      { target: 'chart:Packets waiting', text: 'The buffer fills within the first second and stays at 500: the calls offer a quarter more than the link can carry.' },
      { target: 'chart:Drops', text: 'The link delivers its 5,595 packets/s without a pause; the excess, about one packet in five, is dropped at the tail.' },
      { target: 'chart:Waiting time', text: 'Every admitted packet waits behind a full buffer: about 89 ms. Add the 10 ms of propagation for the one-way delay.' },
      { target: 'summary', text: 'Loss, wait and one-way delay beside the fluid limit. Compare with ns-3: 19.03 % dropped and 98.9 ms on the same work.' },
    ],
  },

  'iridium-ship-london': {
    paper: `${PAPER_004} (§2.3, Fig. 4)`,
    watch:
      "The Iridium constellation (66 satellites, 6 planes, 780 km) turning for 24 h: the red dashed seam between counter-rotating planes, cross-plane links going grey near the poles, and the route from a ship in the Atlantic to London. The 'One-way delay' chart marks every handover by type; twice in the day the delay jumps above 100 ms while the route detours over a pole.",
    found:
      'Paper 004 names five sources of delay variation (Fig. 4): satellite elevation (2.6 to 8.2 ms per up or down link), intra-orbital handovers about every 10 min, inter-orbital handovers about every 2 h, the seam (the two ends are separated at least twice and at most three times a day) and ISL changes. SkyQueue over 24 h, with the ISL settings of ns-2\'s Iridium model that the paper ran (cross-plane links off above 60°, same-index partners), shows all five: 303 intra-orbital handovers over both ends (one every 9.5 min at each end), 24 inter-orbital, 2 seam handovers and 189 ISL changes; one-way delay 9.6 / 42.4 / 137.1 ms (min / mean / max), 30.8 ms on average outside the seam and 104.1 ms across it. The paper does not give the ship\'s position; SkyQueue puts it at 45° N 30° W.',
    next:
      'In the editor set constellation.seam_isls to true (a teaching option: real Iridium has no links across the seam) and watch the polar detours disappear. Or switch to SkyQueue\'s own ISL defaults (constellation.polar_cutoff_deg 68, constellation.isl_pairing "ahead"): the route changes 320 times a day instead of 189 (docs/REPRODUCTION.md, "ISL settings").',
    tour: [
      { target: 'globe', text: 'Satellites are coloured by plane and outlined in white while moving north. The red dashed line labelled "seam" separates the two planes that move in opposite directions: no links cross it.' },
      { target: 'playback', text: 'Constellation presets start at 100×. Choose 1000× to see the whole day in about 90 seconds.' },
      {
        target: 'chart:One-way delay',
        text: 'The delay from the ship to London, with each handover marked by type: intra-orbital, inter-orbital, seam or ISL change. When the seam separates the two ends the delay jumps to a long plateau above 100 ms (twice in this day).',
        wait: { event: 'seam-enter', at_s: 19521, what: 'the first seam separation' },
      },
      { target: 'chart:Separated by the seam', text: 'This is 1 while the two ends are on opposite sides of the seam: it lines up with the plateaus in the delay chart.', wait: { event: 'seam-enter', at_s: 19521, what: 'the first seam separation' } },
      { target: 'summary', text: "The pair's delay, hops and handover counts so far, with the event log below. Compare with paper 004: an intra-orbital handover about every 10 min, a plane change about every 2 h, 2 or 3 seam separations a day." },
      { target: 'params', text: 'In Parameters, tick "Links across the seam" (constellation.seam_isls) and restart: the route can now cross the seam, and the detours over the pole vanish.' },
    ],
  },

  'iridium-la-hawaii': {
    paper: `${PAPER_004} (§4.1, Fig. 6, and Table 4: Los Angeles – Hawaii)`,
    watch:
      "The route from Los Angeles to Iridium's gateway in Hawaii, the server of paper 004. Most of the day the route is short; while the seam separates the two sites it has to go over a pole and the one-way delay roughly triples. Count the inter-orbital handovers in the event log: low-latitude sites bounce between two planes at each change of plane.",
    found:
      'Paper 004 (Table 4): a 9 kB CUBIC download between Los Angeles and Hawaii took 90.35 ms on average outside the seam and 179.43 ms when the seam separated the ends, a 98 % increase, while a 15 MB file hardly changed (89.67 s against 91.02 s). SkyQueue\'s transfers (skyqueue calc transfer; the TCP presets run them in the browser) take 89.0 ms and 174.1 ms for 9 kB, 84.5 s and 85.0 s for 15 MB (means over seeds 1-5); the delay behind them, with ns-2\'s ISL settings as in the paper: 32.4 ms one way outside the seam, 112.5 ms across it; over 24 h 19.1 / 49.6 / 140.0 ms (min / mean / max), 2 seam separations, and 24 plane changes made of 96 inter-orbital handovers.',
    next:
      'Set the "From" site under the globe to New Delhi: paper 004 found the smallest seam effect there (9 kB in 124 ms outside the seam, 144 ms across it), and in SkyQueue the seam adds about 20 ms there too (64.9 ms one way outside it, 84.5 ms across; 51.3 / 78.5 / 109.7 ms over 24 h), far less than from Los Angeles. Or open the Atlantic ship – London preset to see all five sources of delay variation.',
    tour: [
      { target: 'description', text: 'Los Angeles is close to the Hawaii gateway, so the seam hurts most here: the detour over a pole is long compared with the direct route.' },
      {
        target: 'globe',
        text: 'The two sites, their access satellites\' footprints (yellow circles) and the route glowing yellow. When the seam passes between them the route swings over a pole.',
        wait: { event: 'seam-enter', at_s: 1884, what: 'the first seam separation' },
      },
      {
        target: 'chart:One-way delay',
        text: 'About 20-45 ms for most of the day; the plateaus above 100 ms are the seam separations (paper 004: at least two, at most three a day).',
        wait: { event: 'seam-enter', at_s: 1884, what: 'the first seam separation' },
      },
      { target: 'summary', text: 'Handovers intra / inter / seam / ISL change. There are many more inter-orbital handovers than plane changes (96 against 24 over the day): the access satellite bounces between two planes.' },
      { target: 'playback', text: 'Choose 1000× to cover the 24 hours in about 90 seconds.' },
    ],
  },

  'tcp-iridium-9kb-seam': {
    paper: `${PAPER_004} (§4.1, Figs. 7-8: a 9 kB transfer as the seam arrives)`,
    watch:
      'A ship in the Atlantic sends a 9 kB file (nine packets of 1000 bytes, 1056 on the wire with the TCP/IP and link headers) to London a moment before the seam separates them. On the globe, in slow motion, the white data packets leave on a short route; while they arrive the route switches over the pole, and the cyan ACKs come back the long way. The hops chart shows the ACKs\' routes: 1 link, then 8.',
    found:
      'Paper 004 Fig. 8: the ACKs of packets 0 and 1 went over a 1-hop path right before the seam separated the terminals, the later ones over the longer route, so ACKs arrive out of order when the route gets shorter again. SkyQueue: the file arrives in 83 ms on the short route; the first ACKs return over 1 ISL hop (RTT 65 ms), the later ones over 8 (RTT 174-196 ms). For Los Angeles - Hawaii the paper measured a 9 kB file at 90.35 ms outside the seam and 179.43 ms across it (Table 4); SkyQueue 89.0 and 174.1 ms, means over seeds 1-5 (docs/REPRODUCTION.md).',
    next:
      'In the editor, move transfer.start_s to 1 (a second earlier): every ACK comes back on the short route. Or to 3: the data already take the long route and the file needs about twice as long, as in Table 4.',
    tour: [
      { target: 'description', text: 'Nine packets, started 40 ms before the route switches: the data and the ACKs end up on different routes.' },
      { target: 'globe', text: 'White dots are data packets, cyan dots ACKs, each on the route it was sent on. Watch the yellow route swing over the pole while the first ACKs are still on the short one.', wait: { event: 'seam-enter', at_s: 2, what: 'the seam separation' } },
      { target: "chart:ACKs' routes", text: 'ISL hops of the route each ACK took: 1 for the first ACKs, 8 once the seam separates the sites (paper 004 Fig. 8).' },
      { target: 'chart:RTT samples', text: 'Round trips measured by the sender: the ACKs that came back over the pole took about three times as long.' },
      { target: 'playback', text: 'This preset starts at 0.1x: the packets leave 2 s into the run and the transfer lasts a fifth of a second. Reset replays it exactly.' },
    ],
  },

  'tcp-iridium-15mb-seam-leaves': {
    paper: `${PAPER_004} (§4.2, Table 4: a 15 MB transfer, Figs. 7-9)`,
    watch:
      'The Hawaii gateway sends 15 MB to Los Angeles at 1.5 Mb/s. For the first 40 s the seam separates them and every packet goes over the pole; then the route drops to one ISL hop. Watch the congestion window, the RTT samples and the receive throughput around that moment, and the reordered ACKs in the panel.',
    found:
      'Paper 004 (Table 4): 15 MB took 89.67 s outside the seam and 91.02 s across it, a 1.5 % difference: a large file hardly notices the seam. SkyQueue, means over seeds 1-5: 84.5 s outside and 85.0 s across, with the sender of the paper\'s simulator (ns-2\'s TCP-Linux) and its packet sizes (1000 bytes of data, 1056 on the wire; 15 MB at 1.5 Mb/s is then 84.5 s of frames alone, docs/REPRODUCTION.md); this run, which leaves the seam mid-transfer, takes 85.0 s without a timeout, and 15 ACKs are overtaken when the route shortens.',
    next:
      'Set transfer.throughput to "high" (120 Mb/s up and down, 2 Gb/s between satellites): the file then needs about a second, and the window, not the link, limits it. Or set transfer.rto_restart to "new-data" (RFC 6298\'s timer, restarted only by new data): across the seam a timeout then ends nearly every loss episode (docs/REPRODUCTION.md lists what it costs).',
    tour: [
      { target: 'chart:Route one-way delay', text: 'The route delay (about 105 ms one way while the seam separates the sites, 23 ms after) beside the sender\'s RTT samples, which include the queue at the sender\'s 1.5 Mb/s up-link.', wait: { event: 'seam-leave', at_s: 58, what: 'the end of the seam separation' } },
      { target: 'chart:Congestion window', text: 'CUBIC\'s window in segments: slow start, a cut at each loss, then the cubic growth back towards the last maximum.' },
      { target: 'chart:Receive throughput', text: 'What arrives at Los Angeles each second: close to the 1.5 Mb/s up-link most of the time, with dips after losses.' },
      { target: 'summary', text: 'Delivered bytes, the window and round trip, retransmissions and timeouts, and the ACKs overtaken when the route got shorter.' },
      { target: 'params', text: 'In Parameters, set the link rates to high (transfer.throughput) and restart: the same file takes about a second.' },
    ],
  },

  'tcp-iridium-ship-london-bulk': {
    paper: `${PAPER_004} (§5: unlimited bulk from an Atlantic ship to London, from 12h21)`,
    watch:
      'A CUBIC sender on a ship in the Atlantic sends to London without end, at 1.5 Mb/s. The delay chart marks every handover; compare those moments with the congestion window (its level follows the round trip) and the receive throughput.',
    found:
      'Paper 004 §5: in steady state the available goodput is fully used, the window evolves as CUBIC does over a fixed-delay link, and throughput drops appear at intra- and inter-orbital handovers, which change the route under the packets in flight. SkyQueue, 20 minutes from 12:21 UTC: the receive throughput holds at 1.477 Mb/s (the paper\'s 1.47 before its drops: 1.5 Mb/s of 1056-byte frames counted at their IP size), 3 intra-orbital and 2 inter-orbital handovers, about 1200 retransmissions, no timeout, and 7 ACKs reordered by route changes; the window changes at the handovers, but the receive throughput stays at the up-link\'s rate: after a cut CUBIC\'s window still exceeds the path\'s bandwidth-delay product, since every link queues up to 50 packets (ns-2\'s limit, 282 ms at 1.5 Mb/s), so the up-link never idles. At high throughput too (docs/REPRODUCTION.md): the drops are not reproduced.',
    next:
      'Set transfer.throughput to "high" and duration_s to 400: at the inter-orbital handover 264 s in, the delay falls from 41 to 10 ms and the reordering makes CUBIC cut its window, as paper 004 §5.4 describes, yet the second still carries the full rate (118.18 Mb/s counted at IP size): the buffers keep the up-link busy. Or set transfer.cc to "new-reno" and compare the window\'s shape.',
    tour: [
      { target: 'chart:Route one-way delay', text: 'The route\'s delay with each handover marked: a step at every change of access satellite or route.' },
      { target: 'chart:Congestion window', text: 'CUBIC\'s sawtooth: each loss cuts the window by 30 %, then it grows back along the cubic curve.' },
      { target: 'chart:Receive throughput', text: 'Flat at the up-link\'s rate (1.477 Mb/s counted at IP size): the sender\'s full buffer keeps the up-link busy through every handover, so the drops paper 004 saw do not appear here (docs/REPRODUCTION.md says why).' },
      { target: 'playback', text: 'The run lasts 21 minutes: choose 10x or 100x to see the handovers come.' },
    ],
  },

  'link-harq-lab': {
    paper: `${PAPER_002} (§3.3-3.5, Fig. 4: FEC, ARQ and HARQ-II over a bursty channel)`,
    watch:
      'Each IP packet becomes 47 LLDUs, one per 113 µs slot. The channel chart shades its Bad periods and plots the erased LLDUs; the grid in the panel is the packet at the head of the line: green cells arrived at once, blue ones were rebuilt from their block\'s repair LLDUs, red crossed ones wait for a repair round, which comes a round trip (500 ms) later and turns them amber.',
    found:
      'Paper 002 derives the throughput efficiency and recovery delay of each scheme from the chain\'s P(m, n) (§3.4-3.5) and finds them close to its trace-driven simulation (Fig. 5). SkyQueue simulates the link LLDU by LLDU and puts its own closed forms beside it: over this minute, efficiency 0.667 against 0.665 and LLDU recovery delay 293 ms against 296 ms; 0.8 % of the IP packets are lost after two rounds. Three of the paper\'s printed formulas disagree with the simulated chain (eqs. 1 and 4 and the ARQ delay; docs/REPRODUCTION.md).',
    next:
      'In Parameters set the reliability to ARQ (link.scheme): nothing is lost any more and 91 % of the link carries data, but a packet delivered in order now waits 1.4 s on average. Or set β to 0.98 (link.beta): bursts of 50 LLDUs, a third of everything erased.',
    tour: [
      { target: 'description', text: 'A 2.34 Mb/s link with a 500 ms round trip, as paper 002\'s GEO distribution scenario; the channel stays Good with α = 0.99 and Bad with β = 0.9.' },
      { target: 'summary', text: 'The head-of-line packet: each cell one LLDU. Choose 0.1× to watch an erased LLDU wait for its repair round.' },
      { target: 'chart:LLDUs erased', text: 'The shaded band is the share of slots in the Bad state; the line the share erased, beside the closed form p = (1 − α) / (2 − α − β), dashed.' },
      { target: 'chart:Throughput efficiency', text: 'Data LLDUs delivered per LLDU sent; the repair LLDUs cost 2 of every 7 slots even on a clean channel, so it never passes 5/7.' },
      { target: 'chart:LLDU recovery delay', text: 'Half a round trip for an LLDU that arrives at once, one and a half after a repair round; a whole IP packet waits for its slowest LLDU, and in order for every packet before it.' },
      { target: 'params', text: 'Switch link.scheme to FEC, ARQ or none and restart, or make the bursts longer with β (link.beta).' },
    ],
  },

  'link-fec-harq-fig5': {
    paper: `${PAPER_002} (§3.6.1, Fig. 5: analysis against simulation)`,
    watch:
      'FEC 10/12 on a channel with α = 0.99 and β = 0.9 for 500 s. The efficiency chart hovers around its closed form (dashed); the delay chart stays at the one-way 250 ms, since FEC never waits for a retransmission, but 41 % of the IP packets are lost.',
    found:
      'Paper 002 (Fig. 5): the closed forms fit its trace-driven tool over β from 0.1 to 0.98 (erasure probabilities 1 % to 33 %) for FEC 10/12 and HARQ-II 5/7. SkyQueue: its closed forms fit the LLDU-by-LLDU link within 0.4 % on that grid, efficiency and delay (an engine test holds them within 2 %); this run gives 0.761 against 0.761. The paper\'s eq. 1 as printed is not the efficiency it defines, and eq. 2 averages over every LLDU rather than those delivered (docs/REPRODUCTION.md).',
    next:
      'Open Sweep & compare, sweep β over 0.1 to 0.98 with FEC and HARQ-II: the two panels are Fig. 5\'s. Or sweep link.interleave (FEC policy only): spreading each burst over 8 codewords cuts the data never recovered from 8.7 % to 5.1 % at β = 0.9, over 64 to 2.4 %, for a few milliseconds more delay.',
    tour: [
      { target: 'description', text: 'Fig. 5\'s codes: FEC with 10 data and 2 repair LLDUs per block, HARQ-II with 5 and 2, a 500 ms round trip.' },
      { target: 'chart:Throughput efficiency', text: 'Data LLDUs delivered per LLDU sent, each point a 0.5 s bucket, with the closed form dashed.' },
      { target: 'summary', text: 'Measured beside closed form: erasures, efficiency, delay, the data never recovered, and the paper\'s own delay formula as printed.' },
      { target: 'sweep', text: 'Sweep link.beta with the FEC and HARQ-II policies: efficiency and delay against β, the closed forms dashed beside the points, as in Fig. 5.' },
    ],
  },

  'link-fec-arq-harq-fig6': {
    paper: `${PAPER_002} (§3.6.2, Fig. 6: FEC, ARQ and HARQ-II compared)`,
    watch:
      'HARQ-II with blocks of 38 data and 13 repair LLDUs on a channel with α = 0.98 and β = 0.8. Most blocks decode at once; the repair rounds show as LLDUs sent again, and the delay chart rises a round trip whenever a burst beats the 13 repair LLDUs.',
    found:
      'Paper 002 §3.6.2: with few erasures ARQ performs better, as it sends no useless repair LLDUs; with frequent ones HARQ-II introduces less delay thanks to its first repair LLDUs. SkyQueue (500 s runs, seed 1): ARQ\'s efficiency stays above HARQ-II\'s over the whole range (0.978 against 0.745 at β = 0.1, 0.778 against 0.658 at β = 0.93), and HARQ-II\'s delay stays below ARQ\'s (354 against 393 ms at β = 0.93), while FEC alone loses 18 % of the data there. The paper\'s stated erasure range (1 to 30 %) does not follow from α = 0.98 by its eq. 3 (2.2 to 22 %).',
    next:
      'Sweep β over 0.1, 0.5, 0.8, 0.93 with FEC, ARQ and HARQ-II. Then set link.harq_rounds to 1 or link.harq_ns to 4 and compare HARQ-II\'s loss and efficiency.',
    tour: [
      { target: 'description', text: 'Fig. 6\'s code (38 + 13 LLDUs, at most 2 repair rounds) on a burstier channel than Fig. 5\'s.' },
      { target: 'chart:LLDUs erased', text: 'Erased LLDUs and LLDUs sent again: HARQ-II resends only when a block cannot decode, about 1 % of the slots here.' },
      { target: 'chart:IP packets lost', text: 'Blocks still short after two rounds lose their erased data, and the IP packets holding it: 0.2 % of them here.' },
      { target: 'sweep', text: 'Sweep link.beta with FEC, ARQ and HARQ-II: the efficiency and delay panels are Fig. 6\'s, the closed forms dashed.' },
    ],
  },

  'link-tcp-distribution': {
    paper: `${PAPER_002} (§4-5, Fig. 8, Tables 1-2: TCP over ARQ and HARQ-II in the Distribution scenario)`,
    watch:
      'One CUBIC upload over the 2.34 Mb/s link with ARQ. Each erased LLDU holds its IP packet back a round trip; the receiver\'s SACKs show a hole meanwhile and the sender retransmits a packet that is still coming: watch the congestion window fall at each fade, and the goodput climb back.',
    found:
      'Paper 002 Fig. 8: NewReno and Compound stay well below the link\'s rate, CUBIC, Hybla and Westwood reach it with ARQ, and with HARQ(X/Y) their rate is multiplied by X/Y; Table 1: CUBIC retransmits 2.2 % of its segments over ARQ, 0.8 % over HARQ(10/12), 0.14 % over HARQ(10/15); Table 2: Hybla\'s packets wait far longer than CUBIC\'s (85 % within 8.6 s against 2.4 s). SkyQueue, 200 s, seed 1, CUBIC cutting its window to 0.8 as the paper\'s Linux does: CUBIC 1.93 Mb/s, NewReno 0.55, Compound 0.76, Hybla 2.21, Westwood+ 1.69 (means over seeds 1-5: 1.91, 0.62, 0.79, 2.21, 1.75), and Hybla with HARQ(10/12) 1.84 Mb/s, 10/12 of its ARQ rate; Hybla 85 % within 4.7 s, CUBIC 0.78 s. Not reproduced here: HARQ does not cut CUBIC\'s retransmissions (1.3 % with every scheme), because this physical layer erases whole 36 ms spans. With link.phy_model set to faded (a modelled physical layer) Table 1\'s order appears (ARQ 10.4 %, HARQ(10/12) 1.7 %, HARQ(10/15) 0.2 %, seeds 1-5), but its sparse erasures stall CUBIC over ARQ, against Fig. 8 (docs/REPRODUCTION.md).',
    next:
      'In Parameters set the TCP congestion control (link.tcp_cc) to new-reno or compound, then hybla, and compare goodput and delays. Or set link.scheme to harq (10/12) and watch the goodput fall to 10/12 of the link.',
    tour: [
      { target: 'description', text: 'A mobile uploads over a GEO satellite at 2.34 Mb/s; 1 % of the LLDUs are erased, in bursts as long as the 36 ms physical interleaver; ARQ repairs each a round trip later.' },
      { target: 'chart:TCP congestion window', text: 'CUBIC\'s window: each fade sends a SACK hole back, a spurious retransmission and a cut; the cubic curve climbs back within seconds.' },
      { target: 'chart:TCP goodput', text: 'What reaches the receiver in order each second, near the link\'s 2.34 Mb/s between fades.' },
      { target: 'summary', text: 'The TCP table: goodput, the share of segments retransmitted (Table 1), and the delays within which 85 % and 99 % of the packets arrived (Table 2).' },
      { target: 'params', text: 'Try another TCP (link.tcp_cc) or HARQ-II (link.scheme) and restart.' },
    ],
  },

  'link-tcp-internet-100kb': {
    paper: `${PAPER_002} (§6, Fig. 10, Table 3: the Interleaved Internet scenario)`,
    watch:
      'A 100 kB download at 263 kb/s, one LLDU per millisecond, with about 5 % of them erased at Es/N0 6 dB. Watch the window\'s slow start stall at each fade and the file arrive after about six seconds.',
    found:
      'Paper 002 Table 3 (CUBIC, 200 runs): ARQ 9.8 / 7.1 / 5.4 / 4.8 s and HARQ(10/12) 7.3 / 5.4 / 5.2 / 5.1 s at 5 / 6 / 7 / 8 dB: HARQ-II pays when erasures are frequent, ARQ when they are rare. SkyQueue (CUBIC\'s β 0.8 as in the paper): this run takes 5.11 s with ARQ and 5.83 s with HARQ(10/12). With the substitute\'s solid fades ARQ is the faster at every Es/N0 (over 50 runs: 5.8 / 4.4 / 3.8 / 3.6 s against 6.5 / 5.0 / 4.5 / 4.2 s); with fades that erase one LLDU in five (link.erase_bad 0.2) HARQ-II wins at 5 dB (8.1 s against 11.1 s) and ARQ at 8 dB (4.3 against 4.4 s), the paper\'s ordering; with the modelled physical layer (link.phy_model faded) HARQ-II wins at 5 dB too (8.3 s against 12.0 s), and also at 8 dB, where the paper has ARQ ahead (docs/REPRODUCTION.md).',
    next:
      'Open Sweep & compare, choose Es/N0 (link.es_n0_db) over 5, 6, 7, 8 with ARQ and HARQ-II and 20 seeds: the download times are Table 3\'s rows. Then set link.erase_bad to 0.2, or the physical layer (link.phy_model) to the modelled one, and sweep again.',
    tour: [
      { target: 'description', text: 'Table 3\'s download: 100 kB over 263 kb/s, each user getting one LLDU slot in ten of the carrier.' },
      { target: 'chart:TCP congestion window', text: 'Slow start from 10 segments; each erased LLDU delays its packet a round trip and may cost a cut.' },
      { target: 'summary', text: 'The TCP table: the download time, retransmissions and delays.' },
      { target: 'sweep', text: 'Sweep Es/N0 with ARQ and HARQ-II: the download time against Es/N0, Table 3 for CUBIC.' },
    ],
  },

  'dccp-g711': {
    paper: `${PAPER_003} (§IV-VI, Tables II, IV, V, Fig. 2: one G.711 call)`,
    watch:
      'The first chart: the application\'s 78 kb/s beside the rate TFRC allows. For the first seconds TFRC allows one packet per second, then doubles once per 1 s round trip, and the call\'s packets overflow the five-packet sender buffer; the losses chart counts them as lost between application and transport.',
    found:
      'Paper 003 Table II (IPSTAR, 10-minute calls): G.711 loses 2.01 % with CCID4 and 0.15 % with UDP, most of CCID4\'s between application and transport; Table IV: CCID4-N 0.44 %, CCID4-SCA 0.15 %. SkyQueue, over seeds 1-5: CCID4 1.93 % (1.61 % between application and transport), UDP 0.13 %, CCID4-N 0.44 %, CCID4-SCA 0.29 %; MOS 2.62, 3.93, 3.67 and 3.79 (docs/REPRODUCTION.md).',
    next:
      'Open Sweep & compare with the four transports and sweep the codec (dccp.codec over g711, g729, speex): Tables II and IV side by side. Or sweep the round trip (dccp.rtt_ms): at 100 ms CCID4 hardly loses anything.',
    tour: [
      { target: 'description', text: 'One G.711 call over a GEO path: a one-second round trip, a shared access that grants capacity in frames and loses 0.1 % of them, a 400 ms playout buffer.' },
      { target: 'chart:Rate TFRC allows', text: 'The application\'s rate and the rate TFRC allows: where the allowed rate is below, packets are dropped before they reach the network.' },
      { target: 'chart:Lost between application', text: 'Lost between application and transport, on the link, or too late to play: paper 003 counts the three apart.' },
      { target: 'summary', text: 'The losses by cause, jitter, R and MOS, and TFRC\'s state.' },
      { target: 'sweep', text: 'Compare CCID4, CCID4-N, CCID4-SCA and UDP on the same calls.' },
    ],
  },

  'dccp-speex-dtx': {
    paper: `${PAPER_003} (§IV-V, Tables II and IV: Speex with silence suppression)`,
    watch:
      'The shaded band marks the talk spurts. At the start of each, the application\'s rate jumps while TFRC\'s allowed rate still carries the silence\'s low receive rate: the sender\'s buffer overflows, and the losses chart shows a burst lost between application and transport.',
    found:
      'Paper 003: Speex with DTX loses 17.3 % with CCID4 against 0.1 % with UDP ("the VoIP packet losses will occur whenever there is transition from no speech to speech"); CCID4-N 0.16 %, CCID4-SCA 0.1 %. SkyQueue, over seeds 1-5: CCID4 7.87 % (6.71 % between application and transport), UDP 0.14 %, CCID4-N 0.41 %, CCID4-SCA 0.29 %; the order is the paper\'s, the CCID4 loss under half of it (docs/REPRODUCTION.md).',
    next:
      'Set dccp.transport to ccid4-n: the initial rate of eq. 6 and ten reports per round trip cut the loss tenfold. Then try dccp.buffer_pkts 20: a bigger sender buffer trades the loss for lateness.',
    tour: [
      { target: 'description', text: 'Speex at 8 kb/s, sending nothing in silences: talk spurts of about a second, silences of about a second and a half (ITU-T P.59).' },
      { target: 'chart:Rate TFRC allows', text: 'Shaded: a call talking. The allowed rate lags each spurt by a round trip.' },
      { target: 'chart:Lost between application', text: 'Each spurt\'s first frames lost between application and transport.' },
      { target: 'chart:MOS', text: 'The MOS of the last ten seconds: it dips with every lossy spurt.' },
    ],
  },

  'dccp-g711-12calls-tcp': {
    paper: `${PAPER_003} (§VII, Table VI: fairness to TCP)`,
    watch:
      'Twelve G.711 calls in one flow and a TCP download share the 1 Mb/s link. The first chart: the flow\'s delivered rate and TCP\'s goodput settle near half each under CCID4.',
    found:
      'Paper 003 Table VI (Jain\'s index of the two flows): with 12 G.711 calls, CCID4 0.9997 and UDP 0.74; with a flow at the nominal link rate, CCID4 0.985 and UDP 0.5. SkyQueue, over seeds 1-5: CCID4 0.997 (476 kb/s against 429), UDP 0.716 (795 against 180); a constant 1 Mb/s flow gives 0.90 and 0.50. TCP here is NewReno; with CUBIC at this one-second round trip CCID4 gets about a seventh of the link and the index falls to about 0.65 (docs/REPRODUCTION.md).',
    next:
      'Set dccp.transport to udp and restart: the calls take what they need and TCP gets the rest. Set dccp.tcp_cc to cubic to see TFRC\'s equation lose to a TCP it was not modelled on.',
    tour: [
      { target: 'description', text: 'Table VI\'s first row: 12 G.711 calls (798 kb/s) beside one TCP download on a 1 Mb/s, one-second path.' },
      { target: 'chart:Rate TFRC allows', text: 'The voice flow\'s delivered rate beside TCP\'s goodput.' },
      { target: 'summary', text: 'Jain\'s index of the two received rates, and the price the calls pay.' },
    ],
  },

  'walker-delta-53': {
    paper: `No paper: a contrast case for paper 004 (Boubaker et al.) — a Starlink-like 53° Walker delta shell`,
    watch:
      "240 satellites in 12 planes at 550 km, inclined 53°, with planes spread over 360°: there is no red seam on the globe. The 'One-way delay' chart from Toulouse to New York has handover markers but no seam plateaus, and 'Separated by the seam' stays at 0.",
    found:
      "Paper 004 traces Iridium's largest delay jumps to the seam of a polar star constellation (86.4°, planes over 180°), where neighbouring planes move in opposite directions. In a delta shell neighbouring planes always move the same way, so SkyQueue counts no seam handover and no seam separation. The price is coverage: at 53° the satellites never pass over the poles. docs/REPRODUCTION.md has no measured table for this shell: read the delay and the handover counts off the summary, and compare the 'intra-orbital every' value with Iridium's 9.5 to 11.1 min.",
    next:
      'Set the "To" site under the globe to McMurdo Station (77.85° S): the shell never serves it, so there is no route and no delay. Or open "Iridium: Atlantic ship to London" and pick Toulouse and New York there, to compare the same pair over a constellation with a seam.',
    tour: [
      { target: 'globe', text: 'No red seam line: all planes are inclined 53° and spread round the Earth, so neighbouring planes move the same way. Note that no satellite goes beyond about 53° of latitude.' },
      { target: 'chart:One-way delay', text: 'The delay still changes at every handover and ISL change, but there are no long polar detours like those of the Iridium presets.' },
      { target: 'chart:Separated by the seam', text: 'Always 0: without counter-rotating planes there is nothing to separate the two ends.' },
      { target: 'summary', text: "Seam handovers and seam separations stay at 0. Compare the 'intra-orbital every' value with Iridium's 9.5-11 min: satellites at 550 km cross the sky faster than at 780 km." },
      { target: 'preset', text: 'Switch to an Iridium preset to compare: same kind of charts, but with the seam.' },
    ],
  },

  'voip-leo-codes': {
    paper: `${PAPER_000} (§§IV-VI, Table II, Figs. 3-14)`,
    watch:
      '75 VoIP calls go from a server at the Hawaii gateway across the constellation to the satellite over New Delhi, which shares one fading Land Mobile Satellite link among 75 mobile receivers. Watch the SNR traces dip when a receiver is shadowed, the latency and jitter this causes, and the cause of each loss.',
    found:
      "Paper 000: PF scheduling gives the highest throughput and spectral efficiency but higher jitter; with 75 users DT_S (one small FIFO) loses over 20 % of packets and PF about 3 %; the link saturates between 75 and 100 users; CoDeS (PF plus a 100 ms timeout) lowers PF's latency and jitter at about the same loss. SkyQueue with this preset (75 users, the paper's buffer rule with the flows' 200 ms round trip), means over seeds 1-5: 4360 kb/s, 101.7 ms latency, 11.4 ms jitter, 2.1 % loss (all HARQ failures), MOS 3.99; with voip.policy dt-s 23.9 % loss and MOS 1.61. At this rule each call's queue holds one packet and, at 50 km/h, a shadowed receiver's fading brings it a good moment within a few tens of milliseconds, so almost no packet waits 100 ms and CoDeS does what PF does, even at 125 users: the paper's CoDeS finding does not appear here (docs/REPRODUCTION.md shows it appearing at the same rule on a nearly static channel, at the cost of Table II). HARQ: 61.9 % decoded without retransmission, 2.1 % dropped (paper Table II for PF: 44.9 % and 0.4 %).",
    next:
      'Set voip.policy to "dt-s": the loss jumps to about 24 %, all but 2 points of it queue overflow. Then open the preset "VoIP over LEO: CoDeS against PF with long queues" to see CoDeS act, or raise voip.flows to 125 to saturate the link.',
    tour: [
      { target: 'globe', text: "Paper 000's constellation (66 satellites at 800 km) and the route from the Hawaii gateway to the satellite over New Delhi; its delay, about 60-90 ms, is the first part of every packet's latency." },
      { target: 'chart:SNR receiver', text: 'The SNR of three receivers: each has its own shadowing and fast fading. In the deep dips a packet needs HARQ retransmissions, or fails.' },
      { target: 'chart:One-way latency', text: 'Latency from the server to the receivers and RFC 3550 jitter, averaged over all calls.' },
      { target: 'chart:Lost:', text: 'Losses by cause: queue overflow, CoDeS timeout and HARQ failure. Here only HARQ failures occur; the timeout line stays at 0 because each queue holds a single packet that never waits 100 ms.' },
      { target: 'summary', text: "R and MOS, throughput, losses by cause and spectral efficiency, with the HARQ table to compare with paper 000 Table II (PF at 75 users: 44.89 % decoded without retransmission, 0.39 % dropped)." },
      { target: 'sweep', text: "'Sweep & compare' reruns the scenario over the number of flows (or the timeout, reference SNR or buffer RTT) for the five policies and draws paper 000's curves with 95 % confidence bars." },
    ],
  },

  'voip-leo-codes-long-queues': {
    paper: `${PAPER_000} (§VI, Figs. 9-13)`,
    watch:
      "125 calls, more than the fading LMS link can carry, with queues 15 times the paper's buffer rule (voip.rtt_ms 3000; SkyQueue's choice so that packets can wait past the timeout). Watch the latency and the losses by cause: CoDeS drops the packets that waited over 100 ms, freeing room for fresh ones.",
    found:
      "Paper 000 (Figs. 9, 11): CoDeS lowers PF's latency and jitter at about the same total loss, its drops being timeouts where PF's are overflows; a 200 ms timeout gives more jitter than 100 ms, 50 ms slightly more loss (Figs. 12-13). SkyQueue with this preset (seed 1): CoDeS 146.7 ms latency, 5.22 % loss (all timeouts, no overflow), MOS 2.97; PF 280.3 ms, 5.16 % loss (all overflow), MOS 2.23. Over 5 seeds the jitter is 6.5 ms with CoDeS against 8.8 ms with PF, and the timeouts of 50 / 100 / 200 ms order as in Figs. 12-13 (docs/REPRODUCTION.md). At the paper's own buffer rule none of this appears: see the preset 'VoIP over LEO: CoDeS on a fading LMS last hop'.",
    next:
      'Set voip.policy to "pf" and run again: same loss, twice the latency, and the timeout line falls to 0 while overflow takes its place. Then try voip.codes_timeout_ms 50 and 200 with "codes".',
    tour: [
      { target: 'description', text: "Why these queues are longer than the paper's rule: at the rule each call's queue holds one packet, almost no packet waits 100 ms, and CoDeS cannot differ from PF." },
      { target: 'chart:One-way latency', text: 'Latency and jitter. With CoDeS no packet sits in a queue much longer than the 100 ms timeout; switch to PF to see the latency double.' },
      { target: 'chart:Lost:', text: 'Losses by cause. With CoDeS they are timeouts; with PF the same number of packets is lost to queue overflow instead.' },
      { target: 'summary', text: 'Loss, latency, jitter and MOS: compare them between "codes" and "pf" at the same total loss.' },
      { target: 'sweep', text: "'Sweep & compare' over voip.codes_timeout_ms (50, 100, 200) or voip.flows with several seeds draws Figs. 9-13's curves with confidence bars." },
    ],
  },

  'pss-b1-known-ef': {
    paper: `${PAPER_001} (§2.4 and §4.1.1, Fig. 5)`,
    watch:
      'A 20 Mb/s GEO router (RTT 500 ms): one EF flow at 10 Mb/s goes first by strict priority, and 10 CUBIC flows in AF and 10 in CS0 share the other 10 Mb/s through PSS. Watch the AF credit climb to L_M while AF sends and fall while it waits (the shading marks AF at high priority), and the AF and CS0 rates settle on their theory lines.',
    found:
      'Paper 001 (Fig. 5): when the EF rate is the one expected, PSS with parameters computed from WRR weights gives the same rates as DWRR: AF gets K_AF (C − R_EF) (eq. 1) and CS0 the rest (eq. 6). Here the weights are 20/20, so K_AF = 0.5 and AF and CS0 should each get 5 Mb/s. SkyQueue (100 s, 10 s warm-up): AF 4.98 and CS0 5.02 Mb/s against 5.00 and 5.00; over K_AF = 0.2 to 0.8 both PSS and DWRR stay within 0.05 Mb/s of theory. Inside each class the 10 TCP flows share unevenly (Jain index well below 1); the paper reports class rates only.',
    next:
      'Set diffserv.sharing to "dwrr": the class rates should hardly change, since PSS and DWRR agree when EF is as expected (both 5.00 Mb/s in docs/REPRODUCTION.md). Then open "PSS keeps AF steady when EF differs from expected" (B2), where they do not.',
    tour: [
      { target: 'description', text: 'EF (real-time) traffic has strict priority; PSS decides how AF and CS0 share what EF leaves, using a credit counter instead of round-robin weights.' },
      { target: 'chart:AF credit', text: "The credit with its L_M and L_R lines (L_R = 0 on a fixed link); AF has high priority in the shaded spans. Press 'zoom: last 5 s' to see each climb and fall: it switches many times per second." },
      { target: 'chart:AF rate', text: 'Class output rates measured over 1 s, as in the paper: EF at 10 Mb/s, AF and CS0 near their theory lines at 5 Mb/s each.' },
      { target: 'summary', text: 'Measured rates beside eqs. 7 and 8, the PSS parameters BW, L_M and L_R in the caption, and every flow\'s goodput with the Jain index per class.' },
      { target: 'sweep', text: "'Sweep & compare' varies K_AF (or the EF rate) for PSS and DWRR and draws eqs. 1 and 6-8 dashed beside the measured points, as in Fig. 5." },
    ],
  },

  'pss-b2-unknown-ef': {
    paper: `${PAPER_001} (§4.1.2, eqs. 7-8, Fig. 6)`,
    watch:
      'The same router as B1, but EF sends 5 Mb/s while PSS was set up for 10 Mb/s. Watch AF stay at its planned 5 Mb/s while CS0 takes the 5 Mb/s that EF leaves unused.',
    found:
      "Paper 001 (Fig. 6): a WRR scheduler shares whatever EF leaves, so AF follows the EF traffic (eq. 1); PSS keeps AF at K_AF (C − R_EF^exp) as long as EF leaves room (eq. 7), and CS0 absorbs the difference (eq. 8). SkyQueue: with PSS, AF 5.05 Mb/s against 5.00 and CS0 9.95 against 10.00; with DWRR, AF 7.55 against 7.50 and CS0 7.45 against 7.50.",
    next:
      'Set diffserv.sharing to "dwrr" and watch AF rise to about 7.5 Mb/s. Or set diffserv.ef_bps to 15000000 and diffserv.k_af to 0.8: PSS plans 8 Mb/s for AF but EF leaves only 5, so AF is capped at C − R_EF = 5 Mb/s and CS0 gets nothing (measured 5.00 and 0.00 Mb/s).',
    tour: [
      { target: 'description', text: 'PSS was configured for 10 Mb/s of EF; the EF flow actually sends 5 Mb/s. Who gets the spare 5 Mb/s?' },
      { target: 'chart:AF rate', text: 'AF stays near 5 Mb/s (eq. 7) and CS0 rises to about 10 Mb/s (eq. 8): the unexpected capacity goes to CS0, and AF keeps a predictable rate.' },
      { target: 'chart:AF credit', text: 'BW and L_M were computed for 10 Mb/s of EF and do not change when EF sends less, so the credit still holds AF to its planned share.' },
      { target: 'summary', text: 'AF and CS0 measured beside eqs. 7 and 8; switch to DWRR and they are compared with eqs. 1 and 6 instead.' },
      { target: 'sweep', text: "Sweep 'EF rate, PSS expecting ef_expected_bps' for PSS and DWRR: the AF curve stays flat under PSS and falls under DWRR as EF grows (Fig. 6)." },
      { target: 'params', text: 'In Parameters, set the AF/CS0 sharing (diffserv.sharing) to Deficit Weighted Round Robin and restart to see AF follow the EF traffic instead.' },
    ],
  },

  'pss-b3-variable-memory': {
    paper: `${PAPER_001} (§2.3 and §4.2, Figs. 7-10)`,
    watch:
      "The link swings between 14 and 26 Mb/s and EF between 6 and 24 Mb/s, so at times EF leaves AF nothing. Watch the AF credit sink below the L_R line while AF starves and climb back while AF catches up at high priority (shaded), and AF's mean rate against its 4.2 Mb/s target.",
    found:
      "Paper 001 (Figs. 7-8): even knowing the average capacity and EF rate, PSS without memory misses AF's target, more so when EF takes a large share; the §2.3 credit memory (L_R = T C_avg BW, T = 15 s the capacity's period) remembers starvation and lets AF catch up, at CS0's expense. SkyQueue (EF_avg = 0.75 C_avg, K_AF = 0.81, this run): AF 3.43 Mb/s, 81 % of its 4.21 Mb/s target, against 2.68 Mb/s without memory (on average over seeds 1-10: 3.69 and 2.58); CS0 falls from 1.95 to 0.63 Mb/s; the credit sinks to 10.0 of 63.2 Mbit while AF starves. Not all the gap is made up: when C(t) − EF(t) stays below 0 for seconds, the TCP flows time out.",
    next:
      'Open "Vanilla PSS on a varying satellite link" (AF about 2.7 Mb/s at seed 1, Fig. 7). Or set diffserv.ef_bps and diffserv.ef_expected_bps to 5000000 and diffserv.pss_above_average to false: AF overshoots its 12.63 Mb/s target and CS0 gets less (Fig. 9; 13.20 and 1.69 Mb/s on average over seeds 1-10); with pss_above_average back to true AF overshoots less (13.00, CS0 1.85; Fig. 10(b)). The difference is smaller than the spread between seeds (at seed 1 it even reverses), so compare averages over several seeds (docs/REPRODUCTION.md).',
    tour: [
      { target: 'chart:link capacity', text: 'The link capacity C(t) (period 15 s) and the EF offered rate EF(t) (period 6.1 s). When EF(t) comes close to C(t), AF and CS0 get almost nothing.' },
      { target: 'chart:AF credit', text: 'With the memory, L_R is large (about 63 Mbit). The credit sinks below L_R while AF is starved with packets waiting, and climbs back while AF sends at high priority (shaded).' },
      { target: 'chart:AF rate', text: "AF, CS0 and EF rates, with AF's theory line: eq. 7 evaluated with C(t) and EF(t) at each instant. After a starvation period AF rises above that line to catch up." },
      { target: 'summary', text: "AF's mean rate beside the 'AF target BW C_avg' row (4.21 Mb/s), the credit's range and the number of priority switches." },
      { target: 'preset', text: 'Switch to "Vanilla PSS on a varying satellite link": same link and traffic, no memory.' },
      { target: 'sweep', text: "Sweep 'L_R [bits] (B3: memory size)' for PSS and DWRR: how much memory does AF need to approach its target, and what does CS0 lose?" },
    ],
  },

  'pss-b3-variable-vanilla': {
    paper: `${PAPER_001} (§4.2.1, Figs. 7-8)`,
    watch:
      "The same varying link and EF traffic as the memory preset, with the PSS of a fixed link: the credit saw-tooths between 0 and a small L_M, and each starvation period is forgotten. AF's rate drops whenever C(t) − EF(t) is low, and when capacity returns AF only goes back to its target rate without making up the gap; the rest goes to CS0.",
    found:
      "Paper 001 (Figs. 7 and 8(a)): without the memory mechanism PSS is not robust and its guarantees are weaker, the more so as EF takes a larger share. SkyQueue (EF_avg = 0.75 C_avg, this run): AF 2.68 Mb/s, 36 % below its 4.21 Mb/s target and close to the 2.50 Mb/s that eq. 7 allows instant by instant; the same link with the memory gives 3.43 Mb/s (on average over seeds 1-10: 2.58 and 3.69). With EF_avg at 0.25 and 0.5 C_avg this vanilla PSS gets 12.34 and 6.89 Mb/s on average against targets of 12.63 and 8.42.",
    next:
      'Set diffserv.pss_credit_memory to true (L_R then becomes T C_avg BW, about 63 Mbit) and compare AF\'s mean rate with this run (3.33 Mb/s at this seed, 3.48 on average over seeds 1-10 in docs/REPRODUCTION.md). Or set diffserv.sharing to "dwrr" (3.01 Mb/s).',
    tour: [
      { target: 'description', text: 'Vanilla PSS: L_R is only L_max BW (about 2.5 kbit, a fraction of one packet), so there is no room to remember a deficit.' },
      { target: 'chart:AF credit', text: 'The credit saw-tooths between 0 and L_M (about 0.15 Mbit, against 63 Mbit with the memory). Compare with the memory preset\'s credit chart.' },
      { target: 'chart:link capacity', text: 'C(t) and EF(t): the same cosines as in the memory preset. AF starves whenever EF(t) comes close to C(t).' },
      { target: 'chart:AF rate', text: "AF follows its theory line (eq. 7 at each instant), which is well below the target: the lost time is never made up." },
      { target: 'summary', text: "AF's mean rate beside the 4.21 Mb/s 'AF target BW C_avg'." },
      { target: 'preset', text: 'Switch to "PSS on a varying satellite link, with credit memory" to see the credit dip below L_R and AF catch up.' },
    ],
  },
};

/** The guide of a preset id, or null. */
export function guideFor(id: string): PresetGuide | null {
  return Object.prototype.hasOwnProperty.call(GUIDES, id) ? GUIDES[id] : null;
}
