import { parseScenarioText } from './parse';

/** A ready-made scenario: every one is a file in examples/, which the CLI runs too. */
export interface Preset {
  /** File name without `.json`, e.g. `mm1-load-0.8`. */
  id: string;
  name: string;
  description: string;
  /** The file's text, exactly. */
  json: string;
}

// Every examples/*.json is a preset, so "each preset is a CLI example" holds by construction.
const files = import.meta.glob('../../../examples/*.json', { eager: true, query: '?raw', import: 'default' }) as Record<string, string>;

export const presets: Preset[] = Object.entries(files)
  .map(([path, json]) => {
    const id = path.replace(/^.*\//, '').replace(/\.json$/, '');
    const parsed = parseScenarioText(json);
    if (!parsed.ok) throw new Error(`examples/${id}.json is not a valid preset: ${parsed.error.message}`);
    return { id, name: parsed.header.name, description: parsed.header.description, json };
  })
  .sort((a, b) => a.id.localeCompare(b.id));

/** The preset the app opens with. */
export const DEFAULT_PRESET_ID = 'mm1-load-0.8';

export function findPreset(id: string): Preset | undefined {
  return presets.find((p) => p.id === id);
}
