import { PICTOGRAM_SVG } from '../../panels/Pictograms';

/** A router sharing one satellite link between three classes of traffic. */
export function DiffservPictogram() {
  return (
    <svg {...PICTOGRAM_SVG}>
      <path d="M2 10h18M2 22h18M2 34h18" />
      <rect x="20" y="6" width="18" height="32" />
      <path d="M38 22h18" strokeWidth="4" />
      <path d="M58 14a10 10 0 0 1 0 16z" />
    </svg>
  );
}
