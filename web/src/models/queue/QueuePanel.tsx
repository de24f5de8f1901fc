import type { Summary } from '../../engine/summary-types';

const ms = (s: number | null | undefined, digits = 3) =>
  s === null || s === undefined || !Number.isFinite(s) ? '–' : `${(s * 1e3).toFixed(digits)} ms`;
const pct = (x: number | null | undefined) =>
  x === null || x === undefined || !Number.isFinite(x) ? '–' : `${(x * 100).toFixed(2)} %`;
const num = (x: number | null | undefined, d = 3) =>
  x === null || x === undefined || !Number.isFinite(x) ? '–' : x.toFixed(d);

/** Measured statistics next to the closed form, after the warm-up. */
export function QueuePanel({ summary }: { summary: Summary | null }) {
  if (!summary?.queue) return null;
  const q = summary.queue;
  const t = q.theory;
  return (
    <table className="summary" data-testid="summary">
      <caption>
        Measured over {summary.measured_s.toFixed(1)} s after the warm-up
        {t ? `, beside the ${t.model}${t.model === 'fluid limit' ? ' (an approximation)' : ' closed form'}` : ''}
      </caption>
      <thead>
        <tr>
          <th scope="col">quantity</th>
          <th scope="col">simulated</th>
          <th scope="col">theory</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">mean wait (95 % CI)</th>
          <td data-testid="wait-mean">
            {ms(q.wait.mean_s)} ± {ms(q.wait.ci95_half_s)}
          </td>
          <td>{t ? ms(t.wait_mean_s) : 'no closed form'}</td>
        </tr>
        <tr>
          <th scope="row">server utilisation</th>
          <td>{num(q.utilization)}</td>
          <td>{t ? num(t.utilization) : '–'}</td>
        </tr>
        <tr>
          <th scope="row">loss (overflow)</th>
          <td>
            {pct(q.loss_ratio)} ({q.dropped_overflow.toLocaleString('en-US')} of {q.arrivals.toLocaleString('en-US')})
          </td>
          <td>{t ? pct(t.loss_ratio) : '–'}</td>
        </tr>
        <tr>
          <th scope="row">mean one-way delay (wait, service, propagation)</th>
          <td data-testid="delay-mean">
            {ms(q.delay.mean_s)} ({q.delivered.toLocaleString('en-US')} delivered)
          </td>
          <td>{t ? `${ms(t.sojourn_mean_s)} + propagation` : '–'}</td>
        </tr>
        <tr>
          <th scope="row">wait p95 / p99</th>
          <td>
            {ms(q.wait.p95_s, 2)} / {ms(q.wait.p99_s, 2)}
          </td>
          <td>–</td>
        </tr>
        <tr>
          <th scope="row">mean packets waiting</th>
          <td>{num(q.queue_len_mean_pkts)}</td>
          <td>–</td>
        </tr>
      </tbody>
    </table>
  );
}
