import { describe, expect, it } from 'vitest';
import { LABS } from './catalog';
import { explanation, judge, parseLab, placeholders, scoreWaiting, stepScenarios, type LabStep } from './lab';

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
