import { beforeAll, describe, expect, it } from 'vitest';
import { allDefaultsJson, loadWasmForNode } from '../engine/wasmNode';
import { readFileSync } from 'node:fs';
import { basePreset, changeWords, notesCaveat, presetChanges, scenarioTitle, withoutPresetNotes } from './liveText';
import { presets } from './presets';
import type { ScenarioObject } from './schema';
import { change, textOf } from './testLiveText';

// Each model's sentences are tested in its folder (models/<id>/liveText.test.ts, with
// ./testLiveText.ts); here, what is common: the preset a scenario comes from and what changed.

beforeAll(() => loadWasmForNode());

describe('the preset notes', () => {
  const defaults = () => JSON.parse(allDefaultsJson()) as Record<string, unknown>;
  const mm1 = presets.find((p) => p.id === 'mm1-load-0.8')!;

  it('the published preset has no change; a changed one names the field and both values', () => {
    const same = textOf(mm1.json).scenarioJson;
    expect(presetChanges(mm1.json, same, defaults())).toEqual([]);
    const changed = textOf(change(mm1.json, { 'traffic.rate_pps': 900 })).scenarioJson;
    const ch = presetChanges(mm1.json, changed, defaults());
    expect(ch).toEqual([{ path: 'traffic.rate_pps', label: 'Arrival rate λ', from: 800, to: 900 }]);
    expect(notesCaveat(ch)).toMatch(
      /^Notes for the preset as published; you changed Arrival rate λ 800 → 900, so numbers in these notes may differ/,
    );
  });

  it('a change inside a section the preset leaves at its defaults names the field, not the section', () => {
    const ship = presets.find((p) => p.id === 'iridium-ship-london')!;
    const changed = textOf(change(ship.json, { 'constellation.from': 'New Delhi' })).scenarioJson;
    expect(presetChanges(ship.json, changed, defaults())).toEqual([
      { path: 'constellation.from', label: 'From', from: 'Atlantic ship', to: 'New Delhi' },
    ]);
  });

  it('a value set back to the default is named with its value', () => {
    const b3 = presets.find((p) => p.id === 'pss-b3-variable-memory')!;
    const d = defaults() as { diffserv: { pss_credit_memory: boolean } };
    const changed = textOf(
      change(b3.json, { 'diffserv.pss_credit_memory': d.diffserv.pss_credit_memory }),
    ).scenarioJson;
    expect(presetChanges(b3.json, changed, defaults())).toEqual([
      { path: 'diffserv.pss_credit_memory', label: 'Credit memory', from: true, to: false },
    ]);
  });

  it('the base preset is found by name', () => {
    expect(basePreset(mm1.name, presets)?.id).toBe('mm1-load-0.8');
    expect(basePreset('My own run', presets)).toBeNull();
  });

  it("a link leaves out the preset's own notes, but keeps a description the user wrote", () => {
    const s = JSON.parse(change(mm1.json, { 'traffic.rate_pps': 900 })) as ScenarioObject;
    expect('description' in withoutPresetNotes(s, presets)).toBe(false);
    expect(withoutPresetNotes({ ...s, description: 'my notes' }, presets).description).toBe('my notes');
    expect((withoutPresetNotes({ ...s, name: 'other' }, presets) as ScenarioObject).description).toBe(mm1.description);
  });
});

describe('the title and the changes follow the scenario', () => {
  const defaults = () => JSON.parse(allDefaultsJson()) as Record<string, unknown>;
  const hawaii = presets.find((p) => p.id === 'iridium-la-hawaii')!;

  it("a title naming the preset's sites says which site changed, also when opened from a link", () => {
    const s = JSON.parse(change(hawaii.json, { 'constellation.to': 'Tokyo' })) as ScenarioObject;
    // A link carries the name and leaves out the preset's notes; the changes are found again.
    const linked = JSON.stringify(withoutPresetNotes(s, presets));
    const ch = presetChanges(basePreset(s.name as string, presets)!.json, textOf(linked).scenarioJson, defaults());
    expect(scenarioTitle(hawaii.name, ch)).toBe(`${hawaii.name}, changed: To Hawaii gateway → Tokyo`);
    expect(scenarioTitle(hawaii.name, [])).toBe(hawaii.name);
  });

  it('a loaded TLE file is named by its satellites, not printed', () => {
    const tle = readFileSync('examples/iridium-66.tle', 'utf8');
    const words = changeWords({ path: 'constellation.tle', label: 'TLE', from: undefined, to: tle });
    expect(words).toBe('TLE default → the TLE file (66 satellites)');
    expect(notesCaveat([{ path: 'constellation.tle', label: 'TLE', from: undefined, to: tle }]).length).toBeLessThan(
      200,
    );
    expect(changeWords({ path: 'x', label: 'X', from: 'a', to: 'b'.repeat(100) })).toBe(
      'X a → a text of 100 characters',
    );
  });
});
