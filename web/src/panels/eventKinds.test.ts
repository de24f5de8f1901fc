import { describe, expect, it } from 'vitest';
import { TOPO_EVENT_KINDS } from '../engine/engine-kinds';
import type { TopoEvent } from '../engine/protocol';
import { EVENT_KINDS, eventDetail } from './eventKinds';

const change = (over: Partial<TopoEvent>): TopoEvent => ({
  t_s: 10,
  kind: 'isl-change',
  end: null,
  from_sat: null,
  to_sat: null,
  reason: null,
  ...over,
});

describe('an ISL change says what changed', () => {
  it('the hops when they change, with the delay the new route adds', () => {
    expect(eventDetail(change({ hops: [2, 3], step_ms: 4.2 }), null)).toBe(
      'route 2 → 3 ISL hops (+4.20 ms one way), same access satellites',
    );
  });
  it('other satellites and the delay step when the hops stay, never "2 → 2"', () => {
    const text = eventDetail(change({ hops: [6, 6], step_ms: -0.75 }), null);
    expect(text).toBe('route through other satellites, 6 ISL hops (−0.75 ms one way), same access satellites');
    expect(text).not.toMatch(/(\d+) → \1 /);
  });
});

describe('every topology event kind the engine writes', () => {
  it('has a label of its own: the legend toggles each kind by its label', () => {
    const labels = TOPO_EVENT_KINDS.map((k) => EVENT_KINDS[k].label);
    expect(labels.every((l) => l.length > 0)).toBe(true);
    expect(new Set(labels).size).toBe(TOPO_EVENT_KINDS.length);
    expect(Object.keys(EVENT_KINDS).sort()).toEqual([...TOPO_EVENT_KINDS].sort());
  });
});
