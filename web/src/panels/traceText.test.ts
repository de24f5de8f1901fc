import { describe as group, expect, it } from 'vitest';
import { TRACE_REASONS } from '../engine/engine-kinds';
import type { TraceRow } from '../engine/protocol';
import { describe, packetStory } from './traceText';

const drop = (reason: TraceRow['reason']): TraceRow => ({
  n: 0,
  t_s: 1,
  kind: 'drop',
  packet: 7,
  ack: false,
  flow: 0,
  seq: 3,
  node: 'P1-S2',
  next: null,
  waited_ms: 0,
  queue_ahead: 0,
  route_hops: 2,
  reason,
});

group('every loss reason the engine gives', () => {
  it('has its own words in the sentence and in the packet story', () => {
    const sentences = TRACE_REASONS.map((r) => describe(drop(r)));
    for (const s of sentences) expect(s).toMatch(/^Segment 3 \(packet #7\) is lost at P1-S2: .+\.$/);
    expect(new Set(sentences).size).toBe(TRACE_REASONS.length);
    expect(sentences).not.toContain(describe(drop(null)));
    const fates = TRACE_REASONS.map((r) => packetStory([drop(r)], 7)!.fate);
    expect(new Set(fates).size).toBe(TRACE_REASONS.length);
  });
});
