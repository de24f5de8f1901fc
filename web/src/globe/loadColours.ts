/**
 * The colours of a link's load on the globe and in its legend: a link that sent nothing in the
 * interval is a faint line; a busy one runs from pale yellow through orange to red, the red
 * kept for the share over CONGESTED, where a drop-tail queue fills. Sequential (ColorBrewer's
 * YlOrRd), so the order reads without the legend and in grey.
 */
export const LOAD_STOPS: [number, string][] = [
  [0, '#ffffb2'],
  [0.3, '#fecc5c'],
  [0.6, '#fd8d3c'],
  [0.9, '#f03b20'],
  [1, '#d7191c'],
];

/** A link above this share of busy time counts as congested (the engine's `CONGESTED`). */
export const CONGESTED = 0.9;

/** A link idle over the interval. */
export const IDLE_COLOUR = '#8fb3d9';

const rgb = (hex: string) => [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16));

/** The colour of a load from 0 to 1 (outside that range, clamped), as `#rrggbb`. */
export function loadColour(load: number): string {
  const u = Math.min(1, Math.max(0, Number.isFinite(load) ? load : 0));
  let k = 1;
  while (k < LOAD_STOPS.length - 1 && u > LOAD_STOPS[k][0]) k++;
  const [u0, c0] = LOAD_STOPS[k - 1];
  const [u1, c1] = LOAD_STOPS[k];
  const t = u1 > u0 ? (u - u0) / (u1 - u0) : 0;
  const [a, b] = [rgb(c0), rgb(c1)];
  return `#${a
    .map((x, i) =>
      Math.round(x + (b[i] - x) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** The CSS gradient of the legend's bar, the same stops. */
export function loadGradient(): string {
  return `linear-gradient(to right, ${LOAD_STOPS.map(([u, c]) => `${c} ${Math.round(100 * u)}%`).join(', ')})`;
}
