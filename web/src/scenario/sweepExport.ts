/**
 * What a researcher takes away from a sweep: the exact CLI command that reruns it, the cluster
 * job, and the plain-words notes under its charts (which curves coincide, what the bars mean for
 * the number of seeds). Its CSV and notebook are the engine's (`engine::export`, through the
 * sweep worker), the same bytes the CLI writes.
 */
import type { CurvePoint, SweepValue } from './sweep';

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
