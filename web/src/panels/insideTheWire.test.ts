import { readFileSync } from 'node:fs';
import { beforeAll, describe as group, expect, it } from 'vitest';
import { EngineHost } from '../engine/host';
import type { FromWorker, TraceRow } from '../engine/protocol';
import { TraceStore } from '../engine/traceStore';
import { loadWasmForNode, Simulation } from '../engine/wasmNode';
import { sequenceLayout } from './sequenceLayout';
import { describe, packetStory } from './traceText';

const preset = readFileSync(new URL('../../../examples/tcp-iridium-9kb-seam.json', import.meta.url), 'utf8');

/** The 9 kB transfer across the seam (paper 004 Figs. 7-8), run to its end with the trace on. */
function nineKbTrace(): TraceRow[] {
  const sim = new Simulation(preset);
  sim.setTraceLimit(10_000);
  sim.runToEnd();
  const rows = JSON.parse(sim.traceSince(0)) as TraceRow[];
  sim.free();
  return rows;
}

beforeAll(() => loadWasmForNode());

group('the sequence diagram of the 9 kB transfer across the seam', () => {
  it('draws nine data packets, two copies and their ACKs, the first ACKs over 1 ISL hop, the last over 8', () => {
    const layout = sequenceLayout(nineKbTrace(), 40)!;
    expect(layout.ends).toEqual(['Atlantic ship', 'London']);
    const data = layout.arrows.filter((a) => !a.ack);
    const acks = layout.arrows.filter((a) => a.ack);
    // Nine segments, and two sent again: ns-2 forwards the packets still on their way on the new
    // route from where they are, so two arrive behind later ones and SACK has them resent.
    expect(data).toHaveLength(11);
    expect(acks).toHaveLength(11);
    expect(layout.arrows.every((a) => a.fate === 'arrived')).toBe(true);
    expect(acks[0].routeHops).toBe(1);
    expect(acks[acks.length - 1].routeHops).toBe(8);
    // Sloped by the delay: an ACK over the pole takes longer than one over the short route.
    const took = (a: (typeof acks)[0]) => a.t1 - a.t0;
    expect(took(acks[acks.length - 1])).toBeGreaterThan(2 * took(acks[0]));
    expect(layout.marks.some((m) => m.kind === 'route-change' && m.label === 'route now 8 ISL hops')).toBe(true);
  });

  it("tells a packet's story: its queue, its hops, and the route change it flew through", () => {
    const rows = nineKbTrace();
    // The last segment waited longest at the ship's single transmitter.
    const last = rows.find((r) => r.kind === 'send' && r.seq === 8)!;
    const story = packetStory(rows, last.packet!)!;
    expect(story.title).toBe('Segment 8');
    expect(story.fate).toMatch(
      /^Arrived at London .* ms after it left; .* waiting in queues, longest at Atlantic ship/,
    );
    expect(story.lines[0]).toContain('Atlantic ship sends segment 8');
    // Segment 0 arrived before the route changed: up, one ISL, down.
    const zero = packetStory(rows, rows.find((r) => r.kind === 'send' && r.seq === 0)!.packet!)!;
    expect(zero.lines.filter((l) => l.includes(' leaves '))).toHaveLength(3);
    // An ACK sent after the route moved over the pole: 8 hops, no change while it flew.
    const lateAck = rows.filter((r) => r.kind === 'ack').pop()!;
    const ackStory = packetStory(rows, lateAck.packet!)!;
    expect(ackStory.title).toMatch(/^The ACK asking for segment \d+$/);
    expect(ackStory.lines[0]).toContain('over 8 inter-satellite links');
    // A data packet in flight when the route changed says so.
    const first = packetStory(rows, rows.find((r) => r.kind === 'send')!.packet!)!;
    expect(first.route).toBeNull();
    // Data packets in flight when the route changed say so: one that had left the first
    // satellite kept its route; one still short of the switch was forwarded on the new route.
    const changed = rows
      .filter((r) => r.kind === 'send')
      .map((r) => packetStory(rows, r.packet!)!.route)
      .filter((r): r is string => r !== null);
    expect(changed).toContain(
      'The route changed while it flew (at 2.000 s, to 8 ISL hops); it kept the route it left on, over 1 ISL hop.',
    );
    expect(
      changed.some((r) =>
        new RegExp(
          String.raw`^The route changed while it flew .* to 8 ISL hops\); the satellites forwarded it on the new ` +
            String.raw`route from where it was \(hop by hop, as ns-2 does\): \d+ ISL hops in all, where it left on 1 ISL hop\.$`,
        ).test(r),
      ),
    ).toBe(true);
  });

  it('says each kind of event in one sentence', () => {
    const rows = nineKbTrace();
    const kinds = new Set(rows.map((r) => r.kind));
    expect([...kinds].sort()).toEqual(['ack', 'ack-arrive', 'deliver', 'hop', 'retransmit', 'route-change', 'send']);
    for (const r of rows) expect(describe(r)).toMatch(/^[A-Z].*\.$/);
    const wait = rows.find((r) => r.kind === 'hop' && r.waited_ms > 1)!;
    expect(describe(wait)).toMatch(
      /^Segment \d+ \(packet #\d+\) leaves Atlantic ship for P\d+-S\d+ after waiting .* ms behind \d+ packets?\.$/,
    );
  });
});

group('losses and retransmissions', () => {
  const row = (n: number, over: Partial<TraceRow>): TraceRow => ({
    n,
    t_s: n / 1000,
    kind: 'hop',
    packet: 1,
    ack: false,
    flow: 0,
    seq: 3,
    node: 'A',
    next: null,
    waited_ms: 0,
    queue_ahead: 0,
    route_hops: 2,
    reason: null,
    ...over,
  });
  const rows: TraceRow[] = [
    row(0, { kind: 'send', node: 'A' }),
    row(1, { kind: 'hop', node: 'A', next: 'P1-S1' }),
    row(2, { kind: 'drop', node: 'P1-S1', reason: 'overflow' }),
    row(3, { kind: 'timeout', packet: null, node: 'A' }),
    row(4, { kind: 'retransmit', packet: 7, node: 'A', reason: 'timer-expired' }),
  ];

  it('says where a packet died and why, and why its copy was sent', () => {
    const lost = packetStory(rows, 1)!;
    expect(lost.fate).toMatch(/^Lost at P1-S1, .* after it left: the link's buffer was full\.$/);
    const copy = packetStory(rows, 7)!;
    expect(copy.why).toBe(
      "A retransmission: its retransmission timer expired. Earlier: packet #1 sent at 0.000000 s was lost at P1-S1 (the link's buffer was full).",
    );
    expect(copy.fate).toMatch(/^Still on its way/);
    const layout = sequenceLayout(rows, 40)!;
    expect(layout.arrows.map((a) => [a.fate, a.retransmit])).toEqual([
      ['lost', false],
      ['under way', true],
    ]);
    expect(layout.arrows[0].lostAt).toBe('P1-S1 (overflow)');
    expect(layout.marks.map((m) => m.kind)).toEqual(['timeout']);
  });

  it('holds the latest records, once each, across a replay', () => {
    const store = new TraceStore(3);
    expect(store.add(rows.slice(0, 2))).toBe(true);
    const before = store.all();
    expect(store.add(rows.slice(0, 2))).toBe(false); // a replay sends them again
    expect(store.all()).toBe(before);
    store.add(rows.slice(1));
    expect(store.all().map((r) => r.n)).toEqual([2, 3, 4]);
    expect(store.first()).toBe(2);
    expect(store.get(3)?.kind).toBe('timeout');
    expect(store.firstAfter(0.0025)?.n).toBe(3);
  });
});

group('the worker steps event by event', () => {
  it('goes to each record in turn, and back to the one before by a replay', () => {
    const posted: FromWorker[] = [];
    const host = new EngineHost({
      post: (m) => posted.push(m),
      createSimulation: (json) => new Simulation(json),
      now: () => 0,
      setTimer: () => 0,
      clearTimer: () => {},
    });
    host.handle({ type: 'run/load', scenarioJson: preset });
    const loaded = posted.find((m) => m.type === 'run/loaded');
    expect(loaded?.type === 'run/loaded' && loaded.info.traceLimit).toBe(20_000);
    const frames = () => posted.filter((m) => m.type === 'run/frame');
    const lastFrame = () => frames().pop() as Extract<FromWorker, { type: 'run/frame' }>;
    for (let n = 0; n < 12; n++) {
      host.handle({ type: 'run/step-event', n });
      const f = lastFrame();
      expect(f.traceRecorded).toBeGreaterThan(n);
    }
    const at11 = lastFrame().nowNs;
    expect(at11).toBeGreaterThan(1.96e9);
    host.handle({ type: 'run/step-event', n: 2 });
    // Record 2 is a send at the start (1.96 s): the run was replayed to it.
    expect(posted.filter((m) => m.type === 'run/loaded')).toHaveLength(2);
    expect(lastFrame().nowNs).toBe(1.96e9);
    expect(lastFrame().trace.map((r) => r.n)).toContain(2);
  });
});

group('follow the action', () => {
  it('skips to a second before the first packet, plays the transfer at its speed, then goes to the end', () => {
    const posted: FromWorker[] = [];
    let wall = 0;
    const host = new EngineHost({
      post: (m) => posted.push(m),
      createSimulation: (json) => new Simulation(json),
      now: () => wall,
      setTimer: () => 0,
      clearTimer: () => {},
    });
    host.handle({ type: 'run/load', scenarioJson: preset });
    host.handle({ type: 'run/speed', speed: 0.1 });
    const state = posted.filter((m) => m.type === 'run/state').pop();
    expect(state?.type === 'run/state' && state.follow).toBe(true);
    host.handle({ type: 'run/play' });
    const frame = () =>
      posted.filter((m) => m.type === 'run/frame').pop() as Extract<FromWorker, { type: 'run/frame' }>;
    wall += 50;
    host.tick();
    // The packets leave at 1.96 s: at 0.1x a second of wall time before is 0.1 s; then 50 ms
    // of wall time is 5 ms.
    expect(frame().skippedNs).toBe(1.86e9);
    expect(frame().nowNs).toBe(1.865e9);
    // Through the transfer at 0.1x: no skip while packets move.
    let ticks = 0;
    while (frame().nowNs < 2.1e9) {
      wall += 50;
      host.tick();
      ticks++;
      if (frame().nowNs < 2.1e9) expect(frame().skippedNs).toBe(0);
    }
    expect(ticks).toBeGreaterThan(40);
    // Once the file is acknowledged nothing is due: the run goes to its end.
    for (let i = 0; i < 200 && !frame().finished; i++) {
      wall += 50;
      host.tick();
    }
    expect(frame().finished).toBe(true);
    // Turned off, the run plays every second at its speed.
    host.handle({ type: 'run/load', scenarioJson: preset });
    host.handle({ type: 'run/follow', on: false });
    host.handle({ type: 'run/play' });
    wall += 50;
    host.tick();
    expect(frame().skippedNs).toBe(0);
    expect(frame().nowNs).toBeLessThan(1e9);
  });
});
