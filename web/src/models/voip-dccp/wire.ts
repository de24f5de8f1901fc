import type { WireWords } from '../../panels/traceText';

/**
 * Inside the wire for a voice call: voice packets numbered as the application makes them, the
 * receiver's TFRC feedback reports (RFC 4342 §6 carries them for CCID3/CCID4), and the
 * no-feedback timer, which cuts the rate TFRC allows (RFC 5348 §4.4). Nothing is resent.
 */
export const VOICE_WORDS: WireWords = {
  data: 'voice packet',
  dataShort: (seq) => `#${seq}`,
  ack: 'feedback report',
  ackShort: 'report',
  ackAbout: (seq) => `on the voice packets up to ${seq}`,
  acks: (seq) => `sends a feedback report on the voice packets up to ${seq}`,
  timeout: () => 'no-feedback timer fires: no report came in time, so the rate TFRC allows is cut',
  timeoutShort: 'no fb',
  timeoutMark: () => 'no-feedback timer: the rate TFRC allows is cut',
  routes: false,
  resends: false,
};
