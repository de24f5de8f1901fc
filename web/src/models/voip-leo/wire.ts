import { TCP_WORDS, type WireWords } from '../../panels/traceText';

/**
 * Inside the wire for VoIP over LEO (paper 000): the first call's voice packets from the
 * server through the constellation to the last satellite, its per-flow queue there (dropped
 * when the buffer is full, or by CoDeS's timeout), the LMS link's adaptive HARQ rounds (each a
 * hop again after a NACK) and the receiver. No acknowledgements or timers of a transport.
 */
export const VOIP_LEO_WORDS: WireWords = {
  ...TCP_WORDS,
  data: 'voice packet',
  dataShort: (seq) => `#${seq}`,
  routes: false,
  resends: false,
  acksBack: false,
};
