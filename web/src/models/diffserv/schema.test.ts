// DiffServ's fields in the UI schema: bounds read from other fields (the EF rates from the link
// capacity), checked as the engine checks them.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadWasmForNode } from '../../engine/wasmNode';
import { checkField, FIELDS, fromEngineSchema, setPath, type EngineSchema, type Field } from '../../scenario/schema';
import { engine, engineDefaults } from '../../scenario/testSchema';
import schemaJson from '../../wasm/scenario-schema.json';

beforeAll(() => loadWasmForNode());

type EngineField = EngineSchema['models'][number]['groups'][number]['fields'][number];

describe("DiffServ's fields mirror the engine", () => {
  it('a bound read from a field that holds no number is unknown: no range check, as in the engine', () => {
    const f = FIELDS.get('diffserv.ef_bps')!;
    const s = setPath(setPath(engineDefaults('diffserv'), 'diffserv.capacity_bps', 'x'), f.path, -5);
    expect(checkField(f, -5, s, 'diffserv')).toBeNull();
    expect(engine(s).filter((e) => e.path === f.path)).toEqual([]);
    expect(engine(s).map((e) => e.path)).toContain('diffserv.capacity_bps');
  });

  it('a changed range, bound or option list in the JSON changes the UI check', () => {
    const copy = structuredClone(schemaJson as EngineSchema);
    const find = (path: string) =>
      copy.models.flatMap((m) => m.groups.flatMap((g) => g.fields)).filter((f) => f.path === path) as (EngineField &
        Record<string, unknown>)[];
    for (const f of find('diffserv.ef_expected_bps')) (f.max as { times: number }).times = 0.5;
    const changed = fromEngineSchema(copy);

    const s = setPath(engineDefaults('diffserv'), 'diffserv.capacity_bps', 1e6);
    const ef = (fields: ReadonlyMap<string, Field>) =>
      checkField(fields.get('diffserv.ef_expected_bps')!, 6e5, s, 'diffserv');
    expect(ef(FIELDS)).toBeNull();
    expect(ef(changed.FIELDS)).toBe('600000 is above the maximum 500000 (allowed: 0 to 500000)');
  });
});
