import { beforeAll, describe, expect, it } from 'vitest';
import { jsonErrorOffset, lineColumn, parseScenarioText } from './parse';
import { presets } from './presets';
import { defaultScenarioJson, loadWasmForNode, validateScenario } from '../engine/wasmNode';

describe('parseScenarioText', () => {
  it('reads the header of a valid scenario', () => {
    const r = parseScenarioText('{"version": 1, "name": "A", "description": "B"}');
    expect(r).toMatchObject({ ok: true, header: { version: 1, name: 'A', description: 'B' } });
  });

  it('reports JSON syntax errors with line and column', () => {
    const r = parseScenarioText('{\n  "version": 1,\n  "seed": ,\n}');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('syntax');
    expect(r.error.message).toMatch(/invalid JSON at line 3, column 11/);
  });

  it('refuses non-objects and a missing or non-numeric version, naming the field', () => {
    for (const [text, path] of [
      ['[]', ''],
      ['42', ''],
      ['{}', 'version'],
      ['{"version": "1"}', 'version'],
    ] as const) {
      const r = parseScenarioText(text);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.errors[0].path).toBe(path);
    }
  });

  it('says of a version what the engine says', () => {
    loadWasmForNode();
    for (const [text, message] of [
      ['{"version": "1"}', 'must be a whole number, not the text "1"'],
      ['{"version": 3}', '3 is not supported (allowed: 1 to 2)'],
    ] as const) {
      const r = parseScenarioText(text);
      expect(r.ok ? null : r.error.errors[0].message).toBe(message);
      expect((validateScenario(text) as { errors: { message: string }[] }).errors[0].message).toBe(message);
    }
  });

  it('finds the offset of the first syntax error', () => {
    expect(jsonErrorOffset('{"a": [1, 2.5e3, true, null, "x\\u00e9"]}')).toBe(-1);
    expect(jsonErrorOffset('{"a": }')).toBe(6);
    expect(jsonErrorOffset('{"a": 1,}')).toBe(8);
    expect(jsonErrorOffset('{"a": 01}')).toBe(7);
    expect(jsonErrorOffset('{"a": "x')).toBe(8);
    expect(jsonErrorOffset('')).toBe(0);
    expect(jsonErrorOffset('{} x')).toBe(3);
  });

  it('converts offsets to lines and columns', () => {
    expect(lineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
    expect(lineColumn('', 10)).toEqual({ line: 1, column: 1 });
  });
});

describe('engine validation through wasm', () => {
  beforeAll(() => loadWasmForNode());

  it('lists every invalid field with its allowed range', () => {
    const err = validateScenario(
      JSON.stringify({ version: 1, duration_s: 0, traffic: { flows: 0, rate_pps: 1e9 }, queue: { capacity_pkts: 5 } }),
    );
    expect(err.kind).toBe('invalid');
    expect(err.errors.map((e: { path: string }) => e.path)).toEqual([
      'duration_s',
      'traffic.flows',
      'traffic.rate_pps',
    ]);
    expect(err.errors[1].message).toBe('0 is below the minimum 1 (allowed: 1 to 10000)');
  });

  it('names unknown fields by path', () => {
    const err = validateScenario(JSON.stringify({ version: 1, queue: { capacity: 3 } }));
    expect(err).toMatchObject({ kind: 'field', errors: [{ path: 'queue.capacity' }] });
  });

  it('accepts the defaults and every preset', () => {
    expect(validateScenario(defaultScenarioJson())).toBeNull();
    for (const p of presets) expect(validateScenario(p.json), p.id).toBeNull();
  });
});

describe('presets', () => {
  it('are the files in examples/, each named and explained', () => {
    expect(presets.map((p) => p.id)).toEqual(expect.arrayContaining(['mm1-load-0.8', 'md1-load-0.8', 'mm1k-overload']));
    for (const p of presets) {
      expect(p.name.length).toBeGreaterThan(3);
      expect(p.description.length).toBeGreaterThan(40);
    }
  });
});
