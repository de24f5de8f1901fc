import { TCP_WORDS, type WireWords } from '../../panels/traceText';

/**
 * Inside the wire for TCP over the link layer (paper 002 §5-7): TCP's segments and ACKs, one
 * link between the ends (no routes), and a segment held at the link beyond its own LLDUs' time
 * while the link sends repair LLDUs or resends erased ones (SR-ARQ's retransmissions a round trip
 * later, HARQ-II's repair LLDUs and rounds: §3.5).
 */
export const LINK_WORDS: WireWords = {
  ...TCP_WORDS,
  routes: false,
  held: (hop) => (hop.node === 'link' ? 'while the link sent repair LLDUs or resent erased ones' : null),
};
