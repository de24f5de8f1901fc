import { describe, expect, it } from 'vitest';
import { clusterJob, coincidingCurves, seedsNote, sweepCommand } from './sweepExport';

describe('sweep exports', () => {
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
