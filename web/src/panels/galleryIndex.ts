import { guideFor } from '../scenario/guides';
import type { Lab } from '../labs/lab';
import { PAPER_000, PAPER_001, PAPER_002, PAPER_003, PAPER_004 } from '../scenario/papers';
import type { Preset } from '../scenario/presets';

/** The papers by number ("004"): their reference as the guides cite them. */
const PAPERS = [PAPER_000, PAPER_001, PAPER_002, PAPER_003, PAPER_004];

/** The reference of the paper a lab is about ("Paper 004 — Boubaker et al., On the …"), or null. */
export function labReference(lab: Lab): string | null {
  return (lab.paper && PAPERS.find((r) => r.startsWith(`Paper ${lab.paper} —`))) || null;
}

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

/** Whether a lab's title, line, topic, paper (its number, authors and title, as a preset's) and
 * questions together have every word of `query`. */
export function labMatches(lab: Lab, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const text = [
    lab.title,
    lab.line,
    lab.topic,
    lab.paper ? `paper ${lab.paper}` : '',
    labReference(lab) ?? '',
    ...lab.steps.map((s) => s.question),
  ]
    .join(' ')
    .toLowerCase();
  return words.every((w) => text.includes(w));
}

/** A paper in the gallery's index: its first preset (null: only labs) and how many presets it
 * has, and the labs about it (ids). */
export interface PaperEntry {
  paper: string;
  first: string | null;
  count: number;
  labs: string[];
}

/** The papers of `list` in order of first appearance, each with its first preset and its count,
 * and the labs of `labs` about each (a paper only labs are about comes after the presets'). */
export function papersIndex(list: readonly Preset[], labs: readonly { id: string; lab: Lab }[] = []): PaperEntry[] {
  const out: PaperEntry[] = [];
  const entry = (paper: string) => {
    let e = out.find((x) => x.paper === paper);
    if (!e) out.push((e = { paper, first: null, count: 0, labs: [] }));
    return e;
  };
  for (const p of list) {
    const paper = paperOf(p);
    if (!paper) continue;
    const e = entry(paper);
    e.first ??= p.id;
    e.count++;
  }
  for (const { id, lab } of labs) {
    const ref = labReference(lab);
    if (ref) entry(paperLabel(ref)).labs.push(id);
  }
  return out;
}
