import { PICTOGRAM_SVG } from '../../panels/Pictograms';

/** Ground stations sending to each other across a grid of satellites. */
export function NetworkPictogram() {
  return (
    <svg {...PICTOGRAM_SVG}>
      <path d="M14 8h18M32 8h18M14 20h18M32 20h18M14 8v12M32 8v12M50 8v12" />
      <circle cx="14" cy="8" r="2" />
      <circle cx="32" cy="8" r="2" />
      <circle cx="50" cy="8" r="2" />
      <circle cx="14" cy="20" r="2" />
      <circle cx="32" cy="20" r="2" />
      <circle cx="50" cy="20" r="2" />
      <path d="M4 40L14 20M60 40L50 20M26 40L32 20" />
    </svg>
  );
}
