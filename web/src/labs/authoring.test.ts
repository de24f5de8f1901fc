import { describe, expect, it } from 'vitest';
import { checkLabText, labErrorPath, labWithStep, NOT_A_PRESET, stepFromRun, summaryNumbers } from './authoring';
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
  it("takes the run's speed, the charts shown and the globe's view, as a step opens them", () => {
    const run = {
      presetId: 'tcp-iridium-9kb-seam',
      changes: [{ path: 'transfer.start_s', to: 1 }],
      summary: { transfer: { transfer_s: 0.09 } },
      title: 'Iridium',
    };
    const step = stepFromRun({ ...run, speed: 0.1, charts: ['Route one-way delay & RTT samples'], camera: 'route' });
    expect(step).toMatchObject({
      preset: 'tcp-iridium-9kb-seam',
      set: { 'transfer.start_s': 1 },
      speed: 0.1,
      camera: 'route',
      charts: ['Route one-way delay & RTT samples'],
    });
    expect(parseLab(labWithStep(null, step as Record<string, unknown>)).ok).toBe(true);
    expect(stepFromRun({ ...run, camera: 'follow' })).toMatchObject({ camera: 'follow' });
    // What every step opens at anyway, or what a step cannot name, is left out: Home, a camera
    // moved by hand, the speed `max`, all charts shown.
    for (const other of [
      { camera: 'home', speed: 'max' as const, charts: null },
      { camera: 'moved', speed: 7, charts: [] },
    ]) {
      const s = stepFromRun({ ...run, ...other }) as Record<string, unknown>;
      expect(Object.keys(s)).not.toContain('camera');
      expect(Object.keys(s)).not.toContain('speed');
      expect(Object.keys(s)).not.toContain('charts');
    }
  });
  it('says why there is none for a scenario of its own, and what to do, or before the run measured anything', () => {
    const own = stepFromRun({ presetId: null, changes: [], summary, title: '' });
    expect(own).toBe(NOT_A_PRESET);
    // Why: a step names a preset; what to do: open one, change it in Parameters, make the lab.
    expect(own).toMatch(/^This run is a scenario of its own, not a preset: a lab step names a preset/);
    expect(own).toMatch(/Open the preset closest to it \(Gallery, G\), change its fields in Parameters/);
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
