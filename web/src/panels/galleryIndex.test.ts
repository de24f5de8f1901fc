import { describe, expect, it } from 'vitest';
import { presets } from '../scenario/presets';
import { paperLabel, papersIndex, presetMatches } from './galleryIndex';
import { PAPER_003, PAPER_004 } from '../scenario/papers';

describe("the gallery's index and search", () => {
  it('names each paper by its number and first author, and the others by their source', () => {
    expect(paperLabel(`${PAPER_004} (§4.1, Fig. 6)`)).toBe('Paper 004 — Boubaker et al.');
    expect(paperLabel(`${PAPER_003} (§VII)`)).toBe('Paper 003 — Sarwar et al.');
    expect(paperLabel('Textbook queueing theory (Kleinrock, Vol. 1)')).toBe('Textbook queueing theory');
    expect(paperLabel('No paper: a contrast case')).toBe('No paper');
  });

  it('lists every paper once, with its first preset and how many presets it has', () => {
    const index = papersIndex(presets);
    expect(new Set(index.map((e) => e.paper)).size).toBe(index.length);
    expect(index.reduce((n, e) => n + e.count, 0)).toBe(presets.length);
    for (const n of ['000', '001', '002', '003', '004'])
      expect(
        index.some((e) => e.paper.startsWith(`Paper ${n} —`)),
        n,
      ).toBe(true);
    const p4 = index.find((e) => e.paper.startsWith('Paper 004'))!;
    expect(presets.findIndex((p) => p.id === p4.first)).toBeGreaterThanOrEqual(0);
  });

  it('keeps the presets whose title, description and paper have every word, in any case', () => {
    const hits = (q: string) => presets.filter((p) => presetMatches(p, q)).map((p) => p.id);
    expect(hits('')).toHaveLength(presets.length);
    expect(hits('M/M/1')).toContain('mm1-load-0.8');
    expect(hits('HAWAII 15 mb')).toEqual(['tcp-iridium-15mb-seam-leaves']);
    expect(hits('boubaker').length).toBeGreaterThan(3);
    expect(hits('no such words here')).toEqual([]);
  });
});
