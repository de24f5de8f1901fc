import { chartGroups } from '../charts/chartGroups';
import { beforeAll, describe, expect, it } from 'vitest';
import { GUIDES, guideFor, isTourTarget, TOUR_TARGETS } from './guides';
import { FIELDS } from './schema';
import { presets } from './presets';
import { loadWasmForNode, Simulation } from '../engine/wasmNode';
import type { SeriesInfo } from '../engine/protocol';
import { modelOfScenario } from '../models';

/** The chart titles the app draws for a scenario: one chart per `chart` group (else per unit),
 * titled by its line series' labels joined by " & " (App.tsx). */
function chartTitles(json: string): string[] {
  const sim = new Simulation(json);
  try {
    return chartGroups(sim.seriesInfo() as SeriesInfo[]).map((c) => c.title);
  } finally {
    sim.free();
  }
}

beforeAll(() => loadWasmForNode());

describe('preset guides', () => {
  it('cover every preset in examples/, and nothing else', () => {
    expect(presets.length).toBeGreaterThan(0);
    for (const p of presets) expect(guideFor(p.id), `guide for ${p.id}`).not.toBeNull();
    const ids = new Set(presets.map((p) => p.id));
    for (const id of Object.keys(GUIDES))
      expect(ids.has(id), `GUIDES has an entry for unknown preset ${id}`).toBe(true);
    expect(guideFor('no-such-preset')).toBeNull();
    expect(guideFor('toString')).toBeNull();
  });

  it('have a paper, what to watch, what was found, what to try next and 3-6 tour steps', () => {
    for (const p of presets) {
      const g = guideFor(p.id)!;
      for (const field of ['paper', 'watch', 'found', 'next'] as const)
        expect(g[field].trim(), `${p.id}.${field}`).not.toBe('');
      expect(g.tour.length, `${p.id} tour length`).toBeGreaterThanOrEqual(3);
      expect(g.tour.length, `${p.id} tour length`).toBeLessThanOrEqual(6);
      for (const step of g.tour) {
        expect(isTourTarget(step.target), `${p.id}: target ${step.target}`).toBe(true);
        expect(
          (TOUR_TARGETS as readonly string[]).includes(step.target) || /^chart:\S/.test(step.target),
          `${p.id}: target ${step.target}`,
        ).toBe(true);
        expect(step.text.trim(), `${p.id}: text of ${step.target}`).not.toBe('');
        // A step that sends the student to the parameter panel names a field it shows.
        if (step.target === 'params') {
          const paths = [...step.text.matchAll(/\(([a-z_]+(?:\.[a-z_]+)+)/g)].map((m) => m[1]);
          expect(paths.length, `${p.id}: a params step names its field`).toBeGreaterThan(0);
          for (const path of paths) expect(FIELDS.has(path), `${p.id}: ${path}`).toBe(true);
        }
      }
    }
  });

  it('show the globe only where it draws something, and the sweep only where it runs', () => {
    for (const p of presets) {
      // The model's descriptor says whether the globe draws it and whether it can be swept.
      const model = modelOfScenario(p.json);
      const targets = guideFor(p.id)!.tour.map((s) => s.target);
      if (targets.includes('globe')) expect(model.globe, `${p.id} (${model.id}) points at the globe`).toBe(true);
      if (targets.includes('sweep')) expect(model.sweep, `${p.id} (${model.id}) points at the sweep`).toBeDefined();
    }
  });

  it('point at charts the preset really draws, each matched by exactly one title', () => {
    for (const p of presets) {
      const titles = chartTitles(p.json);
      for (const { target } of guideFor(p.id)!.tour.filter((s) => s.target.startsWith('chart:'))) {
        const text = target.slice('chart:'.length);
        const matches = titles.filter((t) => t.includes(text));
        expect(matches, `${p.id}: ${target} among ${JSON.stringify(titles)}`).toHaveLength(1);
      }
    }
  });

  it('recognise the target vocabulary', () => {
    for (const t of TOUR_TARGETS) expect(isTourTarget(t)).toBe(true);
    expect(isTourTarget('chart:AF credit')).toBe(true);
    expect(isTourTarget('chart:')).toBe(false);
    expect(isTourTarget('chart:  ')).toBe(false);
    expect(isTourTarget('header')).toBe(false);
  });
});

describe('tour steps about a moment of the run', () => {
  const all = presets.flatMap((p) =>
    guideFor(p.id)!
      .tour.filter((s) => s.wait)
      .map((s) => ({ id: p.id, json: p.json, wait: s.wait! })),
  );
  // One check per preset and moment (several steps may speak of the same one).
  const waiting = all.filter(
    (w, i) => all.findIndex((x) => x.id === w.id && x.wait.event === w.wait.event && x.wait.at_s === w.wait.at_s) === i,
  );

  it('exist (the Iridium presets speak of their seam separations)', () => {
    expect(waiting.map((w) => w.id)).toEqual(expect.arrayContaining(['iridium-ship-london', 'iridium-la-hawaii']));
  });

  for (const { id, json, wait } of waiting) {
    it(`${id}: the first ${wait.event} of the published preset is at t = ${wait.at_s} s, as the tour says`, () => {
      // Only up to just past the moment: the events before it are all the test needs.
      const s = JSON.parse(json) as { duration_s: number };
      s.duration_s = wait.at_s + 2;
      const sim = new Simulation(JSON.stringify(s));
      try {
        sim.runToEnd();
        const events = sim.drainEvents() as { t_s: number; kind: string }[];
        expect(events.find((e) => e.kind === wait.event)?.t_s).toBe(wait.at_s);
      } finally {
        sim.free();
      }
    }, 60_000);
  }
});
