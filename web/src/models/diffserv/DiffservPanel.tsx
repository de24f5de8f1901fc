import type { DiffservSummary } from '../../engine/summary-types';
import { fixed } from '../../panels/format';

/** One class's per-flow goodputs as "min – max (mean)" with every value in the tooltip. */
/** PSS's §2.3 options that are on, in words. */
function pssOptions(pss: NonNullable<DiffservSummary['pss']>): string {
  return [pss.credit_memory && 'credit memory', pss.above_average && 'higher-capacity branch']
    .filter(Boolean)
    .join(', ');
}

function Goodputs({ xs }: { xs: (number | null)[] }) {
  const v = xs.filter((x): x is number => x !== null && Number.isFinite(x));
  if (!v.length) return <>–</>;
  const mean = v.reduce((a, b) => a + b, 0) / v.length;
  return (
    <span
      title={v.map((x) => x.toFixed(3)).join(', ')}
    >{`${f(Math.min(...v))} – ${f(Math.max(...v))} (mean ${f(mean)}, ${v.length} flows)`}</span>
  );
}

const f = (x: number | null | undefined, d = 2) => fixed(x, d);

/** Class rates beside paper 001's theory lines, and the PSS parameters. */
export function DiffservPanel({
  s,
  varies = false,
}: {
  s: DiffservSummary;
  /** Whether C(t) or EF(t) varies (the theory is then averaged over time). */ varies?: boolean;
}) {
  const pss = s.sharing === 'PSS';
  // With a varying link the theory is the equation at each instant, averaged: for PSS it is what
  // PSS without the credit memory can give (a floor for AF with the memory, a ceiling for CS0).
  const how = varies ? ', at each instant, averaged' : '';
  const memory = varies && pss && s.pss?.credit_memory;
  const [afTh, cs0Th] = pss ? [s.theory_mbps[2], s.theory_mbps[3]] : [s.theory_mbps[0], s.theory_mbps[1]];
  return (
    <table className="summary" data-testid="diffserv-summary">
      <caption>
        {s.sharing}, K_AF = {f(s.k_af)}
        {s.pss && `; BW = ${f(s.pss.bw, 3)}, L_M = ${f(s.pss.lm_bits, 0)} bits, L_R = ${f(s.pss.lr_bits, 0)} bits`}
        {s.pss && (s.pss.credit_memory || s.pss.above_average) && ` (§2.3: ${pssOptions(s.pss)})`}
      </caption>
      <thead>
        <tr>
          <th>class</th>
          <th>measured [Mb/s]</th>
          <th>theory [Mb/s]</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">link capacity (mean)</th>
          <td>{f(s.capacity_mbps)}</td>
          <td>–</td>
        </tr>
        <tr>
          <th scope="row">EF (offered {f(s.ef_offered_mbps)})</th>
          <td>{f(s.rates_mbps[0])}</td>
          <td>–</td>
        </tr>
        <tr>
          <th scope="row">AF</th>
          <td data-testid="af-rate">{f(s.rates_mbps[1])}</td>
          <td>
            {f(afTh)} ({pss ? 'eq. 7' : 'eq. 1'}
            {how}
            {memory && ': without memory; the memory lets AF catch up above it'})
          </td>
        </tr>
        <tr>
          <th scope="row">CS0</th>
          <td>{f(s.rates_mbps[2])}</td>
          <td>
            {f(cs0Th)} ({pss ? 'eq. 8' : 'eq. 6'}
            {how}
            {memory && ': without memory; CS0 pays for the catching up'})
          </td>
        </tr>
        {s.af_target_mbps !== null && (
          <tr>
            <th scope="row">AF target BW C_avg{memory ? ' (what the memory aims for)' : ''}</th>
            <td colSpan={2} data-testid="af-target">
              {f(s.af_target_mbps)} Mb/s; {s.switches ?? 0} priority switches
              {s.credit_range_bits && `; credit ${f(s.credit_range_bits[0], 0)} – ${f(s.credit_range_bits[1], 0)} bits`}
            </td>
          </tr>
        )}
        <tr>
          <th scope="row">goodput per AF flow [Mb/s]</th>
          <td colSpan={2} data-testid="af-goodputs">
            <Goodputs xs={s.goodput_mbps[0]} />
          </td>
        </tr>
        <tr>
          <th scope="row">goodput per CS0 flow [Mb/s]</th>
          <td colSpan={2}>
            <Goodputs xs={s.goodput_mbps[1]} />
          </td>
        </tr>
        <tr>
          <th scope="row">Jain index within AF / CS0</th>
          <td colSpan={2}>
            {f(s.jain[0])} / {f(s.jain[1])}
          </td>
        </tr>
      </tbody>
    </table>
  );
}
