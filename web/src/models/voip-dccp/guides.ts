/**
 * Voice over DCCP's presets, in the order a course meets them (one G.711 call, Speex with silence
 * suppression, then twelve calls beside TCP), each with its classroom guide.
 *
 * The numbers are the papers' and those of docs/REPRODUCTION.md (or the closed forms the summary
 * shows); keep them in step when either changes.
 */
import { PAPER_003 } from '../../scenario/papers';
import type { PresetGuide } from '../types';

/** The model's presets (their files in examples/, without `.json`) in teaching order. */
export const PRESETS = ['dccp-g711', 'dccp-speex-dtx', 'dccp-g711-12calls-tcp'];

/** What to watch, what was found, what to try next and a tour of the screen, for each preset. */
export const GUIDES: Record<string, PresetGuide> = {
  'dccp-g711': {
    paper: `${PAPER_003} (§IV-VI, Tables II, IV, V, Fig. 2: one G.711 call)`,
    watch:
      "The first chart: the application's 78 kb/s beside the rate TFRC allows. For " +
      'the first seconds TFRC allows one packet per second, then doubles once per ' +
      "1 s round trip, and the call's packets overflow the five-packet sender " +
      'buffer; the losses chart counts them as lost between application and transport.',
    found:
      'Paper 003 Table II (IPSTAR, 10-minute calls): G.711 loses 2.01 % with CCID4 and 0.15 % with ' +
      "UDP, most of CCID4's between application and transport; Table IV: CCID4-N 0.44 %, CCID4-SCA " +
      '0.15 %. SkyQueue, over seeds 1-5: CCID4 1.69 % (1.41 % between application and transport), UDP ' +
      '0.13 %, CCID4-N 0.41 %, CCID4-SCA 0.28 %; MOS 2.86, 4.01, 3.78 and 3.89. CCID4 and UDP reproduced; ' +
      "Table IV's variants not scored (docs/REPRODUCTION.md § Paper 003).",
    next:
      'Open Sweep & compare with the four transports and sweep the codec ' +
      '(dccp.codec over g711, g729, speex): Tables II and IV side by side. Or sweep ' +
      'the round trip (dccp.rtt_ms): at 100 ms CCID4 hardly loses anything.',
    tour: [
      {
        target: 'description',
        text:
          'One G.711 call over a GEO path: a one-second round trip, a shared access that ' +
          'grants capacity in frames and loses 0.1 % of them, a 400 ms playout buffer.',
      },
      {
        target: 'chart:Rate TFRC allows',
        text:
          "The application's rate and the rate TFRC allows: where the allowed " +
          'rate is below, packets are dropped before they reach the network.',
      },
      {
        target: 'chart:Lost between application',
        text:
          'Lost between application and transport, on the link, ' +
          'or too late to play: paper 003 counts the three apart.',
      },
      { target: 'summary', text: "The losses by cause, jitter, R and MOS, and TFRC's state." },
      { target: 'sweep', text: 'Compare CCID4, CCID4-N, CCID4-SCA and UDP on the same calls.' },
    ],
  },

  'dccp-speex-dtx': {
    paper: `${PAPER_003} (§IV-V, Tables II and IV: Speex with silence suppression)`,
    watch:
      "The shaded band marks the talk spurts. At the start of each, the application's rate jumps " +
      "while TFRC's allowed rate still carries the silence's low receive rate: the sender's " +
      'buffer overflows, and the losses chart shows a burst lost between application and transport.',
    found:
      'Paper 003: Speex with DTX loses 17.3 % with CCID4 against 0.1 % with UDP ("the VoIP ' +
      'packet losses will occur whenever there is transition from no speech to speech"); ' +
      'CCID4-N 0.16 %, CCID4-SCA 0.1 %. SkyQueue, over seeds 1-5: CCID4 9.00 % (7.64 % between ' +
      'application and transport), UDP 0.14 %, CCID4-N 0.28 %, CCID4-SCA 0.28 %; the ' +
      "order is the paper's, the CCID4 loss within a factor of 2 of it: reproduced (docs/REPRODUCTION.md § Paper 003).",
    next:
      'Set dccp.transport to ccid4-n: the initial rate of eq. 6 and ten reports per round trip cut the ' +
      'loss tenfold. Then try dccp.buffer_pkts 20: a bigger sender buffer trades the loss for lateness.',
    tour: [
      {
        target: 'description',
        text:
          'Speex at 8 kb/s, sending nothing in silences: talk spurts of about ' +
          'a second, silences of about a second and a half (ITU-T P.59).',
      },
      {
        target: 'chart:Rate TFRC allows',
        text: 'Shaded: a call talking. The allowed rate lags each spurt by a round trip.',
      },
      {
        target: 'chart:Lost between application',
        text: "Each spurt's first frames lost between application and transport.",
      },
      { target: 'chart:MOS', text: 'The MOS of the last ten seconds: it dips with every lossy spurt.' },
    ],
  },

  'dccp-g711-12calls-tcp': {
    paper: `${PAPER_003} (§VII, Table VI: fairness to TCP)`,
    watch:
      'Twelve G.711 calls in one flow and a TCP download share the 1 Mb/s link. The first ' +
      "chart: the flow's delivered rate and TCP's goodput settle near half each under CCID4.",
    found:
      "Paper 003 Table VI (Jain's index of the two flows): with 12 G.711 calls, CCID4 0.9997 and " +
      'UDP 0.74; with a flow at the nominal link rate, CCID4 0.985 and UDP 0.5. SkyQueue, over seeds ' +
      '1-5: CCID4 0.964 (546 kb/s against 383), UDP 0.717 (796 against 182); a constant 1 Mb/s ' +
      "flow gives 0.95 and 0.50. The calls' row reproduced, the flow's in kind over ten seeds (DCCP shares, below the " +
      'level). TCP here is NewReno; with CUBIC at this one-second round trip ' +
      'CCID4 gets about a sixth of the link and the index falls to about 0.69 (docs/REPRODUCTION.md).',
    next:
      'Set dccp.transport to udp and restart: the calls take what they need and TCP gets the ' +
      "rest. Set dccp.tcp_cc to cubic to see TFRC's equation lose to a TCP it was not modelled on.",
    tour: [
      {
        target: 'description',
        text:
          "Table VI's first row: 12 G.711 calls (798 kb/s) " + 'beside one TCP download on a 1 Mb/s, one-second path.',
      },
      { target: 'chart:Rate TFRC allows', text: "The voice flow's delivered rate beside TCP's goodput." },
      { target: 'summary', text: "Jain's index of the two received rates, and the price the calls pay." },
    ],
  },
};
