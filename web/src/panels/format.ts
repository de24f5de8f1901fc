/** A number with `d` decimals for a panel, or a dash when there is none (null, NaN, infinite). */
export const fixed = (x: number | null | undefined, d = 1) =>
  x === null || x === undefined || !Number.isFinite(x) ? '–' : x.toFixed(d);
