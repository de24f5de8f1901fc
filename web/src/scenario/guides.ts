/**
 * Classroom guides for the presets: which paper each one comes from, what to watch, what the
 * paper (or theory) found beside what SkyQueue measures, what to try next, and a short tour of
 * the screen. One entry per file in examples/ (the preset id is the file name without `.json`),
 * written in the folder of the preset's model (models/<id>/guides.ts, the descriptor's `course`).
 */
import { MODEL_REGISTRY } from '../models';
import type { PresetGuide } from '../models/types';

export type { PresetGuide, TourStep } from '../models/types';

/** The fixed tour targets; any other target is `chart:<text of the chart's title>`. */
export const TOUR_TARGETS = [
  'globe',
  'charts',
  'summary',
  'playback',
  'preset',
  'params',
  'edit',
  'sweep',
  'description',
] as const;

/** Whether `target` is a fixed tour target or `chart:` followed by some text. */
export function isTourTarget(target: string): boolean {
  return (
    (TOUR_TARGETS as readonly string[]).includes(target) ||
    (target.startsWith('chart:') && target.slice(6).trim().length > 0)
  );
}

/** Every preset's guide, by preset id: the models' guides together. */
export const GUIDES: Readonly<Record<string, PresetGuide>> = Object.assign(
  {},
  ...MODEL_REGISTRY.map((m) => m.course.guides),
);

/** The guide of a preset id, or null. */
export function guideFor(id: string): PresetGuide | null {
  return Object.prototype.hasOwnProperty.call(GUIDES, id) ? GUIDES[id] : null;
}

/** A lesson of the "Start here" card: a preset to open with its tour. */
export interface Lesson {
  id: string;
  title: string;
  line: string;
}

/** The lessons the guides offer for the "Start here" card, in their order on it. */
export function startLessons(guides: Readonly<Record<string, PresetGuide>> = GUIDES): Lesson[] {
  return Object.entries(guides)
    .flatMap(([id, g]) => (g.lesson ? [{ id, ...g.lesson }] : []))
    .sort((a, b) => a.rank - b.rank)
    .map(({ id, title, line }) => ({ id, title, line }));
}
