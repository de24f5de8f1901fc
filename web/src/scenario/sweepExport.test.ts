import { describe, expect, it } from 'vitest';
import { buildGrid } from './sweep';
import { clusterJob, coincidingCurves, seedsNote, sweepCommand, sweepCsv, sweepNotebook } from './sweepExport';

const base = JSON.stringify({ version: 2, model: 'voip-leo', duration_s: 5, voip: { flows: 25 } });

describe('sweep exports', () => {
  const points = buildGrid(base, {
    param: 'voip.flows',
    values: [25, 75],
    policies: ['pf', 'codes'],
    seeds: 2,
    policyPath: 'voip.policy',
  });
  const summaries = points.map((p, i) => ({
    voip: { latency_ms: 100 + i + 0.1 + 0.2, loss_pct: Number(p.value) / 10 },
  }));
  const metrics = [
    { path: 'voip.latency_ms', title: 'Latency', unit: 'ms' },
    { path: 'voip.loss_pct', title: 'Loss', unit: '%' },
  ];

  it('gives the CLI command that reruns the grid', () => {
    expect(
      sweepCommand('scenario.json', { param: 'voip.flows', values: [25, 75], policies: ['pf', 'codes'], seeds: 2 }),
    ).toBe('skyqueue sweep scenario.json --param voip.flows --values 25,75 --policies pf,codes --seeds 2 --format csv');
    expect(sweepCommand('s.json', { param: 'queue.capacity_pkts', values: [5], policies: [], seeds: 1 })).not.toContain(
      '--policies',
    );
    // Site names with spaces are quoted for the shell, as one --values argument.
    expect(
      sweepCommand('s.json', { param: 'transfer.to', values: ['Los Angeles', 'Tokyo'], policies: ['cubic'], seeds: 1 }),
    ).toBe(
      'skyqueue sweep s.json --param transfer.to --values "Los Angeles,Tokyo" --policies cubic --seeds 1 --format csv',
    );
  });

  it('writes one CSV row per run, numbers without rounding noise', () => {
    const csv = sweepCsv(points, summaries, metrics, 'voip.flows').trim().split('\n');
    expect(csv[0]).toBe('policy,seed,voip.flows,voip.latency_ms,voip.loss_pct');
    expect(csv).toHaveLength(1 + 8);
    expect(csv[1]).toBe('pf,1,25,100.3,2.5');
  });

  it('builds a valid nbformat 4 notebook holding the scenario, the command, the data and a plot', () => {
    const csv = sweepCsv(points, summaries, metrics, 'voip.flows');
    const command = sweepCommand('scenario.json', {
      param: 'voip.flows',
      values: [25, 75],
      policies: ['pf', 'codes'],
      seeds: 2,
    });
    const nb = JSON.parse(
      sweepNotebook({ title: 'VoIP sweep', scenarioJson: base, command, csv, param: 'voip.flows', metrics }),
    );
    expect(nb.nbformat).toBe(4);
    expect(nb.cells.map((c: { cell_type: string }) => c.cell_type)).toEqual(['markdown', 'code', 'code', 'code']);
    const text = nb.cells.map((c: { source: string[] }) => c.source.join('')).join('\n');
    expect(text).toContain(command);
    expect(text).toContain(csv.trim());
    expect(text).toContain(base);
    expect(text).toContain('matplotlib');
    for (const c of nb.cells) expect(Array.isArray(c.source)).toBe(true);
  });

  it('says which curves coincide, and what the bars mean for the seeds run', () => {
    const a = [
      { x: 1, mean: 5, lo: 4, hi: 6 },
      { x: 2, mean: 7, lo: 6.5, hi: 7.5 },
    ];
    const b = [
      { x: 1, mean: 5.5, lo: 5, hi: 6 },
      { x: 2, mean: 7.2, lo: 7, hi: 7.4 },
    ];
    const c = [
      { x: 1, mean: 9, lo: 8.8, hi: 9.2 },
      { x: 2, mean: 7, lo: 6.9, hi: 7.1 },
    ];
    expect(
      coincidingCurves([
        { label: 'PF', points: a },
        { label: 'CoDeS', points: b },
        { label: 'RR', points: c },
      ]),
    ).toEqual([['PF', 'CoDeS']]);
    // Without bars, only equal values coincide; a theory line never counts.
    const exact = [{ x: 1, mean: 3, lo: 3, hi: 3 }];
    expect(
      coincidingCurves([
        { label: 'A', points: exact },
        { label: 'B', points: exact },
        { label: 'T', points: exact, dashed: true },
      ]),
    ).toEqual([['A', 'B']]);
    expect(
      coincidingCurves([
        { label: 'A', points: exact },
        { label: 'B', points: [{ x: 1, mean: 3.1, lo: 3.1, hi: 3.1 }] },
      ]),
    ).toEqual([]);
    expect(seedsNote(1)).toMatch(/no confidence bars/);
    expect(seedsNote(2)).toMatch(/over 2 seeds.*wide.*12\.7/);
    expect(seedsNote(5)).not.toMatch(/wide/);
  });
});

describe('the sweep as a cluster job', () => {
  it('is the Slurm submission and the sharded commands with their merge', () => {
    const text = clusterJob(
      'scenario.json',
      { param: 'dccp.per', values: [0.001, 0.01], policies: ['udp', 'ccid4'], seeds: 10 },
      40,
    );
    expect(text.split('\n')).toEqual([
      '# 40 runs in 16 shards. Save the scenario as scenario.json (Download scenario.json, beside), then on the cluster:',
      'bash deploy/slurm/submit.sh 16 scenario.json dccp.per 0.001,0.01 udp,ccid4 10',
      '# or with any scheduler: shard I of 16 (I = 0..15), then the merge once all have ended:',
      'skyqueue sweep scenario.json --param dccp.per --values 0.001,0.01 ' +
        '--policies udp,ccid4 --seeds 10 --shard I/16 --out parts/part-I.json',
      'skyqueue merge parts/part-*.json --out results.json',
    ]);
    // Fewer runs than 16: one shard each; site names quoted for the shell.
    expect(
      clusterJob('s.json', { param: 'transfer.to', values: ['Los Angeles', 'Toulouse'], policies: [], seeds: 1 }, 2),
    ).toContain('bash deploy/slurm/submit.sh 2 s.json transfer.to "Los Angeles,Toulouse" "" 1');
  });
});
