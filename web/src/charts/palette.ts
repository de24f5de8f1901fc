/**
 * Colours for series and policies: the Okabe-Ito palette (Okabe and Ito, "Color Universal
 * Design", 2008), distinguishable with the common colour-vision deficiencies, then two greys.
 * Readable on the dark and the light theme.
 */
export const PALETTE = ['#56B4E9', '#E69F00', '#009E73', '#CC79A7', '#0072B2', '#D55E00', '#F0E442', '#999999', '#7f7f7f', '#b07aa1'];

/** The colour of the k-th series or policy. */
export function colourAt(k: number): string {
  return PALETTE[((k % PALETTE.length) + PALETTE.length) % PALETTE.length];
}
