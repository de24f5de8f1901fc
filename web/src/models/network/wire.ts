import { TCP_WORDS, type WireWords } from '../../panels/traceText';

/**
 * Inside the wire for a network: the followed flow's packets hop by hop (each ground-link
 * device and ISL it waits at, behind the other flows' packets), over routes of ISL hops that
 * change with the forwarding state. TCP flows say segments and ACKs; UDP flows say packets,
 * with nothing sent back and nothing resent.
 */
const TCP_FLOW_WORDS: WireWords = { ...TCP_WORDS, rerouted: true };

export const UDP_FLOW_WORDS: WireWords = {
  ...TCP_FLOW_WORDS,
  data: 'UDP packet',
  dataShort: (seq) => `pkt ${seq}`,
  resends: false,
  acksBack: false,
};

/** The followed flow's words: its scenario's `network.protocol` (TCP unless it says UDP); a
 * route change reroutes the packets already on their way. */
export function networkWire(scenarioJson: string): WireWords {
  try {
    const s = JSON.parse(scenarioJson) as { network?: { protocol?: unknown } };
    return s.network?.protocol === 'udp' ? UDP_FLOW_WORDS : TCP_FLOW_WORDS;
  } catch {
    return TCP_FLOW_WORDS;
  }
}
