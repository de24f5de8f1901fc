import { readFileSync } from 'node:fs';
import { beforeAll, describe as group, expect, it } from 'vitest';
import type { TraceRow } from '../../engine/protocol';
import { loadWasmForNode, Simulation } from '../../engine/wasmNode';
import { sequenceLayout } from '../../panels/sequenceLayout';
import { describe, packetStory } from '../../panels/traceText';
import { LINK_WORDS } from './wire';

/** The 100 kB download over SR-ARQ (paper 002 Table 3), its first `seconds`, traced. */
function downloadTrace(seconds: number): TraceRow[] {
  const s = JSON.parse(
    readFileSync(new URL('../../../../examples/link-tcp-internet-100kb.json', import.meta.url), 'utf8'),
  );
  const sim = new Simulation(JSON.stringify({ ...s, duration_s: seconds }));
  sim.setTraceLimit(100_000);
  sim.runToEnd();
  const rows = JSON.parse(sim.traceSince(0)) as TraceRow[];
  sim.free();
  return rows;
}

beforeAll(() => loadWasmForNode());

group('inside the wire of TCP over the link layer', () => {
  it('says each event of a segment over one link, without routes, and what held it at the link', () => {
    const rows = downloadTrace(60);
    for (const r of rows) {
      const text = describe(r, LINK_WORDS);
      expect(text).toMatch(/^[A-Z].*\.$/);
      expect(text).not.toMatch(/inter-satellite|route/);
    }
    const send = rows.find((r) => r.kind === 'send')!;
    expect(describe(send, LINK_WORDS)).toBe(`Sender sends segment ${send.seq} (packet #${send.packet}).`);
    const held = rows.find((r) => r.kind === 'hop' && r.node === 'link' && r.waited_ms >= 500)!;
    expect(describe(held, LINK_WORDS)).toMatch(
      /^Segment \d+ \(packet #\d+\) leaves link for receiver after waiting .* ms while the link sent repair LLDUs or resent erased ones\.$/,
    );
    const ack = rows.find((r) => r.kind === 'ack')!;
    expect(describe(ack, LINK_WORDS)).toMatch(
      /^Receiver acknowledges: it asks for segment \d+ next \(packet #\d+\)\.$/,
    );
    const story = packetStory(rows, held.packet!, LINK_WORDS)!;
    expect(story.fate).toMatch(/^Arrived at receiver .*longest at link \(.* ms while the link sent repair LLDUs/);
  });

  it('draws the segments and their ACKs between the sender and the receiver', () => {
    const layout = sequenceLayout(downloadTrace(10), 40, LINK_WORDS)!;
    expect(layout.ends).toEqual(['sender', 'receiver']);
    expect(layout.arrows.some((a) => a.ack && a.fate === 'arrived')).toBe(true);
    expect(layout.arrows.some((a) => !a.ack && a.fate === 'arrived')).toBe(true);
  });
});
