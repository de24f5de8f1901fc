/**
 * Decoder of the packed series layout written by the engine (engine-wasm/crates/engine/src/
 * metrics/series.rs): `[n_rows, n_series, t_0..t_{n-1}, s0_0..s0_{n-1}, s1_0.., ...]`.
 */
export interface SeriesRows {
  /** Bucket middles [s]. */
  t: Float64Array;
  /** One array per series, in column order; NaN where a bucket had no sample. */
  columns: Float64Array[];
}

export class PackedLayoutError extends Error {
  readonly code = 'PACKED_LAYOUT' as const;
}

/** Views into `packed` (no copy). Throws PackedLayoutError on a malformed array. */
export function unpackSeries(packed: Float64Array): SeriesRows {
  if (packed.length < 2) throw new PackedLayoutError(`packed series too short: ${packed.length} values`);
  const n = packed[0];
  const k = packed[1];
  if (!Number.isInteger(n) || !Number.isInteger(k) || n < 0 || k < 0 || packed.length !== 2 + n * (k + 1)) {
    throw new PackedLayoutError(`packed series of ${packed.length} values does not hold ${n} rows of ${k} series`);
  }
  const t = packed.subarray(2, 2 + n);
  const columns: Float64Array[] = [];
  for (let i = 0; i < k; i++) columns.push(packed.subarray(2 + n * (i + 1), 2 + n * (i + 2)));
  return { t, columns };
}
