import { describe, expect, it } from 'vitest';
import type { TopoEvent } from '../engine/protocol';
import { rowAfterKey, serialOf } from './EventLog';

describe('the event log', () => {
  it("keeps each event's key as newer events are put in front (the focused row stays on the page)", () => {
    const a = { kind: 'seam-enter', t_s: 1 } as unknown as TopoEvent;
    const b = { kind: 'seam-enter', t_s: 1 } as unknown as TopoEvent;
    const before = [a].map(serialOf);
    const after = [b, a].map(serialOf);
    expect(after[1]).toBe(before[0]);
    expect(after[0]).not.toBe(after[1]); // same time and kind, still two rows
  });

  it('moves between its times with ↑/↓, Home and End, and leaves other keys alone', () => {
    expect(rowAfterKey('ArrowDown', 0, 3)).toBe(1);
    expect(rowAfterKey('ArrowDown', 2, 3)).toBe(2);
    expect(rowAfterKey('ArrowUp', 0, 3)).toBe(0);
    expect(rowAfterKey('Home', 2, 3)).toBe(0);
    expect(rowAfterKey('End', 0, 3)).toBe(2);
    expect(rowAfterKey('Tab', 0, 3)).toBeNull();
    expect(rowAfterKey('ArrowDown', 0, 0)).toBeNull();
  });
});
