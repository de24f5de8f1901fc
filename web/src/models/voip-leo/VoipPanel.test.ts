import { describe, expect, it } from 'vitest';
import { bufferText } from './VoipPanel';

describe('the VoIP summary says what the buffers are', () => {
  it('per call, shared, or all of B, with the rule that sized them', () => {
    expect(bufferText('PF', 1, 97)).toBe('one queue of 1 packet per call, B/n (buffer rule B = RTT·C/√n = 97 packets)');
    expect(bufferText('CoDeS', 9, 1126)).toBe(
      'one queue of 9 packets per call, B/n (buffer rule B = RTT·C/√n = 1126 packets)',
    );
    expect(bufferText('DT_S', 1, 97)).toBe('one shared queue of 1 packet, B/n (buffer rule B = RTT·C/√n = 97 packets)');
    expect(bufferText('DT_H', 97, 97)).toBe(
      'one shared queue holding all of B (buffer rule B = RTT·C/√n = 97 packets)',
    );
    expect(bufferText('FQ-CoDel', 1, 97)).toBe(
      "97 packets shared by the calls' queues (buffer rule B = RTT·C/√n = 97 packets)",
    );
  });
});
