/**
 * Guided labs: a lab is data (a JSON file in examples/labs/, or a lab a teacher wrote and shared
 * by link), an ordered list of steps. Each step opens a run (a preset with some fields changed),
 * asks one question and says how its answer is read from the engine's summaries: a number with a
 * tolerance, a choice among options, or an ordering. The engine's own numbers are the answers and
 * fill the explanation's blanks: nothing is typed twice.
 *
 * ```text
 * { "lab": 1, "title": …, "paper": "004", "topic": …, "line": …,
 *   "steps": [ { "title": …, "preset": "tcp-iridium-9kb-seam", "set": { "transfer.start_s": 1 },
 *                "speed": 0.1, "charts": ["Round trip"],
 *                "runs": { "late": { "transfer.start_s": 5 } },
 *                "values": { "ms": { "of": "transfer.transfer_s", "scale": 1000, "digits": 0, "unit": "ms" } },
 *                "question": …, "answer": { "number": { "value": "ms", "tolerance": 25 } },
 *                "explain": "It took {ms}." } ] }
 * ```
 *
 * A value's `of` is `[run:]path`: a run of the step (`main`, the run on screen, when no run is
 * named) and a path into that run's summary (`transfer.transfer_s`, `diffserv.rates_mbps.1`).
 * A value may instead read a statistic of one of a run's series, the lines of its charts
 * (`{ "series": "[run:]rtt_ms", "stat": "max" }`). A step's `camera` is one of the globe's camera
 * buttons (`home`, `route`, `follow`). This module reads and checks labs and scores answers; it
 * knows no model beyond whether a preset draws a globe (the presets and summaries are data).
 */
import { FIELDS, getPath, setPath, validateFields, type ScenarioObject } from '../scenario/schema';
import { findPreset } from '../scenario/presets';
import { modelOfScenario } from '../models';
import schemaJson from '../wasm/scenario-schema.json';

/** The lab format's version. */
export const LAB_VERSION = 1;

/** Limits of a lab, so a shared one stays small and quick. */
export const LAB_LIMITS = { steps: 12, runs: 6, values: 12, options: 6, text: 2000 } as const;

/** The speeds a step may start at (the playback menu's, but max). */
export const LAB_SPEEDS: readonly number[] = [0.1, 1, 10, 100, 1000];

/**
 * The globe's views a step may open at, each one of the globe's camera buttons: `home` (*Home*,
 * the whole Earth with the pair in the middle, where every run opens), `route` (*Fit the
 * route*, the route framed as the run starts) and `follow` (*Follow satellite*, the camera above
 * the first site's access satellite as the run goes on).
 */
export const LAB_CAMERAS = { home: 'Home', route: 'Fit the route', follow: 'Follow satellite' } as const;
export type LabCamera = keyof typeof LAB_CAMERAS;

/** The statistics a value may read of a series, over its samples (buckets without one skipped). */
export const SERIES_STATS = ['max', 'min', 'mean', 'last'] as const;
export type SeriesStat = (typeof SERIES_STATS)[number];

/**
 * A number read from the runs: `of` a summary (less `minus`), or a statistic `stat` of a run's
 * `series` (`[run:]id`, the id of one of the run's series, the lines of its charts), times `scale`.
 */
export interface LabValue {
  of?: string;
  series?: string;
  stat?: SeriesStat;
  minus?: string;
  scale?: number;
  /** Decimals shown (0 to 6; 2 when absent). */
  digits?: number;
  unit?: string;
}

export type LabAnswer =
  | { number: { value: string; tolerance?: number; tolerance_pct?: number } }
  | {
      choice: {
        options: { label: string; value: string }[];
        pick: 'lowest' | 'highest';
        /** An extra option, right when the best two are within `within` of each other. */
        tie?: { label: string; within: number };
      };
    }
  | { order: { items: { label: string; value: string }[]; by: 'ascending' | 'descending'; tie?: number } };

export interface LabStep {
  title: string;
  preset: string;
  set?: Record<string, unknown>;
  speed?: number;
  /** The globe's camera the run opens at (Home when absent). */
  camera?: LabCamera;
  /** The chart (text of its title) that shows a number's prediction and result. */
  chart?: string;
  /** Only these charts are shown (texts of their titles); all when absent. */
  charts?: string[];
  /** Runs besides the one on screen, each with its changes on top of the step's scenario. */
  runs?: Record<string, Record<string, unknown>>;
  values: Record<string, LabValue>;
  question: string;
  answer: LabAnswer;
  explain: string;
}

export interface Lab {
  lab: number;
  title: string;
  /** The paper it is about (000-004), or absent. */
  paper?: string;
  topic: string;
  /** One line for the gallery. */
  line: string;
  steps: LabStep[];
}

export type LabParse = { ok: true; lab: Lab } | { ok: false; errors: string[] };

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const NAME = /^[a-z][a-z0-9_]{0,31}$/;
const STEP_KEYS = [
  'title',
  'preset',
  'set',
  'speed',
  'camera',
  'chart',
  'charts',
  'runs',
  'values',
  'question',
  'answer',
  'explain',
];
const LAB_KEYS = ['lab', 'title', 'paper', 'topic', 'line', 'steps'];
const VALUE_KEYS = ['of', 'series', 'stat', 'minus', 'scale', 'digits', 'unit'];

/** The placeholders `{name}` of an explanation. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{([a-z][a-z0-9_]*)\}/g)].map((m) => m[1]);
}

/** The run a value reference names and its summary path. */
export function splitRef(ref: string): { run: string; path: string } {
  const i = ref.indexOf(':');
  return i < 0 ? { run: 'main', path: ref } : { run: ref.slice(0, i), path: ref.slice(i + 1) };
}

/** The step's scenario (its preset with `set`), and each named run's (with its changes too). */
export function stepScenarios(step: LabStep): Record<string, string> {
  const preset = findPreset(step.preset);
  if (!preset) throw new Error(`no preset ${step.preset}`);
  let main = JSON.parse(preset.json) as ScenarioObject;
  for (const [k, v] of Object.entries(step.set ?? {})) main = setPath(main, k, v as never);
  const out: Record<string, string> = { main: JSON.stringify(main) };
  for (const [name, changes] of Object.entries(step.runs ?? {})) {
    let s = main;
    for (const [k, v] of Object.entries(changes)) s = setPath(s, k, v as never);
    out[name] = JSON.stringify(s);
  }
  return out;
}

/**
 * Reads and checks a lab: every key known, every step's preset and changed fields valid (the
 * scenario schema's own checks), every value's run declared, every answer and placeholder naming
 * a declared value, tolerances finite and not negative. Errors name the step and the field.
 */
export function parseLab(text: string): LabParse {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, errors: [`the lab is not JSON: ${e instanceof Error ? e.message : String(e)}`] };
  }
  const errors: string[] = [];
  if (!isObj(raw)) return { ok: false, errors: ['the lab is not a JSON object'] };
  for (const k of Object.keys(raw))
    if (!LAB_KEYS.includes(k)) errors.push(`\`${k}\`: unknown field, expected one of ${LAB_KEYS.join(', ')}`);
  if (raw.lab !== LAB_VERSION) errors.push(`lab: the lab format version must be ${LAB_VERSION}`);
  const text1 = (v: unknown, where: string, optional = false) => {
    if (v === undefined && optional) return;
    if (typeof v !== 'string' || v.trim() === '') errors.push(`${where}: expected a text`);
    else if (v.length > LAB_LIMITS.text) errors.push(`${where}: ${v.length} characters, above ${LAB_LIMITS.text}`);
  };
  text1(raw.title, 'title');
  text1(raw.topic, 'topic');
  text1(raw.line, 'line');
  if (raw.paper !== undefined && (typeof raw.paper !== 'string' || !/^\d{3}$/.test(raw.paper)))
    errors.push('paper: expected a paper number of three digits, such as "004"');
  if (!Array.isArray(raw.steps) || raw.steps.length === 0 || raw.steps.length > LAB_LIMITS.steps) {
    errors.push(`steps: expected a list of 1 to ${LAB_LIMITS.steps} steps`);
    return { ok: false, errors };
  }
  raw.steps.forEach((st: unknown, i: number) => errors.push(...stepErrors(st, `step ${i + 1}`)));
  return errors.length ? { ok: false, errors } : { ok: true, lab: raw as unknown as Lab };
}

function finite(v: unknown, min: number, max: number): boolean {
  return typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;
}

/** The problems of one step, each starting with `where` (e.g. "step 2"). */
function stepErrors(st: unknown, where: string): string[] {
  const errors: string[] = [];
  const err = (field: string, message: string) => errors.push(`${where}, ${field}: ${message}`);
  if (!isObj(st)) return [`${where}: expected an object`];
  for (const k of Object.keys(st))
    if (!STEP_KEYS.includes(k)) err(k, `unknown field, expected one of ${STEP_KEYS.join(', ')}`);
  for (const k of ['title', 'question', 'explain'])
    if (typeof st[k] !== 'string' || (st[k] as string).trim() === '') err(k, 'expected a text');
    else if ((st[k] as string).length > LAB_LIMITS.text) err(k, `above ${LAB_LIMITS.text} characters`);
  if (st.speed !== undefined && !LAB_SPEEDS.includes(st.speed as number))
    err('speed', `expected one of the playback speeds ${LAB_SPEEDS.join(', ')}`);
  if (st.chart !== undefined && (typeof st.chart !== 'string' || st.chart.trim() === ''))
    err('chart', "expected the text of a chart's title");
  if (st.charts !== undefined && (!Array.isArray(st.charts) || st.charts.some((c) => typeof c !== 'string' || !c)))
    err('charts', "expected a list of texts of charts' titles");
  const preset = typeof st.preset === 'string' ? findPreset(st.preset) : undefined;
  if (!preset) {
    err('preset', `expected the name of a preset (a file in examples/), not ${JSON.stringify(st.preset)}`);
    return errors;
  }
  if (st.camera !== undefined) {
    const cams = Object.entries(LAB_CAMERAS).map(([k, b]) => `\`${k}\` (${b})`);
    if (typeof st.camera !== 'string' || !Object.hasOwn(LAB_CAMERAS, st.camera))
      err('camera', `expected one of the globe's camera buttons ${cams.join(', ')}, not ${JSON.stringify(st.camera)}`);
    else if (!modelOfScenario(preset.json).globe)
      err('camera', `the preset ${preset.id} draws no globe: leave \`camera\` out`);
  }
  // The changed fields: each a field of the scenario, the whole scenario valid (the schema's checks).
  const changes = (set: unknown, field: string): boolean => {
    if (set === undefined) return true;
    if (!isObj(set)) {
      err(field, 'expected an object of field paths and values');
      return false;
    }
    let s = JSON.parse(preset.json) as ScenarioObject;
    for (const [k, v] of Object.entries(st.set ?? {})) s = setPath(s, k, v as never);
    for (const [k, v] of Object.entries(set)) {
      if (!FIELDS.has(k) && !['seed', 'duration_s', 'warmup_s'].includes(k)) {
        err(`${field}.${k}`, 'not a field of the scenario');
        return false;
      }
      s = setPath(s, k, v as never);
    }
    for (const e of validateFields(s)) err(`${field}.${e.path}`, e.message);
    return errors.length === 0;
  };
  changes(st.set, 'set');
  const runs = new Set(['main']);
  if (st.runs !== undefined) {
    if (!isObj(st.runs) || Object.keys(st.runs).length > LAB_LIMITS.runs)
      err('runs', `expected an object of at most ${LAB_LIMITS.runs} named runs`);
    else
      for (const [name, set] of Object.entries(st.runs)) {
        if (!NAME.test(name) || name === 'main') err(`runs.${name}`, 'a run is named in lower case, and not `main`');
        changes(set, `runs.${name}`);
        runs.add(name);
      }
  }
  const values = new Set<string>();
  if (!isObj(st.values) || Object.keys(st.values).length === 0 || Object.keys(st.values).length > LAB_LIMITS.values)
    err('values', `expected an object of 1 to ${LAB_LIMITS.values} named values`);
  else
    for (const [name, v] of Object.entries(st.values)) {
      const at = `values.${name}`;
      if (!NAME.test(name)) err(at, 'a value is named in lower case (letters, digits, _)');
      values.add(name);
      if (!isObj(v)) {
        err(at, 'expected an object with `of`');
        continue;
      }
      for (const k of Object.keys(v))
        if (!VALUE_KEYS.includes(k)) err(`${at}.${k}`, `unknown field, expected one of ${VALUE_KEYS.join(', ')}`);
      if ((v.of === undefined) === (v.series === undefined))
        err(at, 'expected one of `of` (a number of the summary) or `series` (a statistic of a series)');
      const ref = (k: 'of' | 'minus' | 'series') => {
        const r = v[k];
        if (r === undefined) return;
        const series = k === 'series';
        const shape = series
          ? /^([a-z][a-z0-9_]*:)?[a-z_][a-z0-9_]*$/
          : /^([a-z][a-z0-9_]*:)?[a-z_][a-z0-9_]*(\.[a-z0-9_]+)*$/;
        if (typeof r !== 'string' || !shape.test(r))
          return err(
            `${at}.${k}`,
            series
              ? "expected `[run:]id`, a run of the step and the id of one of its series (a chart's line)"
              : 'expected `[run:]path`, a run of the step and a path into its summary',
          );
        if (!runs.has(splitRef(r).run))
          err(`${at}.${k}`, `the run \`${splitRef(r).run}\` is not one of ${[...runs].join(', ')}`);
      };
      ref('of');
      ref('minus');
      ref('series');
      if (v.series !== undefined && !SERIES_STATS.includes(v.stat as SeriesStat))
        err(`${at}.stat`, `expected the statistic of the series read: one of ${SERIES_STATS.join(', ')}`);
      if (v.series === undefined && v.stat !== undefined) err(`${at}.stat`, 'a statistic is read of a `series` only');
      if (v.scale !== undefined && !finite(v.scale, -1e12, 1e12)) err(`${at}.scale`, 'expected a finite number');
      if (v.digits !== undefined && !(Number.isInteger(v.digits) && finite(v.digits, 0, 6)))
        err(`${at}.digits`, 'expected a whole number from 0 to 6');
      if (v.unit !== undefined && (typeof v.unit !== 'string' || v.unit.length > 20))
        err(`${at}.unit`, 'expected a short text');
    }
  const known = (name: unknown, field: string) => {
    if (typeof name !== 'string' || !values.has(name))
      err(field, `expected one of the step's values (${[...values].join(', ')})`);
  };
  // A choice's options and an order's items: 2 to 6, each a label and one of the step's values.
  const labelled = (list: unknown, field: string, what: string) => {
    if (!Array.isArray(list) || list.length < 2 || list.length > LAB_LIMITS.options)
      return err(field, `expected 2 to ${LAB_LIMITS.options} ${what}`);
    list.forEach((x: unknown, j: number) => {
      if (!isObj(x) || typeof x.label !== 'string' || !x.label) err(`${field}[${j}].label`, 'expected a text');
      else known(x.value, `${field}[${j}].value`);
    });
  };
  const a = st.answer;
  const kinds = isObj(a) ? Object.keys(a) : [];
  if (!isObj(a) || kinds.length !== 1 || !['number', 'choice', 'order'].includes(kinds[0])) {
    err('answer', 'expected exactly one of `number`, `choice`, `order`');
  } else if (isObj(a.number)) {
    known(a.number.value, 'answer.number.value');
    const t = a.number.tolerance;
    const p = a.number.tolerance_pct;
    if ((t === undefined) === (p === undefined)) err('answer.number', 'expected one of `tolerance` or `tolerance_pct`');
    if (t !== undefined && !finite(t, 0, 1e12)) err('answer.number.tolerance', 'expected a number of 0 or more');
    if (p !== undefined && !finite(p, 0, 1000)) err('answer.number.tolerance_pct', 'expected a number from 0 to 1000');
  } else if (isObj(a.choice)) {
    const c = a.choice;
    labelled(c.options, 'answer.choice.options', 'options');
    if (c.pick !== 'lowest' && c.pick !== 'highest') err('answer.choice.pick', 'expected `lowest` or `highest`');
    if (c.tie !== undefined && (!isObj(c.tie) || typeof c.tie.label !== 'string' || !finite(c.tie.within, 0, 1e12)))
      err('answer.choice.tie', 'expected { "label": text, "within": a number of 0 or more }');
  } else if (isObj(a.order)) {
    const o = a.order;
    labelled(o.items, 'answer.order.items', 'items');
    if (o.by !== 'ascending' && o.by !== 'descending') err('answer.order.by', 'expected `ascending` or `descending`');
    if (o.tie !== undefined && !finite(o.tie, 0, 1e12)) err('answer.order.tie', 'expected a number of 0 or more');
  } else err(`answer.${kinds[0]}`, 'expected an object');
  if (typeof st.explain === 'string')
    for (const p of placeholders(st.explain))
      if (!values.has(p)) err('explain', `{${p}} is not one of the step's values`);
  return errors;
}

/** A run's series as its results hold them (`series` of the results JSON): columns by id, each a
 * list of samples (null where a bucket has none). */
export interface RunSeries {
  columns: { id: string }[];
  values: (number | null)[][];
}

/** A statistic of one series of a run; null when the run has no such series or no sample. */
export function seriesStat(series: RunSeries | null | undefined, id: string, stat: SeriesStat): number | null {
  const k = series?.columns.findIndex((c) => c.id === id) ?? -1;
  if (!series || k < 0) return null;
  const xs = (series.values[k] ?? []).filter((x): x is number => typeof x === 'number' && Number.isFinite(x));
  if (xs.length === 0) return null;
  switch (stat) {
    case 'max':
      return Math.max(...xs);
    case 'min':
      return Math.min(...xs);
    case 'mean':
      return xs.reduce((a, b) => a + b, 0) / xs.length;
    case 'last':
      return xs[xs.length - 1];
  }
}

/** Whether any of a step's values reads a series (its runs must then keep their series). */
export function readsSeries(step: LabStep): boolean {
  return Object.values(step.values).some((v) => v.series !== undefined);
}

/**
 * A step's values computed from its runs' summaries (and series, by run, for the values that
 * read one); null where a run has no number there.
 */
export function stepValues(
  step: LabStep,
  summaries: Record<string, unknown>,
  series: Record<string, RunSeries | null | undefined> = {},
): Record<string, number | null> {
  const read = (ref: string): number | null => {
    const { run, path } = splitRef(ref);
    const v = getPath(summaries[run] as never, path);
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  };
  const of = (v: LabValue): number | null => {
    if (v.series === undefined) return v.of === undefined ? null : read(v.of);
    const { run, path } = splitRef(v.series);
    return seriesStat(series[run], path, v.stat ?? 'max');
  };
  const out: Record<string, number | null> = {};
  for (const [name, v] of Object.entries(step.values)) {
    const a = of(v);
    const b = v.minus !== undefined ? read(v.minus) : 0;
    out[name] = a === null || b === null ? null : (a - b) * (v.scale ?? 1);
  }
  return out;
}

/** A value as the lab shows it: its digits, grouped thousands, and its unit. */
export function showValue(step: LabStep, name: string, v: number | null): string {
  const def = step.values[name];
  if (v === null) return 'no value (the run did not measure it)';
  const d = def?.digits ?? 2;
  const n = v.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
  return def?.unit ? `${n} ${def.unit}` : n;
}

/** The unit of each summary number the engine declares (its models' sweep metrics), by path. */
const DECLARED_UNITS: ReadonlyMap<string, string> = new Map(
  (schemaJson as { models: { sweep_metrics?: { path: string; unit: string }[] }[] }).models.flatMap((m) =>
    (m.sweep_metrics ?? []).map((x) => [x.path.replace(/\[(\d+)\]/g, '.$1'), x.unit] as [string, string]),
  ),
);

/**
 * The unit a value's marker is drawn in: the unit of the summary number it reads, before its
 * `scale` (the marker is the value divided by its scale, what the engine's series show). It is
 * the engine's declared unit of that number when there is one (for a value read of a series,
 * the series' unit, `seriesUnit`, when the run's series are known); else the value's own `unit`
 * when it has no scale; else unknown (undefined).
 */
export function markUnit(def: LabValue | undefined, seriesUnit?: string): string | undefined {
  if (!def) return undefined;
  const declared = def.series !== undefined ? seriesUnit : DECLARED_UNITS.get(splitRef(def.of ?? '').path);
  if (declared !== undefined) return declared;
  return (def.scale ?? 1) === 1 ? def.unit : undefined;
}

/**
 * Whether a marker in `unit` can be drawn on a chart in `chartUnit`: the same unit, or a
 * fraction on a chart of a fraction of something ("fraction of IP packets"). A marker in
 * another unit would sit at a meaningless height (seconds on a chart of milliseconds, a count
 * of retransmissions on a chart of hops); one in an unknown unit is not drawn.
 */
export function markFits(unit: string | undefined, chartUnit: string): boolean {
  if (!unit) return false;
  return unit === chartUnit || (unit === 'fraction' && /^fraction\b/.test(chartUnit));
}

/** A marker a lab draws on a chart: the prediction or the engine's number. */
export interface LabMark {
  chart: string;
  label: 'your prediction' | 'the engine';
  value: number;
}

/**
 * A number step's markers on its `chart`, in the unit of the summary number (the value before
 * its `scale`): the prediction, and the engine's number once it may be shown. None when the step
 * names no chart, when no chart of the run has that title, or when that chart is in another unit.
 */
export function stepMarks(
  step: LabStep,
  charts: readonly { title: string; unit: string; members?: readonly { s: { id: string; unit: string } }[] }[],
  values: Record<string, number | null> | null,
  predicted: number | null,
  showTruth: boolean,
): LabMark[] {
  if (!step.chart || !('number' in step.answer) || !values) return [];
  const chart = step.chart;
  const group = charts.find((c) => c.title.includes(chart));
  const def = step.values[step.answer.number.value];
  const id = def?.series === undefined ? undefined : splitRef(def.series).path;
  const seriesUnit = charts.flatMap((c) => c.members ?? []).find((m) => m.s.id === id)?.s.unit;
  if (!group || !markFits(markUnit(def, seriesUnit), group.unit)) return [];
  const scale = def.scale ?? 1;
  const marks: LabMark[] = [];
  if (predicted !== null) marks.push({ chart, label: 'your prediction', value: predicted / scale });
  const truth = values[step.answer.number.value] ?? null;
  if (truth !== null && showTruth) marks.push({ chart, label: 'the engine', value: truth / scale });
  return marks;
}

/** The explanation with its blanks filled by the engine's numbers. */
export function explanation(step: LabStep, values: Record<string, number | null>): string {
  return step.explain.replace(/\{([a-z][a-z0-9_]*)\}/g, (_m, name: string) =>
    showValue(step, name, values[name] ?? null),
  );
}

/** A student's prediction: a number, an option's index, or the items' indexes in their order. */
export type Prediction = { number: number } | { choice: number } | { order: number[] };

export interface Verdict {
  correct: boolean;
  /** The right answer, in words. */
  truth: string;
  /** The prediction, in words. */
  predicted: string;
}

/** The options of a choice as shown: the step's, then the tie option when there is one. */
export function choiceLabels(step: LabStep): string[] {
  if (!('choice' in step.answer)) return [];
  const c = step.answer.choice;
  return [...c.options.map((o) => o.label), ...(c.tie ? [c.tie.label] : [])];
}

/** The engine's ordering of an order question's items (indexes), best first. */
export function engineOrder(step: LabStep, values: Record<string, number | null>): number[] {
  if (!('order' in step.answer)) return [];
  const o = step.answer.order;
  const sign = o.by === 'ascending' ? 1 : -1;
  const v = (j: number) => values[o.items[j].value] ?? Infinity;
  return o.items.map((_it, j) => j).sort((a, b) => sign * (v(a) - v(b)) || a - b);
}

/** Scores a prediction against the engine's values. */
/**
 * The answers with the prediction at `index` scored against the engine's `values` if it waits
 * for them (handed in while they were computing: `correct` null); the same array when nothing
 * waits.
 */
export function scoreWaiting<A extends { prediction: Prediction | null; correct: boolean | null }>(
  answers: (A | null)[],
  index: number,
  step: LabStep,
  values: Record<string, number | null>,
): (A | null)[] {
  const a = answers[index];
  if (!a?.prediction || a.correct !== null) return answers;
  const out = [...answers];
  out[index] = { ...a, correct: judge(step, values, a.prediction).correct };
  return out;
}

export function judge(step: LabStep, values: Record<string, number | null>, p: Prediction): Verdict {
  const a = step.answer;
  if ('number' in a && 'number' in p) {
    const truth = values[a.number.value] ?? null;
    const tol = a.number.tolerance ?? (truth === null ? 0 : (Math.abs(truth) * (a.number.tolerance_pct ?? 0)) / 100);
    const within = showValue(step, a.number.value, tol).replace(/^/, '± ');
    return {
      correct: truth !== null && Math.abs(p.number - truth) <= tol + 1e-9 * Math.max(1, Math.abs(truth)),
      truth: `${showValue(step, a.number.value, truth)} (right within ${within})`,
      predicted: showValue(step, a.number.value, p.number),
    };
  }
  if ('choice' in a && 'choice' in p) {
    const c = a.choice;
    const labels = choiceLabels(step);
    const vals = c.options.map((o) => values[o.value] ?? null);
    const sign = c.pick === 'lowest' ? 1 : -1;
    const ranked = vals.map((_v, j) => j).sort((x, y) => sign * ((vals[x] ?? Infinity) - (vals[y] ?? Infinity)));
    const [best, second] = ranked;
    const tie =
      !!c.tie && vals[best] !== null && vals[second] !== null && Math.abs(vals[best]! - vals[second]!) <= c.tie.within;
    const right = tie ? c.options.length : best;
    return { correct: p.choice === right, truth: labels[right], predicted: labels[p.choice] ?? '(none)' };
  }
  if ('order' in a && 'order' in p) {
    const o = a.order;
    const tie = o.tie ?? 0;
    const v = (j: number) => values[o.items[j].value] ?? Infinity;
    const sign = o.by === 'ascending' ? 1 : -1;
    // Right when no item is placed before one that is clearly better (more than `tie` apart).
    const valid = p.order.length === o.items.length && new Set(p.order).size === o.items.length;
    const correct =
      valid && p.order.every((x, i) => p.order.slice(i + 1).every((y) => sign * (v(y) - v(x)) >= -tie - 1e-12));
    const first = o.by === 'ascending' ? 'lowest first' : 'highest first';
    const words = (ix: number[]) => `${ix.map((j) => o.items[j]?.label ?? '?').join(', ')} (${first})`;
    const within = tie > 0 ? `; within ${showValue(step, o.items[0].value, tie)} of each other counts as equal` : '';
    return { correct, truth: words(engineOrder(step, values)) + within, predicted: words(p.order) };
  }
  return { correct: false, truth: '', predicted: '(an answer of another kind)' };
}
