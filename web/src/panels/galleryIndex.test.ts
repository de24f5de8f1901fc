import { describe, expect, it } from 'vitest';
import { presets } from '../scenario/presets';
import { LABS } from '../labs/catalog';
import { labMatches, labReference, paperLabel, papersIndex, presetMatches } from './galleryIndex';
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

  it('lists the labs by paper too, beside its presets, and a paper only a lab is about', () => {
    const index = papersIndex(presets, LABS);
    // Every shipped lab once, under its paper's entry, the presets' counts unchanged.
    expect(index.flatMap((e) => e.labs).sort()).toEqual(LABS.map((l) => l.id).sort());
    expect(index.map((e) => [e.paper, e.first, e.count])).toEqual(
      papersIndex(presets).map((e) => [e.paper, e.first, e.count]),
    );
    const p4 = index.find((e) => e.paper === 'Paper 004 — Boubaker et al.')!;
    expect(p4.labs).toEqual(['seam-9kb']);
    expect(p4.first).toBe(papersIndex(presets).find((e) => e.paper === p4.paper)!.first);
    expect(index.find((e) => e.paper === 'Paper 003 — Sarwar et al.')!.labs).toEqual(['dccp-12calls']);
    // With no preset of its paper shown (a search), the lab keeps the paper in the index.
    const onlyLab = papersIndex(
      [],
      LABS.filter((l) => l.id === 'harq'),
    );
    expect(onlyLab).toEqual([{ paper: 'Paper 002 — Kuhn et al.', first: null, count: 0, labs: ['harq'] }]);
  });

  it("finds a lab by its paper's number, authors or title, as a preset is found", () => {
    const hits = (q: string) => LABS.filter((l) => labMatches(l.lab, q)).map((l) => l.id);
    expect(hits('Boubaker')).toEqual(['seam-9kb']);
    expect(hits('paper 001')).toEqual(['pss-credit']);
    expect(hits('finzi')).toEqual(['pss-credit']);
    expect(hits('Sarwar')).toEqual(['dccp-12calls']);
    expect(labReference(LABS.find((l) => l.id === 'codes-pf')!.lab)).toMatch(/^Paper 000 — Tauran et al\./);
  });
});
