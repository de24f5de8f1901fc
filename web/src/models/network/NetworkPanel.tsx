import type { Summary } from '../../engine/summary-types';

type Net = NonNullable<Summary['network']>;

const f = (x: number | null | undefined, d = 2) =>
  x === null || x === undefined || !Number.isFinite(x) ? '–' : x.toFixed(d);
const int = (x: number) => x.toLocaleString('en-US');

/** Flows shown in the table of the least served. */
export const WORST_FLOWS = 8;

/** The flows with the least goodput, least first (ties in the matrix's order). */
export function worstFlows(n: Net): (Net['flows'][number] & { k: number })[] {
  return n.flows
    .map((fl, k) => ({ ...fl, k }))
    .sort((a, b) => (a.goodput_mbps ?? 0) - (b.goodput_mbps ?? 0) || a.k - b.k)
    .slice(0, WORST_FLOWS);
}

/** The network so far: its totals, the busiest links and the flows served worst, each of those
 * with a button to follow it (`onFollow`: the run restarts following that flow). */
export function NetworkPanel({ n, onFollow }: { n: Net; onFollow?: (k: number) => void }) {
  const worst = worstFlows(n);
  const lost = n.lost_queue + n.lost_no_route;
  return (
    <div data-testid="network-summary">
      <table className="summary">
        <caption>
          {n.flows.length} flows over {f(n.elapsed_s, 1)} s: {n.constellation}, {int(n.satellites)} satellites,{' '}
          {n.ground_stations} ground stations
        </caption>
        <tbody>
          <tr>
            <th scope="row">aggregate goodput</th>
            <td data-testid="network-goodput">{f(n.goodput_mbps)} Mb/s</td>
          </tr>
          <tr>
            <th scope="row">data packets lost</th>
            <td>
              {int(lost)} of {int(n.sent)} ({f(100 * (n.loss_ratio ?? 0))} %): {int(n.lost_queue)} at full queues,{' '}
              {int(n.lost_no_route)} with no route; {int(n.acks_lost)} ACKs lost
            </td>
          </tr>
          <tr>
            <th scope="row">mean round trip</th>
            <td>{n.rtt_ms_mean === null ? 'no ACK yet (or UDP)' : `${f(n.rtt_ms_mean, 1)} ms`}</td>
          </tr>
          {n.completion && (
            <tr>
              <th scope="row">flows completed</th>
              <td>
                {n.completion.finished} of {n.completion.flows}; of those, median {f(n.completion.median_s)} s, 90th
                percentile {f(n.completion.p90_s)} s
              </td>
            </tr>
          )}
          <tr>
            <th scope="row">followed flow</th>
            <td>
              #{n.follow.flow} {n.flows[n.follow.flow]?.from} → {n.flows[n.follow.flow]?.to} (the glowing yellow line on
              the globe):{' '}
              {n.follow.delay_ms === null
                ? 'no path now'
                : `${f(n.follow.delay_ms, 1)} ms one way over ${n.follow.links} links`}
            </td>
          </tr>
        </tbody>
      </table>
      <table className="summary" data-testid="network-links">
        <caption>The busiest links (share of the run spent sending)</caption>
        <thead>
          <tr>
            <th scope="col">link</th>
            <th scope="col">busy</th>
            <th scope="col">sent</th>
            <th scope="col">dropped</th>
          </tr>
        </thead>
        <tbody>
          {n.busiest_links.length === 0 && (
            <tr>
              <td colSpan={4}>No packet has been sent yet.</td>
            </tr>
          )}
          {n.busiest_links.map((l) => (
            <tr key={l.link}>
              <th scope="row">{l.link}</th>
              <td>{f(100 * (l.utilization ?? 0), 1)} %</td>
              <td>{int(l.sent)}</td>
              <td>{int(l.dropped)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="summary" data-testid="network-flows">
        <caption>The {worst.length} flows served worst</caption>
        <thead>
          <tr>
            <th scope="col">flow</th>
            <th scope="col">goodput</th>
            <th scope="col">RTT</th>
            <th scope="col">lost</th>
            {onFollow && <th scope="col">on the globe</th>}
          </tr>
        </thead>
        <tbody>
          {worst.map((fl) => (
            <tr key={fl.k}>
              <th scope="row">
                #{fl.k} {fl.from} → {fl.to}
              </th>
              <td>{f(fl.goodput_mbps, 3)} Mb/s</td>
              <td>{fl.rtt_ms === null ? '–' : `${f(fl.rtt_ms, 0)} ms`}</td>
              <td>
                {int(fl.lost)} of {int(fl.sent)}
              </td>
              {onFollow && (
                <td>
                  {fl.k === n.follow.flow ? (
                    'followed'
                  ) : (
                    <button
                      onClick={() => onFollow(fl.k)}
                      aria-label={`Follow flow #${fl.k} ${fl.from} → ${fl.to} on the globe (restarts the run)`}
                    >
                      Follow
                    </button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
