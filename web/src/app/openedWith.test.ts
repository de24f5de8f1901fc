import { describe, expect, it } from 'vitest';
import { modelFor } from '../models';
import { findPreset, DEFAULT_PRESET_ID } from '../scenario/presets';
import { linkedScenario } from '../scenario/link';
import { openedWith } from './openedWith';

describe('what the page was opened with', () => {
  it('a page with no scenario in its link offers Start here and expects the default preset (no globe)', () => {
    for (const hash of ['', '#', '#v=e30'])
      expect(openedWith(hash)).toEqual({ startHere: true, model: findPreset(DEFAULT_PRESET_ID)!.model });
    expect(modelFor(openedWith('').model).globe).toBe(false);
  });

  it('a shared link does not offer it; a preset link expects its model, a scenario link none yet', () => {
    expect(openedWith('#p=iridium-ship-london&v=e30')).toEqual({
      startHere: false,
      model: findPreset('iridium-ship-london')!.model,
    });
    expect(openedWith('#s=abc')).toEqual({ startHere: false, model: null });
    // A link to no preset opens the default one.
    expect(openedWith('#p=no-such-preset').model).toBe(findPreset(DEFAULT_PRESET_ID)!.model);
  });

  it('linkedScenario reads the fragment before it is decoded', () => {
    expect(linkedScenario('')).toBeNull();
    expect(linkedScenario('#p=mm1-load-0.8&v=x')).toEqual({ preset: 'mm1-load-0.8' });
    expect(linkedScenario('s=xyz&v=x')).toBe('scenario');
    expect(linkedScenario('#p=%E0')).toBe('scenario');
  });
});
