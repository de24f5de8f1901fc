/** The DiffServ summary (engine `sim::DiffservSummary`): the fields shown. */
export interface DiffservSummary {
  sharing: string;
  k_af: number;
  pss: { bw: number; lm_bits: number; lr_bits: number } | null;
  rates_mbps: (number | null)[];
  theory_mbps: number[];
  credit_range_bits: [number, number] | null;
  jain: (number | null)[];
  drops: number[];
}

const f = (x: number | null | undefined, d = 2) => (x === null || x === undefined || !Number.isFinite(x) ? '–' : x.toFixed(d));

/** Class rates beside paper 001's theory lines, and the PSS parameters. */
export function DiffservPanel({ s }: { s: DiffservSummary }) {
  const pss = s.sharing === 'PSS';
  const [afTh, cs0Th] = pss ? [s.theory_mbps[2], s.theory_mbps[3]] : [s.theory_mbps[0], s.theory_mbps[1]];
  return (
    <table className="summary" data-testid="diffserv-summary">
      <caption>
        {s.sharing}, K_AF = {f(s.k_af)}
        {s.pss && `; BW = ${f(s.pss.bw, 3)}, L_M = ${s.pss.lm_bits.toFixed(0)} bits, L_R = ${s.pss.lr_bits.toFixed(0)} bits`}
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
          <th scope="row">EF</th>
          <td>{f(s.rates_mbps[0])}</td>
          <td>–</td>
        </tr>
        <tr>
          <th scope="row">AF</th>
          <td data-testid="af-rate">{f(s.rates_mbps[1])}</td>
          <td>
            {f(afTh)} ({pss ? 'eq. 7' : 'eq. 1'})
          </td>
        </tr>
        <tr>
          <th scope="row">CS0</th>
          <td>{f(s.rates_mbps[2])}</td>
          <td>
            {f(cs0Th)} ({pss ? 'eq. 8' : 'eq. 6'})
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
