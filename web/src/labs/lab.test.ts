import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LABS } from './catalog';
import {
  explanation,
  judge,
  markFits,
  markUnit,
  parseLab,
  placeholders,
  readsSeries,
  scoreWaiting,
  seriesStat,
  stepMarks,
  stepScenarios,
  stepValues,
  type LabStep,
} from './lab';

const step = (over: Partial<LabStep> = {}): Record<string, unknown> => ({
  title: 'A step',
  preset: 'mm1-load-0.8',
  question: 'How long?',
  values: { w: { of: 'queue.mean_wait_s', scale: 1000, digits: 1, unit: 'ms' } },
  answer: { number: { value: 'w', tolerance: 1 } },
  explain: 'It waited {w}.',
  ...over,
});
const lab = (steps: unknown[], over: Record<string, unknown> = {}) =>
  JSON.stringify({ lab: 1, title: 'T', topic: 'Queues', line: 'A line.', steps, ...over });

describe('parseLab', () => {
  it('accepts a well-formed lab', () => {
    const r = parseLab(lab([step()]));
    expect(r.ok).toBe(true);
  });
  it('names the step and the field of each problem', () => {
    const r = parseLab(
      lab([
        step(),
        step({
          set: { 'queue.nonsense': 3 },
          answer: { number: { value: 'nope', tolerance: -1 } },
          explain: 'Is {missing}.',
        }),
      ]),
    );
    expect(r.ok).toBe(false);
    const errors = r.ok ? [] : r.errors;
    expect(errors).toContain('step 2, set.queue.nonsense: not a field of the scenario');
    expect(errors.some((e) => e.startsWith('step 2, answer.number.value: expected one of the step'))).toBe(true);
    expect(errors).toContain('step 2, answer.number.tolerance: expected a number of 0 or more');
    expect(errors).toContain("step 2, explain: {missing} is not one of the step's values");
  });
  it("checks a changed field's value with the scenario schema", () => {
    const r = parseLab(lab([step({ set: { 'queue.load': 7 } })]));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors[0]).toMatch(/^step 1, set\.queue\.load: /);
  });
  it('refuses an unknown preset, run or key, and a bad lab header', () => {
    const r = parseLab(
      lab([step({ preset: 'no-such', runs: undefined }), step({ values: { w: { of: 'other:queue.x' } } })], {
        lab: 2,
        extra: true,
      }),
    );
    const errors = r.ok ? [] : r.errors;
    expect(errors).toContain('`extra`: unknown field, expected one of lab, title, paper, topic, line, steps');
    expect(errors).toContain('lab: the lab format version must be 1');
    expect(errors.some((e) => e.startsWith('step 1, preset: expected the name of a preset'))).toBe(true);
    expect(errors).toContain('step 2, values.w.of: the run `other` is not one of main');
  });
  it("checks a choice's options and an order's items alike", () => {
    const r = parseLab(
      lab([
        step({ answer: { choice: { options: [{ label: 'A', value: 'w' }], pick: 'lowest' } } }),
        step({
          answer: {
            order: {
              items: [
                { label: '', value: 'w' },
                { label: 'B', value: 'x' },
              ],
              by: 'up',
            },
          },
        } as unknown as Partial<LabStep>),
      ]),
    );
    expect(r.ok ? [] : r.errors).toEqual([
      'step 1, answer.choice.options: expected 2 to 6 options',
      'step 2, answer.order.items[0].label: expected a text',
      "step 2, answer.order.items[1].value: expected one of the step's values (w)",
      'step 2, answer.order.by: expected `ascending` or `descending`',
    ]);
  });
  it("accepts a camera of the globe's buttons, and names the step and field of any other", () => {
    const seam = { preset: 'tcp-iridium-9kb-seam' };
    for (const camera of ['home', 'route', 'follow'])
      expect(parseLab(lab([step({ ...seam, camera } as Partial<LabStep>)])).ok, camera).toBe(true);
    const r = parseLab(
      lab([
        step({ ...seam, camera: 'route' } as Partial<LabStep>),
        step({ ...seam, camera: 'pole' } as unknown as Partial<LabStep>),
        step({ ...seam, camera: 3 } as unknown as Partial<LabStep>),
        step({ camera: 'follow' } as Partial<LabStep>),
      ]),
    );
    expect(r.ok ? [] : r.errors).toEqual([
      "step 2, camera: expected one of the globe's camera buttons `home` (Home), `route` (Fit the route), " +
        '`follow` (Follow satellite), not "pole"',
      "step 3, camera: expected one of the globe's camera buttons `home` (Home), `route` (Fit the route), " +
        '`follow` (Follow satellite), not 3',
      // An M/M/1 queue has no globe to point a camera at.
      'step 4, camera: the preset mm1-load-0.8 draws no globe: leave `camera` out',
    ]);
  });
  it("accepts a value read of a run's series, and names the step and field of each problem", () => {
    const values = (v: Record<string, unknown>) => ({ values: { w: v } }) as unknown as Partial<LabStep>;
    expect(parseLab(lab([step(values({ series: 'rtt_ms', stat: 'max', unit: 'ms' }))])).ok).toBe(true);
    expect(parseLab(lab([step({ ...values({ series: 'late:rtt_ms', stat: 'last' }), runs: { late: {} } })])).ok).toBe(
      true,
    );
    const r = parseLab(
      lab([
        step(values({ series: 'rtt_ms' })),
        step(values({ series: 'rtt_ms', stat: 'median' })),
        step(values({ series: 'transfer.rtt_ms', stat: 'max' })),
        step(values({ series: 'other:rtt_ms', stat: 'max' })),
        step(values({ of: 'queue.mean_wait_s', series: 'wait_ms', stat: 'max' })),
        step(values({ of: 'queue.mean_wait_s', stat: 'max' })),
        step(values({ unit: 'ms' })),
      ]),
    );
    expect(r.ok ? [] : r.errors).toEqual([
      'step 1, values.w.stat: expected the statistic of the series read: one of max, min, mean, last',
      'step 2, values.w.stat: expected the statistic of the series read: one of max, min, mean, last',
      "step 3, values.w.series: expected `[run:]id`, a run of the step and the id of one of its series (a chart's line)",
      'step 4, values.w.series: the run `other` is not one of main',
      'step 5, values.w: expected one of `of` (a number of the summary) or `series` (a statistic of a series)',
      'step 6, values.w.stat: a statistic is read of a `series` only',
      'step 7, values.w: expected one of `of` (a number of the summary) or `series` (a statistic of a series)',
    ]);
  });
  it('refuses text that is not JSON, and an empty list of steps', () => {
    expect(parseLab('{').ok).toBe(false);
    expect(parseLab(lab([]))).toEqual({ ok: false, errors: ['steps: expected a list of 1 to 12 steps'] });
  });
});

describe('judge', () => {
  const s = step() as unknown as LabStep;
  it('scores a number within its tolerance', () => {
    expect(judge(s, { w: 10 }, { number: 10.9 }).correct).toBe(true);
    expect(judge(s, { w: 10 }, { number: 11.2 }).correct).toBe(false);
    expect(judge(s, { w: 10 }, { number: 11.2 }).truth).toBe('10.0 ms (right within ± 1.0 ms)');
  });
  it('scores a percentage tolerance', () => {
    const p = { ...s, answer: { number: { value: 'w', tolerance_pct: 10 } } } as LabStep;
    expect(judge(p, { w: 200 }, { number: 219 }).correct).toBe(true);
    expect(judge(p, { w: 200 }, { number: 221 }).correct).toBe(false);
  });
  it('picks the best option, or the tie option when the best two are close', () => {
    const c = {
      ...s,
      values: { a: { of: 'x' }, b: { of: 'y' } },
      answer: {
        choice: {
          options: [
            { label: 'A', value: 'a' },
            { label: 'B', value: 'b' },
          ],
          pick: 'lowest',
          tie: { label: 'Same', within: 1 },
        },
      },
    } as LabStep;
    expect(judge(c, { a: 5, b: 9 }, { choice: 0 }).correct).toBe(true);
    expect(judge(c, { a: 5, b: 9 }, { choice: 2 }).correct).toBe(false);
    expect(judge(c, { a: 5, b: 5.5 }, { choice: 2 })).toEqual({ correct: true, truth: 'Same', predicted: 'Same' });
  });
  it('accepts an ordering that only swaps items within the tie', () => {
    const o = {
      ...s,
      values: { a: { of: 'x' }, b: { of: 'y' }, c: { of: 'z' } },
      answer: {
        order: {
          items: [
            { label: 'A', value: 'a' },
            { label: 'B', value: 'b' },
            { label: 'C', value: 'c' },
          ],
          by: 'ascending',
          tie: 1,
        },
      },
    } as LabStep;
    const v = { a: 3, b: 3.5, c: 10 };
    expect(judge(o, v, { order: [0, 1, 2] }).correct).toBe(true);
    expect(judge(o, v, { order: [1, 0, 2] }).correct).toBe(true);
    expect(judge(o, v, { order: [2, 0, 1] }).correct).toBe(false);
    expect(judge(o, v, { order: [0, 0, 2] }).correct).toBe(false);
  });
});

describe("a value read of a run's series", () => {
  const series = {
    columns: [{ id: 'rtt_ms' }, { id: 'cwnd' }],
    values: [
      [null, 120, 340.5, null, 180],
      [10, 10, 11, 12, null],
    ],
  };
  it('is the statistic of its samples, buckets without one skipped', () => {
    expect(seriesStat(series, 'rtt_ms', 'max')).toBe(340.5);
    expect(seriesStat(series, 'rtt_ms', 'min')).toBe(120);
    expect(seriesStat(series, 'rtt_ms', 'mean')).toBeCloseTo((120 + 340.5 + 180) / 3, 12);
    expect(seriesStat(series, 'rtt_ms', 'last')).toBe(180);
    expect(seriesStat(series, 'cwnd', 'last')).toBe(12);
  });
  it('is no value where the run has no such series, no sample, or no series at all', () => {
    expect(seriesStat(series, 'hops', 'max')).toBeNull();
    expect(seriesStat({ columns: [{ id: 'x' }], values: [[null]] }, 'x', 'max')).toBeNull();
    expect(seriesStat(null, 'rtt_ms', 'max')).toBeNull();
  });
  it("sits among a step's values, by run, less a summary's number and times its scale", () => {
    const s = {
      ...(step() as unknown as LabStep),
      runs: { clear: {} },
      values: {
        peak: { series: 'rtt_ms', stat: 'max', unit: 'ms' },
        clear: { series: 'clear:rtt_ms', stat: 'max', unit: 'ms' },
        over: { series: 'rtt_ms', stat: 'max', minus: 'clear:transfer.start_rtt_ms', scale: 0.001 },
        srtt: { of: 'transfer.srtt_ms' },
      },
    } as LabStep;
    expect(readsSeries(s)).toBe(true);
    expect(readsSeries(step() as unknown as LabStep)).toBe(false);
    const clear = { columns: [{ id: 'rtt_ms' }], values: [[100, 101]] };
    const summaries = { main: { transfer: { srtt_ms: 200 } }, clear: { transfer: { start_rtt_ms: 100.5 } } };
    expect(stepValues(s, summaries, { main: series, clear })).toEqual({
      peak: 340.5,
      clear: 101,
      over: (340.5 - 100.5) * 0.001,
      srtt: 200,
    });
    // Without the runs' series (not kept): no value, not a wrong one.
    expect(stepValues(s, summaries)).toEqual({ peak: null, clear: null, over: null, srtt: 200 });
  });
  it("marks a chart in the series' unit", () => {
    const s = {
      ...(step() as unknown as LabStep),
      chart: 'RTT samples',
      values: { peak: { series: 'rtt_ms', stat: 'max', unit: 'ms' } },
      answer: { number: { value: 'peak', tolerance: 10 } },
    } as LabStep;
    const charts = [
      {
        title: 'Route one-way delay & RTT samples',
        unit: 'ms',
        members: [{ s: { id: 'delay_ms', unit: 'ms' } }, { s: { id: 'rtt_ms', unit: 'ms' } }],
      },
    ];
    expect(stepMarks(s, charts, { peak: 300 }, 250, true).map((m) => m.value)).toEqual([250, 300]);
    expect(markUnit(s.values.peak, 'ms')).toBe('ms');
  });
});

describe('scoreWaiting', () => {
  const s = step() as unknown as LabStep;
  it('scores a prediction handed in before the values were in, whenever they come', () => {
    // The order a busy machine can give: the values arrive, then the prediction is recorded by
    // a handler that still saw them computing (correct null); the score must count it.
    const answers = [
      { prediction: { number: 10.5 }, correct: true },
      { prediction: { number: 10.5 }, correct: null },
    ];
    const scored = scoreWaiting(answers, 1, s, { w: 10 });
    expect(scored.map((a) => a?.correct)).toEqual([true, true]);
    expect(scoreWaiting(answers, 1, s, { w: 20 })[1]?.correct).toBe(false);
  });
  it('leaves scored, skipped and empty answers as they are (the same array)', () => {
    const answers = [{ prediction: { number: 99 }, correct: true }, { prediction: null, correct: null }, null];
    for (const i of [0, 1, 2]) expect(scoreWaiting(answers, i, s, { w: 10 })).toBe(answers);
  });
});

describe("docs/LABS.md's example", () => {
  it('is a lab the app opens', () => {
    const doc = readFileSync(new URL('../../../docs/LABS.md', import.meta.url), 'utf8');
    const json = /```json\n([\s\S]*?)\n```/.exec(doc)?.[1];
    expect(json).toBeDefined();
    const r = parseLab(json!);
    expect(r.ok ? [] : r.errors).toEqual([]);
  });
});

describe('the shipped labs', () => {
  it('are five, one per paper', () => {
    expect(LABS.map((l) => l.lab.paper)).toEqual(['000', '001', '002', '003', '004']);
  });
  it('fill every blank of their explanations and build every scenario', () => {
    for (const { lab: l } of LABS)
      for (const st of l.steps) {
        const scenarios = stepScenarios(st);
        expect(Object.keys(scenarios)).toEqual(['main', ...Object.keys(st.runs ?? {})]);
        const filled = explanation(st, Object.fromEntries(Object.keys(st.values).map((k) => [k, 1])));
        expect(placeholders(filled)).toEqual([]);
      }
  });
});

describe("a number's markers on the step's chart", () => {
  const seam = (over: Partial<LabStep>) =>
    ({
      ...(step() as unknown as LabStep),
      preset: 'tcp-iridium-9kb-seam',
      values: {
        ms: { of: 'transfer.transfer_s', scale: 1000, digits: 0, unit: 'ms' },
        retx: { of: 'transfer.retransmits', digits: 0 },
        switches: { of: 'diffserv.switches', digits: 0 },
        lost: { of: 'link.packet_loss', digits: 3 },
        af: { of: 'diffserv.rates_mbps.1', digits: 2, unit: 'Mb/s' },
      },
      ...over,
    }) as LabStep;
  const charts = [
    { title: 'Route one-way delay & RTT samples', unit: 'ms' },
    { title: 'Route ISL hops', unit: 'hops' },
    { title: 'AF credit & L_M', unit: 'bits' },
    { title: 'IP packets lost', unit: 'fraction of IP packets' },
    { title: 'EF rate & AF rate', unit: 'Mb/s' },
    { title: 'Transfer time', unit: 's' },
  ];
  const marks = (chart: string, value: string) =>
    stepMarks(seam({ chart, answer: { number: { value, tolerance: 1 } } }), charts, { [value]: 0.08 }, 0.1, true);
  it("draws in the unit of the summary's number, as the engine declares it (before the value's scale)", () => {
    expect(markUnit({ of: 'transfer.transfer_s', scale: 1000, unit: 'ms' })).toBe('s');
    expect(markUnit({ of: 'clear:transfer.retransmits' })).toBe('segments');
    expect(markUnit({ of: 'diffserv.rates_mbps.1', unit: 'Mb/s' })).toBe('Mb/s');
    expect(markUnit({ of: 'link.packet_loss' })).toBe('fraction');
    // Not declared by the engine: the value's own unit when unscaled, else unknown.
    expect(markUnit({ of: 'diffserv.switches' })).toBeUndefined();
    expect(markUnit({ of: 'diffserv.pss.lm_bits', unit: 'bits' })).toBe('bits');
    expect(markUnit({ of: 'diffserv.pss.lm_bits', scale: 0.001, unit: 'kbit' })).toBeUndefined();
    expect(markFits('fraction', 'fraction of IP packets')).toBe(true);
    expect(markFits('s', 'ms')).toBe(false);
    expect(markFits(undefined, 'bits')).toBe(false);
  });
  it('draws nothing on a chart in another unit (a transfer time on RTT samples, a count on hops)', () => {
    expect(marks('RTT samples', 'ms')).toEqual([]);
    expect(marks('ISL hops', 'retx')).toEqual([]);
    expect(marks('AF credit', 'switches')).toEqual([]);
    expect(marks('No such chart', 'af')).toEqual([]);
  });
  it('draws the prediction and the engine on a chart in its unit, divided by the scale', () => {
    expect(marks('Transfer time', 'ms')).toEqual([
      { chart: 'Transfer time', label: 'your prediction', value: 0.0001 },
      { chart: 'Transfer time', label: 'the engine', value: 0.00008 },
    ]);
    expect(marks('IP packets lost', 'lost').map((m) => m.value)).toEqual([0.1, 0.08]);
    expect(marks('AF rate', 'af').map((m) => m.label)).toEqual(['your prediction', 'the engine']);
    // The engine's number only once it may be shown.
    const s = seam({ chart: 'AF rate', answer: { number: { value: 'af', tolerance: 1 } } });
    expect(stepMarks(s, charts, { af: 5 }, null, false)).toEqual([]);
    expect(stepMarks(s, charts, null, 4, true)).toEqual([]);
  });
});
