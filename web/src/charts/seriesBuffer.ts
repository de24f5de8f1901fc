import type { SeriesRows } from '../engine/packed';

/**
 * A bounded buffer of time-series rows for a chart. Rows are appended as frames arrive; when
 * more than `capacity` rows are held, neighbouring rows are merged pairwise and later rows
 * are merged in groups of the same size (`stride`), so memory stays bounded over any run
 * length while the whole run stays visible. Merged values are means over the non-NaN inputs.
 */
export class SeriesBuffer {
  readonly t: number[] = [];
  readonly columns: number[][];
  /** Non-NaN inputs behind each value, per column, for exact means when merging. */
  private readonly counts: number[][];
  /** Rows of input behind each stored row. */
  private stride = 1;
  /** Incoming rows not yet forming a whole group of `stride`. */
  private partial: { t: number; n: number; sums: number[]; counts: number[] } | null = null;

  /** The latest input rows, unmerged (a ring of `recentCapacity` rows), for a close-up. */
  private readonly recentT: number[] = [];
  private readonly recentCols: number[][];
  private recentHead = 0;

  constructor(
    readonly nSeries: number,
    readonly capacity = 2000,
    readonly recentCapacity = 2000,
  ) {
    if (!(capacity >= 4)) throw new RangeError(`capacity: ${capacity} is below the minimum 4`);
    this.recentCols = Array.from({ length: nSeries }, () => []);
    this.columns = Array.from({ length: nSeries }, () => []);
    this.counts = Array.from({ length: nSeries }, () => []);
  }

  get length(): number {
    return this.t.length;
  }

  /** Input rows per stored row (a power of two). */
  get rowsPerPoint(): number {
    return this.stride;
  }

  /** Time of the latest input row [s], or NaN when empty. */
  lastT = NaN;

  append(rows: SeriesRows): void {
    if (rows.columns.length !== this.nSeries)
      throw new RangeError(`expected ${this.nSeries} series, got ${rows.columns.length}`);
    for (let i = 0; i < rows.t.length; i++) {
      const p = (this.partial ??= {
        t: 0,
        n: 0,
        sums: new Array(this.nSeries).fill(0),
        counts: new Array(this.nSeries).fill(0),
      });
      p.t += rows.t[i];
      p.n += 1;
      for (let k = 0; k < this.nSeries; k++) {
        const v = rows.columns[k][i];
        if (Number.isFinite(v)) {
          p.sums[k] += v;
          p.counts[k] += 1;
        }
      }
      this.lastT = rows.t[i];
      this.pushRecent(rows, i);
      if (p.n === this.stride) {
        this.pushRow(p.t / p.n, p.sums, p.counts);
        this.partial = null;
      }
    }
  }

  /** Rows to draw: the stored ones plus the partial group, if any. */
  view(): { t: number[]; columns: number[][] } {
    if (!this.partial) return { t: this.t, columns: this.columns };
    const p = this.partial;
    return {
      t: [...this.t, p.t / p.n],
      columns: this.columns.map((c, k) => [...c, p.counts[k] ? p.sums[k] / p.counts[k] : NaN]),
    };
  }

  /** The unmerged input rows of the last `seconds` (at most `recentCapacity` rows), oldest first. */
  recent(seconds: number): { t: number[]; columns: number[][] } {
    const n = this.recentT.length;
    const order = (a: number[]) =>
      n < this.recentCapacity ? a.slice() : [...a.slice(this.recentHead), ...a.slice(0, this.recentHead)];
    const t = order(this.recentT);
    const from = t.findIndex((x) => x >= this.lastT - seconds);
    const start = from < 0 ? t.length : from;
    return { t: t.slice(start), columns: this.recentCols.map((c) => order(c).slice(start)) };
  }

  private pushRecent(rows: SeriesRows, i: number): void {
    if (this.recentT.length < this.recentCapacity) {
      this.recentT.push(rows.t[i]);
      for (let k = 0; k < this.nSeries; k++) this.recentCols[k].push(rows.columns[k][i]);
      return;
    }
    const h = this.recentHead;
    this.recentT[h] = rows.t[i];
    for (let k = 0; k < this.nSeries; k++) this.recentCols[k][h] = rows.columns[k][i];
    this.recentHead = (h + 1) % this.recentCapacity;
  }

  clear(): void {
    this.recentT.length = 0;
    this.recentCols.forEach((c) => (c.length = 0));
    this.recentHead = 0;
    this.t.length = 0;
    this.columns.forEach((c) => (c.length = 0));
    this.counts.forEach((c) => (c.length = 0));
    this.stride = 1;
    this.partial = null;
    this.lastT = NaN;
  }

  private pushRow(t: number, sums: number[], counts: number[]): void {
    this.t.push(t);
    for (let k = 0; k < this.nSeries; k++) {
      this.columns[k].push(counts[k] ? sums[k] / counts[k] : NaN);
      this.counts[k].push(counts[k]);
    }
    if (this.t.length > this.capacity) this.halve();
  }

  private halve(): void {
    const n = Math.floor(this.t.length / 2);
    for (let i = 0; i < n; i++) {
      this.t[i] = (this.t[2 * i] + this.t[2 * i + 1]) / 2;
      for (let k = 0; k < this.nSeries; k++) {
        const [a, b] = [this.columns[k][2 * i], this.columns[k][2 * i + 1]];
        const [ca, cb] = [this.counts[k][2 * i], this.counts[k][2 * i + 1]];
        const c = ca + cb;
        this.columns[k][i] = c ? ((ca ? a * ca : 0) + (cb ? b * cb : 0)) / c : NaN;
        this.counts[k][i] = c;
      }
    }
    // An odd last row cannot be paired: drop it rather than mix widths (it is at most one
    // stored row of history).
    this.t.length = n;
    this.columns.forEach((c) => (c.length = n));
    this.counts.forEach((c) => (c.length = n));
    this.stride *= 2;
  }
}
