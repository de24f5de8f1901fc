import { PICTOGRAM_SVG } from '../../panels/Pictograms';

/** A row of link-layer data units, one struck out, and the repair coming back a round trip later. */
export function LinkPictogram() {
  return (
    <svg {...PICTOGRAM_SVG}>
      <rect x="4" y="6" width="10" height="10" />
      <rect x="18" y="6" width="10" height="10" />
      <rect x="32" y="6" width="10" height="10" />
      <rect x="46" y="6" width="10" height="10" />
      <rect x="60" y="6" width="10" height="10" strokeDasharray="2 2" />
      <path d="M32 6l10 10M42 6 32 16" />
      <path d="M37 20v10q0 8 8 8h20" />
      <rect x="60" y="33" width="10" height="10" fill="currentColor" />
    </svg>
  );
}
