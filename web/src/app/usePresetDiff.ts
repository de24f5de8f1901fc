import { useMemo } from 'react';
import type { LoadedInfo } from '../engine/protocol';
import { basePreset, presetChanges, scenarioTitle } from '../scenario/liveText';
import { presets } from '../scenario/presets';

/**
 * The preset the running scenario was made from (by its name) and what differs from it: the
 * preset's fixed notes and tour are marked as the published preset's once anything changed, and
 * the title names the changes.
 */
export function usePresetDiff(info: LoadedInfo | null, defaults: Record<string, unknown> | null) {
  const base = info ? basePreset(info.name, presets) : null;
  const changes = useMemo(
    () => (info && base && defaults ? presetChanges(base.json, info.scenarioJson, defaults) : []),
    [info, base, defaults],
  );
  return {
    base,
    changes,
    /** The running scenario's name with what changed, or null before the first one loads. */
    title: info ? scenarioTitle(info.name, base ? changes : []) : null,
    /** The scenario's own description, else its preset's. */
    notes: info ? info.description || (base?.description ?? '') : '',
    notesFromPreset: !!base && (!info?.description || info.description === base.description),
  };
}

export type PresetDiff = ReturnType<typeof usePresetDiff>;
