/**
 * The scenario schema in the UI: every field the parameter panel edits, with its group, label,
 * unit, allowed range and help, and a validator that gives *the engine's own messages* for the
 * rules of one field (type, option, range).
 *
 * The single source of every field, group, option, range, object and model is the engine's
 * declaration (engine-wasm/crates/engine/src/scenario/fields.rs, models/schema.rs and each model's
 * models/<model>/scenario.rs, `groups()` and `objects()`). `scripts/build-engine.sh` writes it to
 * web/src/wasm/scenario-schema.json (`skyqueue schema`); this module only reads it
 * (`fromEngineSchema`) and formats the engine's messages (Rust's and serde's wording).
 * `schema.test.ts` checks the reading against the wasm engine, boundary by boundary.
 *
 * A bound read from another field (the EF rate is at most the capacity) is computed from the
 * scenario at hand; when that other field holds no number, the bound is unknown (NaN) and the
 * field's range is not checked, as the engine's `check_ranges` skips it (`Bound::eval` is None).
 *
 * Rules that join several fields (warm-up below duration, the arrival budget, the seam of a star
 * constellation, site names) are the engine's alone: the panel asks the worker
 * (`scenario/validate`) and shows those messages inline next to the field they name.
 *
 * Versions: the engine writes `scenario_version` and reads it and every version from
 * `oldest_scenario_version` (migrating them; an engine without that key reads one version); any
 * other is refused with the engine's message.
 */
import { isTypeMessage, plainMessage } from './plainMessage';
import type { FieldError } from '../engine/errors';
import schemaJson from '../wasm/scenario-schema.json';

/** A model's name in scenarios (`voip-leo`): one of `MODELS`, as the engine declares them. */
export type Model = string;
type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type ScenarioObject = { [k: string]: Json };

/** A bound that may depend on other fields (e.g. the EF rate is at most the capacity); NaN: unknown. */
type Bound = number | ((s: ScenarioObject) => number);

interface Base {
  /** Dotted path, as in the engine's messages (`voip.lms.snr_ref_db`). */
  path: string;
  label: string;
  /** The tooltip: what the field does, and the paper's value where there is one. */
  help: string;
  /** Models whose runs use the field (its range is checked only for them, as in the engine); none: every model. */
  models?: Model[];
  /** Used only while the field at `path` holds one of `values` (the panel hides it otherwise). */
  appliesWhen?: { path: string; values: Json[] };
}
export interface NumberField extends Base {
  type: 'number';
  /** The Rust type: integers are `u32`/`u64`, reals `f64`. */
  rust: 'u32' | 'u64' | 'f64';
  unit?: string;
  min: Bound;
  max: Bound;
  /** The minimum itself is not allowed. */
  minExclusive?: boolean;
  /** `null` is allowed and means this (e.g. "unlimited", "the preset's"). */
  nullMeans?: string;
  /** The engine checks the range in the model's own code, with its own wording (rate profiles). */
  ownWording?: boolean;
}
export interface ChoiceField extends Base {
  type: 'choice';
  options: { value: string; label: string; short: string }[];
}
export interface BoolField extends Base {
  type: 'bool';
}
export interface TextField extends Base {
  type: 'text';
  maxChars?: number;
  multiline?: boolean;
  /** `null` is allowed and means this (loaded element sets: none). */
  nullMeans?: string;
  /** A catalogue of element sets (TLE): a loaded file gets the engine's report of its shells. */
  catalogue?: boolean;
}
export type Field = NumberField | ChoiceField | BoolField | TextField;

export interface Group {
  title: string;
  /** Models that show the group; none: every model. */
  models?: Model[];
  fields: Field[];
}

/** An object of the scenario: its keys in the engine's declaration order and its Rust struct. */
export interface ScenarioObjectSpec {
  path: string;
  struct: string;
  keys: string[];
}

// ---- the engine's declaration, as `skyqueue schema` writes it (models/schema.rs) ----

/** `clamp(times * <path>, at_least, at_most)`; `null`: no clamp on that side. */
interface EngineFieldBound {
  path: string;
  times: number;
  at_least: number | null;
  at_most: number | null;
}
type EngineBound = number | null | EngineFieldBound;
type EngineField = {
  path: string;
  label: string;
  unit: string | null;
  help: string;
  applies_when?: { path: string; values: Json[] };
} & (
  | {
      type: 'number';
      rust: string;
      min: EngineBound;
      max: EngineBound;
      min_exclusive: boolean;
      null_means: string | null;
      own_wording: boolean;
    }
  | { type: 'choice'; options: { value: string; label: string; short: string }[] }
  | { type: 'bool' }
  | { type: 'text'; max_chars: number | null; multiline: boolean; null_means?: string | null; catalogue?: boolean }
);
/** The engine's schema (`skyqueue schema`, web/src/wasm/scenario-schema.json). */
export interface EngineSchema {
  scenario_version: number;
  /** The oldest version the engine reads (migrating it to `scenario_version`). */
  oldest_scenario_version: number;
  max_seed: number;
  common_objects: ScenarioObjectSpec[];
  models: {
    name: string;
    label: string;
    summary_key: string;
    policy_path: string | null;
    groups: { title: string; fields: EngineField[] }[];
    objects: ScenarioObjectSpec[];
  }[];
}

/** Reads a number at `path` of a scenario, or `fallback` when it is absent or not a number. */
export function numberAt(s: ScenarioObject, path: string, fallback: number): number {
  const v = getPath(s, path);
  return typeof v === 'number' ? v : fallback;
}

function bound(b: EngineBound, none: number, where: string): Bound {
  if (b === null) return none; // serde_json writes an infinite bound as null
  if (typeof b === 'number') return b;
  if (typeof b !== 'object' || typeof b.path !== 'string' || typeof b.times !== 'number')
    throw new Error(`scenario schema: bad bound of ${where}`);
  const { path, times } = b;
  const lo = b.at_least ?? -Infinity;
  const hi = b.at_most ?? Infinity;
  // NaN (unknown) when the other field holds no number: the range is then not checked.
  return (s) => Math.min(Math.max(times * numberAt(s, path, NaN), lo), hi);
}

function field(f: EngineField): Field {
  const base: Base = { path: f.path, label: f.label, help: f.help };
  if (f.applies_when) base.appliesWhen = { path: f.applies_when.path, values: f.applies_when.values };
  switch (f.type) {
    case 'number': {
      if (f.rust !== 'u32' && f.rust !== 'u64' && f.rust !== 'f64')
        throw new Error(`scenario schema: ${f.path} has Rust type ${f.rust}`);
      const out: NumberField = {
        type: 'number',
        ...base,
        rust: f.rust,
        unit: f.unit ?? undefined,
        min: bound(f.min, -Infinity, `${f.path} (min)`),
        max: bound(f.max, Infinity, `${f.path} (max)`),
      };
      if (f.min_exclusive) out.minExclusive = true;
      if (f.null_means !== null) out.nullMeans = f.null_means;
      if (f.own_wording) out.ownWording = true;
      return out;
    }
    case 'choice':
      return {
        type: 'choice',
        ...base,
        options: f.options.map((o) => ({ value: o.value, label: o.label, short: o.short })),
      };
    case 'bool':
      return { type: 'bool', ...base };
    case 'text': {
      const out: TextField = { type: 'text', ...base };
      if (f.max_chars !== null) out.maxChars = f.max_chars;
      if (f.multiline) out.multiline = true;
      if (f.null_means) out.nullMeans = f.null_means;
      if (f.catalogue) out.catalogue = true;
      return out;
    }
    default:
      throw new Error(
        `scenario schema: ${(f as { path: string }).path} has unknown type ${(f as { type: string }).type}`,
      );
  }
}

/**
 * Merges per-model lists into one ordered list: an item first met in a later model goes just
 * before the next item of that model's list already placed (so Run stays first, Recording last,
 * and each model's own items follow the earlier models'), else at the end; with the models
 * that list each item.
 */
function merge<T>(
  lists: { model: Model; items: T[] }[],
  key: (t: T) => string,
  same: (a: T, b: T) => void,
): { item: T; models: Model[] }[] {
  const order: string[] = [];
  const byKey = new Map<string, { item: T; models: Model[] }>();
  for (const { model, items } of lists) {
    items.forEach((t, i) => {
      const k = key(t);
      const seen = byKey.get(k);
      if (seen) {
        same(seen.item, t);
        if (!seen.models.includes(model)) seen.models.push(model);
        return;
      }
      byKey.set(k, { item: t, models: [model] });
      const next = items.slice(i + 1).find((u) => byKey.has(key(u)));
      order.splice(next === undefined ? order.length : order.indexOf(key(next)), 0, k);
    });
  }
  return order.map((k) => byKey.get(k)!);
}

const sameJson = (what: string) => (a: unknown, b: unknown) => {
  if (JSON.stringify(a) !== JSON.stringify(b))
    throw new Error(`scenario schema: ${what} is declared differently by two models`);
};

/** The UI schema from the engine's: what this module exports, built from any such declaration. */
export function fromEngineSchema(schema: EngineSchema): {
  SCENARIO_VERSION: number;
  OLDEST_VERSION: number;
  MODELS: Model[];
  SECTIONS: ReadonlyMap<Model, string[]>;
  GROUPS: Group[];
  FIELDS: ReadonlyMap<string, Field>;
  OBJECTS: ScenarioObjectSpec[];
} {
  const models = schema.models.map((m) => m.name);
  // A model's sections: its objects at the top level (`traffic` and `queue` for the queue).
  const SECTIONS = new Map(
    schema.models.map((m) => [m.name, m.objects.map((o) => o.path).filter((p) => !p.includes('.'))]),
  );
  const groups = merge(
    schema.models.map((m) => ({ model: m.name, items: m.groups })),
    (g) => g.title,
    () => {},
  );
  const GROUPS: Group[] = groups.map(({ item: g, models: gm }) => {
    const inGroup = schema.models.flatMap((m) =>
      m.groups.filter((x) => x.title === g.title).map((x) => ({ model: m.name, items: x.fields })),
    );
    const fields = merge(
      inGroup,
      (f) => f.path,
      (a, b) => sameJson(a.path)(a, b),
    ).map(({ item, models: fm }) => {
      const f = field(item);
      // The models that declare the field (a field declared in two groups is refused below).
      if (fm.length < models.length) f.models = fm;
      return f;
    });
    return gm.length < models.length ? { title: g.title, models: gm, fields } : { title: g.title, fields };
  });
  const FIELDS = new Map<string, Field>();
  for (const f of GROUPS.flatMap((g) => g.fields)) {
    if (FIELDS.has(f.path)) throw new Error(`scenario schema: ${f.path} is in two groups`);
    FIELDS.set(f.path, f);
  }
  const OBJECTS = merge(
    [{ model: '', items: schema.common_objects }, ...schema.models.map((m) => ({ model: m.name, items: m.objects }))],
    (o) => o.path,
    (a, b) => sameJson(`object ${a.path || '(scenario)'}`)(a, b),
  ).map(({ item: o }) => ({ path: o.path, struct: o.struct, keys: [...o.keys] }));
  return {
    SCENARIO_VERSION: schema.scenario_version,
    OLDEST_VERSION: schema.oldest_scenario_version,
    MODELS: models,
    SECTIONS,
    GROUPS,
    FIELDS,
    OBJECTS,
  };
}

const ui = fromEngineSchema(schemaJson as EngineSchema);

/** The scenario version the engine writes (and reads). */
export const SCENARIO_VERSION: number = ui.SCENARIO_VERSION;
/** The oldest version the engine reads (it migrates it). */
const OLDEST_VERSION: number = ui.OLDEST_VERSION;
/** Each model's sections of a scenario; a scenario holds its model's only. */
export const SECTIONS: ReadonlyMap<Model, string[]> = ui.SECTIONS;
/** The models, in the engine's order (the first is the default). */
export const MODELS: Model[] = ui.MODELS;
/** The parameter panel's groups, in order; a group shows when the scenario's model uses it. */
export const GROUPS: Group[] = ui.GROUPS;
/** Every field, by path. */
export const FIELDS: ReadonlyMap<string, Field> = ui.FIELDS;
/**
 * Every object of the scenario with its keys in the engine's declaration order (its unknown-field
 * message lists them so) and the Rust struct name (its message for `null` names it).
 */
export const OBJECTS: ScenarioObjectSpec[] = ui.OBJECTS;

/** The largest u32 (serde's `expected u32`): a Rust type's limit, not a field's range. */
const U32_MAX = 4_294_967_295;

// ---- reading and writing paths ----

/** Splits `a.b[1].c` into `['a', 'b', 1, 'c']`. */
export function splitPath(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const part of path.split('.')) {
    const m = /^([^[]+)((?:\[\d+\])*)$/.exec(part);
    if (!m) {
      out.push(part);
      continue;
    }
    out.push(m[1]);
    for (const i of m[2].matchAll(/\[(\d+)\]/g)) out.push(Number(i[1]));
  }
  return out;
}

/** The value at `path`, or undefined. */
export function getPath(s: Json, path: string): Json | undefined {
  let v: Json | undefined = s;
  for (const k of splitPath(path)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, Json>)[k as string];
  }
  return v;
}

/** A copy of `s` with `value` at `path` (objects on the way are created). */
export function setPath(s: ScenarioObject, path: string, value: Json): ScenarioObject {
  const out = structuredClone(s);
  const keys = splitPath(path);
  let o: Record<string | number, Json> = out;
  for (const k of keys.slice(0, -1)) {
    if (o[k] === null || typeof o[k] !== 'object') o[k] = {};
    o = o[k] as Record<string | number, Json>;
  }
  o[keys[keys.length - 1]] = value;
  return out;
}

// ---- the engine's message formats ----

/** A finite f64 as Rust's `{}` prints it: shortest round-trip digits, never an exponent. */
export function rustFloat(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (!Number.isFinite(v)) return v > 0 ? 'inf' : '-inf';
  const sign = v < 0 || Object.is(v, -0) ? '-' : '';
  const m = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(Math.abs(v)))!;
  const digits = m[1] + (m[2] ?? '');
  const point = m[1].length + Number(m[3] ?? 0);
  let s: string;
  if (point <= 0) s = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) s = digits + '0'.repeat(point - digits.length);
  else s = `${digits.slice(0, point)}.${digits.slice(point)}`;
  s = s.replace(/^0+(?=\d)/, '');
  return sign + s;
}

/**
 * A number as the engine's messages write it (`sim::num`): as written below a million, others
 * (and tiny ones, below 1e-3) in Rust's `{:e}` form, `1e300`, `-2.5e-5`.
 */
export function engineNum(v: number): string {
  if (Number.isFinite(v) && (Math.abs(v) >= 1e6 || (v !== 0 && Math.abs(v) < 1e-3)))
    return v.toExponential().replace('e+', 'e');
  return rustFloat(v);
}

/** A float in serde_json's type errors ("floating point `1.5`"): fixed for 1e-5 <= |v| < 1e16. */
function jsonFloat(v: number): string {
  const e = v === 0 ? 0 : Math.floor(Math.log10(Math.abs(v)));
  if (e >= -5 && e <= 15) {
    const s = rustFloat(v);
    return s.includes('.') ? s : `${s}.0`;
  }
  return v.toExponential(); // shortest digits, `2e+19`, `9.5e-7`
}

/** How serde names an unexpected JSON value. */
function unexpected(v: Json): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return `boolean \`${v}\``;
  if (typeof v === 'string') return `string ${JSON.stringify(v)}`;
  if (Array.isArray(v)) return 'sequence';
  if (typeof v === 'object') return 'map';
  if (Number.isInteger(v) && Math.abs(v) < 1e21) {
    if (v >= 0 ? v < 2 ** 64 : v >= -(2 ** 63)) return `integer \`${String(v)}\``;
  }
  return `floating point \`${jsonFloat(v)}\``;
}

/** The engine's `OPTION_EXPECTED` (models/format.rs): a non-string where an option name goes. */
export const OPTION_EXPECTED = 'expected the name of an option, as a string';

/** serde's type message, in the plain words the engine uses too (plainMessage.ts). */
const typeError = (v: Json, expected: string) => plainMessage(`invalid type: ${unexpected(v)}, expected ${expected}`);

/** serde's "expected `a` or `b`" / "expected one of `a`, `b`, `c`". */
function oneOf(names: string[]): string {
  const q = names.map((n) => `\`${n}\``);
  if (q.length === 1) return q[0];
  if (q.length === 2) return `${q[0]} or ${q[1]}`;
  return `one of ${q.join(', ')}`;
}

/**
 * A field of a rate profile (`diffserv.ef_profile.period_s`), the engine's `RateProfile`: an
 * enum tagged by `kind` whose cosine variant has `amplitude` and `period_s`.
 */
const PROFILE = /^(.+_profile)\.(kind|amplitude|period_s)$/;

/** The engine's messages for one field's value (type, option, range), or null when valid. */
export function checkField(f: Field, v: Json, s: ScenarioObject, model: Model): string | null {
  if (v === null && (f.type === 'number' || f.type === 'text') && f.nullMeans) return null;
  switch (f.type) {
    case 'text':
      if (typeof v !== 'string') return typeError(v, 'a string');
      if (f.maxChars !== undefined && [...v].length > f.maxChars)
        return `${[...v].length} characters is above the maximum ${f.maxChars}`;
      return null;
    case 'bool':
      return typeof v === 'boolean' ? null : typeError(v, 'a boolean');
    case 'choice': {
      if (PROFILE.exec(f.path)?.[2] === 'kind') {
        // A tagged profile: the engine reads `kind` first.
        if (typeof v !== 'string') return typeError(v, 'variant identifier');
      } else if (typeof v !== 'string') return OPTION_EXPECTED;
      const names = f.options.map((o) => o.value);
      return names.includes(v) ? null : `unknown variant \`${v}\`, expected ${oneOf(names)}`;
    }
    case 'number': {
      if (typeof v !== 'number') return typeError(v, f.rust);
      if (Object.is(v, -0)) v = 0; // JSON.stringify writes -0 as 0
      if (f.rust !== 'f64') {
        if (!Number.isInteger(v) || Math.abs(v) >= 1e21) return typeError(v, f.rust);
        const max = f.rust === 'u32' ? U32_MAX : 2 ** 64 - 1;
        if (v < 0 || v > max) return plainMessage(`invalid value: ${unexpected(v)}, expected ${f.rust}`);
      }
      if (f.models && !f.models.includes(model)) return null;
      const min = typeof f.min === 'function' ? f.min(s) : f.min;
      const max = typeof f.max === 'function' ? f.max(s) : f.max;
      // A bound read from a field that holds no number: unknown, the engine skips the range too.
      if (Number.isNaN(min) || Number.isNaN(max)) return null;
      if (f.ownWording) {
        // RateProfile::check's own wording: `{amplitude} is outside 0 to {amp_max}`, and for the
        // period (the minimum excluded) `{period_s} is outside 0 (excluded) to 1e6`, its upper
        // end written as the literal `1e6` and the period as the engine's `sim::num` writes it.
        const inside = Number.isFinite(v) && (f.minExclusive ? v > min : v >= min) && v <= max;
        if (inside) return null;
        return f.minExclusive
          ? `${engineNum(v)} is outside ${rustFloat(min)} (excluded) to ${max.toExponential().replace('e+', 'e')}`
          : `${rustFloat(v)} is outside ${rustFloat(min)} to ${rustFloat(max)}`;
      }
      const show = f.rust === 'f64' ? rustFloat : (x: number) => String(x);
      if (f.rust !== 'f64') {
        if (v < min) return `${show(v)} is below the minimum ${show(min)} (allowed: ${show(min)} to ${show(max)})`;
        if (v > max) return `${show(v)} is above the maximum ${show(max)} (allowed: ${show(min)} to ${show(max)})`;
        return null;
      }
      const range = f.minExclusive
        ? `(allowed: above ${show(min)} up to ${show(max)})`
        : `(allowed: ${show(min)} to ${show(max)})`;
      if (!Number.isFinite(v)) return `must be a finite number ${range}`;
      if (f.minExclusive && v <= min) return `${show(v)} must be greater than ${show(min)} ${range}`;
      if (!f.minExclusive && v < min) return `${show(v)} is below the minimum ${show(min)} ${range}`;
      if (v > max) return `${show(v)} is above the maximum ${show(max)} ${range}`;
      return null;
    }
  }
}

/**
 * Where the engine reports a field's problem: at the field, except for type errors inside a
 * rate profile (an internally tagged enum), which serde reports at the profile itself.
 */
export function errorPath(f: Field, message: string): string {
  const m = PROFILE.exec(f.path);
  return m && m[2] !== 'kind' && isTypeMessage(message) ? m[1] : f.path;
}

/** Whether a profile field applies: amplitude and period exist only in a cosine profile. */
function profileFieldApplies(path: string, s: ScenarioObject): boolean {
  const m = PROFILE.exec(path);
  if (!m || m[2] === 'kind') return true;
  return getPath(s, `${m[1]}.kind`) === 'cosine';
}

/** Whether the panel shows `f` for a scenario (model and, for a profile, its shape). */
export function fieldApplies(f: Field, s: ScenarioObject): boolean {
  const model = typeof s.model === 'string' ? s.model : MODELS[0];
  return (!f.models || f.models.includes(model)) && profileFieldApplies(f.path, s) && conditionHolds(f, s);
}

/** Whether the field `f` depends on holds one of the values that make `f` used. */
function conditionHolds(f: Field, s: ScenarioObject): boolean {
  if (!f.appliesWhen) return true;
  const v = JSON.stringify(getPath(s, f.appliesWhen.path) ?? null);
  return f.appliesWhen.values.some((x) => JSON.stringify(x) === v);
}

/** The engine's message for a scenario's `version`, or null when it is one this engine reads. */
export function checkVersion(version: Json | undefined): string | null {
  // The engine's wording: "versions 1 to 2", "(allowed: 1 to 2)".
  const oldest = OLDEST_VERSION;
  const [read, allowed] = [`versions ${oldest} to ${SCENARIO_VERSION}`, `${oldest} to ${SCENARIO_VERSION}`];
  if (version === undefined || version === null) return `missing; this engine reads scenario ${read}`;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0 || version > U32_MAX) {
    return typeof version === 'number' && Number.isInteger(version) && Math.abs(version) < 1e21
      ? plainMessage(`invalid value: ${unexpected(version)}, expected u32`)
      : typeError(version, 'u32');
  }
  return version >= oldest && version <= SCENARIO_VERSION ? null : `${version} is not supported (allowed: ${allowed})`;
}

/** The top-level keys of `s` that are sections of a model other than its own (when its model is
 * one the engine knows). */
export function foreignSections(s: ScenarioObject): string[] {
  const model = typeof s.model === 'string' ? s.model : s.model === undefined ? MODELS[0] : null;
  const own = model === null ? undefined : SECTIONS.get(model);
  if (!own) return [];
  const all = new Set([...SECTIONS.values()].flat());
  return Object.keys(s).filter((k) => all.has(k) && !own.includes(k));
}

/** `s` switched to `model`: the other models' sections go (a scenario holds its model's only);
 * the new model's take the engine's defaults. */
export function withModel(s: ScenarioObject, model: Model): ScenarioObject {
  const out = setPath(s, 'model', model);
  for (const k of foreignSections(out)) delete out[k];
  return out;
}

/**
 * Checks what the UI can check on its own, with the engine's messages: the version, the model,
 * unknown keys, and every field of the schema (type, option, range). Unlike the engine, which
 * stops reading at the first type error, this lists every problem. Cross-field rules are the
 * engine's (see the module comment).
 */
export function validateFields(s: ScenarioObject): FieldError[] {
  const errors: FieldError[] = [];
  const push = (path: string, message: string) => errors.push({ path, message });
  const version = checkVersion(s.version);
  if (version) push('version', version);
  const model = s.model ?? MODELS[0];
  // Another model's sections: dropped from a version 1 scenario, refused in a current one (the
  // engine's migration, models/format.rs).
  const foreign = foreignSections(s);
  if (s.version === SCENARIO_VERSION) {
    const own = SECTIONS.get(model as Model) ?? [];
    for (const k of foreign) {
      const owner = MODELS.find((m) => SECTIONS.get(m)?.includes(k)) ?? 'another';
      push(
        k,
        `is a section of the ${owner} model, not of the ${model} model ` +
          `(its sections: ${own.join(', ')}); remove it, or set \`model\``,
      );
    }
    if (foreign.length > 0) return errors;
  }
  const inForeign = (path: string) => foreign.includes(path.split(/[.[]/)[0]);
  for (const o of OBJECTS) {
    if (inForeign(o.path)) continue;
    const v = o.path ? getPath(s, o.path) : s;
    if (v === undefined) continue;
    if (v === null || typeof v !== 'object' || Array.isArray(v)) {
      push(o.path, typeError(v, `struct ${o.struct}`));
      continue;
    }
    for (const k of Object.keys(v)) {
      if (!o.keys.includes(k)) push(o.path ? `${o.path}.${k}` : k, `unknown field \`${k}\`, expected ${oneOf(o.keys)}`);
    }
  }
  const m = typeof model === 'string' && MODELS.includes(model) ? model : MODELS[0];
  for (const f of FIELDS.values()) {
    const v = getPath(s, f.path);
    if (v === undefined || !profileFieldApplies(f.path, s) || inForeign(f.path)) continue;
    const e = checkField(f, v, s, m);
    if (e) push(errorPath(f, e), e);
  }
  return errors;
}
