// The queue's fields in the UI schema: ranges and options read from the engine's declaration, and
// the fields shown only under a condition (on/off arrivals, a link rate).
import { beforeAll, describe, expect, it } from 'vitest';
import { loadWasmForNode } from '../../engine/wasmNode';
import {
  checkField,
  fieldApplies,
  FIELDS,
  fromEngineSchema,
  GROUPS,
  setPath,
  type EngineSchema,
  type Field,
  type ScenarioObject,
} from '../../scenario/schema';
import { engineDefaults } from '../../scenario/testSchema';
import schemaJson from '../../wasm/scenario-schema.json';

beforeAll(() => loadWasmForNode());

type EngineField = EngineSchema['models'][number]['groups'][number]['fields'][number];

describe("the queue's fields are read from the engine declaration", () => {
  it('a changed range, bound or option list in the JSON changes the UI check', () => {
    const copy = structuredClone(schemaJson as EngineSchema);
    const find = (path: string) =>
      copy.models.flatMap((m) => m.groups.flatMap((g) => g.fields)).filter((f) => f.path === path) as (EngineField &
        Record<string, unknown>)[];
    for (const f of find('traffic.flows')) f.max = 50;
    for (const f of find('queue.service'))
      f.options = (f.options as { value: string }[]).filter((o) => o.value !== 'deterministic');
    const changed = fromEngineSchema(copy);
    const s = engineDefaults('queue');

    const flows = (fields: ReadonlyMap<string, Field>) => checkField(fields.get('traffic.flows')!, 60, s, 'queue');
    expect(flows(FIELDS)).toBeNull();
    expect(flows(changed.FIELDS)).toBe('60 is above the maximum 50 (allowed: 1 to 50)');

    const service = (fields: ReadonlyMap<string, Field>) =>
      checkField(fields.get('queue.service')!, 'deterministic', s, 'queue');
    expect(service(FIELDS)).toBeNull();
    expect(service(changed.FIELDS)).toMatch(/^unknown variant `deterministic`/);
  });
});

describe("the queue's fields used only under a condition (the engine declares it: applies_when)", () => {
  const shown = (s: ScenarioObject) =>
    GROUPS.flatMap((g) => g.fields)
      .filter((f) => fieldApplies(f, s))
      .map((f) => f.path);
  const base: ScenarioObject = {
    version: 2,
    model: 'queue',
    traffic: { arrivals: 'poisson' },
    queue: { link_rate_bps: null },
  };

  it("shows a queue's on/off periods only with on/off arrivals, and its Poisson rate only without", () => {
    const poisson = shown(base);
    expect(poisson).toContain('traffic.rate_pps');
    expect(poisson).not.toContain('traffic.on_mean_s');
    const onOff = shown(setPath(base, 'traffic.arrivals', 'on-off'));
    expect(onOff).toEqual(
      expect.arrayContaining([
        'traffic.on_rate_bps',
        'traffic.on_mean_s',
        'traffic.off_mean_s',
        'traffic.packet_bytes',
      ]),
    );
    expect(onOff).not.toContain('traffic.rate_pps');
  });

  it('hides the service rate once a link rate sets the service time', () => {
    expect(shown(base)).toContain('queue.service_rate_pps');
    expect(shown(setPath(base, 'queue.link_rate_bps', 9.4e6))).not.toContain('queue.service_rate_pps');
    // A missing link rate is its default, null: the service rate is used.
    expect(shown({ version: 2, model: 'queue' })).toContain('queue.service_rate_pps');
  });

  it('reads the condition from the engine declaration', () => {
    const f = FIELDS.get('traffic.on_mean_s');
    expect(f?.appliesWhen).toEqual({ path: 'traffic.arrivals', values: ['on-off'] });
  });
});
