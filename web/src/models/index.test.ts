import { describe, expect, it } from 'vitest';
import { chartGroups } from '../charts/chartGroups';
import type { SeriesInfo } from '../engine/protocol';
import { loadWasmForNode, Simulation } from '../engine/wasmNode';
import { SPEEDS } from '../panels/Playback';
import { presets } from '../scenario/presets';
import { FIELDS, MODELS } from '../scenario/schema';
import { sweepPolicies } from '../scenario/sweepModels';
import { COURSE, MODEL_REGISTRY, modelFor, modelOfScenario } from './index';
import schemaJson from '../wasm/scenario-schema.json';

describe('the model registry', () => {
  it('has one descriptor per model of the schema, in its order, the default first', () => {
    expect(MODEL_REGISTRY.map((m) => m.id)).toEqual(MODELS);
    expect(modelFor(undefined)).toBe(MODEL_REGISTRY[0]);
    expect(modelFor('no-such-model')).toBe(MODEL_REGISTRY[0]);
    for (const m of MODEL_REGISTRY) expect(modelFor(m.id)).toBe(m);
  });

  it('orders every model once for the course', () => {
    expect([...COURSE].sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [...MODEL_REGISTRY].sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect(new Set(COURSE).size).toBe(COURSE.length);
  });

  it("lists each model's own presets in its course, each with a guide", () => {
    for (const m of MODEL_REGISTRY) {
      const own = presets.filter((p) => modelOfScenario(p.json) === m).map((p) => p.id);
      expect([...m.course.presets].sort(), m.id).toEqual(own.sort());
      expect(Object.keys(m.course.guides).sort(), m.id).toEqual(own.sort());
    }
  });

  it('knows the model of every preset', () => {
    for (const p of presets) {
      const id = (JSON.parse(p.json) as { model?: string }).model;
      if (id !== undefined) expect(MODELS, p.id).toContain(id);
      expect(modelOfScenario(p.json).id, p.id).toBe(id ?? MODEL_REGISTRY[0].id);
    }
  });

  it('can sweep exactly the models the engine gives a policy field', () => {
    for (const m of MODEL_REGISTRY)
      expect(m.sweep !== undefined, m.id).toBe(Boolean(schemaJson.models.find((x) => x.name === m.id)?.policy_path));
  });

  it('starts every model at a speed the speed menu offers', () => {
    for (const m of MODEL_REGISTRY)
      expect(
        SPEEDS.map((s) => s.value),
        m.id,
      ).toContain(m.speed);
  });

  it("sweeps fields of the model's own, with policies its policy field allows, and suggests a preset that exists", () => {
    for (const m of MODEL_REGISTRY) {
      const sweep = m.sweep;
      if (!sweep) continue;
      // The engine's descriptor names the same policy field (what `skyqueue sweep --policies` sets).
      expect(sweep.policyPath, m.id).toBe(schemaJson.models.find((x) => x.name === m.id)?.policy_path);
      const policy = FIELDS.get(sweep.policyPath);
      expect(policy?.type, `${m.id}: ${sweep.policyPath}`).toBe('choice');
      const allowed = policy?.type === 'choice' ? policy.options.map((o) => o.value) : [];
      // The policies offered are the engine's choices, each with a short name for legends.
      expect(
        sweepPolicies(sweep).map(([p]) => p),
        m.id,
      ).toEqual(allowed);
      for (const [p, short] of sweepPolicies(sweep))
        expect(short.length, `${m.id}: ${p}'s short name`).toBeLessThan(12);
      for (const p of sweep.defaultPolicies) expect(allowed, `${m.id}: default policy ${p}`).toContain(p);
      for (const { path } of sweep.params) {
        for (const one of path.split('+')) {
          const f = FIELDS.get(one);
          expect(f, `${m.id}: sweep parameter ${one}`).toBeDefined();
          expect(f?.models ?? MODELS, `${m.id}: ${one} is the model's`).toContain(m.id);
        }
      }
      const names = presets.filter((p) => modelOfScenario(p.json) === m).map((p) => p.name);
      expect(
        names.some((n) => n.startsWith(sweep.hint)),
        `${m.id}: hint "${sweep.hint}" among ${JSON.stringify(names)}`,
      ).toBe(true);
    }
  });
});

describe('close-ups of coarse samples', () => {
  /** Each preset's charts and sample length [s], as the engine lays them out. */
  const layouts = presets.map((p) => {
    loadWasmForNode();
    const sim = new Simulation(p.json);
    try {
      const scenario = JSON.parse(sim.scenarioJson()) as { metrics?: { bucket_s?: number } };
      return { p, bucketS: scenario.metrics?.bucket_s ?? 1, charts: chartGroups(sim.seriesInfo() as SeriesInfo[]) };
    } finally {
      sim.free();
    }
  });

  it('a span a model names holds enough samples to read and no more than the close-up keeps', () => {
    for (const { p, bucketS, charts } of layouts) {
      if (bucketS <= 0.1) continue; // the app's own 5 s close-up
      for (const c of charts) {
        const span = modelOfScenario(p.json).closeUpSeconds?.(c, bucketS);
        if (span === null || span === undefined) continue;
        const samples = span / bucketS;
        expect(samples, `${p.id}: ${c.title}`).toBeGreaterThanOrEqual(20);
        expect(samples, `${p.id}: ${c.title}`).toBeLessThanOrEqual(2000); // SeriesBuffer's recent rows
      }
    }
  });

  it("the DCCP presets' charts, at 0.5 s a sample, offer one: the talk spurts' overflow is readable", () => {
    const speex = layouts.find(({ p }) => p.id === 'dccp-speex-dtx')!;
    expect(speex.bucketS).toBeGreaterThan(0.1);
    const losses = speex.charts.find((c) => c.members.some(({ s }) => s.id === 'loss_app'))!;
    expect(modelOfScenario(speex.p.json).closeUpSeconds?.(losses, speex.bucketS)).toBe(30);
  });
});
