import { useMemo, useRef, useState } from 'react';
import * as d3 from 'd3';
import { SweepChart } from '../charts/SweepChart';
import { HarqTable } from './HarqTable';
import { TimeSeriesChart } from '../charts/TimeSeriesChart';
import { SweepCancelled, SweepPool, workerPort, type JobResult } from '../engine/sweepPool';
import { describeError } from '../engine/errors';
import { buildGrid, curves, metricOf, parseValues, type SweepPoint } from '../scenario/sweep';

const POLICIES: [string, string][] = [
  ['dt-s', 'DT_S'],
  ['dt-h', 'DT_H'],
  ['rr', 'RR'],
  ['pf', 'PF'],
  ['codes', 'CoDeS'],
  ['m-lwdf', 'M-LWDF'],
  ['exp-pf', 'EXP-PF'],
  ['fq-codel', 'FQ-CoDel'],
];
/** Paper 000's five policies are ticked at first; the three extras on request. */
const DEFAULT_POLICIES = ['dt-s', 'dt-h', 'rr', 'pf', 'codes'];

const PARAMS: { path: string; label: string; values: string }[] = [
  { path: 'voip.flows', label: 'number of flows', values: '25, 50, 75, 100, 125, 150, 175, 200' },
  { path: 'voip.codes_timeout_ms', label: 'CoDeS timeout [ms]', values: '50, 100, 200' },
  { path: 'voip.lms.snr_ref_db', label: 'reference SNR [dB]', values: '7, 9, 11, 13' },
  { path: 'voip.rtt_ms', label: 'buffer-rule RTT [ms]', values: '200, 1000, 3000' },
];

/** The paper's figures: metric path in the summary, title, unit. */
const METRICS: [string, string, string][] = [
  ['voip.throughput_kbps', 'Throughput (Fig. 3)', 'kb/s'],
  ['voip.first_tx_decoded_pct', 'Decoded at the first HARQ transmission (Fig. 4)', '%'],
  ['voip.loss_pct.total', 'Losses (Fig. 5)', '%'],
  ['voip.spectral_efficiency', 'Spectral efficiency (Fig. 6)', 'useful / coded'],
  ['voip.latency_ms', 'Latency (Fig. 7)', 'ms'],
  ['voip.jitter_ms', 'Jitter (Fig. 8)', 'ms'],
  ['voip.emodel.mos', 'MOS (Figs. 10, 14)', 'MOS'],
  ['voip.loss_pct.timeout', 'Losses to CoDeS timeout (Fig. 11)', '%'],
];

const colour = (policy: string) => d3.schemeTableau10[POLICIES.findIndex(([p]) => p === policy) % 10] ?? '#999';
const cores = () => Math.max(1, Math.min(8, navigator.hardwareConcurrency || 2));

interface Props {
  /** The scenario to vary (voip-leo). */
  scenarioJson: string;
  onClose: () => void;
}

/** Sweeps over one parameter and policies on every core, and two-policy comparisons. */
export function SweepPanel({ scenarioJson, onClose }: Props) {
  const base = JSON.parse(scenarioJson) as { model?: string; duration_s?: number; voip?: { policy?: string } };
  const [param, setParam] = useState(PARAMS[0].path);
  const [valuesText, setValuesText] = useState(PARAMS[0].values);
  const [policies, setPolicies] = useState<string[]>(DEFAULT_POLICIES);
  const [seeds, setSeeds] = useState(1);
  const [duration, setDuration] = useState(String(base.duration_s ?? 100));
  const [progress, setProgress] = useState<[number, number] | null>(null);
  const [error, setError] = useState<string[] | null>(null);
  const [result, setResult] = useState<{ points: SweepPoint[]; results: JobResult[]; param: string } | null>(null);
  const [compare, setCompare] = useState<{ a: string; b: string; results: JobResult[] | null }>({ a: 'pf', b: 'codes', results: null });
  const pool = useRef<SweepPool | null>(null);

  const header = (
    <header>
      <h2>Sweep and compare</h2>
      <button onClick={onClose}>Close</button>
    </header>
  );

  if (base.model !== 'voip-leo') {
    return (
      <section className="sweep-panel" aria-label="Sweep and compare">
        {header}
        <p>Sweeps and comparisons vary VoIP-over-LEO scenarios: load the preset "VoIP over LEO: CoDeS on a fading LMS last hop" first.</p>
      </section>
    );
  }

  const withDuration = (): string | null => {
    const d = Number(duration);
    if (!(d > 0)) {
      setError([`duration_s: \`${duration}\` must be a number above 0`]);
      return null;
    }
    return JSON.stringify({ ...base, duration_s: d, warmup_s: Math.min(5, d / 10) });
  };

  const start = async (jobs: string[], withSeries: boolean): Promise<JobResult[] | null> => {
    setError(null);
    const p = new SweepPool(cores(), workerPort);
    pool.current = p;
    setProgress([0, jobs.length]);
    try {
      const bad = await p.validate(jobs);
      if (bad) {
        setError([`run ${bad.index + 1} is invalid:`, ...describeError(bad.error)]);
        return null;
      }
      return await p.run(jobs, withSeries, (d, t) => setProgress([d, t]));
    } catch (e) {
      if (!(e instanceof SweepCancelled)) setError([e instanceof Error ? e.message : String(e)]);
      return null;
    } finally {
      pool.current = null;
      setProgress(null);
    }
  };

  const runSweep = async () => {
    const parsed = parseValues(valuesText);
    if ('error' in parsed) return setError([parsed.error]);
    if (policies.length === 0) return setError(['policies: choose at least one']);
    const json = withDuration();
    if (!json) return;
    const points = buildGrid(json, { param, values: parsed.values, policies, seeds });
    const results = await start(
      points.map((p) => p.scenarioJson),
      false,
    );
    if (results) setResult({ points, results, param });
  };

  const runCompare = async () => {
    const json = withDuration();
    if (!json) return;
    const jobs = [compare.a, compare.b].map((p) => JSON.stringify({ ...JSON.parse(json), voip: { ...(JSON.parse(json).voip ?? {}), policy: p } }));
    const results = await start(jobs, true);
    if (results) setCompare((c) => ({ ...c, results }));
  };

  return (
    <section className="sweep-panel" aria-label="Sweep and compare">
      {header}
      <div className="sweep-form">
        <label>
          Parameter
          <select
            aria-label="Sweep parameter"
            value={param}
            onChange={(e) => {
              setParam(e.target.value);
              setValuesText(PARAMS.find((p) => p.path === e.target.value)?.values ?? '');
            }}
          >
            {PARAMS.map((p) => (
              <option key={p.path} value={p.path}>
                {p.label} ({p.path})
              </option>
            ))}
          </select>
        </label>
        <label>
          Values
          <input aria-label="Sweep values" value={valuesText} onChange={(e) => setValuesText(e.target.value)} size={34} />
        </label>
        <fieldset>
          <legend>Policies</legend>
          {POLICIES.map(([p, label]) => (
            <label key={p}>
              <input type="checkbox" checked={policies.includes(p)} onChange={(e) => setPolicies((ps) => (e.target.checked ? [...ps, p] : ps.filter((x) => x !== p)))} />
              {label}
            </label>
          ))}
        </fieldset>
        <label>
          Seeds
          <input aria-label="Seeds" type="number" min={1} max={10} value={seeds} onChange={(e) => setSeeds(Math.max(1, Math.min(10, Number(e.target.value) || 1)))} />
        </label>
        <label>
          Simulated seconds per run
          <input aria-label="Duration per run" value={duration} onChange={(e) => setDuration(e.target.value)} size={5} />
        </label>
        {progress ? (
          <>
            <progress aria-label="Sweep progress" max={progress[1]} value={progress[0]} />
            <span data-testid="sweep-progress">
              {progress[0]} / {progress[1]} runs on {cores()} workers
            </span>
            <button onClick={() => pool.current?.cancel()}>Cancel</button>
          </>
        ) : (
          <button className="primary" onClick={runSweep}>
            Run sweep
          </button>
        )}
      </div>
      {error && (
        <div className="error-banner" role="alert" data-testid="sweep-error">
          <ul>
            {error.map((l, i) => (
              <li key={i}>
                <code>{l}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
      {result && <SweepResults {...result} />}
      <div className="compare-form">
        <h3>Compare two policies on identical random streams</h3>
        {(['a', 'b'] as const).map((k) => (
          <select key={k} aria-label={`Compare policy ${k.toUpperCase()}`} value={compare[k]} onChange={(e) => setCompare((c) => ({ ...c, [k]: e.target.value, results: null }))}>
            {POLICIES.map(([p, label]) => (
              <option key={p} value={p}>
                {label}
              </option>
            ))}
          </select>
        ))}
        <button onClick={runCompare} disabled={!!progress}>
          Compare
        </button>
      </div>
      {compare.results && <CompareResults a={compare.a} b={compare.b} results={compare.results} />}
    </section>
  );
}

function SweepResults({ points, results, param }: { points: SweepPoint[]; results: JobResult[]; param: string }) {
  const summaries = results.map((r) => r.summary);
  const label = (p: string) => POLICIES.find(([x]) => x === p)?.[1] ?? p;
  const charts = useMemo(
    () =>
      METRICS.map(([path, title, unit]) => ({
        path,
        title,
        unit,
        curves: [...curves(points, summaries, path).entries()].map(([policy, pts]) => ({ label: label(policy), color: colour(policy), points: pts })),
      })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [points, results],
  );
  // Table II at the swept value closest to 75 users.
  const xs = [...new Set(points.map((p) => p.value))];
  const x75 = xs.reduce((a, b) => (Math.abs(b - 75) < Math.abs(a - 75) ? b : a), xs[0]);
  const rows = [...new Set(points.map((p) => p.policy ?? 'scenario'))].map((policy) => {
    const idx = points.map((p, i) => (p.value === x75 && (p.policy ?? 'scenario') === policy ? i : -1)).filter((i) => i >= 0);
    return { policy, h: [0, 1, 2, 3, 4].map((k) => idx.reduce((s, i) => s + metricOf(summaries[i], `voip.harq_retx_pct[${k}]`), 0) / idx.length) };
  });
  return (
    <div className="sweep-results" data-testid="sweep-results">
      <div className="sweep-grid">
        {charts.map((c) => (
          <SweepChart key={c.path} title={c.title} unit={c.unit} xLabel={param} curves={c.curves} />
        ))}
      </div>
      <HarqTable
        caption={`HARQ retransmissions at ${param} = ${x75} (% of packets; paper 000 Table II is at 75 users)`}
        rows={rows.map((r) => ({ label: label(r.policy), pct: r.h }))}
        testId="sweep-table-ii"
      />
    </div>
  );
}

function CompareResults({ a, b, results }: { a: string; b: string; results: JobResult[] }) {
  const label = (p: string) => POLICIES.find(([x]) => x === p)?.[1] ?? p;
  const rows: [string, string, number][] = [
    ['MOS', 'voip.emodel.mos', 2],
    ['R', 'voip.emodel.r', 1],
    ['throughput [kb/s]', 'voip.throughput_kbps', 0],
    ['latency [ms]', 'voip.latency_ms', 1],
    ['jitter [ms]', 'voip.jitter_ms', 2],
    ['loss [%]', 'voip.loss_pct.total', 2],
    ['of which timeout [%]', 'voip.loss_pct.timeout', 2],
    ['spectral efficiency', 'voip.spectral_efficiency', 3],
  ];
  // Latency over time of both runs, from their results files.
  const series = results.map((r) => JSON.parse(r.resultsJson ?? '{}') as { series?: { t_s: number[]; columns: { id: string }[]; values: (number | null)[][] } });
  const t = series[0].series?.t_s ?? [];
  const col = (k: number) => {
    const s = series[k].series;
    const i = s?.columns.findIndex((c) => c.id === 'latency_ms') ?? -1;
    return (s?.values[i] ?? []).map((v) => (v === null ? NaN : v));
  };
  return (
    <div className="compare-results" data-testid="compare-results">
      <table className="summary">
        <thead>
          <tr>
            <th />
            <th>{label(a)}</th>
            <th>{label(b)}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, path, d]) => (
            <tr key={path}>
              <th scope="row">{name}</th>
              {results.map((r, i) => (
                <td key={i}>{metricOf(r.summary, path).toFixed(d)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <TimeSeriesChart
        title={`Latency: ${label(a)} and ${label(b)}`}
        unit="ms"
        version={1}
        data={{
          t,
          series: [
            { id: 'a', label: label(a), color: colour(a), values: col(0) },
            { id: 'b', label: label(b), color: colour(b), values: col(1) },
          ],
        }}
      />
    </div>
  );
}
