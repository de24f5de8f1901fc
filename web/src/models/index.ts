/**
 * The scenario models the UI knows, as plug-ins: everything the app does differently for one
 * model (its summary panel, start speed, sweep, chart markers, globe, ground sites) is a field of
 * that model's descriptor, so the rest of the UI never tests a model's name. Adding a model to
 * the UI is one folder here (models/<id>/) and one line in `MODEL_REGISTRY` and in `COURSE`; its fields come from the
 * engine's schema and its summary's type from the generated engine/summary-types.ts. The
 * descriptors' types are in ./types.ts: descriptors never import this registry.
 */
import { constellation } from './constellation';
import { diffserv } from './diffserv';
import { linkLayer } from './link-layer';
import { network } from './network';
import { queue } from './queue';
import { tcpLeo } from './tcp-leo';
import { voipDccp } from './voip-dccp';
import { voipLeo } from './voip-leo';
import type { ModelDescriptor } from './types';

/** Every model, one line each, in the order of the schema's `model` options; the first is the
 * engine's default (a scenario that leaves `model` out). */
export const MODEL_REGISTRY: readonly ModelDescriptor[] = [
  queue,
  constellation,
  voipLeo,
  diffserv,
  tcpLeo,
  linkLayer,
  voipDccp,
  network,
];

/**
 * The order a course meets the models (the presets' teaching order, and the gallery's groups):
 * queueing theory first, then the constellation's geometry and TCP across it, then the papers'
 * VoIP, router and link-layer experiments, then voice over DCCP, then a whole network of flows.
 * Each model's `course` orders its own presets.
 */
export const COURSE: readonly ModelDescriptor[] = [
  queue,
  constellation,
  tcpLeo,
  voipLeo,
  diffserv,
  linkLayer,
  voipDccp,
  network,
];

/** The descriptor of a scenario's `model` value; the default model's when it is absent (or
 * unknown, which the engine refuses anyway). */
export function modelFor(id: string | null | undefined): ModelDescriptor {
  return MODEL_REGISTRY.find((m) => m.id === id) ?? MODEL_REGISTRY[0];
}

/** The descriptor of a scenario's text (its `model` field). */
export function modelOfScenario(json: string): ModelDescriptor {
  return modelFor((JSON.parse(json) as { model?: string }).model);
}
