import { PICTOGRAM_SVG } from '../../panels/Pictograms';

/** The Earth with two polar orbits and their satellites. */
export function ConstellationPictogram() {
  return (
    <svg {...PICTOGRAM_SVG}>
      <circle cx="36" cy="22" r="12" />
      <ellipse cx="36" cy="22" rx="7" ry="20" />
      <ellipse cx="36" cy="22" rx="20" ry="20" strokeDasharray="3 3" />
      <circle cx="36" cy="2" r="2.5" fill="currentColor" />
      <circle cx="56" cy="22" r="2.5" fill="currentColor" />
    </svg>
  );
}
