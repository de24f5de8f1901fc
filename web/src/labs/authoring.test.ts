import { describe, expect, it } from 'vitest';
import { checkLabText, labErrorPath, labWithStep, stepFromRun, summaryNumbers } from './authoring';
import { parseLab } from './lab';

describe('a step made from the run on screen', () => {
  const summary = { simulated_s: 3, events: 10, queue: { mean_wait_s: 0.004, served: 800, name: 'x', p: [1, 2] } };
  it('lists the numbers a run measured by path', () => {
    expect(summaryNumbers(summary)).toEqual([
      ['simulated_s', 3],
      ['events', 10],
      ['queue.mean_wait_s', 0.004],
      ['queue.served', 800],
      ['queue.p.0', 1],
      ['queue.p.1', 2],
    ]);
  });
  it("is the run's preset and changes, with a number it measured, and opens as a lab", () => {
    const step = stepFromRun({
      presetId: 'mm1-load-0.8',
      changes: [
        { path: 'traffic.rate_pps', to: 900 },
        { path: 'name', to: 'not a field a step sets' },
      ],
      summary,
      title: 'M/M/1 faster',
    });
    expect(step).toMatchObject({
      preset: 'mm1-load-0.8',
      set: { 'traffic.rate_pps': 900 },
      values: { v: { of: 'queue.mean_wait_s' } },
    });
    const lab = labWithStep(null, step as Record<string, unknown>);
    expect(parseLab(lab).ok).toBe(true);
    // A second step goes at the end.
    const two = JSON.parse(labWithStep(lab, step as Record<string, unknown>)) as { steps: unknown[] };
    expect(two.steps).toHaveLength(2);
  });
  it('says why there is none for a scenario of its own, or before the run measured anything', () => {
    expect(stepFromRun({ presetId: null, changes: [], summary, title: '' })).toMatch(/starts from a preset/);
    expect(stepFromRun({ presetId: 'mm1-load-0.8', changes: [], summary: null, title: '' })).toMatch(
      /measured nothing/,
    );
  });
});

describe("the lab editor's problems", () => {
  it('sit where the step and field are', () => {
    expect(labErrorPath('step 2, answer.number.tolerance: expected a number of 0 or more')).toBe(
      'steps[1].answer.number.tolerance',
    );
    expect(labErrorPath('step 1, set.traffic.rate_pps: 7 is above')).toBe('steps[0].set');
    expect(labErrorPath('title: expected a text')).toBe('title');
  });
  it('name the step and the field in their message', () => {
    const text = labWithStep(null, {
      ...(stepFromRun({
        presetId: 'mm1-load-0.8',
        changes: [],
        summary: { queue: { mean_wait_s: 1 } },
        title: 'T',
      }) as Record<string, unknown>),
      answer: { number: { value: 'v', tolerance: -1 } },
    });
    const e = checkLabText(text);
    expect(e?.errors).toEqual([
      {
        path: 'steps[0].answer.number.tolerance',
        message: 'step 1, answer.number.tolerance: expected a number of 0 or more',
      },
    ]);
  });
});
