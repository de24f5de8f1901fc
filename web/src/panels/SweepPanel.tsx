import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useFocusHome } from '../app/useFocusHome';
import { SweepChart } from '../charts/SweepChart';
import { colourAt } from '../charts/palette';
import { TimeSeriesChart } from '../charts/TimeSeriesChart';
import { poolSize, SweepCancelled, SweepPool, workerPort, type JobResult } from '../engine/sweepPool';
import { describeError } from '../engine/errors';
import {
  buildGrid,
  compareJobs,
  curves,
  meanCiTable,
  metricOf,
  parseValues,
  sampleSets,
  type MeanCiOf,
  type SweepPoint,
  type SweepValue,
} from '../scenario/sweep';
import { clusterJob, coincidingCurves, seedsNote, sweepCommand } from '../scenario/sweepExport';
import { download, slug } from '../export/download';
import { policyLabel, sweepPolicies, type SweepModel } from '../scenario/sweepModels';
import { MODEL_REGISTRY, modelFor } from '../models';
import type { SweepRequest } from '../scenario/link';

const colourOf = (m: SweepModel, policy: string) => colourAt(sweepPolicies(m).findIndex(([p]) => p === policy));

/** What to load first when the scenario's model cannot be swept: every model that can, in words. */
function sweepableHint(): string {
  const sweepable = MODEL_REGISTRY.flatMap((d) => (d.sweep ? [{ label: d.label, hint: d.sweep.hint }] : []));
  const names = new Intl.ListFormat('en', { type: 'conjunction' }).format(sweepable.map((d) => d.label));
  const hints = new Intl.ListFormat('en', { type: 'disjunction' }).format(sweepable.map((d) => `"${d.hint}"`));
  return `Sweeps and comparisons vary the ${names} scenarios: load the preset ${hints} first.`;
}

interface Props {
  /** The scenario to vary (of a model whose descriptor has a `sweep`). */
  scenarioJson: string;
  onClose: () => void;
  /** A sweep to set up and run at once (from a link). */
  request?: SweepRequest;
  /** A sweep ran to the end: the page's link now reopens it. */
  onRan?: (request: SweepRequest) => void;
  /** The page's link (with the sweep once it has run), offered beside the results. */
  link?: string;
}

/** A linked sweep runs as the panel opens up to this many runs... */
export const LINKED_SWEEP_AUTO_RUNS = 100;
/** ...and this much simulated time in all [s]; a larger one waits for Run sweep. */
export const LINKED_SWEEP_AUTO_SECONDS = 10_000;

/** The size of a linked sweep, and a sentence saying it when it is too large to start unasked. */
export function linkedSweepSize(r: SweepRequest): { runs: number; simulatedS: number; ask: string | null } {
  const policies = Math.max(1, r.policies.length);
  const runs = r.values.length * policies * r.seeds;
  const simulatedS = runs * r.duration_s;
  const n = (x: number) => x.toLocaleString('en');
  const ask =
    runs > LINKED_SWEEP_AUTO_RUNS || simulatedS > LINKED_SWEEP_AUTO_SECONDS
      ? `This link asks for a sweep of ${n(runs)} runs (${n(r.values.length)} ${r.values.length === 1 ? 'value' : 'values'} × ${n(policies)} ` +
        `${policies === 1 ? 'policy' : 'policies'} × ${n(r.seeds)} ${r.seeds === 1 ? 'seed' : 'seeds'}, ` +
        `${n(r.duration_s)} s each: ${n(simulatedS)} s of simulated time in all), which could keep every core ` +
        `busy for long. It starts only when you press Run sweep.`
      : null;
  return { runs, simulatedS, ask };
}

/** Why a linked sweep cannot be set up for this model, or null. */
export function linkedSweepProblem(m: SweepModel, r: SweepRequest): string | null {
  if (!m.params.some((p) => p.path === r.param))
    return (
      `link: sweep.param: \`${r.param}\` is not one of this model's ` +
      `sweep parameters (${m.params.map((p) => p.path).join(', ')})`
    );
  const unknown = r.policies.find((p) => !sweepPolicies(m).some(([q]) => q === p));
  if (unknown)
    return `link: sweep.policies: \`${unknown}\` is not one of ${sweepPolicies(m)
      .map(([q]) => q)
      .join(', ')}`;
  return null;
}

/** The sweep panel's heading, with its Close button. */
function SweepHeader({ onClose }: { onClose: () => void }) {
  return (
    <header>
      <h2>Sweep and compare</h2>
      <button onClick={onClose}>Close</button>
    </header>
  );
}

/**
 * Sweeps over one parameter and policies on every core, and two-policy comparisons, for a model
 * that can be swept; for any other, which models can.
 */
export function SweepPanel(props: Props) {
  const m = modelFor((JSON.parse(props.scenarioJson) as { model?: string }).model).sweep;
  const home = useRef<HTMLDivElement>(null);
  useFocusHome(home, { first: '.sweep-form select, .sweep-form input' });
  return (
    <div ref={home} className="sweep-home">
      {m ? (
        <SweepForm {...props} m={m} />
      ) : (
        <section className="sweep-panel" aria-label="Sweep and compare">
          <SweepHeader onClose={props.onClose} />
          <p>{sweepableHint()}</p>
        </section>
      )}
    </div>
  );
}

/** The sweep and comparison of a model that can be swept (its descriptor's `sweep`, `m`). */
function SweepForm({ scenarioJson, onClose, request, onRan, link, m }: Props & { m: SweepModel }) {
  const base = JSON.parse(scenarioJson) as { duration_s?: number } & Record<string, unknown>;
  const linkProblem = request ? linkedSweepProblem(m, request) : null;
  const linked = request && !linkProblem ? request : undefined;
  const [param, setParam] = useState(linked?.param ?? m.params[0].path);
  const [valuesText, setValuesText] = useState(linked ? linked.values.join(', ') : m.params[0].values);
  const [policies, setPolicies] = useState<string[]>(linked?.policies ?? m.defaultPolicies);
  const [seeds, setSeeds] = useState(linked?.seeds ?? 1);
  const [duration, setDuration] = useState(String(linked?.duration_s ?? base.duration_s ?? 100));
  const [progress, setProgress] = useState<[number, number] | null>(null);
  const [error, setError] = useState<string[] | null>(linkProblem ? [linkProblem] : null);
  const [result, setResult] = useState<{
    points: SweepPoint[];
    results: JobResult[];
    meanCi: MeanCiOf;
    param: string;
    values: SweepValue[];
    policies: string[];
    seeds: number;
    scenarioJson: string;
  } | null>(null);
  const [compare, setCompare] = useState<{ a: string; b: string; results: JobResult[] | null }>({
    a: m.defaultPolicies.at(-2) ?? '',
    b: m.defaultPolicies.at(-1) ?? '',
    results: null,
  });
  const pool = useRef<SweepPool | null>(null);
  const [cluster, setCluster] = useState<{ text: string; copied: boolean } | null>(null);
  /** The sweep a link asked for, as the panel opened: it runs at once (below) when small; a large
   * one says its size and waits for Run sweep. */
  const [linkedAtOpen] = useState(linked);
  const [linkedAsk, setLinkedAsk] = useState(linked ? linkedSweepSize(linked).ask : null);

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
    const p = new SweepPool(poolSize(), workerPort);
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
    setLinkedAsk(null);
    const parsed = parseValues(valuesText, m.params.find((p) => p.path === param)?.text ? 'text' : 'number');
    if ('error' in parsed) return setError([parsed.error]);
    if (policies.length === 0) return setError(['policies: choose at least one']);
    const json = withDuration();
    if (!json) return;
    const points = buildGrid(json, { param, values: parsed.values, policies, seeds, policyPath: m.policyPath });
    const results = await start(
      points.map((p) => p.scenarioJson),
      false,
    );
    if (results) {
      // The bars are the engine's confidence intervals, from a worker (the page runs no engine).
      const summaries = results.map((r) => r.summary);
      const paths = m.metrics.flatMap(({ path, theory }) => [path, ...Object.values(theory ?? {}).map((t) => t[0])]);
      const sets = sampleSets(points, summaries, paths);
      let meanCi: MeanCiOf;
      try {
        meanCi = meanCiTable(sets, await new SweepPool(1, workerPort).meanCis(sets));
      } catch (e) {
        return setError([e instanceof Error ? e.message : String(e)]);
      }
      setResult({ points, results, meanCi, param, values: parsed.values, policies, seeds, scenarioJson: json });
      onRan?.({ param, values: parsed.values, policies, seeds, duration_s: Number(duration) });
    }
  };

  // A linked sweep runs as soon as the panel opens (its settings are the state's first values).
  const ranLinked = useRef(false);
  const runLinked = useEffectEvent(() => void runSweep());
  useEffect(() => {
    if (!linkedAtOpen || ranLinked.current || linkedSweepSize(linkedAtOpen).ask) return;
    ranLinked.current = true;
    runLinked();
  }, [linkedAtOpen]);

  // The sweep as a cluster job: shown, and copied where the browser lets the page write.
  const copyCluster = () => {
    const parsed = parseValues(valuesText, m.params.find((p) => p.path === param)?.text ? 'text' : 'number');
    if ('error' in parsed) return setError([parsed.error]);
    if (policies.length === 0) return setError(['policies: choose at least one']);
    setError(null);
    const text = clusterJob(
      'scenario.json',
      { param, values: parsed.values, policies, seeds },
      parsed.values.length * policies.length * seeds,
    );
    setCluster({ text, copied: false });
    navigator.clipboard?.writeText(text).then(
      () => setCluster({ text, copied: true }),
      () => undefined,
    );
  };

  const runCompare = async () => {
    const json = withDuration();
    if (!json) return;
    const jobs = compareJobs(json, m.policyPath, [compare.a, compare.b]);
    const results = await start(jobs, true);
    if (results) setCompare((c) => ({ ...c, results }));
  };

  return (
    <section className="sweep-panel" aria-label="Sweep and compare">
      <SweepHeader onClose={onClose} />
      <div className="sweep-form">
        <label>
          Parameter
          <select
            aria-label="Sweep parameter"
            value={param}
            onChange={(e) => {
              setParam(e.target.value);
              setValuesText(m.params.find((p) => p.path === e.target.value)?.values ?? '');
            }}
          >
            {m.params.map((p) => (
              <option key={p.path} value={p.path}>
                {p.label} ({p.path})
              </option>
            ))}
          </select>
        </label>
        <label>
          Values
          <input
            aria-label="Sweep values"
            value={valuesText}
            onChange={(e) => setValuesText(e.target.value)}
            size={34}
          />
        </label>
        <fieldset>
          <legend>Policies</legend>
          {sweepPolicies(m).map(([p, label]) => (
            <label key={p}>
              <input
                type="checkbox"
                checked={policies.includes(p)}
                onChange={(e) => setPolicies((ps) => (e.target.checked ? [...ps, p] : ps.filter((x) => x !== p)))}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <label>
          Seeds
          <input
            aria-label="Seeds"
            type="number"
            min={1}
            max={10}
            value={seeds}
            onChange={(e) => setSeeds(Math.max(1, Math.min(10, Number(e.target.value) || 1)))}
          />
        </label>
        <label>
          Simulated seconds per run
          <input
            aria-label="Duration per run"
            value={duration}
            onChange={(e) => setDuration(e.target.value)}
            size={5}
          />
        </label>
        {progress ? (
          <>
            <progress aria-label="Sweep progress" max={progress[1]} value={progress[0]} />
            <span data-testid="sweep-progress">
              {progress[0]} / {progress[1]} runs on {poolSize()} workers
            </span>
            <button onClick={() => pool.current?.cancel()}>Cancel</button>
          </>
        ) : (
          <>
            <button className="primary" onClick={runSweep}>
              Run sweep
            </button>
            <button
              onClick={copyCluster}
              title={
                'For a sweep too large for this tab: the commands that run it on ' +
                'a Slurm or Kubernetes cluster, split into shards (docs/SCALING.md)'
              }
            >
              Copy as a cluster job
            </button>
          </>
        )}
      </div>
      {cluster && (
        <figure className="cluster-job">
          <figcaption>
            The sweep as a cluster job{cluster.copied ? ' (copied to the clipboard)' : ''}: one shard per task, then the
            merge, which gives the same file as one run (docs/SCALING.md).
            <button
              onClick={() => {
                const json = withDuration();
                if (json) download('scenario.json', json, 'application/json');
              }}
            >
              Download scenario.json
            </button>
          </figcaption>
          <pre data-testid="cluster-job">{cluster.text}</pre>
        </figure>
      )}
      {linkedAsk && (
        <p className="sweep-linked-size" role="status" data-testid="sweep-linked-size">
          {linkedAsk}
        </p>
      )}
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
      {result && <SweepResults m={m} {...result} />}
      {result && link && (
        <p className="sweep-link">
          <label>
            Link that reopens and reruns this sweep (the runs are deterministic: same curves){' '}
            <input
              aria-label="Link to this sweep"
              readOnly
              value={link}
              size={48}
              onFocus={(e) => e.currentTarget.select()}
            />
          </label>{' '}
          <button onClick={() => void navigator.clipboard?.writeText(link).catch(() => {})}>Copy link</button>
        </p>
      )}
      <div className="compare-form">
        <h3>Compare two policies on identical random streams</h3>
        {(['a', 'b'] as const).map((k) => (
          <select
            key={k}
            aria-label={`Compare policy ${k.toUpperCase()}`}
            value={compare[k]}
            onChange={(e) => setCompare((c) => ({ ...c, [k]: e.target.value, results: null }))}
          >
            {sweepPolicies(m).map(([p, label]) => (
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
      {compare.results && <CompareResults m={m} a={compare.a} b={compare.b} results={compare.results} />}
    </section>
  );
}

function SweepResults({
  m,
  points,
  results,
  meanCi,
  param,
  values,
  policies,
  seeds,
  scenarioJson,
}: {
  m: SweepModel;
  points: SweepPoint[];
  results: JobResult[];
  meanCi: MeanCiOf;
  param: string;
  values: SweepValue[];
  policies: string[];
  seeds: number;
  scenarioJson: string;
}) {
  const summaries = useMemo(() => results.map((r) => r.summary), [results]);
  const charts = useMemo(
    () =>
      m.metrics
        .map(({ path, title, unit, theory }) => {
          const measured = [...curves(points, summaries, path, meanCi).entries()];
          const lines = measured.map(([policy, pts]) => ({
            label: policyLabel(m, policy),
            color: colourOf(m, policy),
            points: pts,
          }));
          // Theory beside each policy's measured curve, from the same runs' summaries.
          const theories = measured.flatMap(([policy]) => {
            const th = theory?.[policy];
            if (!th) return [];
            const mine = points.map((p, i) => ((p.policy ?? 'scenario') === policy ? i : -1)).filter((i) => i >= 0);
            const pts = curves(
              mine.map((i) => points[i]),
              mine.map((i) => summaries[i]),
              th[0],
              meanCi,
            ).get(policy);
            return pts ? [{ label: th[1], color: colourOf(m, policy), points: pts, dashed: true }] : [];
          });
          const curvesOf = [...lines, ...theories];
          const notes = [
            `${title.replace(/\s*\(.*\)$/, '')} [${unit}] against ${param}: each point the mean of its runs, ` +
              `one curve per policy${theories.length ? ', the closed form dashed' : ''}. ${seedsNote(seeds)}`,
            ...coincidingCurves(curvesOf).map((g) =>
              seeds > 1
                ? `${new Intl.ListFormat('en').format(g)} overlap within their bars ` +
                  `at every point: with ${seeds} seeds they cannot be told apart.`
                : `${new Intl.ListFormat('en').format(g)} give the same value at every ` +
                  `point: their markers and dashes lie on each other, no curve is missing.`,
            ),
          ];
          return { path, title, unit, curves: curvesOf, notes };
        })
        // A metric these runs do not measure (a TCP figure of runs without TCP) draws no chart.
        .filter((c) => c.curves.some((l) => l.points.some((p) => Number.isFinite(p.mean)))),
    [m, points, summaries, meanCi, param, seeds],
  );
  const name = slug(`${(JSON.parse(scenarioJson) as { name?: string }).name ?? 'scenario'} sweep ${param}`);
  const command = sweepCommand('scenario.json', { param, values, policies, seeds });
  const [exportError, setExportError] = useState<string | null>(null);
  // The CSV and the notebook come from the engine (in a worker): the same bytes as
  // `skyqueue sweep --format csv` and `--format ipynb` give for these runs.
  const save = async (kind: 'csv' | 'ipynb') => {
    setExportError(null);
    try {
      const out = await new SweepPool(1, workerPort).exports({
        scenarioJson,
        param,
        values,
        policies,
        seeds,
        rows: points.map((p, i) => ({ value: p.value, policy: p.policy, seed: p.seed, summary: summaries[i] })),
      });
      if (kind === 'csv') download(`${name}.csv`, out.csv, 'text/csv');
      else download(`${name}.ipynb`, out.notebook, 'application/x-ipynb+json');
    } catch (e) {
      setExportError(
        `The ${kind === 'csv' ? 'CSV' : 'notebook'} could not be written: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
  };
  return (
    <div className="sweep-results" data-testid="sweep-results">
      <div className="sweep-grid">
        {charts.map((c) => (
          <SweepChart key={c.path} title={c.title} unit={c.unit} xLabel={param} curves={c.curves} notes={c.notes} />
        ))}
      </div>
      <div className="sweep-export">
        <button onClick={() => void save('csv')}>Download CSV</button>
        <button onClick={() => void save('ipynb')}>Download notebook (.ipynb)</button>
        <button onClick={() => download('scenario.json', scenarioJson, 'application/json')}>
          Download scenario.json
        </button>
        <span>
          The same sweep from the command line: <code data-testid="sweep-command">{command}</code>
        </span>
        {exportError && (
          <p className="error-banner" role="alert" data-testid="sweep-export-error">
            {exportError}
          </p>
        )}
      </div>
      {m.ResultTable && <m.ResultTable m={m} points={points} summaries={summaries} param={param} />}
    </div>
  );
}

function CompareResults({ m, a, b, results }: { m: SweepModel; a: string; b: string; results: JobResult[] }) {
  const label = (p: string) => policyLabel(m, p);
  const colour = (p: string) => colourOf(m, p);
  const rows = m.compareRows;
  // One series over time for both runs, from their results files.
  const series = results.map(
    (r) =>
      JSON.parse(r.resultsJson ?? '{}') as {
        series?: { t_s: number[]; columns: { id: string }[]; values: (number | null)[][] };
      },
  );
  const t = series[0].series?.t_s ?? [];
  const col = (k: number) => {
    const s = series[k].series;
    const i = s?.columns.findIndex((c) => c.id === m.compareSeries.id) ?? -1;
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
        title={`${m.compareSeries.title}: ${label(a)} and ${label(b)}`}
        unit={m.compareSeries.unit}
        version={1}
        data={{
          t,
          series: [
            { id: 'a', label: label(a), color: colour(a), values: col(0) },
            { id: 'b', label: label(b), color: colour(b), values: col(1) },
          ],
        }}
      />
      <CompareExport m={m} a={a} b={b} results={results} />
    </div>
  );
}

/** The comparison as a notebook, written by the engine in a worker (`skyqueue compare --format
 * ipynb` writes the same). */
function CompareExport({ m, a, b, results }: { m: SweepModel; a: string; b: string; results: JobResult[] }) {
  const [problem, setProblem] = useState<string | null>(null);
  const save = async () => {
    setProblem(null);
    try {
      const runs: [string, string][] = [a, b].map((p, i) => [p, results[i].resultsJson ?? '{}']);
      const notebook = await new SweepPool(1, workerPort).compareNotebook(m.policyPath, runs);
      download(slug(`compare ${a} ${b}`) + '.ipynb', notebook, 'application/x-ipynb+json');
    } catch (e) {
      setProblem(`The notebook could not be written: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  return (
    <div className="sweep-export">
      <button onClick={() => void save()}>Download comparison notebook (.ipynb)</button>
      {problem && (
        <p className="error-banner" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
