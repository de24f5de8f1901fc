/**
 * The key sentences of a scenario's description and its theory lines, written from the values
 * the run actually uses: the scenario with its defaults filled in (what the engine runs), the
 * constellation and sites the engine resolved, and the closed forms the engine's summary
 * carries. Change a rate or a site and the text changes with it; the preset's fixed notes (the
 * scenario's `description`) are shown below it and marked once the scenario differs from the
 * preset (see `presetChanges`).
 *
 * Every number here is either a parameter or a value the engine computed (the summary's
 * `theory`, `theory_mbps`, `af_target_mbps`, `buffer_pkts`): the text never computes a theory of
 * its own, so it cannot disagree with the theory column beside it.
 *
 * Each model writes its own sentences (its descriptor's `liveText`, in models/<id>/liveText.ts,
 * with the words of ./prose.ts); this file picks the model's and compares a scenario with the
 * preset it came from.
 */
import { modelFor } from '../models';
import type { LiveText, TextInputs } from '../models/types';
import { elideDefaults } from './link';
import type { Preset } from './presets';
import { prose } from './prose';
import { FIELDS, getPath, type ScenarioObject } from './schema';

export type { LiveText, TextInputs } from '../models/types';

type Json = ScenarioObject[string];

/** The generated sentences for a running scenario: its model's (models/<id>/liveText.ts). */
export function liveText(inputs: TextInputs): LiveText {
  const s = JSON.parse(inputs.scenarioJson) as ScenarioObject;
  return modelFor(typeof s.model === 'string' ? s.model : undefined).liveText(s, inputs);
}

// ---- the preset a scenario comes from, and what changed ----

/** One field that differs from the preset. */
export interface Change {
  path: string;
  /** The parameter panel's label, or the path. */
  label: string;
  from: Json | undefined;
  to: Json | undefined;
}

const isObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Fields not compared: the text itself. */
const TEXT_FIELDS = new Set(['name', 'description']);

/**
 * The fields of `scenario` that differ from `preset` (both complete or both elided the same way:
 * compare them filled in, or elided against the same defaults). Arrays compare whole.
 */
export function diffScenarios(preset: Record<string, Json>, scenario: Record<string, Json>): Change[] {
  const out: Change[] = [];
  const walk = (a: Record<string, Json>, b: Record<string, Json>, prefix: string) => {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const k of keys) {
      const path = prefix ? `${prefix}.${k}` : k;
      if (!prefix && TEXT_FIELDS.has(k)) continue;
      const x = a[k];
      const y = b[k];
      // A section left out on one side (every value its default) compares field by field.
      if ((isObject(x) || x === undefined) && (isObject(y) || y === undefined))
        walk((x ?? {}) as Record<string, Json>, (y ?? {}) as Record<string, Json>, path);
      else if (JSON.stringify(x) !== JSON.stringify(y))
        out.push({ path, label: FIELDS.get(path)?.label ?? path, from: x, to: y });
    }
  };
  walk(preset, scenario, '');
  return out;
}

/**
 * What differs between a preset and the running scenario (`scenarioJson` filled in by the engine),
 * both compared without the engine's `defaults`; a value left to its default is named as it is.
 */
export function presetChanges(presetJson: string, scenarioJson: string, defaults: Record<string, unknown>): Change[] {
  const d = defaults as Record<string, Json>;
  const filled = JSON.parse(scenarioJson) as Record<string, Json>;
  const preset = JSON.parse(presetJson) as Record<string, Json>;
  return diffScenarios(elideDefaults(preset, d), elideDefaults(filled, d)).map((c) => ({
    ...c,
    from: c.from ?? getPath(preset, c.path) ?? getPath(d, c.path),
    to: c.to ?? getPath(filled, c.path),
  }));
}

/** The preset a scenario was made from: the one whose name it carries. */
export function basePreset(name: string | null | undefined, presetList: readonly Preset[]): Preset | null {
  if (!name) return null;
  return presetList.find((p) => p.name === name) ?? null;
}

/** Longest value a change names as is; longer ones are summarised (`valueWords`). */
const LONG_VALUE_CHARS = 60;

/**
 * A value in a sentence: numbers in prose, short text as is, and a long one summarised, so a
 * pasted TLE file reads "the TLE file (66 satellites)", not 9.9 kB of orbital elements.
 */
export function valueWords(x: Json | undefined): string {
  if (x === undefined) return 'default';
  if (typeof x === 'number') return prose(x);
  const text = typeof x === 'string' ? x : JSON.stringify(x);
  if (text.length <= LONG_VALUE_CHARS) return text;
  if (typeof x === 'string') {
    // A TLE set: one satellite per pair of element lines, "1 ..." then "2 ...".
    const lines = x.split(/\r?\n/).map((l) => l.trim());
    const sats = lines.filter((l, i) => l.startsWith('1 ') && lines[i + 1]?.startsWith('2 ')).length;
    if (sats > 0) return `the TLE file (${sats} satellite${sats === 1 ? '' : 's'})`;
    return `a text of ${x.length} characters`;
  }
  if (Array.isArray(x)) return `a list of ${x.length}`;
  return `a set of ${Object.keys(x ?? {}).length} values`;
}

/** A change in words: "Arrival rate λ 800 → 900". */
export function changeWords(c: Change): string {
  return `${c.label} ${valueWords(c.from)} → ${valueWords(c.to)}`;
}

/**
 * The header's title of a running scenario: its name, and once it differs from the preset the
 * name comes from, what was changed, so a title naming the preset's sites (or rates) never
 * stands over a run with others, in a shared link too (the link carries the name, and the
 * changes are found against the preset again on open).
 */
export function scenarioTitle(name: string, changes: Change[]): string {
  if (changes.length === 0) return name;
  const shown = changes.slice(0, 2).map(changeWords).join(', ');
  const more = changes.length > 2 ? ` and ${changes.length - 2} more` : '';
  return `${name}, changed: ${shown}${more}`;
}

/** The note above a preset's fixed text once the scenario differs from it. */
export function notesCaveat(changes: Change[]): string {
  const shown = changes.slice(0, 3).map(changeWords).join(', ');
  const more = changes.length > 3 ? ` and ${changes.length - 3} more` : '';
  return (
    `Notes for the preset as published; you changed ${shown}${more}, so numbers ` +
    `in these notes may differ. The sentences above follow the current values.`
  );
}

/**
 * What a link carries of a scenario's text: its description is left out when it is the preset's
 * own (the preset it names supplies it on open, marked as the preset's notes), so a link never
 * carries notes that its changed numbers contradict as if they were its own.
 */
export function withoutPresetNotes<T extends Record<string, Json>>(scenario: T, presetList: readonly Preset[]): T {
  const base = basePreset(typeof scenario.name === 'string' ? scenario.name : null, presetList);
  if (!base || scenario.description !== base.description) return scenario;
  const { description: _omit, ...rest } = scenario;
  return rest as T;
}
