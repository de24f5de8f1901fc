import { describe, expect, it } from 'vitest';
import { describe as say, TCP_WORDS } from '../../panels/traceText';
import type { TraceRow } from '../../engine/protocol';
import { networkWire, UDP_FLOW_WORDS } from './wire';

describe("the network's words inside the wire", () => {
  it('are TCP’s for TCP flows and a UDP packet’s, with nothing sent back, for UDP flows', () => {
    const tcp = networkWire(JSON.stringify({ model: 'network', network: { protocol: 'tcp' } }));
    expect({ ...tcp, rerouted: undefined }).toEqual({ ...TCP_WORDS, rerouted: undefined });
    expect(networkWire(JSON.stringify({ model: 'network', network: {} }))).toBe(tcp);
    expect(networkWire('not json')).toBe(tcp);
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
    expect(say(send, tcp)).toBe('Tokyo sends segment 7 (packet #0) on a route over 5 inter-satellite links.');
    // Forwarding hop by hop: packets on their way take the new route, unlike a pair model's.
    const change: TraceRow = { ...send, kind: 'route-change', packet: null, route_hops: 6 };
    expect(say(change, tcp)).toBe(
      'The route changes: now 6 inter-satellite links. Packets already on their way take the new next hops from their next node on.',
    );
    expect(say(change)).toContain('Packets already sent keep the route they left on.');
  });
});
