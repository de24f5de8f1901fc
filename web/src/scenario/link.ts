/**
 * Shareable links: the whole scenario and the selected view live in the URL's fragment.
 *
 * ```text
 * #p=<preset id>&v=<view>            the scenario is a preset, unchanged
 * #s=<scenario>&v=<view>             any other scenario
 * ...&w=<sweep>                      and a sweep of it, which the link reopens and reruns
 * ...&l=<lab id>                     a shipped lab (examples/labs/), open at the student's step
 * ...&L=<lab>                        a lab a teacher wrote (its JSON, deflated, base64url)
 * ...&h=1                            the lab's explanations wait until each step is answered
 * ```
 *
 * `<scenario>` is the scenario JSON with every field equal to the engine's default removed
 * (the engine fills them back in, so the run is identical), deflate-compressed and written in
 * base64url. `<view>` is base64url JSON of what is on screen (chart close-ups, speed, theme,
 * globe camera). `<sweep>` is base64url JSON of a `SweepRequest` (sweeps are deterministic: the
 * rerun draws the same curves). The fragment never reaches a server. Decoding never throws: every failure comes
 * back as a message naming what was wrong.
 */
import { MAX_FINITE_SPEED, type Speed } from '../engine/protocol';
import { loadedFileName } from './loadedFiles';

/** What is on screen besides the scenario. */
export interface ViewState {
  /** Charts shown as close-ups of their last seconds (chart keys). */
  closeUps?: string[];
  speed?: Speed;
  theme?: 'dark' | 'light';
  /** Charts hidden by the user (chart keys). */
  hidden?: string[];
  /** Globe camera: longitude [deg], latitude [deg], height [m]. */
  camera?: [number, number, number];
  /** Presenter mode: large text and thick lines for a projector. */
  presenter?: true;
}

/** A sweep of the link's scenario, as "Sweep & compare" runs it. */
export interface SweepRequest {
  /** Parameter path (or `a+b` paths set together), one of the model's sweep parameters. */
  param: string;
  /** Numbers, or texts for a text field (site names). */
  values: (number | string)[];
  policies: string[];
  /** Seeds per point, 1 to 10. */
  seeds: number;
  /** Simulated seconds per run. */
  duration_s: number;
}

export interface LinkState {
  /** A preset id, when the scenario is a preset unchanged. */
  preset?: string;
  /** Scenario JSON text (defaults may be elided), otherwise. */
  scenario?: string;
  view: ViewState;
  /** A sweep of the scenario to reopen. */
  sweep?: SweepRequest;
  /** A lab to open: a shipped one by id, or a written one's text; `hide` holds each
   * explanation until its step is answered. */
  lab?: LabLink;
}

/** A lab a link opens. */
export interface LabLink {
  id?: string;
  json?: string;
  hide?: true;
}

/**
 * A read link. A bad view part (`v=`) does not cost the scenario: the link opens with the default
 * view and `problem` says what was ignored.
 */
export type DecodeResult = { ok: true; state: LinkState; problem?: string } | { ok: false; message: string };

/** Longest fragment accepted [characters] and largest decompressed scenario [bytes]. */
export const MAX_LINK_CHARS = 200_000;
export const MAX_SCENARIO_BYTES = 1_000_000;

// ---- base64url ----

export function toBase64Url(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Bytes of a base64url string, or null when it is not one. */
export function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  try {
    const bin = atob(b64);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

// ---- deflate ----

async function pipe(
  bytes: Uint8Array,
  stream: CompressionStream | DecompressionStream,
  limit: number,
): Promise<Uint8Array> {
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  // Errors surface on both ends; the reader's is the one reported.
  writer.write(bytes as Uint8Array<ArrayBuffer>).catch(() => {});
  writer.close().catch(() => {});
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw new RangeError(`more than ${limit} bytes once decompressed`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

export async function deflate(text: string): Promise<Uint8Array> {
  return pipe(new TextEncoder().encode(text), new CompressionStream('deflate-raw'), Infinity);
}

export async function inflate(bytes: Uint8Array, limit = MAX_SCENARIO_BYTES): Promise<string> {
  return new TextDecoder('utf-8', { fatal: true }).decode(
    await pipe(bytes, new DecompressionStream('deflate-raw'), limit),
  );
}

// ---- defaults ----

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const isObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

function same(a: Json, b: Json): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * `scenario` without the fields equal to `defaults` (recursively; arrays are kept or dropped
 * whole). `version` and `model` are always kept (`model` added from the defaults when absent),
 * so the text stays a complete scenario.
 */
export function elideDefaults(scenario: Record<string, Json>, defaults: Record<string, Json>): Record<string, Json> {
  const walk = (s: Record<string, Json>, d: Record<string, Json>, top: boolean): Record<string, Json> => {
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(s)) {
      if (top && (k === 'version' || k === 'model')) out[k] = v;
      else if (!(k in d)) out[k] = v;
      else if (isObject(v) && isObject(d[k])) {
        const inner = walk(v, d[k] as Record<string, Json>, false);
        if (Object.keys(inner).length) out[k] = inner;
      } else if (!same(v, d[k])) out[k] = v;
    }
    return out;
  };
  const out = walk(scenario, defaults, true);
  // A file that leaves `model` out means the default model: say so, so that equal scenarios
  // elide to equal text.
  if (!('model' in out) && 'model' in defaults)
    return { version: out.version ?? defaults.version, model: defaults.model, ...out };
  return out;
}

// ---- view ----

function checkView(v: unknown): ViewState | string {
  if (!isObject(v)) return 'view: not an object';
  const out: ViewState = {};
  for (const [k, x] of Object.entries(v)) {
    switch (k) {
      case 'closeUps':
        if (!Array.isArray(x) || x.length > 50 || !x.every((c) => typeof c === 'string' && c.length <= 100))
          return 'view.closeUps: expected up to 50 chart names';
        out.closeUps = x as string[];
        break;
      case 'hidden':
        if (!Array.isArray(x) || x.length > 50 || !x.every((c) => typeof c === 'string' && c.length <= 100))
          return 'view.hidden: expected up to 50 chart names';
        out.hidden = x as string[];
        break;
      case 'speed':
        if (x !== 'max' && !(typeof x === 'number' && x > 0 && x <= MAX_FINITE_SPEED))
          return `view.speed: ${JSON.stringify(x)} is not "max" or a number above 0 up to ${MAX_FINITE_SPEED}`;
        out.speed = x as Speed;
        break;
      case 'theme':
        if (x !== 'dark' && x !== 'light') return `view.theme: ${JSON.stringify(x)} is not "dark" or "light"`;
        out.theme = x;
        break;
      case 'camera': {
        const ok = Array.isArray(x) && x.length === 3 && x.every((n) => typeof n === 'number' && Number.isFinite(n));
        if (
          !ok ||
          Math.abs(x[0] as number) > 360 ||
          Math.abs(x[1] as number) > 90 ||
          (x[2] as number) < 1 ||
          (x[2] as number) > 1e9
        )
          return 'view.camera: expected [longitude -360..360, latitude -90..90, height 1..1e9 m]';
        out.camera = x as [number, number, number];
        break;
      }
      case 'presenter':
        if (x !== true) return `view.presenter: ${JSON.stringify(x)} is not true (leave it out for the normal view)`;
        out.presenter = true;
        break;
      default:
        return `view.${k}: unknown field (allowed: closeUps, hidden, speed, theme, camera, presenter)`;
    }
  }
  return out;
}

/** Most values and policies a linked sweep may carry. */
const MAX_SWEEP_VALUES = 100;

/** A sweep part read from a link, or what is wrong with it. Which parameters and policies the
 * model has is checked where the sweep panel opens (it knows the model). */
export function checkSweep(v: unknown): SweepRequest | string {
  if (!isObject(v)) return 'sweep: not an object';
  const allowed = ['param', 'values', 'policies', 'seeds', 'duration_s'];
  const extra = Object.keys(v).find((k) => !allowed.includes(k));
  if (extra) return `sweep.${extra.slice(0, 30)}: unknown field (allowed: ${allowed.join(', ')})`;
  const { param, values, policies, seeds, duration_s } = v as Record<string, unknown>;
  if (typeof param !== 'string' || !/^[A-Za-z0-9_.+[\]]{1,200}$/.test(param))
    return 'sweep.param: expected a parameter path such as "voip.flows"';
  if (
    !Array.isArray(values) ||
    values.length === 0 ||
    values.length > MAX_SWEEP_VALUES ||
    !(
      values.every((x) => typeof x === 'number' && Number.isFinite(x)) ||
      values.every((x) => typeof x === 'string' && x.length >= 1 && x.length <= 100)
    )
  )
    return `sweep.values: expected 1 to ${MAX_SWEEP_VALUES} numbers, or as many texts of 1 to 100 characters`;
  if (
    !Array.isArray(policies) ||
    policies.length > 20 ||
    !policies.every((x) => typeof x === 'string' && /^[a-z0-9_-]{1,40}$/.test(x))
  )
    return 'sweep.policies: expected up to 20 policy names';
  const twice = (policies as string[]).find((p, i) => (policies as string[]).indexOf(p) !== i);
  if (twice !== undefined) return `sweep.policies: \`${twice}\` is named twice (each policy at most once)`;
  if (typeof seeds !== 'number' || !Number.isInteger(seeds) || seeds < 1 || seeds > 10)
    return `sweep.seeds: ${JSON.stringify(seeds)} is not a whole number from 1 to 10`;
  if (typeof duration_s !== 'number' || !(duration_s > 0) || duration_s > 2_592_000)
    return `sweep.duration_s: ${JSON.stringify(duration_s)} is not a number above 0 up to 2592000 s`;
  return { param, values: values as (number | string)[], policies: policies as string[], seeds, duration_s };
}

// ---- links ----

/** The JSON value of a base64url part (`v=`, `w=`); undefined when it is not base64url UTF-8 JSON. */
function jsonPart(value: string): unknown {
  const bytes = fromBase64Url(value);
  try {
    return bytes ? JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) : undefined;
  } catch {
    return undefined;
  }
}

/** The fragment (with its `#`) for a state. */
export async function encodeLink(state: LinkState): Promise<string> {
  const parts: string[] = [];
  if (state.preset) parts.push(`p=${encodeURIComponent(state.preset)}`);
  else if (state.scenario !== undefined) parts.push(`s=${toBase64Url(await deflate(state.scenario))}`);
  if (Object.keys(state.view).length)
    parts.push(`v=${toBase64Url(new TextEncoder().encode(JSON.stringify(state.view)))}`);
  if (state.sweep) parts.push(`w=${toBase64Url(new TextEncoder().encode(JSON.stringify(state.sweep)))}`);
  if (state.lab?.id) parts.push(`l=${encodeURIComponent(state.lab.id)}`);
  else if (state.lab?.json !== undefined) parts.push(`L=${toBase64Url(await deflate(state.lab.json))}`);
  if (state.lab?.hide) parts.push('h=1');
  return `#${parts.join('&')}`;
}

/**
 * Reads a fragment (with or without its `#`). An empty fragment is `{ ok: true }` with neither
 * preset nor scenario. The scenario text is not validated here (the engine does that).
 */
export async function decodeLink(hash: string): Promise<DecodeResult> {
  try {
    const text = hash.startsWith('#') ? hash.slice(1) : hash;
    if (text.length > MAX_LINK_CHARS)
      return { ok: false, message: `link: ${text.length} characters, above the maximum ${MAX_LINK_CHARS}` };
    const state: LinkState = { view: {} };
    if (text === '') return { ok: true, state };
    const seen = new Set<string>();
    let problem: string | undefined;
    for (const part of text.split('&')) {
      const eq = part.indexOf('=');
      const key = eq < 0 ? part : part.slice(0, eq);
      const value = eq < 0 ? '' : part.slice(eq + 1);
      if (seen.has(key)) return { ok: false, message: `link: \`${key}\` appears twice` };
      seen.add(key);
      if (key === 'p') {
        let id: string;
        try {
          id = decodeURIComponent(value);
        } catch {
          return { ok: false, message: 'link: the preset name is not valid URL text' };
        }
        if (!/^[A-Za-z0-9._-]{1,100}$/.test(id))
          return { ok: false, message: `link: \`${id.slice(0, 40)}\` is not a preset name` };
        state.preset = id;
      } else if (key === 's') {
        const bytes = fromBase64Url(value);
        if (!bytes || bytes.length === 0)
          return { ok: false, message: 'link: the scenario is not base64url text (was the link cut or edited?)' };
        let json: string;
        try {
          json = await inflate(bytes);
        } catch (e) {
          const why = e instanceof RangeError ? e.message : 'it does not decompress';
          return { ok: false, message: `link: the scenario cannot be read: ${why} (was the link cut or edited?)` };
        }
        let parsed: unknown;
        try {
          parsed = JSON.parse(json);
        } catch {
          return { ok: false, message: 'link: the scenario is not JSON' };
        }
        if (!isObject(parsed)) return { ok: false, message: 'link: the scenario is not a JSON object' };
        state.scenario = json;
      } else if (key === 'v') {
        const checked = checkView(jsonPart(value));
        if (typeof checked === 'string')
          problem = `link: ${checked}; the view part was ignored and the scenario opened with the default view`;
        else state.view = checked;
      } else if (key === 'w') {
        const checked = checkSweep(jsonPart(value));
        if (typeof checked === 'string')
          problem = `link: ${checked}; the sweep part was ignored and the scenario opened without it`;
        else state.sweep = checked;
      } else if (key === 'l') {
        let id: string;
        try {
          id = decodeURIComponent(value);
        } catch {
          return { ok: false, message: 'link: the lab name is not valid URL text' };
        }
        if (!/^[A-Za-z0-9._-]{1,100}$/.test(id))
          return { ok: false, message: `link: \`${id.slice(0, 40)}\` is not a lab name` };
        state.lab = { ...state.lab, id };
      } else if (key === 'L') {
        const bytes = fromBase64Url(value);
        let json: string | null = null;
        try {
          json = bytes && bytes.length ? await inflate(bytes) : null;
        } catch {
          json = null;
        }
        if (json === null) return { ok: false, message: 'link: the lab cannot be read (was the link cut or edited?)' };
        state.lab = { ...state.lab, json };
      } else if (key === 'h') {
        if (value !== '1')
          return { ok: false, message: 'link: `h` is 1 (hide the explanations until answered) or absent' };
        state.lab = { ...state.lab, hide: true };
      } else {
        return { ok: false, message: `link: unknown part \`${key.slice(0, 20)}\` (allowed: p, s, v, w, l, L, h)` };
      }
    }
    if (state.preset && state.scenario) return { ok: false, message: 'link: both a preset and a scenario' };
    if (state.lab && state.lab.id === undefined && state.lab.json === undefined)
      return { ok: false, message: 'link: `h` without a lab (`l` or `L`)' };
    if (state.lab?.id !== undefined && state.lab.json !== undefined)
      return { ok: false, message: 'link: both `l` and `L`' };
    return problem ? { ok: true, state, problem } : { ok: true, state };
  } catch (e) {
    // Nothing above should throw; if it does, it is still only a bad link.
    return { ok: false, message: `link: cannot be read (${e instanceof Error ? e.message : String(e)})` };
  }
}

/** A shell command that runs `scenarioJson` with the CLI and writes the results file. A long
 * text loaded from a file is named as that file (`fileName`: the file this page loaded it from;
 * `catalogue.tle` or `<field>.txt` when unknown). */
export function cliSnippet(
  scenarioJson: string,
  fileName: (field: string, text: string) => string | undefined = loadedFileName,
): string {
  const scenario = JSON.parse(scenarioJson) as Record<string, unknown>;
  // A loaded catalogue (megabytes of element sets) stays in its file: `--catalogue` puts it
  // back into the field it came from (`skyqueue run --catalogue`). Any other long text loaded
  // from a file (a channel trace) stays in its file too: `--load FIELD=FILE` puts it back.
  let files = '';
  for (const [key, value] of Object.entries(scenario)) {
    const section = value as Record<string, unknown> | null;
    if (!section || typeof section !== 'object') continue;
    for (const [field, text] of Object.entries(section)) {
      if (typeof text !== 'string' || text.length <= CLI_TLE_CHARS) continue;
      delete section[field];
      const name = shellWord(fileName(`${key}.${field}`, text) ?? (field === 'tle' ? 'catalogue.tle' : `${field}.txt`));
      files += field === 'tle' ? ` --catalogue ${name}` : ` --load ${key}.${field}=${name}`;
    }
  }
  const compact = JSON.stringify(scenario);
  return `skyqueue run -${files} --out results.json <<'EOF'\n${compact}\nEOF`;
}

/** A file name as one shell word (quoted when it holds anything but letters, digits and ._-/). */
function shellWord(name: string): string {
  return /^[A-Za-z0-9._/-]+$/.test(name) ? name : `'${name.replace(/'/g, `'\\''`)}'`;
}

/** Longest element-set text the CLI command quotes inline [characters]; a longer catalogue is
 * named as its file (`--catalogue catalogue.tle`, the file the user loaded). */
export const CLI_TLE_CHARS = 20_000;

/**
 * What a fragment names before it is decoded: `{ preset }` for `p=<id>`, `'scenario'` for a
 * scenario of its own (`s=`), null for none (the app then opens on its default preset).
 */
export function linkedScenario(hash: string): { preset: string } | 'scenario' | null {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  let found: { preset: string } | 'scenario' | null = null;
  for (const part of text.split('&')) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    if (key === 's' || key === 'l' || key === 'L') found = 'scenario';
    else if (key === 'p' && found === null) {
      try {
        found = { preset: decodeURIComponent(eq < 0 ? '' : part.slice(eq + 1)) };
      } catch {
        found = 'scenario'; // not readable: decodeLink says why
      }
    }
  }
  return found;
}
