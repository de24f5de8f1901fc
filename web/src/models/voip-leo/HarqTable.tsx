/** Paper 000 Table II: % of packets needing 0, 1, 2, 3 HARQ retransmissions, or dropped; one
 * row per label. */
export function HarqTable({
  caption,
  rows,
  testId,
}: {
  caption: string;
  rows: { label?: string; pct: (number | null)[] }[];
  testId: string;
}) {
  const withLabels = rows.some((r) => r.label !== undefined);
  const f = (x: number | null) => (x === null || !Number.isFinite(x) ? '–' : x.toFixed(2));
  return (
    <table className="summary harq" data-testid={testId}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {withLabels && <th>policy</th>}
          <th>0</th>
          <th>1</th>
          <th>2</th>
          <th>3</th>
          <th>drop</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, k) => (
          <tr key={r.label ?? k}>
            {withLabels && <th scope="row">{r.label}</th>}
            {r.pct.map((v, i) => (
              <td key={i}>{f(v)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
