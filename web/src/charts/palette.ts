/**
 * Colours for series and policies: the Okabe-Ito palette (Okabe and Ito, "Color Universal
 * Design", 2008), distinguishable with the common colour-vision deficiencies; its yellow comes
 * last, as it is hard to read on the light theme.
 */
export const PALETTE = [
  '#56B4E9',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#0072B2',
  '#D55E00',
  '#999999',
  '#b07aa1',
  '#7f7f7f',
  '#F0E442',
];

/** The colour of the k-th series or policy. */
export function colourAt(k: number): string {
  return PALETTE[((k % PALETTE.length) + PALETTE.length) % PALETTE.length];
}
