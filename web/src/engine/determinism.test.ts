import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadWasmForNode, Simulation } from './wasmNode';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const cli = `${root}engine-wasm/target/release/skyqueue`;
const examples = readdirSync(`${root}examples`).filter((f) => f.endsWith('.json'));

beforeAll(() => loadWasmForNode());

describe('same scenario and seed, same bytes: native CLI vs wasm', () => {
  it('finds the examples', () => expect(examples.length).toBeGreaterThanOrEqual(3));

  for (const file of examples) {
    it(`examples/${file}`, () => {
      const path = `${root}examples/${file}`;
      const native = execFileSync(cli, ['run', path], { encoding: 'utf8', maxBuffer: 64 << 20 });
      const sim = new Simulation(readFileSync(path, 'utf8'));
      // Advance in uneven steps, as the worker does, before finishing.
      for (const t of [0.37e9, 1.1e9, 5e9, 5.000001e9]) sim.advanceTo(t);
      sim.drainSeries();
      sim.runToEnd();
      const wasm = sim.resultsJson();
      sim.free();
      expect(wasm.length).toBeGreaterThan(1000);
      expect(`${wasm}\n`).toBe(native);
    });
  }

  it('a different seed gives different results', () => {
    const path = `${root}examples/mm1-load-0.8.json`;
    const run = (seed: string) =>
      JSON.parse(execFileSync(cli, ['run', path, '--seed', seed], { encoding: 'utf8', maxBuffer: 64 << 20 })).summary;
    expect(run('1')).not.toEqual(run('2'));
  });
});
