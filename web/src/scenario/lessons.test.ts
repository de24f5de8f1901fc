import { describe, expect, it } from 'vitest';
import { modelFor } from '../models';
import { GUIDES, startLessons } from './guides';
import { findPreset } from './presets';

describe('the Start here lessons', () => {
  it('are three, from the guides, in their ranks: the seam, a queue, TCP across the pole', () => {
    const lessons = startLessons();
    expect(lessons.map((l) => l.id)).toEqual(['tcp-iridium-9kb-seam', 'mm1-load-0.8', 'tcp-iridium-15mb-seam-leaves']);
    expect(lessons.map((l) => l.title)).toEqual(['The seam', 'A queue', 'TCP across the pole']);
  });

  it('each open a preset with a tour, and say in one line what it shows', () => {
    const ranks = new Set<number>();
    for (const l of startLessons()) {
      const p = findPreset(l.id);
      expect(p, l.id).toBeDefined();
      expect(GUIDES[l.id].tour.length).toBeGreaterThanOrEqual(3);
      expect(l.line.length).toBeGreaterThan(20);
      expect(l.line.length).toBeLessThan(160);
      ranks.add(GUIDES[l.id].lesson!.rank);
    }
    expect(ranks.size).toBe(startLessons().length);
  });

  it('the pole lesson is a TCP transfer whose packets go over the pole (its preset says so)', () => {
    const p = findPreset('tcp-iridium-15mb-seam-leaves')!;
    expect(modelFor(p.model).globe).toBe(true);
    expect(p.description).toMatch(/over the pole/);
  });

  it('sort by rank whatever the guides order', () => {
    const g = (rank: number) => ({ ...GUIDES['mm1-load-0.8'], lesson: { rank, title: `t${rank}`, line: 'l' } });
    expect(startLessons({ b: g(2), a: g(1), c: { ...GUIDES['mm1-load-0.8'], lesson: undefined } })).toEqual([
      { id: 'a', title: 't1', line: 'l' },
      { id: 'b', title: 't2', line: 'l' },
    ]);
  });
});
