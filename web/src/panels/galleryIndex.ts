import { guideFor } from '../scenario/guides';
import type { Lab } from '../labs/lab';
import type { Preset } from '../scenario/presets';

/**
 * The short name of the paper a preset reproduces, from its guide's reference: "Paper 004 —
 * Boubaker et al.", or the text before its details ("Textbook queueing theory", "No paper").
 */
export function paperLabel(reference: string): string {
  const paper = /^(Paper \d+) — ([^\s,]+)/.exec(reference);
  if (paper) return `${paper[1]} — ${paper[2]} et al.`;
  return reference.split(/ \(|:/)[0].trim();
}

/** The paper of each preset (guides name it; a preset without a guide has none). */
export function paperOf(p: Preset): string | null {
  const g = guideFor(p.id);
  return g ? paperLabel(g.paper) : null;
}

/** Whether a preset's title, description and paper together have every word of `query` (any case). */
export function presetMatches(p: Preset, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const g = guideFor(p.id);
  const text = [p.name, p.description, g?.paper].join(' ').toLowerCase();
  return words.every((w) => text.includes(w));
}

/** Whether a lab's title, line, topic, paper and questions together have every word of `query`. */
export function labMatches(lab: Lab, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const text = [
    lab.title,
    lab.line,
    lab.topic,
    lab.paper ? `paper ${lab.paper}` : '',
    ...lab.steps.map((s) => s.question),
  ]
    .join(' ')
    .toLowerCase();
  return words.every((w) => text.includes(w));
}

/** The papers of `list` in order of first appearance, each with its first preset and its count. */
export function papersIndex(list: readonly Preset[]): { paper: string; first: string; count: number }[] {
  const out: { paper: string; first: string; count: number }[] = [];
  for (const p of list) {
    const paper = paperOf(p);
    if (!paper) continue;
    const e = out.find((x) => x.paper === paper);
    if (e) e.count++;
    else out.push({ paper, first: p.id, count: 1 });
  }
  return out;
}
