import { PICTOGRAM_SVG } from '../../panels/Pictograms';

/** Arrivals, a queue of waiting packets and a server. */
export function QueuePictogram() {
  return (
    <svg {...PICTOGRAM_SVG}>
      <path d="M2 22h10m-4-4 4 4-4 4" />
      <rect x="16" y="12" width="30" height="20" />
      <path d="M24 12v20M32 12v20M40 12v20" />
      <circle cx="58" cy="22" r="10" />
    </svg>
  );
}
