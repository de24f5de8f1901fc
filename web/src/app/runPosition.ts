import type { TraceStore } from '../engine/traceStore';

/** The trace record a packet step went to, and the clock once the engine is there [ns] (null
 * while it is on its way). */
export interface Cursor {
  n: number;
  atNs: number | null;
}

/**
 * Where the run is, as *Next event* and *Previous event* must see it: the clock and the record
 * shown. The engine reports its clock in frames, but a frame it posted before it handled the
 * UI's latest move (a reset, a seek, a step) arrives after that move was sent: R then N pressed
 * faster than the worker answers must step from zero, not from the clock before the reset. So
 * each move sets the position it will give at once, and frames older than the latest move
 * (by their echoed `move` number) leave it alone.
 */
export class RunPosition {
  /** The run's clock [ns]. */
  nowNs = 0;
  cursor: Cursor | null = null;
  /** The latest move sent; frames that echo an older one are stale. */
  private pending = 0;

  /**
   * A move was sent (number `move`). With `toNs` (a reset, a seek) the clock is known now: it is
   * set and the record shown forgotten; a packet step sets `cursor` itself.
   */
  moved(move: number, toNs?: number): void {
    this.pending = Math.max(this.pending, move);
    if (toNs !== undefined) {
      this.nowNs = toNs;
      this.cursor = null;
    }
  }

  /** A frame at `nowNs` echoing `move`: takes its clock and returns true unless it is stale. */
  frame(move: number, nowNs: number): boolean {
    if (move < this.pending) return false;
    this.nowNs = nowNs;
    return true;
  }

  /** Whether the engine is at the record shown (or on its way to it). */
  private atCursor(): boolean {
    const c = this.cursor;
    return !!c && c.n >= 0 && (c.atNs === null || c.atNs === this.nowNs);
  }

  /** The record after the one shown, or the one the engine is on its way to (presses faster
   * than frames queue up); else the first after the clock, or at the start the first of all
   * (a model whose packets start at zero has recorded them before any step). */
  next(trace: TraceStore): number {
    if (this.atCursor()) return this.cursor!.n + 1;
    // At zero the next is the run's first record, even when the records held are a long run's
    // latest (a reset keeps them until its own arrive).
    if (this.nowNs === 0) return 0;
    const next = trace.firstAfter(this.nowNs / 1e9);
    return next?.n ?? (trace.last() ?? -1) + 1;
  }

  /** The record before the one shown, else the last before the clock; null when there is none
   * held. */
  previous(trace: TraceStore): number | null {
    let before = this.atCursor() ? this.cursor!.n - 1 : -1;
    if (!this.atCursor()) {
      const held = trace.all();
      for (let i = held.length - 1; i >= 0; i--)
        if (held[i].t_s < this.nowNs / 1e9) {
          before = held[i].n;
          break;
        }
    }
    const first = trace.first();
    return first === null || before < first ? null : before;
  }
}
