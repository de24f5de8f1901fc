/**
 * The frame of the presets gallery's small line drawings, one per model (each in its model's
 * folder, models/<id>/Pictogram.tsx), drawn in the text colour so they follow the theme.
 * Decorative: the heading beside each says the same in words.
 */
export const PICTOGRAM_SVG = {
  width: 72,
  height: 44,
  viewBox: '0 0 72 44',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  'aria-hidden': true,
} as const;
