/**
 * What a researcher takes away from a sweep: the exact CLI command that reruns it, its results
 * as CSV, a Jupyter notebook holding both with a plot, and the plain-words notes under its
 * charts (which curves coincide, what the bars mean for the number of seeds).
 */
import { csvNumber } from '../export/download';
import type { CurvePoint, SweepPoint, SweepValue } from './sweep';
import { metricOf } from './sweep';

/** The `skyqueue sweep` command that runs the same grid on the scenario saved as `file`. */
export function sweepCommand(
  file: string,
  s: { param: string; values: SweepValue[]; policies: string[]; seeds: number },
): string {
  const values = s.values.join(',');
  // Texts with spaces (site names) are quoted for the shell.
  const parts = [
    'skyqueue',
    'sweep',
    file,
    '--param',
    s.param,
    '--values',
    /[\s"'$`\\]/.test(values) ? `"${values.replace(/(["$`\\])/g, '\\$1')}"` : values,
  ];
  if (s.policies.length) parts.push('--policies', s.policies.join(','));
  parts.push('--seeds', String(s.seeds), '--format', 'csv');
  return parts.join(' ');
}

/**
 * A sweep too large for a tab, as a cluster job (docs/SCALING.md): the Slurm submission of
 * deploy/slurm/submit.sh (an array of `shards` tasks and a merge that waits for it), and the
 * same by hand, one `--shard I/N` per task, for any scheduler. `runs` sets the shard count.
 */
export function clusterJob(
  file: string,
  s: { param: string; values: SweepValue[]; policies: string[]; seeds: number },
  runs: number,
): string {
  const shards = Math.max(1, Math.min(16, runs));
  const one = sweepCommand(file, s).replace(/ --format csv$/, '');
  const q = (x: string) => (x === '' ? '""' : /[\s"'$`\\]/.test(x) ? `"${x.replace(/(["$`\\])/g, '\\$1')}"` : x);
  return [
    `# ${runs} runs in ${shards} shards. Save the scenario as ` +
      `${file} (Download scenario.json, beside), then on the cluster:`,
    `bash deploy/slurm/submit.sh ${shards} ${file} ${s.param} ` +
      `${q(s.values.join(','))} ${q(s.policies.join(','))} ${s.seeds}`,
    `# or with any scheduler: shard I of ${shards} (I = 0..${shards - 1}), then the merge once all have ended:`,
    `${one} --shard I/${shards} --out parts/part-I.json`,
    'skyqueue merge parts/part-*.json --out results.json',
  ].join('\n');
}

/** One row per run: policy, seed, the swept value and each metric (12 significant digits). */
export function sweepCsv(
  points: SweepPoint[],
  summaries: unknown[],
  metrics: { path: string }[],
  param: string,
): string {
  const quote = (h: string) => (/[",\n]/.test(h) ? `"${h.replace(/"/g, '""')}"` : h);
  const head = ['policy', 'seed', param, ...metrics.map((m) => m.path)].map(quote).join(',');
  const rows = points.map((p, i) =>
    [
      quote(p.policy ?? ''),
      String(p.seed),
      typeof p.value === 'string' ? quote(p.value) : csvNumber(p.value),
      ...metrics.map((m) => csvNumber(metricOf(summaries[i], m.path))),
    ].join(','),
  );
  return [head, ...rows].join('\n') + '\n';
}

/** Whether two curves agree at every swept value: their means within each other's bars (or
 * equal to 1e-9 relative where there are no bars). */
function agree(a: CurvePoint[], b: CurvePoint[]): boolean {
  if (a.length === 0 || a.length !== b.length) return false;
  return a.every((p, i) => {
    const q = b[i];
    if (p.x !== q.x || !Number.isFinite(p.mean) || !Number.isFinite(q.mean)) return false;
    if (p.hi > p.lo || q.hi > q.lo) return p.lo <= q.hi && q.lo <= p.hi;
    return Math.abs(p.mean - q.mean) <= 1e-9 * Math.max(1, Math.abs(p.mean), Math.abs(q.mean));
  });
}

/** Groups of curves (labels) that coincide at every point, each group of two or more. */
export function coincidingCurves(curves: { label: string; points: CurvePoint[]; dashed?: boolean }[]): string[][] {
  const measured = curves.filter((c) => !c.dashed);
  const groups: string[][] = [];
  const used = new Set<number>();
  measured.forEach((c, i) => {
    if (used.has(i)) return;
    const g = [c.label];
    measured.forEach((d, j) => {
      if (j > i && !used.has(j) && agree(c.points, d.points)) {
        g.push(d.label);
        used.add(j);
      }
    });
    if (g.length > 1) groups.push(g);
  });
  return groups;
}

/** The sentence under a sweep chart about its bars and the number of seeds. */
export function seedsNote(seeds: number): string {
  if (seeds <= 1) return 'One seed per point: no confidence bars (run 2 or more seeds to see the spread).';
  const wide =
    seeds < 5
      ? ` With only ${seeds} seeds the bars are wide: the t-quantile for ${seeds - 1} degree${seeds === 2 ? '' : 's'} ` +
        `of freedom is large (12.7 for 2 seeds), so use 5 or more to compare close curves.`
      : '';
  return `Bars: 95 % confidence intervals of the mean over ${seeds} seeds.${wide}`;
}

const lines = (text: string) => text.split('\n').map((l, i, a) => (i < a.length - 1 ? `${l}\n` : l));

/**
 * A Jupyter notebook (nbformat 4) with the scenario, the exact command, the results inline as
 * CSV and a matplotlib plot of every metric against the swept value (mean and 95 % bars per
 * policy), so the figure can be rebuilt and restyled without SkyQueue.
 */
export function sweepNotebook(o: {
  title: string;
  scenarioJson: string;
  command: string;
  csv: string;
  param: string;
  metrics: { path: string; title: string; unit: string }[];
}): string {
  const md = (text: string) => ({ cell_type: 'markdown', metadata: {}, source: lines(text) });
  const code = (text: string) => ({
    cell_type: 'code',
    metadata: {},
    execution_count: null,
    outputs: [],
    source: lines(text),
  });
  const nb = {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {
      kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' },
      language_info: { name: 'python' },
    },
    cells: [
      md(
        `# ${o.title}\n\nA parameter sweep exported from SkyQueue. To run it again with the command-line tool:\n\n` +
          `\`\`\`\n${o.command} > sweep.csv\n\`\`\`\n\n` +
          'with the scenario below saved as `scenario.json`. The data below are the results of that sweep.',
      ),
      code(
        `# The scenario that was swept\nSCENARIO = r'''${o.scenarioJson}'''\nopen('scenario.json', 'w').write(SCENARIO)`,
      ),
      code(
        `# One row per run: policy, seed, the swept value (${o.param}) and the metrics\n` +
          `import csv, io\nDATA = r'''${o.csv}'''\nrows = list(csv.DictReader(io.StringIO(DATA)))\nlen(rows)`,
      ),
      code(
        [
          'import math, statistics',
          'import matplotlib.pyplot as plt',
          `PARAM = ${JSON.stringify(o.param)}`,
          `METRICS = ${JSON.stringify(o.metrics.map((m) => [m.path, m.title, m.unit]))}`,
          'T95 = {2: 12.706, 3: 4.303, 4: 3.182, 5: 2.776, 6: 2.571, 7: 2.447, 8: 2.365, 9: 2.306, 10: 2.262}',
          'def mean_ci(xs):',
          '    m = statistics.fmean(xs)',
          '    if len(xs) < 2: return m, 0.0',
          '    return m, T95.get(len(xs), 1.96) * statistics.stdev(xs) / math.sqrt(len(xs))',
          'fig, axes = plt.subplots(1, len(METRICS), figsize=(5 * len(METRICS), 4), squeeze=False)',
          "styles = ['o-', 's--', '^-.', 'D:', 'v-', 'P--', 'X-.', '*:']",
          'for ax, (path, title, unit) in zip(axes[0], METRICS):',
          "    for k, policy in enumerate(sorted({r['policy'] for r in rows})):",
          "        mine = [r for r in rows if r['policy'] == policy and r[path] != '']",
          '        xs = sorted({float(r[PARAM]) for r in mine})',
          '        stats = [mean_ci([float(r[path]) for r in mine if float(r[PARAM]) == x]) for x in xs]',
          '        ax.errorbar(xs, [s[0] for s in stats], yerr=[s[1] for s in stats], ' +
            "fmt=styles[k % len(styles)], capsize=3, label=policy or 'scenario')",
          "    ax.set_title(title); ax.set_xlabel(PARAM); ax.set_ylabel(f'[{unit}]'); ax.legend()",
          'plt.tight_layout()',
        ].join('\n'),
      ),
    ],
  };
  return JSON.stringify(nb, null, 1) + '\n';
}
