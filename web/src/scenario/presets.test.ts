import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { galleryGroups } from '../panels/Gallery';
import { COURSE, MODEL_REGISTRY } from '../models';
import { presets, TEACHING_ORDER } from './presets';

describe('presets', () => {
  it('come in teaching order, and that order lists every file in examples/ once', () => {
    const files = readdirSync(new URL('../../../examples/', import.meta.url))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''));
    expect([...TEACHING_ORDER].sort()).toEqual(files.sort());
    expect(new Set(TEACHING_ORDER).size).toBe(TEACHING_ORDER.length);
    expect(presets.map((p) => p.id)).toEqual(TEACHING_ORDER);
    // The course's order: its first model's first preset opens the list, its last model's last
    // preset closes it.
    expect(presets[0].id).toBe(COURSE[0].course.presets[0]);
    expect(presets.at(-1)!.id).toBe(COURSE.at(-1)!.course.presets.at(-1));
    expect(presets.at(-1)!.model).toBe(COURSE.at(-1)!.id);
  });

  it('know the model they run (the engine default, queue, when the file names none)', () => {
    const ids = MODEL_REGISTRY.map((m) => m.id as string);
    for (const p of presets) expect(ids, p.id).toContain(p.model);
    // Each model's presets are the examples that run it.
    for (const m of MODEL_REGISTRY)
      expect(
        presets.filter((p) => p.model === m.id).map((p) => p.id),
        m.id,
      ).toEqual(m.course.presets);
  });

  it('are grouped in the gallery by model, each group once and in teaching order', () => {
    const groups = galleryGroups();
    expect(groups.map((g) => g.model)).toEqual(COURSE.map((m) => m.id));
    expect(groups.flatMap((g) => g.presets.map((p) => p.id))).toEqual(TEACHING_ORDER);
    // A model whose presets are not adjacent still gets one group.
    const [a, b, c] = [0, 1, 2].map((i) => ({ ...presets[i], model: COURSE[0].id }));
    const mixed = galleryGroups([a, { ...b, model: COURSE[1].id }, c]);
    expect(mixed.map((g) => [g.model, g.presets.length])).toEqual([
      [COURSE[0].id, 2],
      [COURSE[1].id, 1],
    ]);
    for (const m of MODEL_REGISTRY) expect(m.gallery.heading.length, m.id).toBeGreaterThan(10);
  });
});
