/**
 * Writing a lab: a step made from the run on screen (its preset, the fields changed from it, its
 * speed, the charts shown, the globe's view, a number it measured), a lab's problems as the
 * editor underlines them, and the numbers a run's summary holds (what a step's values may read).
 */
import type { EngineError } from '../engine/errors';
import { FIELDS } from '../scenario/schema';
import { LAB_CAMERAS, LAB_SPEEDS, LAB_VERSION, parseLab, type Lab } from './lab';

/** The numbers of a summary by path (`transfer.transfer_s`), depth first; arrays by index. */
export function summaryNumbers(summary: unknown, limit = 200): [string, number][] {
  const out: [string, number][] = [];
  const walk = (v: unknown, path: string) => {
    if (out.length >= limit) return;
    if (typeof v === 'number' && Number.isFinite(v)) out.push([path, v]);
    else if (Array.isArray(v)) v.slice(0, 8).forEach((x, i) => walk(x, `${path}.${i}`));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k);
  };
  walk(summary, '');
  return out;
}

/** Top-level fields a step may change besides the schema's. */
const TOP = ['seed', 'duration_s', 'warmup_s'];

/** What a step needs of the run on screen. */
export interface RunOnScreen {
  /** The preset it was made from, or null (a scenario of its own). */
  presetId: string | null;
  /** Fields changed from the preset, with their values. */
  changes: { path: string; to: unknown }[];
  /** The engine's summary so far. */
  summary: unknown;
  /** The run's name (the step's title). */
  title: string;
  /** The playback speed (simulated seconds per second, or `max`). */
  speed?: number | 'max';
  /** The titles of the charts shown, when some are hidden; null or absent when all are shown. */
  charts?: string[] | null;
  /** The globe's view (`home`, `route`, `follow`, or `moved` by hand); absent without a globe. */
  camera?: string;
}

/** Why a run of a scenario of its own cannot be a step, and what to do instead. */
export const NOT_A_PRESET =
  'This run is a scenario of its own, not a preset: a lab step names a preset (and the fields it ' +
  'changes), so that the lab, and its link, opens the same run for everyone. Open the preset ' +
  'closest to it (Gallery, G), change its fields in Parameters (P), then make the lab of that run.';

/**
 * A step made from the run on screen: its preset, its changes, its speed, the charts shown (when
 * some are hidden), the globe's view (when it is one of the camera buttons' other than Home),
 * and a number question on the first number the model's summary holds (the teacher then writes
 * the question, picks the value and the tolerance). A string says why there can be none.
 */
export function stepFromRun(run: RunOnScreen): Record<string, unknown> | string {
  if (!run.presetId) return NOT_A_PRESET;
  const set = Object.fromEntries(
    run.changes
      .filter((c) => (FIELDS.has(c.path) || TOP.includes(c.path)) && !(typeof c.to === 'string' && c.to.length > 200))
      .map((c) => [c.path, c.to]),
  );
  const numbers = summaryNumbers(run.summary).filter(([p]) => p.includes('.'));
  if (numbers.length === 0) return 'the run has measured nothing yet: play it a moment, then add it';
  const [path] = numbers.find(([p]) => !/^(simulated_s|measured_s|events)$/.test(p)) ?? numbers[0];
  const speed = typeof run.speed === 'number' && LAB_SPEEDS.includes(run.speed) ? run.speed : undefined;
  const camera = run.camera && run.camera !== 'home' && Object.hasOwn(LAB_CAMERAS, run.camera) ? run.camera : undefined;
  return {
    title: run.title,
    preset: run.presetId,
    ...(Object.keys(set).length ? { set } : {}),
    ...(speed !== undefined ? { speed } : {}),
    ...(camera ? { camera } : {}),
    ...(run.charts && run.charts.length ? { charts: run.charts } : {}),
    values: { v: { of: path, digits: 2 } },
    question: `Write the question here. The value checked is ${path}; change "of" to any number the run measures.`,
    answer: { number: { value: 'v', tolerance_pct: 20 } },
    explain: 'The engine measured {v}. Write here why.',
  };
}

/** A lab's text with `step` added at its end (a new lab of one step when `labJson` is null). */
export function labWithStep(labJson: string | null, step: Record<string, unknown>): string {
  const lab = labJson
    ? (JSON.parse(labJson) as Lab & { steps: unknown[] })
    : { lab: LAB_VERSION, title: 'My lab', topic: 'My topic', line: 'What this lab is about, in one line.', steps: [] };
  return JSON.stringify({ ...lab, steps: [...lab.steps, step] }, null, 2);
}

/** Where an error of `parseLab` sits in the lab's JSON: `step 2, answer.number.value` is
 * `steps[1].answer.number.value` (a changed field's own dots stay inside `set`). */
export function labErrorPath(error: string): string {
  const m = /^step (\d+), ([^:]+):/.exec(error);
  if (m) {
    const field = m[2].replace(/^(set|runs\.[a-z0-9_]+)\..*$/, '$1');
    return `steps[${Number(m[1]) - 1}].${field}`;
  }
  const top = /^`?([a-z_]+)`?:/.exec(error);
  return top ? top[1] : '';
}

/** A lab's problems for the editor: each one where it sits, its message naming step and field. */
export function checkLabText(text: string): EngineError | null {
  const r = parseLab(text);
  if (r.ok) return null;
  return {
    kind: 'invalid',
    message: r.errors[0],
    fatal: false,
    errors: r.errors.map((e) => ({ path: labErrorPath(e), message: e })),
  };
}
