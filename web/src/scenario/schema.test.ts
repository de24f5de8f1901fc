import { beforeAll, describe, expect, it } from 'vitest';
import { loadWasmForNode, scenarioSchemaJson } from '../engine/wasmNode';
import {
  checkField,
  errorPath,
  fieldApplies,
  FIELDS,
  fromEngineSchema,
  GROUPS,
  MODELS,
  OBJECTS,
  rustFloat,
  SCENARIO_VERSION,
  SECTIONS,
  setPath,
  validateFields,
  withModel,
  type EngineSchema,
  type Field,
  type Model,
  type ScenarioObject,
} from './schema';
import schemaJson from '../wasm/scenario-schema.json';
import { presets } from './presets';
import { rng } from './testRng';
import { engine, engineDefaults } from './testSchema';

beforeAll(() => loadWasmForNode());

type Json = Parameters<typeof setPath>[2];

/** The engine's default scenario of `model`, every default written out (as the engine writes it). */
function base(model: Model): ScenarioObject {
  const d = engineDefaults(model);
  // Cosine profiles, so that their amplitude and period are read.
  if (d.diffserv)
    d.diffserv = {
      ...(d.diffserv as ScenarioObject),
      capacity_profile: { kind: 'cosine', amplitude: 0.3, period_s: 15 },
      ef_profile: { kind: 'cosine', amplitude: 0.6, period_s: 6.1 },
    };
  return d;
}

const modelOf = (f: Field): Model => f.models?.[0] ?? MODELS[0];

/**
 * One field set to one value: the UI's verdict must be the engine's. When the UI refuses, the
 * engine gives the identical message at the same path; when the UI accepts, the engine has nothing
 * to say about that field except a cross-field rule (listed in `crossField`).
 */
function agree(f: Field, value: Json, crossField: RegExp | null = null) {
  const s = setPath(base(modelOf(f)), f.path, value);
  const ui = checkField(f, value, s, modelOf(f));
  const at = engine(s).filter(
    (e) => e.path === f.path || e.path.startsWith(`${f.path}.`) || (ui && e.path === errorPath(f, ui)),
  );
  const what = `${f.path} = ${JSON.stringify(value)}`;
  if (ui) expect(at, what).toContainEqual({ path: errorPath(f, ui), message: ui });
  else
    expect(
      at.filter((e) => !crossField?.test(e.message)),
      what,
    ).toEqual([]);
  return ui;
}

/** Values just inside and just outside a field's range, and values of the wrong type. */
function probes(f: Field, s: ScenarioObject): Json[] {
  switch (f.type) {
    case 'number': {
      const min = typeof f.min === 'function' ? f.min(s) : f.min;
      const max = typeof f.max === 'function' ? f.max(s) : f.max;
      const eps = (x: number) => (f.rust === 'f64' ? Math.max(Math.abs(x), 1) * 1e-9 : 1);
      const out: Json[] = [
        min,
        max,
        min - eps(min),
        max + eps(max),
        f.rust === 'f64' ? (min + max) / 2 : Math.floor((min + max) / 2),
        'x',
        true,
        [],
        {},
      ];
      if (f.rust !== 'f64') out.push(1.5, -1, 2 ** 32);
      if (!f.nullMeans) out.push(null);
      return out;
    }
    case 'choice':
      return [...f.options.map((o) => o.value), 'nonsense', 5, null];
    case 'bool':
      return [true, false, 'x', 0, null];
    case 'text': {
      const out: Json[] = ['ok', 5, 'x'.repeat((f.maxChars ?? 60) + 1)];
      if (!f.nullMeans) out.push(null);
      return out;
    }
  }
}

/**
 * Rules the engine alone checks, which a single value may trip with the other fields at their
 * defaults: they join fields, or need the site catalogue or a calendar.
 */
const SITE = /^unknown site /;
const CROSS_FIELD: Record<string, RegExp> = {
  'link.beta': /the channel erases/,
  // The round trip as measured must leave the path one of its own; DCCP takes no message above
  // its maximum packet size.
  'dccp.rtt_ms': /no more than the shared access's mean wait/,
  'dccp.max_packet_bytes': /holds no .* frame/,
  'dccp.cbr_payload_bytes': /above DCCP's maximum packet size/,
  'link.es_n0_db': /the modelled physical layer erases/,
  duration_s: new RegExp(
    [
      'packets on the link',
      'LLDUs, above the maximum',
      'arrivals',
      'points over duration_s',
      'steps over duration_s',
      '48 h',
      'is not before the end of the run',
      'topology steps',
      'could offer',
    ].join('|'),
  ),
  warmup_s: /must be below duration_s/,
  'diffserv.capacity_bps': /segments in flight, above the budget/,
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
  // The element sets' content (lines, checksums, planes) is read by the engine alone.
  'constellation.tle': /^line \d+: |no element sets|different numbers of satellites|inclinations from/,
  'voip.server_site': SITE,
  'voip.users_site': SITE,
  'transfer.from': SITE,
  'transfer.to': SITE,
  'transfer.tle': /^line \d+: |no element sets|different numbers of satellites|inclinations from|not a catalogue/,
  'transfer.epoch_utc': /is not a UTC time/,
  'voip.tle': /^line \d+: |no element sets|different numbers of satellites|inclinations from|not a catalogue/,
  'voip.epoch_utc': /is not a UTC time/,
  // A channel trace's content (header, rows, times) is read by the engine alone, as element sets are.
  'link.channel_trace': /^line \d+: |^no header|samples; at least|the trace erases/,
  // The transfer must start before the run ends (start_s + start_window_s < duration_s).
  'transfer.start_s': /is not before the end of the run/,
  'transfer.start_window_s': /is not before the end of the run/,
  'transfer.bytes': /packets in the run/,
  'transfer.packet_bytes': /packets in the run/,
  'transfer.throughput': /packets in the run/,
  // The stations' lines are read by the engine alone, as element sets are; the followed flow
  // must be one of the matrix's.
  'network.stations': /^line \d+: |^give at least two stations|^more than \d+ stations/,
  'network.follow': /^there is no flow/,
  'network.update_ms': /steps of shortest-path and range work/,
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
    // A number field of one model only, out of its range in another model's scenario.
    const f = [...FIELDS.values()].find(
      (x) => x.type === 'number' && x.models?.length === 1 && typeof x.min === 'number' && x.min > 0,
    )!;
    const other = MODELS.find((m) => m !== f.models![0])!;
    const below = (f.type === 'number' ? (f.min as number) : 0) - 1;
    const s = setPath(base(other), f.path, below);
    expect(checkField(f, below, s, other)).toBeNull();
    expect(checkField(f, below, setPath(base(f.models![0]), f.path, below), f.models![0])).not.toBeNull();
    expect(engine(s).filter((e) => e.path === f.path)).toEqual([]);
  });

  it('unknown keys and null objects get the engine message, which lists the keys in its order', () => {
    for (const o of OBJECTS) {
      // In a scenario of the model the object belongs to (another model's section is refused whole).
      const owner = (schemaJson as EngineSchema).models.find((m) => m.objects.some((x) => x.path === o.path));
      const s = base(owner?.name ?? MODELS[0]);
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
    for (const v of [undefined, SCENARIO_VERSION + 1, 0, 1.5, String(SCENARIO_VERSION), -1]) {
      const s = base(MODELS[0]);
      if (v === undefined) delete s.version;
      else s.version = v;
      const ui = validateFields(s);
      expect(ui.length, String(v)).toBe(1);
      expect(engine(s), String(v)).toEqual(ui);
    }
  });

  it("another model's section: dropped from a version 1 scenario, refused in a current one, as in the engine", () => {
    for (const model of MODELS) {
      const other = MODELS.find((m) => m !== model)!;
      const section = SECTIONS.get(other)![0];
      // A bad value inside the other model's section too: version 1 drops it unread.
      const s: ScenarioObject = { ...base(model), [section]: { no_such_key: 1 } };
      for (const version of [1, SCENARIO_VERSION]) {
        const v = { ...s, version };
        expect(validateFields(v), `${model} v${version}`).toEqual(engine(v));
      }
      expect(engine({ ...s, version: 1 })).toEqual([]);
      expect(engine({ ...s, version: SCENARIO_VERSION })[0].path).toBe(section);
      // Switching the model in the panel leaves a scenario the engine accepts.
      const switched = withModel(base(model), other);
      expect(engine(switched), `${model} -> ${other}`).toEqual([]);
      expect(
        Object.keys(switched).filter((k) => SECTIONS.get(model)!.includes(k) && !SECTIONS.get(other)!.includes(k)),
      ).toEqual([]);
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
    const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
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

describe('the UI schema is read from the engine declaration (web/src/wasm/scenario-schema.json)', () => {
  const engineSchema = schemaJson as EngineSchema;
  type EngineField = EngineSchema['models'][number]['groups'][number]['fields'][number];
  const declared = engineSchema.models.flatMap((m) =>
    m.groups.flatMap((g) => g.fields.map((f) => ({ model: m.name, group: g.title, f }))),
  );
  const fixed = (b: unknown, none: number) => (b === null ? none : typeof b === 'number' ? b : 'field');

  it('is the declaration of the engine the app runs (the wasm module built with it)', () => {
    // Both are written by scripts/build-engine.sh; a mismatch is a stale or half-finished build.
    expect(
      JSON.parse(scenarioSchemaJson()),
      'web/src/wasm/scenario-schema.json differs from the wasm engine: rebuild (scripts/build-engine.sh)',
    ).toEqual(schemaJson);
  });

  it('has every field, group, option, object and model of the JSON, and nothing else', () => {
    const paths = new Set(declared.map((d) => d.f.path));
    expect(FIELDS.size).toBe(paths.size);
    for (const p of FIELDS.keys()) expect(paths.has(p), p).toBe(true);
    expect(GROUPS.map((g) => g.title).sort()).toEqual([...new Set(declared.map((d) => d.group))].sort());
    expect(MODELS).toEqual(engineSchema.models.map((m) => m.name));
    expect(SCENARIO_VERSION).toBe(engineSchema.scenario_version);
    expect(GROUPS[0].title).toBe(engineSchema.models[0].groups[0].title);
    expect(GROUPS[GROUPS.length - 1].title).toBe(engineSchema.models[0].groups.at(-1)!.title);
    for (const { model, group, f: jf } of declared) {
      const f = FIELDS.get(jf.path)!;
      const g = GROUPS.find((x) => x.fields.includes(f))!;
      expect(g.title, jf.path).toBe(group);
      expect(!g.models || g.models.includes(model), `${group} for ${model}`).toBe(true);
      expect(!f.models || f.models.includes(model), `${jf.path} for ${model}`).toBe(true);
      expect([f.type, f.label, f.help], jf.path).toEqual([jf.type, jf.label, jf.help]);
      const j = jf as EngineField & Record<string, unknown>;
      if (f.type === 'choice') expect(f.options, jf.path).toEqual(j.options);
      if (f.type === 'text')
        expect([f.maxChars ?? null, f.multiline ?? false], jf.path).toEqual([j.max_chars, j.multiline]);
      if (f.type === 'number') {
        expect(
          [f.rust, f.unit ?? null, f.minExclusive ?? false, f.nullMeans ?? null, f.ownWording ?? false],
          jf.path,
        ).toEqual([j.rust, j.unit, j.min_exclusive, j.null_means, j.own_wording]);
        expect(typeof f.min === 'function' ? 'field' : f.min, jf.path).toBe(fixed(j.min, -Infinity));
        expect(typeof f.max === 'function' ? 'field' : f.max, jf.path).toBe(fixed(j.max, Infinity));
      }
    }
    // A field or group names exactly the models that declare it (none when every model does).
    for (const f of FIELDS.values()) {
      const users = engineSchema.models
        .filter((m) => declared.some((d) => d.model === m.name && d.f.path === f.path))
        .map((m) => m.name);
      expect(f.models ?? MODELS, f.path).toEqual(users);
    }
    for (const g of GROUPS) {
      const users = engineSchema.models.filter((m) => m.groups.some((x) => x.title === g.title)).map((m) => m.name);
      expect(g.models ?? MODELS, g.title).toEqual(users);
    }
    const objects = [...engineSchema.common_objects, ...engineSchema.models.flatMap((m) => m.objects)];
    expect(OBJECTS.map((o) => o.path).sort()).toEqual([...new Set(objects.map((o) => o.path))].sort());
    for (const o of OBJECTS)
      expect(
        objects.find((x) => x.path === o.path),
        o.path,
      ).toEqual(o);
  });

  it("keeps each model's group order: Run, the model's own groups, Recording", () => {
    for (const m of engineSchema.models) {
      const shown = GROUPS.filter((g) => !g.models || g.models.includes(m.name)).map((g) => g.title);
      expect(shown, m.name).toEqual(m.groups.map((g) => g.title));
      for (const g of m.groups) {
        const ui = GROUPS.find((x) => x.title === g.title)!;
        expect(
          ui.fields.filter((f) => !f.models || f.models.includes(m.name)).map((f) => f.path),
          `${m.name}: ${g.title}`,
        ).toEqual(g.fields.map((f) => f.path));
      }
    }
  });

  it('a changed range, bound or option list in the JSON changes the UI check', () => {
    // A common field here; a model's fields' own cases are in its folder (models/<id>/schema.test.ts).
    const copy = structuredClone(engineSchema);
    const find = (path: string) =>
      copy.models.flatMap((m) => m.groups.flatMap((g) => g.fields)).filter((f) => f.path === path) as (EngineField &
        Record<string, unknown>)[];
    for (const f of find('metrics.bucket_s')) f.min_exclusive = true;
    const changed = fromEngineSchema(copy);

    const bucket = (fields: ReadonlyMap<string, Field>) =>
      checkField(fields.get('metrics.bucket_s')!, 0.001, base(MODELS[0]), MODELS[0]);
    expect(bucket(FIELDS)).toBeNull();
    expect(bucket(changed.FIELDS)).toBe('0.001 must be greater than 0.001 (allowed: above 0.001 up to 3600)');
  });

  it('refuses a declaration the UI cannot show: a field declared differently by two models', () => {
    const copy = structuredClone(engineSchema);
    copy.models[1].groups[0].fields[0] = { ...copy.models[1].groups[0].fields[0], label: 'Other' };
    expect(() => fromEngineSchema(copy)).toThrow(/declared differently/);
  });
});

describe('fields used only under a condition (the engine declares it: applies_when)', () => {
  // Each model's own cases are in its folder (models/<id>/schema.test.ts).
  const conditional = [...FIELDS.values()].filter((f) => f.appliesWhen);

  it('reads the condition from the engine declaration', () => {
    const declared = (schemaJson as EngineSchema).models.flatMap((m) =>
      m.groups.flatMap((g) => g.fields.filter((f) => f.applies_when)),
    );
    expect(conditional.length).toBeGreaterThan(0);
    expect(new Set(conditional.map((f) => f.path))).toEqual(new Set(declared.map((f) => f.path)));
    for (const f of declared) expect(FIELDS.get(f.path)!.appliesWhen, f.path).toEqual(f.applies_when);
  });

  it('shows a field exactly when its condition holds', () => {
    for (const f of conditional) {
      const s = base(modelOf(f));
      for (const v of f.appliesWhen!.values)
        expect(fieldApplies(f, setPath(s, f.appliesWhen!.path, v)), f.path).toBe(true);
      expect(fieldApplies(f, setPath(s, f.appliesWhen!.path, 'no-such-value')), f.path).toBe(false);
    }
  });
});
