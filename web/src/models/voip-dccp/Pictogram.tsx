import { PICTOGRAM_SVG } from '../../panels/Pictograms';

/** A voice waveform in talk spurts, a narrow gate (the allowed rate) and a dish. */
export function DccpPictogram() {
  return (
    <svg {...PICTOGRAM_SVG}>
      <path d="M2 22h4l2-8 3 16 3-12 2 4h4M24 22h6" />
      <path d="M34 10v9M34 25v9" />
      <path d="M38 22h12m-4-4 4 4-4 4" />
      <path d="M56 30a10 10 0 0 1 12-14z" />
      <path d="M62 23l6-9" />
    </svg>
  );
}
