/** Sweeps: a grid of scenario variants (one field's values x policies x seeds) and the
 * statistics of their results. The CLI's `skyqueue sweep` builds the same grid. */

/** A swept value: a number, or a text such as a site name (`transfer.to`). */
export type SweepValue = number | string;

export interface SweepSpec {
  /** Dotted field path, e.g. `voip.flows`; several joined by `+` all get the value (e.g.
   * `diffserv.ef_bps+diffserv.ef_expected_bps`: an EF load PSS knows). */
  param: string;
  values: SweepValue[];
  /** Values of the policy field; empty keeps the scenario's. */
  policies: string[];
  seeds: number;
  /** The field the policies set (the model's `sweep.policyPath`). */
  policyPath: string;
}

export interface SweepPoint {
  value: SweepValue;
  policy: string | null;
  seed: number;
  scenarioJson: string;
}

/** Sets a dotted path in a JSON object, creating objects on the way. */
export function setPath(obj: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  if (parts.some((p) => p === '')) throw new Error(`\`${path}\` is not a dotted field path like voip.flows`);
  let cur: Record<string, unknown> = obj;
  for (const key of parts.slice(0, -1)) {
    const next = cur[key];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) cur[key] = {};
    cur = cur[key] as Record<string, unknown>;
  }
  cur[parts[parts.length - 1]] = value;
}

/** Parses `a, b, c` into numbers (or, for a text field, into texts such as site names); names
 * the bad entry. */
export function parseValues(
  text: string,
  kind: 'number' | 'text' = 'number',
): { values: SweepValue[] } | { error: string } {
  const parts = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (kind === 'text') {
    if (parts.length === 0) return { error: 'values: give at least one, e.g. Los Angeles, New Delhi' };
    const dup = parts.find((p, i) => parts.indexOf(p) !== i);
    if (dup) return { error: `values: \`${dup}\` is given twice` };
    return { values: parts };
  }
  if (parts.length === 0) return { error: 'values: give at least one number, e.g. 25, 50, 75' };
  const values: number[] = [];
  for (const p of parts) {
    const v = Number(p);
    if (!Number.isFinite(v)) return { error: `values: \`${p}\` is not a number` };
    values.push(v);
  }
  return { values };
}

/** Every point of the grid, values outermost, seeds innermost (the CLI's order). */
export function buildGrid(baseJson: string, spec: SweepSpec): SweepPoint[] {
  const base = JSON.parse(baseJson) as Record<string, unknown>;
  const policies = spec.policies.length ? spec.policies : [null];
  const out: SweepPoint[] = [];
  for (const value of spec.values) {
    for (const policy of policies) {
      for (let seed = 1; seed <= spec.seeds; seed++) {
        const s = structuredClone(base);
        for (const path of spec.param.split('+')) setPath(s, path, value);
        if (policy) setPath(s, spec.policyPath, policy);
        s.seed = seed;
        out.push({ value, policy, seed, scenarioJson: JSON.stringify(s) });
      }
    }
  }
  return out;
}

/** The runs of a comparison: the scenario once per policy (set at `policyPath`), each with the
 * scenario's own seed, as `skyqueue compare` runs them. */
export function compareJobs(baseJson: string, policyPath: string, policies: string[]): string[] {
  const base = JSON.parse(baseJson) as Record<string, unknown>;
  return policies.map((p) => {
    const s = structuredClone(base);
    setPath(s, policyPath, p);
    return JSON.stringify(s);
  });
}

/** Mean and 95 % confidence half-width of a set of samples, and how many were finite. */
export interface MeanCi {
  mean: number;
  /** NaN below two finite samples. */
  half: number;
  n: number;
}

/**
 * The engine's mean and 95 % confidence interval of the finite samples (Student t; wasm `meanCi`,
 * `metrics::stats::mean_ci95`), the one implementation the CLI's notebooks and Python use too.
 * The page has no engine of its own (the wasm runs in workers), so a sweep asks a worker for the
 * intervals of every sample set it plots ({@link sampleSets}) and looks them up here.
 */
export type MeanCiOf = (xs: number[]) => MeanCi;

/** `[mean, half, n]` as the engine's `meanCi` returns them. */
export function meanCiOf(packed: ArrayLike<number>): MeanCi {
  return { mean: packed[0], half: packed[1], n: packed[2] };
}

/** The intervals of `sets` (the engine's, in their order) as a lookup for {@link curves}; a set
 * it was not given is a bug of the caller and throws. */
export function meanCiTable(sets: number[][], cis: MeanCi[]): MeanCiOf {
  // JSON writes every non-finite sample as null; the engine leaves them all out alike.
  const table = new Map(sets.map((xs, i) => [JSON.stringify(xs), cis[i]]));
  return (xs) => {
    const ci = table.get(JSON.stringify(xs));
    if (!ci) throw new Error(`no confidence interval was computed for the samples ${JSON.stringify(xs)}`);
    return ci;
  };
}

/** Reads a number at a dotted path of a summary object (NaN if absent). */
export function metricOf(summary: unknown, path: string): number {
  let cur: unknown = summary;
  for (const k of path.split('.')) {
    const m = /^(.*)\[(\d+)\]$/.exec(k);
    if (m) {
      cur = (cur as Record<string, unknown> | undefined)?.[m[1]];
      cur = Array.isArray(cur) ? cur[Number(m[2])] : undefined;
    } else cur = (cur as Record<string, unknown> | undefined)?.[k];
  }
  return typeof cur === 'number' ? cur : NaN;
}

export interface CurvePoint {
  /** The swept value, or for texts its position in the sweep (0, 1, ...). */
  x: number;
  /** The swept text, for a sweep over texts (the axis shows these). */
  label?: string;
  mean: number;
  lo: number;
  hi: number;
}

/** Per policy, the runs' values of the metric at each swept value: the samples of each point
 * of {@link curves}, in the same order. */
export function curveSamples(
  points: SweepPoint[],
  summaries: unknown[],
  metric: string,
): Map<string, { x: number; label?: string; samples: number[] }[]> {
  // Texts sit at their positions in the sweep, in the order given.
  const texts = [...new Set(points.map((p) => p.value).filter((v): v is string => typeof v === 'string'))];
  const xOf = (v: SweepValue) => (typeof v === 'string' ? texts.indexOf(v) : v);
  const groups = new Map<string, Map<number, number[]>>();
  points.forEach((p, i) => {
    const key = p.policy ?? 'scenario';
    const byX = groups.get(key) ?? new Map<number, number[]>();
    groups.set(key, byX);
    const xs = byX.get(xOf(p.value)) ?? [];
    byX.set(xOf(p.value), xs);
    xs.push(metricOf(summaries[i], metric));
  });
  const out = new Map<string, { x: number; label?: string; samples: number[] }[]>();
  for (const [key, byX] of groups) {
    out.set(
      key,
      [...byX.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([x, samples]) => (texts.length ? { x, label: texts[x], samples } : { x, samples })),
    );
  }
  return out;
}

/** Every sample set the curves of `metrics` draw (each metric's and its closed form's), for the
 * engine to give their intervals at once. */
export function sampleSets(points: SweepPoint[], summaries: unknown[], metrics: string[]): number[][] {
  return metrics.flatMap((metric) =>
    [...curveSamples(points, summaries, metric).values()].flatMap((pts) => pts.map((p) => p.samples)),
  );
}

/** Per policy, the metric's mean and CI at each swept value. */
export function curves(
  points: SweepPoint[],
  summaries: unknown[],
  metric: string,
  meanCi: MeanCiOf,
): Map<string, CurvePoint[]> {
  const out = new Map<string, CurvePoint[]>();
  for (const [key, pts] of curveSamples(points, summaries, metric)) {
    out.set(
      key,
      pts.map(({ x, label, samples }) => {
        const { mean, half } = meanCi(samples);
        const h = Number.isFinite(half) ? half : 0;
        return label === undefined
          ? { x, mean, lo: mean - h, hi: mean + h }
          : { x, label, mean, lo: mean - h, hi: mean + h };
      }),
    );
  }
  return out;
}
