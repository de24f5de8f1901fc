import { COURSE, modelFor } from '../models';
import earlierNotes from './earlierNotes.json';
import { parseScenarioText } from './parse';

/** A ready-made scenario: every one is a file in examples/, which the CLI runs too. */
export interface Preset {
  /** File name without `.json`, e.g. `mm1-load-0.8`. */
  id: string;
  name: string;
  description: string;
  /** The model it runs (a descriptor's `id`). */
  model: string;
  /** The file's text, exactly. */
  json: string;
}

/**
 * The order a course meets the presets: the models in the registry's COURSE order, each model's
 * presets in its own order (models/<id>/guides.ts). A test holds this list equal to the files in
 * examples/, so a new preset must be given its place.
 */
export const TEACHING_ORDER: readonly string[] = COURSE.flatMap((m) => m.course.presets);

/** Position of a preset in the teaching order; presets not listed go last, by file name. */
function rank(id: string): number {
  const i = TEACHING_ORDER.indexOf(id);
  return i < 0 ? TEACHING_ORDER.length : i;
}

/** The model a scenario file names (the engine's default when it names none). */
function modelOf(json: string): string {
  const m = (JSON.parse(json) as { model?: unknown }).model;
  return typeof m === 'string' ? m : modelFor(undefined).id;
}

// Every examples/*.json is a preset, so "each preset is a CLI example" holds by construction.
const files = import.meta.glob('../../../examples/*.json', { eager: true, query: '?raw', import: 'default' }) as Record<
  string,
  string
>;

export const presets: Preset[] = Object.entries(files)
  .map(([path, json]) => {
    const id = path.replace(/^.*\//, '').replace(/\.json$/, '');
    const parsed = parseScenarioText(json);
    if (!parsed.ok) throw new Error(`examples/${id}.json is not a valid preset: ${parsed.error.message}`);
    return { id, name: parsed.header.name, description: parsed.header.description, model: modelOf(json), json };
  })
  .sort((a, b) => rank(a.id) - rank(b.id) || a.id.localeCompare(b.id));

/** The preset the app opens with. */
export const DEFAULT_PRESET_ID = 'mm1-load-0.8';

export function findPreset(id: string): Preset | undefined {
  return presets.find((p) => p.id === id);
}

/**
 * A scenario shared before its preset's notes were rewritten, with today's notes: the link
 * carries the notes of then (the description is the preset's notes, not a setting of the run),
 * so the same run opens as the preset it is, with the notes as published now. Notes a user wrote
 * stay theirs: only a description the preset once published (./earlierNotes.json, one list per
 * preset, added to whenever a preset's description changes) is replaced. Other text is returned
 * as it is.
 */
export function withTodaysNotes(scenarioText: string): string {
  let s: { name?: unknown; description?: unknown };
  try {
    s = JSON.parse(scenarioText) as typeof s;
  } catch {
    return scenarioText;
  }
  const p = presets.find((x) => x.name === s.name);
  const earlier = p ? (earlierNotes as Record<string, string[]>)[p.id] : undefined;
  if (!p || typeof s.description !== 'string' || !earlier?.includes(s.description)) return scenarioText;
  return JSON.stringify({ ...s, description: p.description });
}
