import type { EngineError } from './errors';

/** Name, label, unit and kind of one metric series (engine `metrics::SeriesInfo`). */
export interface SeriesInfo {
  id: string;
  label: string;
  unit: string;
  kind: 'mean' | 'time-average' | 'rate';
}

/** Simulated seconds per wall-clock second, or as fast as the engine goes. */
export type Speed = number | 'max';

/** Fastest finite speed the UI offers and the worker accepts. */
export const MAX_FINITE_SPEED = 10_000;

/** Messages from the UI to the worker, keyed by `type`. */
export type ToWorker =
  | { type: 'run/load'; scenarioJson: string }
  | { type: 'run/play' }
  | { type: 'run/pause' }
  | { type: 'run/step'; dtNs: number }
  | { type: 'run/reset' }
  | { type: 'run/speed'; speed: Speed };

/** What the UI learns when a scenario is loaded (or reset). */
export interface LoadedInfo {
  name: string;
  description: string;
  endNs: number;
  series: SeriesInfo[];
  /** The scenario with every default filled in. */
  scenarioJson: string;
}

/** Messages from the worker to the UI, keyed by `type`. */
export type FromWorker =
  | { type: 'run/ready'; engine: string }
  | { type: 'run/loaded'; info: LoadedInfo }
  | {
      type: 'run/frame';
      nowNs: number;
      events: number;
      finished: boolean;
      /** Rows since the previous frame, packed (see packed.ts); its buffer is transferred. */
      packed: Float64Array;
      /** Summary statistics so far (engine `sim::Summary`). */
      summary: unknown;
    }
  | { type: 'run/state'; playing: boolean; speed: Speed }
  | { type: 'run/error'; error: EngineError };
