/**
 * For the tests of the live text (scenario/liveText.ts): each model's liveText.test.ts
 * (models/<id>/) runs its presets in the engine, as published and after one parameter change,
 * and checks the sentences written from what the engine says.
 */
import { describe, expect, it } from 'vitest';
import type { ConstellationInfo } from '../engine/protocol';
import type { Summary } from '../engine/summary-types';
import { loadWasmForNode, Simulation } from '../engine/wasmNode';
import type { ModelDescriptor } from '../models/types';
import { liveText, type LiveText } from './liveText';
import { presets } from './presets';
import { setPath, type ScenarioObject } from './schema';

/** Runs `json` in the engine for `seconds` and writes its text from what the engine says. */
export function textOf(
  json: string,
  seconds = 1,
): { text: LiveText; all: string; summary: Summary; scenarioJson: string } {
  loadWasmForNode();
  const sim = new Simulation(json);
  try {
    sim.advanceTo(seconds * 1e9);
    const summary = sim.summary() as Summary;
    const scenarioJson = sim.scenarioJson();
    const constellation = (sim.constellationInfo() ?? null) as ConstellationInfo | null;
    const text = liveText({ scenarioJson, constellation, summary });
    return { text, all: [...text.setup, ...text.theory].join(' '), summary, scenarioJson };
  } finally {
    sim.free();
  }
}

/** A scenario with some fields changed (dotted paths). */
export const change = (json: string, edits: Record<string, ScenarioObject[string]>): string => {
  let s = JSON.parse(json) as ScenarioObject;
  for (const [path, v] of Object.entries(edits)) s = setPath(s, path, v);
  return JSON.stringify(s);
};

/** One parameter change for a preset, what the text must then say and what it must no longer say. */
export interface LiveTextCase {
  edits: Record<string, ScenarioObject[string]>;
  says: (string | RegExp)[];
  not: string[];
  /** Simulated seconds to run before reading the text (default 1). */
  seconds?: number;
}

/**
 * The live text of every preset of `model`, each with its case (`cases` has one per preset of
 * the model, checked): as published it names its own values and prints the engine's theory
 * numbers (`engineNumbers` of the summary); after the case's change it says the new values and
 * not the old ones.
 */
export function describeLiveText(
  model: ModelDescriptor,
  engineNumbers: (s: Summary) => string[],
  cases: Record<string, LiveTextCase>,
): void {
  describe(`${model.label}: text generated from the parameters, for every preset`, () => {
    const mine = presets.filter((p) => p.model === model.id);

    it('every preset of the model has a case', () => {
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.map((p) => p.id).sort()).toEqual(Object.keys(cases).sort());
    });

    for (const p of mine) {
      describe(p.id, () => {
        const c = cases[p.id];
        it('as published: names its own values and prints the engine’s theory numbers', () => {
          const { all, summary } = textOf(p.json, c?.seconds);
          expect(all.length).toBeGreaterThan(60);
          for (const n of engineNumbers(summary)) expect(all).toContain(n);
        });
        it('after a parameter change: says the new values and the engine’s new theory, not the old', () => {
          const { all, summary } = textOf(change(p.json, c.edits), c.seconds);
          for (const s of c.says) {
            if (typeof s === 'string') expect(all).toContain(s);
            else expect(all).toMatch(s);
          }
          for (const s of c.not) expect(all).not.toContain(s);
          for (const n of engineNumbers(summary)) expect(all).toContain(n);
        });
      });
    }
  });
}
