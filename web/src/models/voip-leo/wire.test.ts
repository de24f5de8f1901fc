import { readFileSync } from 'node:fs';
import { beforeAll, describe as group, expect, it } from 'vitest';
import type { TraceRow } from '../../engine/protocol';
import { loadWasmForNode, Simulation } from '../../engine/wasmNode';
import { sequenceLayout } from '../../panels/sequenceLayout';
import { describe, packetStory } from '../../panels/traceText';
import { VOIP_LEO_WORDS } from './wire';

/** A VoIP-over-LEO preset (paper 000), its first `seconds`, with the first call traced. */
function callTrace(file: string, seconds: number): TraceRow[] {
  const s = JSON.parse(readFileSync(new URL(`../../../../examples/${file}`, import.meta.url), 'utf8'));
  const sim = new Simulation(JSON.stringify({ ...s, duration_s: seconds, warmup_s: 0 }));
  sim.setTraceLimit(100_000);
  sim.runToEnd();
  const rows = JSON.parse(sim.traceSince(0)) as TraceRow[];
  sim.free();
  return rows;
}

beforeAll(() => loadWasmForNode());

group('inside the wire of one call over LEO', () => {
  it('says the HARQ rounds on the fading link and the drops by cause, in the words of a voice call', () => {
    const rows = callTrace('voip-leo-codes.json', 20);
    for (const r of rows) {
      const text = describe(r, VOIP_LEO_WORDS);
      expect(text).toMatch(/^[A-Z].*\.$/);
      expect(text).not.toMatch(/segment|\bACK|inter-satellite/);
    }
    const send = rows.find((r) => r.kind === 'send')!;
    expect(describe(send, VOIP_LEO_WORDS)).toBe(`Server sends voice packet ${send.seq} (packet #${send.packet}).`);
    const round = rows.find((r) => r.reason === 'nack')!;
    const again = describe(round, VOIP_LEO_WORDS);
    expect(again).toMatch(/^Voice packet \d+ \(packet #\d+\) leaves satellite for receiver again, .* ms later: /);
    expect(again).toMatch(/: the receiver could not decode it and asked for more \(a HARQ NACK\)\.$/);
    const failed = rows.find((r) => r.reason === 'link-error')!;
    const story = packetStory(rows, failed.packet!, VOIP_LEO_WORDS)!;
    expect(story.fate).toMatch(/^Lost at satellite, .* after it left: the link lost it to errors\.$/);
    expect(story.lines.filter((l) => l.includes(' again, '))).not.toHaveLength(0);
    const layout = sequenceLayout(rows, 40, VOIP_LEO_WORDS)!;
    expect(layout.ends).toEqual(['server', 'receiver']);
  });

  it('says when CoDeS drops a packet that waited too long', () => {
    const rows = callTrace('voip-leo-codes-long-queues.json', 20);
    const expired = rows.find((r) => r.reason === 'expired')!;
    expect(describe(expired, VOIP_LEO_WORDS)).toMatch(
      /^Voice packet \d+ \(packet #\d+\) is lost at satellite: it waited in its queue longer than the scheduler allows\.$/,
    );
  });
});
