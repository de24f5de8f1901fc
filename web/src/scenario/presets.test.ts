import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { galleryGroups } from '../panels/Gallery';
import { MODEL_REGISTRY } from '../models';
import { presets, TEACHING_ORDER } from './presets';

describe('presets', () => {
  it('come in teaching order, and that order lists every file in examples/ once', () => {
    const files = readdirSync(new URL('../../../examples/', import.meta.url))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''));
    expect([...TEACHING_ORDER].sort()).toEqual(files.sort());
    expect(new Set(TEACHING_ORDER).size).toBe(TEACHING_ORDER.length);
    expect(presets.map((p) => p.id)).toEqual(TEACHING_ORDER);
    // Theory before the papers: the M/M/1 queue opens the list, the papers' presets close it.
    expect(presets[0].id).toBe('mm1-load-0.8');
    expect(presets.at(-1)!.model).toBe('voip-dccp');
  });

  it('know the model they run (the engine default, queue, when the file names none)', () => {
    const ids = MODEL_REGISTRY.map((m) => m.id as string);
    for (const p of presets) expect(ids, p.id).toContain(p.model);
    expect(presets.find((p) => p.id === 'iridium-ship-london')!.model).toBe('constellation');
  });

  it('are grouped in the gallery by model, each group once and in teaching order', () => {
    const groups = galleryGroups();
    expect(groups.map((g) => g.model)).toEqual([
      'queue',
      'constellation',
      'tcp-leo',
      'voip-leo',
      'diffserv',
      'link-layer',
      'voip-dccp',
    ]);
    expect(groups.flatMap((g) => g.presets.map((p) => p.id))).toEqual(TEACHING_ORDER);
    // A model whose presets are not adjacent still gets one group.
    const [a, b, c] = presets;
    const mixed = galleryGroups([a, { ...b, model: 'diffserv' }, c]);
    expect(mixed.map((g) => [g.model, g.presets.length])).toEqual([
      ['queue', 2],
      ['diffserv', 1],
    ]);
    for (const m of MODEL_REGISTRY) expect(m.gallery.heading.length, m.id).toBeGreaterThan(10);
  });
});
