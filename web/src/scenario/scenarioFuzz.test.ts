import { beforeAll, describe, expect, it } from 'vitest';
import { loadWasmForNode, validateScenario } from '../engine/wasmNode';
import { isEngineError } from '../engine/errors';
import { parseScenarioText } from './parse';
import { presets } from './presets';
import { MODELS } from './schema';
import { rng } from './testRng';

beforeAll(() => loadWasmForNode());

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Every [parent, key] of a JSON value's leaves and branches. */
function slots(v: Json, out: [Record<string, Json> | Json[], string | number][] = []): typeof out {
  if (Array.isArray(v)) v.forEach((x, i) => (out.push([v, i]), slots(x, out)));
  else if (v && typeof v === 'object')
    for (const k of Object.keys(v)) {
      out.push([v, k]);
      slots(v[k], out);
    }
  return out;
}

describe('scenario decoders under fuzzing', () => {
  it('the UI parser and the engine validator never throw, and every rejection names its problem', () => {
    const r = rng(7);
    const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
    // 2 ** 53: past Number.MAX_SAFE_INTEGER (what the literal 9007199254740993 rounds to).
    const odd: Json[] = [
      null,
      true,
      -1,
      0,
      1e308,
      -1e308,
      2 ** 53,
      0.5,
      '',
      'x'.repeat(300),
      [],
      {},
      [1, 2],
      { a: 1 },
      ...MODELS,
    ];
    let rejected = 0;
    let accepted = 0;
    const total = 3000;
    for (let k = 0; k < total; k++) {
      const base = pick(presets).json;
      let text: string;
      if (k % 3 === 0) {
        // Byte-level: delete, insert, replace or truncate.
        const chars = [...base];
        for (let m = 0; m < 1 + Math.floor(r() * 3); m++) {
          const i = Math.floor(r() * chars.length);
          const op = r();
          if (op < 0.3) chars.splice(i, 1 + Math.floor(r() * 5));
          else if (op < 0.6) chars.splice(i, 0, pick(['{', '}', '"', ',', ':', '[', '0', '-', 'e', '\\', 'n']));
          else if (op < 0.9) chars[i] = pick(['{', '"', '9', ' ', 'x', ']']);
          else chars.length = i;
        }
        text = chars.join('');
      } else {
        // Structure-aware: a leaf of another type, a key removed or unknown, another version.
        const v = JSON.parse(base) as Json;
        const all = slots(v);
        for (let m = 0; m < 1 + Math.floor(r() * 3); m++) {
          const [parent, key] = pick(all);
          const op = r();
          if (op < 0.6) (parent as Record<string, Json>)[key as string] = pick(odd);
          else if (op < 0.8 && !Array.isArray(parent)) delete parent[key as string];
          else if (!Array.isArray(parent)) parent[`unknown_${k}`] = 1;
        }
        if (r() < 0.05) (v as Record<string, Json>).version = pick([0, 2, '1', null]);
        text = JSON.stringify(v);
      }
      const parsed = parseScenarioText(text);
      if (!parsed.ok) {
        rejected++;
        expect(parsed.error.message.length).toBeGreaterThan(0);
        continue;
      }
      let verdict: unknown;
      expect(() => (verdict = validateScenario(text)), text).not.toThrow();
      if (verdict === null || verdict === undefined) {
        accepted++;
        continue;
      }
      rejected++;
      expect(isEngineError(verdict), JSON.stringify(verdict)).toBe(true);
      const e = verdict as { message: string; errors: { path: string; message: string }[] };
      expect(e.message.length).toBeGreaterThan(0);
      for (const f of e.errors) expect(f.message.length, JSON.stringify(f)).toBeGreaterThan(0);
    }
    expect(rejected + accepted).toBe(total);
    expect(rejected).toBeGreaterThan(total / 3);
    expect(accepted).toBeGreaterThan(10);
  });
});
