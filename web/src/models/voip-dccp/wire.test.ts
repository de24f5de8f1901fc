import { readFileSync } from 'node:fs';
import { beforeAll, describe as group, expect, it } from 'vitest';
import type { TraceRow } from '../../engine/protocol';
import { loadWasmForNode, Simulation } from '../../engine/wasmNode';
import { sequenceLayout } from '../../panels/sequenceLayout';
import { describe, packetStory } from '../../panels/traceText';
import { VOICE_WORDS } from './wire';

/** The Speex call with silence suppression (paper 003 Table IV), its first `seconds`, traced. */
function speexTrace(seconds: number): TraceRow[] {
  const s = JSON.parse(readFileSync(new URL('../../../../examples/dccp-speex-dtx.json', import.meta.url), 'utf8'));
  const sim = new Simulation(JSON.stringify({ ...s, duration_s: seconds }));
  sim.setTraceLimit(100_000);
  sim.runToEnd();
  const rows = JSON.parse(sim.traceSince(0)) as TraceRow[];
  sim.free();
  return rows;
}

beforeAll(() => loadWasmForNode());

group('inside the wire of a voice call over DCCP', () => {
  it('says each event in the words of a voice call: voice packets and feedback reports, never segments or ACKs', () => {
    const rows = speexTrace(30);
    const kinds = new Set(rows.map((r) => r.kind));
    for (const k of ['send', 'hop', 'drop', 'deliver', 'ack', 'ack-arrive'] as const) expect(kinds).toContain(k);
    for (const r of rows) {
      const text = describe(r, VOICE_WORDS);
      expect(text).toMatch(/^[A-Z].*\.$/);
      expect(text).not.toMatch(/segment|ACK|inter-satellite/);
    }
    const send = rows.find((r) => r.kind === 'send')!;
    expect(describe(send, VOICE_WORDS)).toBe(`Sender sends voice packet ${send.seq} (packet #${send.packet}).`);
    const report = rows.find((r) => r.kind === 'ack')!;
    expect(describe(report, VOICE_WORDS)).toMatch(
      /^Receiver sends a feedback report on the voice packets up to \d+ \(packet #\d+\)\.$/,
    );
    const full = rows.find((r) => r.reason === 'sender-buffer')!;
    expect(describe(full, VOICE_WORDS)).toMatch(
      /^Voice packet \d+ \(packet #\d+\) is lost at sender: the sender's buffer was full: /,
    );
    const hop = rows.find((r) => r.kind === 'hop' && r.node === 'access link')!;
    expect(describe(hop, VOICE_WORDS)).toMatch(/^Voice packet \d+ \(packet #\d+\) leaves access link for receiver /);
  });

  it("tells a lost voice packet's story and draws the call between the sender and the receiver", () => {
    const rows = speexTrace(30);
    const full = rows.find((r) => r.reason === 'sender-buffer')!;
    const story = packetStory(rows, full.packet!, VOICE_WORDS)!;
    expect(story.title).toBe(`Voice packet ${full.seq}`);
    expect(story.fate).toMatch(/^Lost at sender, .* after it left: the sender's buffer was full/);
    expect(story.lostSegment).toBeNull(); // a voice packet is not resent
    const played = rows.find((r) => r.kind === 'deliver')!;
    expect(packetStory(rows, played.packet!, VOICE_WORDS)!.fate).toMatch(/^(Arrived at receiver|Lost at receiver)/);
    const layout = sequenceLayout(rows, 40, VOICE_WORDS)!;
    expect(layout.ends).toEqual(['sender', 'receiver']);
    expect(layout.arrows.some((a) => a.ack)).toBe(true);
    expect(layout.arrows.some((a) => !a.ack && a.fate === 'arrived')).toBe(true);
  });
});
