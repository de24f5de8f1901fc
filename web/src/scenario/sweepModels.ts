/** What the sweep panel offers for a scenario model: the policies compared, the parameters
 * swept, and the paper's figures drawn from the results. Each model's values live in its
 * descriptor (web/src/models/), so that the sweep panel itself names no model. */
import type { ComponentType } from 'react';
import schemaJson from '../wasm/scenario-schema.json';
import { FIELDS } from './schema';
import type { SweepPoint } from './sweep';

export interface SweepMetric {
  /** Path in the summary, e.g. `voip.latency_ms`. */
  path: string;
  title: string;
  unit: string;
  /** Theory to draw dashed beside a policy's measured curve: policy -> [summary path, label]. */
  theory?: Record<string, [string, string]>;
}

/** What a model-specific table under the sweep's charts is given (e.g. paper 000's Table II). */
export interface SweepTableProps {
  m: SweepModel;
  points: SweepPoint[];
  /** The runs' summaries, in the order of `points`. */
  summaries: unknown[];
  /** The swept field path. */
  param: string;
}

export interface SweepModel {
  /** The scenario field the policies set: its choices, declared once in the engine, are the
   * policies offered ([`sweepPolicies`]). */
  policyPath: string;
  /** The policies ticked at first. */
  defaultPolicies: string[];
  /** Parameters offered, with default values; `text`: the values are texts (site names). */
  params: { path: string; label: string; values: string; text?: true }[];
  metrics: SweepMetric[];
  /** Rows of the two-policy comparison table: label, summary path, decimals. */
  compareRows: [string, string, number][];
  /** Series id drawn over time for both compared runs, with its title and unit. */
  compareSeries: { id: string; title: string; unit: string };
  /** Preset to suggest when another model is loaded. */
  hint: string;
  /** A table drawn under the sweep's charts, for models whose paper has one. */
  ResultTable?: ComponentType<SweepTableProps>;
}

/**
 * A model's sweep metrics as the engine declares them (its descriptor's `sweep_metrics`: path,
 * title, unit, in chart order; the notebooks every front end exports plot the same), with the
 * closed forms the app draws dashed beside them: `theory[path][policy]` = [summary path, label].
 */
export function engineSweepMetrics(
  model: string,
  theory: Record<string, Record<string, [string, string]>> = {},
): SweepMetric[] {
  const entry = (schemaJson as { models: { name: string; sweep_metrics?: SweepMetric[] }[] }).models.find(
    (x) => x.name === model,
  );
  if (!entry?.sweep_metrics?.length) throw new Error(`the engine declares no sweep metrics for the model ${model}`);
  for (const path of Object.keys(theory)) {
    if (!entry.sweep_metrics.some((x) => x.path === path))
      throw new Error(`${model}: theory for ${path}, not a sweep metric`);
  }
  return entry.sweep_metrics.map(({ path, title, unit }) => ({
    path,
    title,
    unit,
    ...(theory[path] ? { theory: theory[path] } : {}),
  }));
}

/** The policies a sweep compares: the choices of its policy field as the engine declares them,
 * (value, short name for legends), in the engine's order. */
export function sweepPolicies(m: SweepModel): [string, string][] {
  const f = FIELDS.get(m.policyPath);
  return f?.type === 'choice' ? f.options.map((o) => [o.value, o.short]) : [];
}

/** The label of a policy value (e.g. `codes` -> `CoDeS`), or the value itself. */
export function policyLabel(m: SweepModel, policy: string): string {
  return sweepPolicies(m).find(([p]) => p === policy)?.[1] ?? policy;
}
