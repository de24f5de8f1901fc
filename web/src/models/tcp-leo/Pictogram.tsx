import { PICTOGRAM_SVG } from '../../panels/Pictograms';

/** Two ground sites joined over a satellite by data going one way and ACKs coming back. */
export function TcpPictogram() {
  return (
    <svg {...PICTOGRAM_SVG}>
      <rect x="31" y="3" width="10" height="8" />
      <path d="M8 38 31 10M64 38 41 10" />
      <path d="M14 34l6-7M52 27l6 7" strokeWidth="4" />
      <path d="M3 40h10M59 40h10" />
    </svg>
  );
}
