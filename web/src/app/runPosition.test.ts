import { describe, expect, it } from 'vitest';
import type { TraceRow } from '../engine/protocol';
import { TraceStore } from '../engine/traceStore';
import { RunPosition } from './runPosition';

/** Records 0..29, one every millisecond from 1.96 s. */
function store(): TraceStore {
  const t = new TraceStore(100);
  t.add(Array.from({ length: 30 }, (_x, n) => ({ n, t_s: 1.96 + n * 1e-3 }) as TraceRow));
  return t;
}

describe('RunPosition: where the next packet step starts', () => {
  it('R then N faster than the engine answers: a frame posted before the reset does not move N off zero', () => {
    const trace = store();
    const p = new RunPosition();
    p.moved(1, 0); // the scenario's load
    expect(p.frame(1, 1.9805e9)).toBe(true); // played to just past record 20, then paused
    expect(p.next(trace)).toBe(21);
    p.moved(2, 0); // R
    // The pause's frame, posted before the engine saw the reset, arrives now.
    expect(p.frame(1, 1.9805e9)).toBe(false);
    expect(p.nowNs).toBe(0);
    expect(p.next(trace)).toBe(0);
    // The reset's own frame is taken.
    expect(p.frame(2, 0)).toBe(true);
    expect(p.next(trace)).toBe(0);
  });

  it('a seek sets the clock at once: N steps from the seek, B from before it', () => {
    const trace = store();
    const p = new RunPosition();
    p.moved(1, 0);
    p.frame(1, 0);
    p.moved(2, 1.9705e9); // seek between records 10 and 11
    p.frame(1, 0); // stale
    expect(p.next(trace)).toBe(11);
    expect(p.previous(trace)).toBe(10);
  });

  it('presses faster than frames: each N goes one past the record on its way, and a step frame lands it', () => {
    const trace = store();
    const p = new RunPosition();
    p.moved(1, 0);
    p.frame(1, 0);
    p.cursor = { n: p.next(trace), atNs: null };
    p.moved(2);
    expect(p.cursor.n).toBe(0);
    p.cursor = { n: p.next(trace), atNs: null };
    p.moved(3);
    expect(p.cursor.n).toBe(1);
    expect(p.frame(2, 1.96e9)).toBe(false); // the first step's frame, older than the second
    expect(p.frame(3, 1.961e9)).toBe(true);
    expect(p.next(trace)).toBe(2);
  });

  it('nothing held before the clock: no previous record', () => {
    const p = new RunPosition();
    expect(p.previous(new TraceStore(10))).toBeNull();
    expect(p.previous(store())).toBeNull();
  });
});

describe('a long run reset: the records held are its latest, the run is back at zero', () => {
  const rows = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_x, k) => ({ n: from + k, t_s: (from + k) * 1e-3 }) as TraceRow);

  it('N goes to record 0, and the replay’s records join the store (or replace what they do not meet)', () => {
    const trace = new TraceStore(50);
    trace.add(rows(0, 199)); // the latest 50 held: 150..199
    expect(trace.first()).toBe(150);
    const p = new RunPosition();
    p.moved(1, 0);
    p.frame(1, 0); // reset to zero before the replay's records arrive
    expect(p.next(trace)).toBe(0);
    // The replay's first records do not meet those held: they replace them.
    expect(trace.add(rows(0, 10))).toBe(true);
    expect([trace.first(), trace.last(), trace.get(0)?.n]).toEqual([0, 10, 0]);
    // A replay that meets what is held joins it, the newest let go past the limit.
    const later = new TraceStore(50);
    later.add(rows(100, 149));
    expect(later.add(rows(80, 99))).toBe(true);
    expect([later.first(), later.last(), later.all().length]).toEqual([80, 129, 50]);
  });
});
