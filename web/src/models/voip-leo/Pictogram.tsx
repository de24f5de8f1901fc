import { PICTOGRAM_SVG } from '../../panels/Pictograms';

/** One satellite serving several calls on the ground. */
export function VoipPictogram() {
  return (
    <svg {...PICTOGRAM_SVG}>
      <rect x="31" y="3" width="10" height="8" />
      <path d="M22 7h9M41 7h9" />
      <path d="M36 11 14 38M36 11v27M36 11l22 27" strokeDasharray="3 2" />
      <circle cx="14" cy="40" r="2.5" fill="currentColor" />
      <circle cx="36" cy="40" r="2.5" fill="currentColor" />
      <circle cx="58" cy="40" r="2.5" fill="currentColor" />
    </svg>
  );
}
