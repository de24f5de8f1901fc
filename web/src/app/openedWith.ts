import { linkedScenario } from '../scenario/link';
import { DEFAULT_PRESET_ID, findPreset } from '../scenario/presets';

/**
 * What the page was opened with, read from its fragment before anything loads: whether to offer
 * the "Start here" card (no scenario in the link: a first visit, not a shared link), and the
 * model of the preset about to open (null for a scenario of its own, known once decoded).
 */
export function openedWith(hash: string): { startHere: boolean; model: string | null } {
  const linked = linkedScenario(hash);
  if (linked === 'scenario') return { startHere: false, model: null };
  // A link to an unknown preset opens the default one (and says why).
  const preset = (linked && findPreset(linked.preset)) || findPreset(DEFAULT_PRESET_ID);
  return { startHere: linked === null, model: preset?.model ?? null };
}
