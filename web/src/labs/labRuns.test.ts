/**
 * The shipped labs against the engine: every step's runs go through the real engine (wasm, as
 * the app's workers run them), every value is measured, and the right answer is the one each
 * lab's explanation is written for. When a model changes so that an answer changes, this fails:
 * the lab's text must then be rewritten to what the engine shows (a lab never teaches what the
 * model does not show).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadWasmForNode, Simulation } from '../engine/wasmNode';
import { LABS } from './catalog';
import { choiceLabels, judge, stepScenarios, stepValues, type LabStep } from './lab';

function runStep(step: LabStep): Record<string, number | null> {
  const summaries: Record<string, unknown> = {};
  for (const [name, json] of Object.entries(stepScenarios(step))) {
    const sim = new Simulation(json);
    try {
      sim.runToEnd();
      summaries[name] = sim.summary();
    } finally {
      sim.free();
    }
  }
  return stepValues(step, summaries);
}

/** What each step's explanation is written for: a number's range, the right option, the order. */
const WRITTEN_FOR: Record<string, (string | [number, number])[]> = {
  // Paper 004: the seam adds a long route and two segments sent again.
  'seam-9kb': [
    [60, 110],
    [60, 160],
    [2, 2],
  ],
  // Paper 001: AF on eq. 7's target; DWRR gives AF more once EF is below what PSS expects.
  'pss-credit': [[4.5, 5.5], 'DWRR', [500, 20000]],
  // Paper 002: FEC loses many packets; HARQ-II fewer; ARQ the most goodput.
  harq: [[0.2, 0.6], 'HARQ-II 5/7', 'ARQ, HARQ-II 5/7, FEC 5/7'],
  // Paper 000: PF and CoDeS the same (not reproduced: CoDeS below PF), then DT_S, then RR.
  'codes-pf': ['PF, CoDeS, DT_S, RR', 'About the same (within 1 ms)', [2, 3.5]],
  // Paper 003: UDP loses only the link's errors; the CCID4 variants lose points; two datagrams.
  'dccp-12calls': [[0, 0.5], 'UDP, CCID4-SCA, CCID4-N, CCID4', [2, 2]],
};

describe('the shipped labs, run by the engine', () => {
  beforeAll(() => loadWasmForNode());
  for (const { id, lab } of LABS)
    it(`${id}: every value measured, each answer the one its text is written for`, () => {
      expect(Object.keys(WRITTEN_FOR)).toContain(id);
      lab.steps.forEach((step, i) => {
        const values = runStep(step);
        for (const [name, v] of Object.entries(values)) expect(v, `${id} step ${i + 1}: ${name}`).not.toBeNull();
        const want = WRITTEN_FOR[id][i];
        const a = step.answer;
        if ('number' in a) {
          const v = values[a.number.value]!;
          expect(v, `${id} step ${i + 1}`).toBeGreaterThanOrEqual((want as [number, number])[0]);
          expect(v, `${id} step ${i + 1}`).toBeLessThanOrEqual((want as [number, number])[1]);
        } else if ('choice' in a) {
          const c = a.choice;
          const vals = c.options.map((o) => values[o.value]!);
          const sorted = [...vals].sort((x, y) => (c.pick === 'lowest' ? x - y : y - x));
          const tie = !!c.tie && Math.abs(sorted[0] - sorted[1]) <= c.tie.within;
          const right = tie ? choiceLabels(step).at(-1) : c.options[vals.indexOf(sorted[0])].label;
          expect(right, `${id} step ${i + 1}`).toBe(want);
        } else {
          // The order written for is right (items within the tie may come either way).
          const order = (want as string).split(', ').map((w) => a.order.items.findIndex((it) => it.label === w));
          const verdict = judge(step, values, { order });
          expect(verdict.correct, `${id} step ${i + 1}: the engine's order ${verdict.truth}`).toBe(true);
        }
      });
    }, 120_000);
});
