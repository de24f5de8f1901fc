import { meanCiOf, type MeanCi } from '../scenario/sweep';
import { toEngineError, type EngineError } from './errors';

/** What a sweep's exports are made from: the sweep, and its rows in grid order. */
export interface SweepExportRequest {
  scenarioJson: string;
  param: string;
  values: (number | string)[];
  policies: string[];
  seeds: number;
  rows: { value: number | string; policy: string | null; seed: number; summary: unknown }[];
}

/** Messages to a sweep worker: run one scenario to its end, only validate it, write a sweep's
 * CSV and notebook (the engine's, as the CLI writes them), or give the confidence intervals its
 * charts draw. */
export type SweepRequest =
  | { type: 'sweep/run'; id: number; scenarioJson: string; withSeries: boolean }
  | { type: 'sweep/validate'; id: number; scenarioJson: string }
  | ({ type: 'sweep/export'; id: number } & SweepExportRequest)
  | { type: 'sweep/compare-export'; id: number; policyPath: string; runs: [string, string][] }
  /** The engine's mean and 95 % confidence interval of each sample set (the sweep's bars). */
  | { type: 'sweep/mean-ci'; id: number; sets: number[][] };

/** Answers of a sweep worker. */
export type SweepReply =
  | { type: 'sweep/done'; id: number; summary: unknown; resultsJson: string | null }
  | { type: 'sweep/valid'; id: number; error: EngineError | null }
  | { type: 'sweep/exported'; id: number; csv: string; notebook: string }
  | { type: 'sweep/compare-exported'; id: number; notebook: string }
  | { type: 'sweep/mean-cis'; id: number; cis: MeanCi[] }
  | { type: 'sweep/error'; id: number; error: EngineError };

/** The part of the wasm bindings a sweep job needs. */
export interface SweepEngine {
  createSimulation(json: string): { runToEnd(): void; summary(): unknown; resultsJson(): string; free(): void };
  validate(json: string): unknown;
  /** The engine's `sweepExports`. */
  exports(
    scenarioJson: string,
    param: string,
    valuesJson: string,
    policiesJson: string,
    seeds: number,
    rowsJson: string,
  ): { csv: string; notebook: string };
  /** The engine's `compareNotebook`. */
  compareNotebook(policyPath: string, runsJson: string): string;
  /** The engine's `meanCi`: `[mean, half, n]` of the finite samples. */
  meanCi(samples: number[]): ArrayLike<number>;
}

/** Handles one request (in a worker, or in process for tests). */
export function handleSweepRequest(engine: SweepEngine, req: SweepRequest): SweepReply {
  try {
    if (req.type === 'sweep/validate') {
      const err = engine.validate(req.scenarioJson);
      return { type: 'sweep/valid', id: req.id, error: err ? toEngineError(err) : null };
    }
    if (req.type === 'sweep/export') {
      const { csv, notebook } = engine.exports(
        req.scenarioJson,
        req.param,
        JSON.stringify(req.values),
        JSON.stringify(req.policies),
        req.seeds,
        JSON.stringify(req.rows),
      );
      return { type: 'sweep/exported', id: req.id, csv, notebook };
    }
    if (req.type === 'sweep/compare-export') {
      const notebook = engine.compareNotebook(req.policyPath, JSON.stringify(req.runs));
      return { type: 'sweep/compare-exported', id: req.id, notebook };
    }
    if (req.type === 'sweep/mean-ci') {
      return { type: 'sweep/mean-cis', id: req.id, cis: req.sets.map((xs) => meanCiOf(engine.meanCi(xs))) };
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
