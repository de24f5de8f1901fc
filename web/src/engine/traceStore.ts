import type { TraceRow } from './protocol';

/**
 * The packet-trace records the UI holds, by record number: the latest `limit` of them. A replay
 * of the same run (a seek back, *Previous event*) sends records already held again: the engine
 * is deterministic, so record n is the same record, kept once, and the records after the clock
 * stay known (the sequence diagram draws them faint).
 */
export class TraceStore {
  private rows: TraceRow[] = [];

  constructor(readonly limit: number) {}

  /** Adds a frame's records; returns whether anything new arrived. A change gives `all()` a
   * new array (React compares by reference), never one changed in place. */
  add(rows: readonly TraceRow[]): boolean {
    const first = this.first();
    if (first !== null && rows.length && rows[0].n < first) return this.replayed(rows, first);
    let last = this.rows.length ? this.rows[this.rows.length - 1].n : -1;
    const fresh: TraceRow[] = [];
    for (const r of rows)
      if (r.n > last) {
        fresh.push(r);
        last = r.n;
      }
    if (!fresh.length) return false;
    const next = this.rows.concat(fresh);
    this.rows = next.length > this.limit ? next.slice(next.length - this.limit) : next;
    return true;
  }

  /**
   * Records of a replay from before the oldest held (a long run's latest were held, then a reset
   * or a seek went back past them): joined to those held when they meet them, the newest let go
   * past the limit (the run is now back there); else they replace them.
   */
  private replayed(rows: readonly TraceRow[], first: number): boolean {
    const older = rows.filter((r) => r.n < first);
    const last = this.last() ?? -1;
    const joined =
      older[older.length - 1].n === first - 1
        ? older.concat(
            this.rows,
            rows.filter((r) => r.n > last),
          )
        : [...rows];
    this.rows = joined.length > this.limit ? joined.slice(0, this.limit) : joined;
    return true;
  }

  clear(): void {
    this.rows = [];
  }

  /** Every record held, oldest first. */
  all(): readonly TraceRow[] {
    return this.rows;
  }

  /** Record `n`, if held. */
  get(n: number): TraceRow | undefined {
    if (!this.rows.length) return undefined;
    const i = n - this.rows[0].n;
    const r = this.rows[i];
    return r && r.n === n ? r : this.rows.find((x) => x.n === n);
  }

  /** Number of the oldest record held (what went before was let go), or null when empty. */
  first(): number | null {
    return this.rows.length ? this.rows[0].n : null;
  }

  /** Number of the newest record held, or null when empty. */
  last(): number | null {
    return this.rows.length ? this.rows[this.rows.length - 1].n : null;
  }

  /** The first record after simulated time `tS`, if held. */
  firstAfter(tS: number): TraceRow | undefined {
    return this.rows.find((r) => r.t_s > tS + 1e-12);
  }
}
