import { describe, expect, it } from 'vitest';
import { describe as say, TCP_WORDS } from '../../panels/traceText';
import type { TraceRow } from '../../engine/protocol';
import { networkWire, UDP_FLOW_WORDS } from './wire';

describe("the network's words inside the wire", () => {
  it('are TCP’s for TCP flows and a UDP packet’s, with nothing sent back, for UDP flows', () => {
    expect(networkWire(JSON.stringify({ model: 'network', network: { protocol: 'tcp' } }))).toBe(TCP_WORDS);
    expect(networkWire(JSON.stringify({ model: 'network', network: {} }))).toBe(TCP_WORDS);
    expect(networkWire('not json')).toBe(TCP_WORDS);
    const udp = networkWire(JSON.stringify({ model: 'network', network: { protocol: 'udp' } }));
    expect(udp).toBe(UDP_FLOW_WORDS);
    expect(udp.acksBack).toBe(false);
    const send: TraceRow = {
      n: 0,
      t_s: 0,
      kind: 'send',
      packet: 0,
      ack: false,
      flow: 3,
      seq: 7,
      node: 'Tokyo',
      next: null,
      waited_ms: 0,
      queue_ahead: 0,
      route_hops: 5,
      reason: null,
    };
    expect(say(send, udp)).toBe('Tokyo sends UDP packet 7 (packet #0) on a route over 5 inter-satellite links.');
    expect(say(send)).toBe('Tokyo sends segment 7 (packet #0) on a route over 5 inter-satellite links.');
  });
});
