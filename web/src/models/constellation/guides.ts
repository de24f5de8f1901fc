/**
 * The constellation's presets, in the order a course meets them (Iridium's seam from a ship, then
 * the Hawaii gateway, then a delta shell without a seam), each with its classroom guide.
 *
 * The numbers are the papers' and those of docs/REPRODUCTION.md (or the closed forms the summary
 * shows); keep them in step when either changes.
 */
import { PAPER_004 } from '../../scenario/papers';
import type { PresetGuide } from '../types';

/** The model's presets (their files in examples/, without `.json`) in teaching order. */
export const PRESETS = ['iridium-ship-london', 'iridium-la-hawaii', 'walker-delta-53'];

/** What to watch, what was found, what to try next and a tour of the screen, for each preset. */
export const GUIDES: Record<string, PresetGuide> = {
  'iridium-ship-london': {
    paper: `${PAPER_004} (§2.3, Fig. 4)`,
    watch:
      'The Iridium constellation (66 satellites, 6 planes, 780 km) turning for 24 h: the red dashed ' +
      'seam between counter-rotating planes, cross-plane links going grey near the poles, and the ' +
      "route from a ship in the Atlantic to London. The 'One-way delay' chart marks every handover " +
      'by type; twice in the day the delay jumps above 100 ms while the route detours over a pole.',
    found:
      'Paper 004 names five sources of delay variation (Fig. 4): satellite elevation (2.6 to 8.2 ms per ' +
      'up or down link), intra-orbital handovers about every 10 min, inter-orbital handovers about every ' +
      '2 h, the seam (the two ends are separated at least twice and at most three times a day) and ISL ' +
      "changes. SkyQueue over 24 h, with the ISL settings of ns-2's Iridium model that the paper ran " +
      '(cross-plane links off above 60°, same-index partners), shows all five: 303 intra-orbital handovers over ' +
      'both ends (one every 9.5 min at each end), 24 inter-orbital, 2 seam handovers and 165 ISL changes; ' +
      'one-way delay 9.6 / 42.4 / 137.1 ms (min / mean / max), 30.8 ms on average outside the seam and ' +
      '104.1 ms across it (docs/REPRODUCTION.md, "Measured against paper 004", sets each beside the ' +
      "paper's; not scored). The paper does not give the ship's position; SkyQueue puts it at 45° N 30° W.",
    next:
      'In the editor set constellation.seam_isls to true (a teaching option: real Iridium has ' +
      "no links across the seam) and watch the polar detours disappear. Or switch to SkyQueue's " +
      'own ISL defaults (constellation.polar_cutoff_deg 68, constellation.isl_pairing "ahead"): ' +
      'the route changes 219 times a day instead of 165 (docs/REPRODUCTION.md, "ISL settings").',
    tour: [
      {
        target: 'globe',
        text:
          'Satellites are coloured by plane and outlined in white while moving north. The red dashed line ' +
          'labelled "seam" separates the two planes that move in opposite directions: no links cross it.',
      },
      {
        target: 'playback',
        text: 'Constellation presets start at 100×. Choose 1000× to see the whole day in about 90 seconds.',
      },
      {
        target: 'chart:One-way delay',
        text:
          'The delay from the ship to London, with each handover marked by type: ' +
          'intra-orbital, inter-orbital, seam or ISL change. When the seam separates the ' +
          'two ends the delay jumps to a long plateau above 100 ms (twice in this day).',
        wait: { event: 'seam-enter', at_s: 19521, what: 'the first seam separation' },
      },
      {
        target: 'chart:Separated by the seam',
        text:
          'This is 1 while the two ends are on opposite sides of the ' +
          'seam: it lines up with the plateaus in the delay chart.',
        wait: { event: 'seam-enter', at_s: 19521, what: 'the first seam separation' },
      },
      {
        target: 'summary',
        text:
          "The pair's delay, hops and handover counts so far, with the event log " +
          'below. Compare with paper 004: an intra-orbital handover about every ' +
          '10 min, a plane change about every 2 h, 2 or 3 seam separations a day (not scored: ' +
          "docs/REPRODUCTION.md sets them beside SkyQueue's 9.5 to 11.1 min, 2 h and 2 or 3).",
      },
      {
        target: 'params',
        text:
          'In Parameters, tick "Links across the seam" (constellation.seam_isls) and ' +
          'restart: the route can now cross the seam, and the detours over the pole vanish.',
      },
    ],
  },

  'iridium-la-hawaii': {
    paper: `${PAPER_004} (§4.1, Fig. 6, and Table 4: Los Angeles – Hawaii)`,
    watch:
      "The route from Los Angeles to Iridium's gateway in Hawaii, the server of paper 004. " +
      'Most of the day the route is short; while the seam separates the two sites it has to go over ' +
      'a pole and the one-way delay roughly triples. Count the inter-orbital handovers ' +
      'in the event log: low-latitude sites bounce between two planes at each change of plane.',
    found:
      'Paper 004 (Table 4): a 9 kB CUBIC download between Los Angeles and Hawaii took 90.35 ms on average ' +
      'outside the seam and 179.43 ms when the seam separated the ends, a 98 % increase, while ' +
      "a 15 MB file hardly changed (89.67 s against 91.02 s). SkyQueue's transfers (skyqueue calc transfer; " +
      'the TCP presets run them in the browser) take 89.0 ms and 174.1 ms for 9 kB (reproduced), 84.5 s and ' +
      "85.0 s for 15 MB (in kind: 6 % below the paper's levels, the ratio reproduced; means over seeds 1-5, " +
      "docs/REPRODUCTION.md § Paper 004); the delay behind them, with ns-2's ISL settings as in the " +
      'paper: 32.4 ms one way outside the seam, 112.5 ms across it; over 24 h 19.1 / 49.6 / 140.0 ms (min / mean / max), ' +
      '2 seam separations, and 24 plane changes made of 96 inter-orbital handovers.',
    next:
      'Set the "From" site under the globe to New Delhi: paper 004 found the smallest seam effect there ' +
      "(9 kB in 124 ms outside the seam, 144 ms across it, +15.6 %; SkyQueue's transfers +19.1 %, " +
      'reproduced), and in SkyQueue the seam adds about 20 ms there ' +
      'too (64.9 ms one way outside it, 84.5 ms across; 51.3 / 78.5 / 109.7 ms over 24 h), far less than from ' +
      'Los Angeles. Or open the Atlantic ship – London preset to see all five sources of delay variation.',
    tour: [
      {
        target: 'description',
        text:
          'Los Angeles is close to the Hawaii gateway, so the seam hurts most ' +
          'here: the detour over a pole is long compared with the direct route.',
      },
      {
        target: 'globe',
        text:
          "The two sites, their access satellites' footprints (yellow circles) and the route " +
          'glowing yellow. When the seam passes between them the route swings over a pole.',
        wait: { event: 'seam-enter', at_s: 1884, what: 'the first seam separation' },
      },
      {
        target: 'chart:One-way delay',
        text:
          'About 20-45 ms for most of the day; the plateaus above 100 ms are ' +
          'the seam separations (paper 004: at least two, at most three a day; not scored, SkyQueue finds 2).',
        wait: { event: 'seam-enter', at_s: 1884, what: 'the first seam separation' },
      },
      {
        target: 'summary',
        text:
          'Handovers intra / inter / seam / ISL change. There are many more inter-orbital handovers than ' +
          'plane changes (96 against 24 over the day): the access satellite bounces between two planes.',
      },
      { target: 'playback', text: 'Choose 1000× to cover the 24 hours in about 90 seconds.' },
    ],
  },

  'walker-delta-53': {
    paper: `No paper: a contrast case for paper 004 (Boubaker et al.) — a Starlink-like 53° Walker delta shell`,
    watch:
      '240 satellites in 12 planes at 550 km, inclined 53°, with planes spread over 360°: ' +
      "there is no red seam on the globe. The 'One-way delay' chart from Toulouse to New York " +
      "has handover markers but no seam plateaus, and 'Separated by the seam' stays at 0.",
    found:
      "Paper 004 traces Iridium's largest delay jumps to the seam of a polar star constellation " +
      '(86.4°, planes over 180°), where neighbouring planes move in opposite directions. In a delta ' +
      'shell neighbouring planes always move the same way, so SkyQueue counts no seam handover and ' +
      'no seam separation. The price is coverage: at 53° the satellites never pass over the poles. ' +
      'docs/REPRODUCTION.md has no measured table for this shell: read the delay and the handover counts ' +
      "off the summary, and compare the 'intra-orbital every' value with Iridium's 9.5 to 11.1 min.",
    next:
      'Set the "To" site under the globe to McMurdo Station (77.85° S): the shell never serves ' +
      'it, so there is no route and no delay. Or open "Iridium: Atlantic ship to London" and pick ' +
      'Toulouse and New York there, to compare the same pair over a constellation with a seam.',
    tour: [
      {
        target: 'globe',
        text:
          'No red seam line: all planes are inclined 53° and spread round the Earth, so neighbouring ' +
          'planes move the same way. Note that no satellite goes beyond about 53° of latitude.',
      },
      {
        target: 'chart:One-way delay',
        text:
          'The delay still changes at every handover and ISL change, but ' +
          'there are no long polar detours like those of the Iridium presets.',
      },
      {
        target: 'chart:Separated by the seam',
        text: 'Always 0: without counter-rotating planes there is nothing to separate the two ends.',
      },
      {
        target: 'summary',
        text:
          "Seam handovers and seam separations stay at 0. Compare the 'intra-orbital every' value " +
          "with Iridium's 9.5-11 min: satellites at 550 km cross the sky faster than at 780 km.",
      },
      { target: 'preset', text: 'Switch to an Iridium preset to compare: same kind of charts, but with the seam.' },
    ],
  },
};
