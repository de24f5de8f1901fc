import { beforeAll, describe, expect, it } from 'vitest';
import { allDefaultsJson, loadWasmForNode, Simulation } from '../engine/wasmNode';
import { presets } from '../scenario/presets';
import { scenarioFileText } from './useExports';

beforeAll(() => loadWasmForNode());

/** The scenario as the engine holds it (every default filled in). */
function filled(json: string): string {
  const sim = new Simulation(json);
  try {
    return sim.scenarioJson();
  } finally {
    sim.free();
  }
}

describe('the downloaded scenario file', () => {
  const defaults = () => JSON.parse(allDefaultsJson()) as Record<string, unknown>;
  const mm1 = presets.find((p) => p.id === 'mm1-load-0.8')!;

  it('keeps the preset description while the preset is unchanged', () => {
    const text = filled(mm1.json);
    expect(scenarioFileText(text, defaults())).toBe(text);
    expect(JSON.parse(scenarioFileText(text, defaults())).description).toBe(mm1.description);
  });

  it('leaves out the preset description, which speaks of the published values, once a value changed', () => {
    const s = JSON.parse(mm1.json);
    s.traffic = { ...s.traffic, rate_pps: 900 };
    const out = JSON.parse(scenarioFileText(filled(JSON.stringify(s)), defaults()));
    expect(out.description).toBeUndefined();
    expect(out.traffic.rate_pps).toBe(900);
    expect(out.name).toBe(mm1.name);
  });

  it('keeps a description the user wrote', () => {
    const s = { ...JSON.parse(mm1.json), description: 'My own notes', traffic: { rate_pps: 900 } };
    expect(JSON.parse(scenarioFileText(filled(JSON.stringify(s)), defaults())).description).toBe('My own notes');
  });
});
