/**
 * For the tests of the UI schema (scenario/schema.ts): the shared ones in schema.test.ts and each
 * model's own in models/<id>/schema.test.ts compare the UI's checks with the engine's, on the
 * engine's default scenario of a model.
 */
import type { EngineError, FieldError } from '../engine/errors';
import { defaultScenarioJson, Simulation, validateScenario } from '../engine/wasmNode';
import type { Model, ScenarioObject } from './schema';

/** The engine's errors for a scenario (empty when it accepts it). */
export function engine(s: ScenarioObject): FieldError[] {
  const e = validateScenario(JSON.stringify(s)) as EngineError | null | undefined;
  return e ? e.errors : [];
}

const defaults = new Map<Model, string>();
/**
 * The engine's default scenario of `model`, every default written out (as the engine writes it);
 * a fresh copy each time. The wasm module must be loaded (`loadWasmForNode` in a `beforeAll`).
 */
export function engineDefaults(model: Model): ScenarioObject {
  if (!defaults.has(model)) {
    const sim = new Simulation(JSON.stringify({ version: JSON.parse(defaultScenarioJson()).version, model }));
    defaults.set(model, sim.scenarioJson());
    sim.free();
  }
  return JSON.parse(defaults.get(model)!) as ScenarioObject;
}
