import { parseScenarioText } from './parse';

/** A ready-made scenario: every one is a file in examples/, which the CLI runs too. */
export interface Preset {
  /** File name without `.json`, e.g. `mm1-load-0.8`. */
  id: string;
  name: string;
  description: string;
  /** The model it runs (`queue`, `constellation`, ...). */
  model: string;
  /** The file's text, exactly. */
  json: string;
}

/**
 * The order a course meets the presets in: queueing theory first, then the constellation's
 * geometry and TCP across it, then the papers' link-layer and router experiments, then voice
 * over DCCP. A test holds this list equal to
 * the files in examples/, so a new preset must be given its place.
 */
export const TEACHING_ORDER = [
  'mm1-load-0.8',
  'md1-load-0.8',
  'mm1k-overload',
  'voip-onoff-droptail-ns3',
  'iridium-ship-london',
  'iridium-la-hawaii',
  'walker-delta-53',
  'tcp-iridium-9kb-seam',
  'tcp-iridium-15mb-seam-leaves',
  'tcp-iridium-ship-london-bulk',
  'voip-leo-codes',
  'voip-leo-codes-long-queues',
  'pss-b1-known-ef',
  'pss-b2-unknown-ef',
  'pss-b3-variable-vanilla',
  'pss-b3-variable-memory',
  'link-harq-lab',
  'link-fec-harq-fig5',
  'link-fec-arq-harq-fig6',
  'link-tcp-distribution',
  'link-tcp-internet-100kb',
  'dccp-g711',
  'dccp-speex-dtx',
  'dccp-g711-12calls-tcp',
];

/** Position of a preset in the teaching order; presets not listed go last, by file name. */
function rank(id: string): number {
  const i = TEACHING_ORDER.indexOf(id);
  return i < 0 ? TEACHING_ORDER.length : i;
}

/** The model a scenario file names (the engine's default, `queue`, when it names none). */
function modelOf(json: string): string {
  const m = (JSON.parse(json) as { model?: unknown }).model;
  return typeof m === 'string' ? m : 'queue';
}

// Every examples/*.json is a preset, so "each preset is a CLI example" holds by construction.
const files = import.meta.glob('../../../examples/*.json', { eager: true, query: '?raw', import: 'default' }) as Record<string, string>;

export const presets: Preset[] = Object.entries(files)
  .map(([path, json]) => {
    const id = path.replace(/^.*\//, '').replace(/\.json$/, '');
    const parsed = parseScenarioText(json);
    if (!parsed.ok) throw new Error(`examples/${id}.json is not a valid preset: ${parsed.error.message}`);
    return { id, name: parsed.header.name, description: parsed.header.description, model: modelOf(json), json };
  })
  .sort((a, b) => rank(a.id) - rank(b.id) || a.id.localeCompare(b.id));

/** The preset the app opens with. */
export const DEFAULT_PRESET_ID = 'mm1-load-0.8';

export function findPreset(id: string): Preset | undefined {
  return presets.find((p) => p.id === id);
}
