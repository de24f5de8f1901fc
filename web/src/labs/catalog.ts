/**
 * The labs that ship with the app: every examples/labs/*.json (the id is the file name), checked
 * when the app loads (a broken lab file fails the build's tests, not a class).
 */
import { parseLab, type Lab } from './lab';

export interface ShippedLab {
  id: string;
  lab: Lab;
  /** The file's text, exactly (what *Edit* starts from). */
  json: string;
}

const files = import.meta.glob('../../../examples/labs/*.json', {
  eager: true,
  query: '?raw',
  import: 'default',
}) as Record<string, string>;

/** Course order: by paper, then by title. */
export const LABS: ShippedLab[] = Object.entries(files)
  .map(([path, json]) => {
    const id = path.replace(/^.*\//, '').replace(/\.json$/, '');
    const parsed = parseLab(json);
    if (!parsed.ok) throw new Error(`examples/labs/${id}.json is not a valid lab: ${parsed.errors.join('; ')}`);
    return { id, lab: parsed.lab, json };
  })
  .sort((a, b) => (a.lab.paper ?? '999').localeCompare(b.lab.paper ?? '999') || a.lab.title.localeCompare(b.lab.title));

export function findLab(id: string): ShippedLab | undefined {
  return LABS.find((l) => l.id === id);
}
