/**
 * DiffServ's presets, in the order a course meets them (paper 001's B1, B2, then B3 without and
 * with the credit memory), each with its classroom guide.
 *
 * The numbers are the papers' and those of docs/REPRODUCTION.md (or the closed forms the summary
 * shows); keep them in step when either changes.
 */
import { PAPER_001 } from '../../scenario/papers';
import type { PresetGuide } from '../types';

/** The model's presets (their files in examples/, without `.json`) in teaching order. */
export const PRESETS = ['pss-b1-known-ef', 'pss-b2-unknown-ef', 'pss-b3-variable-vanilla', 'pss-b3-variable-memory'];

/** What to watch, what was found, what to try next and a tour of the screen, for each preset. */
export const GUIDES: Record<string, PresetGuide> = {
  'pss-b1-known-ef': {
    paper: `${PAPER_001} (§2.4 and §4.1.1, Fig. 5)`,
    watch:
      'A 20 Mb/s GEO router (RTT 500 ms): one EF flow at 10 Mb/s goes first by strict ' +
      'priority, and 10 CUBIC flows in AF and 10 in CS0 share the other 10 Mb/s through PSS. ' +
      'Watch the AF credit climb to L_M while AF sends and fall while it waits (the shading ' +
      'marks AF at high priority), and the AF and CS0 rates settle on their theory lines.',
    found:
      'Paper 001 (Fig. 5): when the EF rate is the one expected, PSS with parameters computed from ' +
      'WRR weights gives the same rates as DWRR: AF gets K_AF (C − R_EF) (eq. 1) and CS0 the ' +
      'rest (eq. 6). Here the weights are 20/20, so K_AF = 0.5 and AF and CS0 should each get 5 Mb/s. ' +
      'SkyQueue (100 s, 10 s warm-up): AF 4.98 and CS0 5.02 Mb/s against 5.00 and 5.00, reproduced; over ' +
      'K_AF = 0.2 to 0.8 both PSS and DWRR stay within 0.05 Mb/s of theory. Inside each class the ' +
      '10 TCP flows share unevenly (Jain index well below 1); the paper reports class rates only.',
    next:
      'Set diffserv.sharing to "dwrr": the class rates should hardly change, since PSS ' +
      'and DWRR agree when EF is as expected (both 5.00 Mb/s in docs/REPRODUCTION.md). Then ' +
      'open "PSS keeps AF steady when EF differs from expected" (B2), where they do not.',
    tour: [
      {
        target: 'description',
        text:
          'EF (real-time) traffic has strict priority; PSS decides how AF and CS0 share ' +
          'what EF leaves, using a credit counter instead of round-robin weights.',
      },
      {
        target: 'chart:AF credit',
        text:
          'The credit with its L_M and L_R lines (L_R = 0 on a fixed link); AF has high priority in the ' +
          "shaded spans. Press 'zoom: last 5 s' to see each climb and fall: it switches many times per second.",
      },
      {
        target: 'chart:AF rate',
        text:
          'Class output rates measured over 1 s, as in the paper: ' +
          'EF at 10 Mb/s, AF and CS0 near their theory lines at 5 Mb/s each.',
      },
      {
        target: 'summary',
        text:
          'Measured rates beside eqs. 7 and 8, the PSS parameters BW, L_M and L_R ' +
          "in the caption, and every flow's goodput with the Jain index per class.",
      },
      {
        target: 'sweep',
        text:
          "'Sweep & compare' varies K_AF (or the EF rate) for PSS and DWRR and " +
          'draws eqs. 1 and 6-8 dashed beside the measured points, as in Fig. 5.',
      },
    ],
  },

  'pss-b2-unknown-ef': {
    paper: `${PAPER_001} (§4.1.2, eqs. 7-8, Fig. 6)`,
    watch:
      'The same router as B1, but EF sends 5 Mb/s while PSS was set up for 10 Mb/s. Watch ' +
      'AF stay at its planned 5 Mb/s while CS0 takes the 5 Mb/s that EF leaves unused.',
    found:
      'Paper 001 (Fig. 6): a WRR scheduler shares whatever EF leaves, so AF follows the ' +
      'EF traffic (eq. 1); PSS keeps AF at K_AF (C − R_EF^exp) as long as EF leaves room (eq. 7), ' +
      'and CS0 absorbs the difference (eq. 8). SkyQueue: with PSS, AF 5.05 Mb/s against 5.00 and ' +
      'CS0 9.95 against 10.00; with DWRR, AF 7.55 against 7.50 and CS0 7.45 against 7.50: reproduced ' +
      '(docs/REPRODUCTION.md § Paper 001).',
    next:
      'Set diffserv.sharing to "dwrr" and watch AF rise to about 7.5 Mb/s. Or set diffserv.ef_bps ' +
      'to 15000000 and diffserv.k_af to 0.8: PSS plans 8 Mb/s for AF but EF leaves only ' +
      '5, so AF is capped at C − R_EF = 5 Mb/s and CS0 gets nothing (measured 5.00 and 0.00 Mb/s).',
    tour: [
      {
        target: 'description',
        text: 'PSS was configured for 10 Mb/s of EF; the EF flow actually sends 5 Mb/s. Who gets the spare 5 Mb/s?',
      },
      {
        target: 'chart:AF rate',
        text:
          'AF stays near 5 Mb/s (eq. 7) and CS0 rises to about 10 Mb/s (eq. 8): ' +
          'the unexpected capacity goes to CS0, and AF keeps a predictable rate.',
      },
      {
        target: 'chart:AF credit',
        text:
          'BW and L_M were computed for 10 Mb/s of EF and do not change when ' +
          'EF sends less, so the credit still holds AF to its planned share.',
      },
      {
        target: 'summary',
        text:
          'AF and CS0 measured beside eqs. 7 and 8; switch ' +
          'to DWRR and they are compared with eqs. 1 and 6 instead.',
      },
      {
        target: 'sweep',
        text:
          "Sweep 'EF rate, PSS expecting ef_expected_bps' for PSS and DWRR: the " +
          'AF curve stays flat under PSS and falls under DWRR as EF grows (Fig. 6).',
      },
      {
        target: 'params',
        text:
          'In Parameters, set the AF/CS0 sharing (diffserv.sharing) to Deficit ' +
          'Weighted Round Robin and restart to see AF follow the EF traffic instead.',
      },
    ],
  },

  'pss-b3-variable-vanilla': {
    paper: `${PAPER_001} (§4.2.1, Figs. 7-8)`,
    watch:
      'The same varying link and EF traffic as the memory preset, with the PSS of a fixed ' +
      'link: the credit saw-tooths between 0 and a small L_M, and each starvation period ' +
      "is forgotten. AF's rate drops whenever C(t) − EF(t) is low, and when capacity returns " +
      'AF only goes back to its target rate without making up the gap; the rest goes to CS0.',
    found:
      'Paper 001 (Figs. 7 and 8(a)): without the memory mechanism PSS is not robust and its ' +
      'guarantees are weaker, the more so as EF takes a larger share. SkyQueue (EF_avg = 0.75 C_avg, ' +
      'this run): AF 2.68 Mb/s, 36 % below its 4.21 Mb/s target and close to the ' +
      '2.50 Mb/s that eq. 7 allows instant by instant; the same link with the memory gives ' +
      '3.43 Mb/s (on average over seeds 1-10: 2.58 and 3.69; the catching up in kind, 88 % of the ' +
      'target, docs/REPRODUCTION.md § Paper 001). With EF_avg at 0.25 and 0.5 C_avg ' +
      'this vanilla PSS gets 12.34 and 6.89 Mb/s on average against targets of 12.63 and 8.42.',
    next:
      'Set diffserv.pss_credit_memory to true (L_R then becomes T C_avg BW, about 63 Mbit) ' +
      "and compare AF's mean rate with this run (3.33 Mb/s at this seed, 3.48 on average over " +
      'seeds 1-10 in docs/REPRODUCTION.md). Or set diffserv.sharing to "dwrr" (3.01 Mb/s).',
    tour: [
      {
        target: 'description',
        text:
          'Vanilla PSS: L_R is only L_max BW (about 2.5 kbit, a fraction ' +
          'of one packet), so there is no room to remember a deficit.',
      },
      {
        target: 'chart:AF credit',
        text:
          'The credit saw-tooths between 0 and L_M (about 0.15 Mbit, against ' +
          "63 Mbit with the memory). Compare with the memory preset's credit chart.",
      },
      {
        target: 'chart:link capacity',
        text:
          'C(t) and EF(t): the same cosines as in the memory ' +
          'preset. AF starves whenever EF(t) comes close to C(t).',
      },
      {
        target: 'chart:AF rate',
        text:
          'AF follows its theory line (eq. 7 at each instant), which ' +
          'is well below the target: the lost time is never made up.',
      },
      { target: 'summary', text: "AF's mean rate beside the 4.21 Mb/s 'AF target BW C_avg'." },
      {
        target: 'preset',
        text:
          'Switch to "PSS on a varying satellite link, with credit ' +
          'memory" to see the credit dip below L_R and AF catch up.',
      },
    ],
  },

  'pss-b3-variable-memory': {
    paper: `${PAPER_001} (§2.3 and §4.2, Figs. 7-10)`,
    watch:
      'The link swings between 14 and 26 Mb/s and EF between 6 and 24 Mb/s, so at times EF leaves ' +
      'AF nothing. Watch the AF credit sink below the L_R line while AF starves and climb back ' +
      "while AF catches up at high priority (shaded), and AF's mean rate against its 4.2 Mb/s target.",
    found:
      'Paper 001 (Figs. 7-8): even knowing the average capacity and EF rate, PSS without memory ' +
      "misses AF's target, more so when EF takes a large share; the §2.3 credit memory (L_R = T C_avg " +
      "BW, T = 15 s the capacity's period) remembers starvation and lets AF catch up, at CS0's " +
      'expense. SkyQueue (EF_avg = 0.75 C_avg, K_AF = 0.81, this run): AF 3.43 Mb/s, 81 % of its 4.21 Mb/s ' +
      'target, against 2.68 Mb/s without memory (on average over seeds 1-10: 3.69 and 2.58; in kind, ' +
      '88 % of the target, docs/REPRODUCTION.md § Paper 001); ' +
      'CS0 falls from 1.95 to 0.63 Mb/s; the credit sinks to 10.0 of 63.2 Mbit while AF starves. Not ' +
      'all the gap is made up: when C(t) − EF(t) stays below 0 for seconds, the TCP flows time out.',
    next:
      'Open "Vanilla PSS on a varying satellite link" (AF about 2.7 Mb/s at seed 1, Fig. 7). ' +
      'Or set diffserv.ef_bps and diffserv.ef_expected_bps to 5000000 and diffserv.pss_above_average ' +
      'to false: AF overshoots its 12.63 Mb/s target and CS0 gets less (Fig. 9; 13.20 and ' +
      '1.69 Mb/s on average over seeds 1-10); with pss_above_average back to true AF overshoots less ' +
      "(13.00, CS0 1.85; Fig. 10(b)). In kind: the branch's effect is smaller than the spread between seeds (at " +
      'seed 1 it even reverses), so compare averages over several seeds (docs/REPRODUCTION.md).',
    tour: [
      {
        target: 'chart:link capacity',
        text:
          'The link capacity C(t) (period 15 s) and the EF offered rate EF(t) (period ' +
          '6.1 s). When EF(t) comes close to C(t), AF and CS0 get almost nothing.',
      },
      {
        target: 'chart:AF credit',
        text:
          'With the memory, L_R is large (about 63 Mbit). The credit sinks below L_R while ' +
          'AF is starved with packets waiting, and climbs back while AF sends at high priority (shaded).',
      },
      {
        target: 'chart:AF rate',
        text:
          "AF, CS0 and EF rates, with AF's theory line: eq. 7 evaluated with C(t) and EF(t) " +
          'at each instant. After a starvation period AF rises above that line to catch up.',
      },
      {
        target: 'summary',
        text:
          "AF's mean rate beside the 'AF target BW C_avg' row (4.21 Mb/s), " +
          "the credit's range and the number of priority switches.",
      },
      {
        target: 'preset',
        text: 'Switch to "Vanilla PSS on a varying satellite link": same link and traffic, no memory.',
      },
      {
        target: 'sweep',
        text:
          "Sweep 'L_R [bits] (B3: memory size)' for PSS and DWRR: how much " +
          'memory does AF need to approach its target, and what does CS0 lose?',
      },
    ],
  },
};
