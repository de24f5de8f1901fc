import { beforeAll, describe, expect, it } from 'vitest';
import { defaultScenarioJson, loadWasmForNode, validateScenario } from '../engine/wasmNode';
import type { EngineError, FieldError } from '../engine/errors';
import { checkField, errorPath, FIELDS, GROUPS, MODELS, OBJECTS, rustFloat, setPath, validateFields, type Field, type Model, type ScenarioObject } from './schema';
import { presets } from './presets';
import { rng } from './testRng';

beforeAll(() => loadWasmForNode());

type Json = Parameters<typeof setPath>[2];

/** The engine's errors for a scenario (empty when it accepts it). */
function engine(s: ScenarioObject): FieldError[] {
  const e = validateScenario(JSON.stringify(s)) as EngineError | null | undefined;
  return e ? e.errors : [];
}

function base(model: Model): ScenarioObject {
  const d = JSON.parse(defaultScenarioJson()) as ScenarioObject;
  d.model = model;
  // Cosine profiles, so that their amplitude and period are read.
  d.diffserv = { ...(d.diffserv as ScenarioObject), capacity_profile: { kind: 'cosine', amplitude: 0.3, period_s: 15 }, ef_profile: { kind: 'cosine', amplitude: 0.6, period_s: 6.1 } };
  return d;
}

const modelOf = (f: Field): Model => f.models?.[0] ?? 'queue';

/**
 * One field set to one value: the UI's verdict must be the engine's. When the UI refuses, the
 * engine gives the identical message at the same path; when the UI accepts, the engine has nothing
 * to say about that field except a cross-field rule (listed in `crossField`).
 */
function agree(f: Field, value: Json, crossField: RegExp | null = null) {
  const s = setPath(base(modelOf(f)), f.path, value);
  const ui = checkField(f, value, s, modelOf(f));
  const at = engine(s).filter((e) => e.path === f.path || e.path.startsWith(`${f.path}.`) || (ui && e.path === errorPath(f, ui)));
  const what = `${f.path} = ${JSON.stringify(value)}`;
  if (ui) expect(at, what).toContainEqual({ path: errorPath(f, ui), message: ui });
  else expect(at.filter((e) => !crossField?.test(e.message)), what).toEqual([]);
  return ui;
}

/** Values just inside and just outside a field's range, and values of the wrong type. */
function probes(f: Field, s: ScenarioObject): Json[] {
  switch (f.type) {
    case 'number': {
      const min = typeof f.min === 'function' ? f.min(s) : f.min;
      const max = typeof f.max === 'function' ? f.max(s) : f.max;
      const eps = (x: number) => (f.rust === 'f64' ? Math.max(Math.abs(x), 1) * 1e-9 : 1);
      const out: Json[] = [min, max, min - eps(min), max + eps(max), f.rust === 'f64' ? (min + max) / 2 : Math.floor((min + max) / 2), 'x', true, [], {}];
      if (f.rust !== 'f64') out.push(1.5, -1, 2 ** 32);
      if (!f.nullMeans) out.push(null);
      return out;
    }
    case 'choice':
      return [...f.options.map((o) => o.value), 'nonsense', 5, null];
    case 'bool':
      return [true, false, 'x', 0, null];
    case 'text':
      return ['ok', 5, null, 'x'.repeat((f.maxChars ?? 60) + 1)];
  }
}

/**
 * Rules the engine alone checks, which a single value may trip with the other fields at their
 * defaults: they join fields, or need the site catalogue or a calendar.
 */
const SITE = /^unknown site /;
const CROSS_FIELD: Record<string, RegExp> = {
  duration_s: /packets on the link|arrivals|points over duration_s|steps over duration_s|48 h/,
  warmup_s: /must be below duration_s/,
  'traffic.rate_pps': /arrivals|needs traffic.rate_pps/,
  'voip.flows': /packets over duration_s/,
  'voip.rate_bps': /packets over duration_s/,
  'voip.packet_bytes': /packets over duration_s/,
  'voip.trace_offset_max_s': /48 h/,
  'voip.constellation_delay_ms[0]': /minimum is above the maximum/,
  'voip.constellation_delay_ms[1]': /minimum is above the maximum/,
  'constellation.planes': /no seam|satellites, above/,
  'constellation.sats_per_plane': /satellites, above/,
  'constellation.epoch_utc': /is not a UTC time/,
  'constellation.from': SITE,
  'constellation.to': SITE,
  'voip.server_site': SITE,
  'voip.users_site': SITE,
};

describe('the UI schema mirrors the engine', () => {
  it('formats numbers as Rust does', () => {
    expect(rustFloat(0.001)).toBe('0.001');
    expect(rustFloat(1e-7)).toBe('0.0000001');
    expect(rustFloat(1e21)).toBe('1000000000000000000000');
    expect(rustFloat(1.5e22)).toBe('15000000000000000000000');
    expect(rustFloat(-0)).toBe('-0');
    expect(rustFloat(2592000)).toBe('2592000');
    expect(rustFloat(0.99 * 2e7)).toBe(String(0.99 * 2e7));
  });

  it('every field, at and beyond each end of its range and with wrong types, gets the engine verdict and message', () => {
    let refused = 0;
    for (const f of FIELDS.values()) {
      const s = base(modelOf(f));
      for (const v of probes(f, s)) if (agree(f, v, CROSS_FIELD[f.path] ?? null)) refused++;
    }
    expect(refused).toBeGreaterThan(FIELDS.size * 2);
  });

  it('ranges are checked only for the model that uses them, as in the engine', () => {
    const f = FIELDS.get('voip.flows')!;
    const s = setPath(base('queue'), 'voip.flows', 0);
    expect(checkField(f, 0, s, 'queue')).toBeNull();
    expect(engine(s)).toEqual([]);
  });

  it('unknown keys and null objects get the engine message, which lists the keys in its order', () => {
    for (const o of OBJECTS) {
      const s = base('queue');
      const withUnknown = o.path ? setPath(s, `${o.path}.zz_unknown`, 1) : { ...s, zz_unknown: 1 };
      const path = o.path ? `${o.path}.zz_unknown` : 'zz_unknown';
      const ui = validateFields(withUnknown).filter((e) => e.path === path);
      expect(ui.length, path).toBe(1);
      expect(engine(withUnknown), path).toEqual(ui);
      if (o.path) {
        const nulled = setPath(s, o.path, null);
        const uiNull = validateFields(nulled).filter((e) => e.path === o.path);
        expect(engine(nulled), o.path).toEqual(uiNull);
      }
    }
  });

  it('versions: missing, other and wrong-typed versions get the engine message', () => {
    for (const v of [undefined, 2, 0, 1.5, '1', -1]) {
      const s = base('queue');
      if (v === undefined) delete s.version;
      else s.version = v;
      const ui = validateFields(s);
      expect(ui.length, String(v)).toBe(1);
      expect(engine(s), String(v)).toEqual(ui);
    }
  });

  it('every preset passes both validators', () => {
    for (const p of presets) {
      const s = JSON.parse(p.json) as ScenarioObject;
      expect(validateFields(s), p.id).toEqual([]);
      expect(engine(s), p.id).toEqual([]);
    }
  });

  it('agrees with the engine on 3,000 random single-field values', () => {
    const r = rng(11);
    const fields = [...FIELDS.values()];
    const pick = <T,>(xs: T[]) => xs[Math.floor(r() * xs.length)];
    const pool = (): Json => {
      const k = r();
      if (k < 0.5) return (r() - 0.3) * 10 ** Math.floor(r() * 14 - 4);
      if (k < 0.7) return Math.round((r() - 0.2) * 10 ** Math.floor(r() * 7));
      return pick<Json>([0, -0, 1, -1, 1e300, 2 ** 53, 0.5, '', 'pf', 'cosine', true, false, null, 'x'.repeat(61)]);
    };
    for (let k = 0; k < 3000; k++) {
      const f = pick(fields);
      agree(f, f.type === 'choice' && r() < 0.3 ? pick(f.options).value : pool(), CROSS_FIELD[f.path] ?? null);
    }
  });

  it('every group names a model the engine knows and every field a unique path', () => {
    const paths = GROUPS.flatMap((g) => g.fields.map((f) => f.path));
    expect(new Set(paths).size).toBe(paths.length);
    for (const g of GROUPS) for (const m of g.models ?? []) expect(MODELS).toContain(m);
  });
});
