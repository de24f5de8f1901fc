import { toEngineError, type EngineError } from './errors';

/** Messages to a sweep worker: run one scenario to its end, or only validate it. */
export type SweepRequest =
  | { type: 'sweep/run'; id: number; scenarioJson: string; withSeries: boolean }
  | { type: 'sweep/validate'; id: number; scenarioJson: string };

/** Answers of a sweep worker. */
export type SweepReply =
  | { type: 'sweep/done'; id: number; summary: unknown; resultsJson: string | null }
  | { type: 'sweep/valid'; id: number; error: EngineError | null }
  | { type: 'sweep/error'; id: number; error: EngineError };

/** The part of the wasm bindings a sweep job needs. */
export interface SweepEngine {
  createSimulation(json: string): { runToEnd(): void; summary(): unknown; resultsJson(): string; free(): void };
  validate(json: string): unknown;
}

/** Handles one request (in a worker, or in process for tests). */
export function handleSweepRequest(engine: SweepEngine, req: SweepRequest): SweepReply {
  try {
    if (req.type === 'sweep/validate') {
      const err = engine.validate(req.scenarioJson);
      return { type: 'sweep/valid', id: req.id, error: err ? toEngineError(err) : null };
    }
    const sim = engine.createSimulation(req.scenarioJson);
    try {
      sim.runToEnd();
      return {
        type: 'sweep/done',
        id: req.id,
        summary: sim.summary(),
        resultsJson: req.withSeries ? sim.resultsJson() : null,
      };
    } finally {
      sim.free();
    }
  } catch (e) {
    return { type: 'sweep/error', id: req.id, error: toEngineError(e) };
  }
}
