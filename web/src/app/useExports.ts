import { useEffect, useRef, useState, type RefObject } from 'react';
import type { EngineClient } from '../engine/client';
import type { EngineError } from '../engine/errors';
import type { LoadedInfo } from '../engine/protocol';
import { download, resultsCsv, slug } from '../export/download';
import { basePreset, presetChanges, withoutPresetNotes } from '../scenario/liveText';
import { presets } from '../scenario/presets';

/** Largest scenario file accepted for import [bytes]. */
const MAX_IMPORT_BYTES = 5_000_000;
/** How long a toast stays [ms]. */
const TOAST_MS = 2500;

interface Options {
  client: RefObject<EngineClient | null>;
  info: LoadedInfo | null;
  /** Opens an imported scenario as the user's own (a history entry). */
  loadByUser: (text: string) => void;
  setError: (error: EngineError) => void;
  closeDialog: () => void;
  /** The engine's defaults (null before it has started). */
  defaults: RefObject<Record<string, unknown> | null>;
}

/**
 * The scenario file to download: as the engine has it, except that a changed preset leaves out
 * the preset's description, which speaks of the published values (as links do).
 */
export function scenarioFileText(scenarioJson: string, defaults: Record<string, unknown> | null): string {
  const s = JSON.parse(scenarioJson) as Record<string, string>;
  const base = basePreset(s.name, presets);
  if (!base || !defaults || presetChanges(base.json, scenarioJson, defaults).length === 0) return scenarioJson;
  return JSON.stringify(withoutPresetNotes(s, presets), null, 2);
}

/**
 * The Share & export dialog's actions: the run's results (JSON, or the series as CSV) fetched
 * from the engine, cancellable while it prepares them; the scenario file; importing one. Their
 * outcome is a short toast.
 */
export function useExports({ client, info, loadByUser, setError, closeDialog, defaults }: Options) {
  const [busy, setBusy] = useState<string | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!toast) return;
    const t = window.setTimeout(() => setToast(null), TOAST_MS);
    return () => window.clearTimeout(t);
  }, [toast]);

  const exportResults = async (format: 'json' | 'csv') => {
    setBusy(`preparing the results (${format.toUpperCase()})…`);
    const a = new AbortController();
    abort.current = a;
    try {
      const json = await client.current?.results(a.signal);
      if (a.signal.aborted) return setToast('export cancelled');
      if (!json) return setToast('nothing to export: no run is loaded');
      const name = slug(info?.name ?? 'results');
      if (format === 'json') download(`${name}-results.json`, json, 'application/json');
      else download(`${name}-series.csv`, resultsCsv(json), 'text/csv');
    } finally {
      abort.current = null;
      setBusy(null);
    }
  };

  const cancelExport = () => abort.current?.abort();

  const exportScenario = () => {
    if (info)
      download(`${slug(info.name)}.json`, scenarioFileText(info.scenarioJson, defaults.current), 'application/json');
  };

  const importScenario = async (file: File) => {
    if (file.size > MAX_IMPORT_BYTES)
      return setError({
        kind: 'invalid',
        message: `${file.name}: ${file.size} bytes, above the maximum ${MAX_IMPORT_BYTES}`,
        fatal: false,
        errors: [],
      });
    const text = await file.text();
    closeDialog();
    loadByUser(text);
  };

  return { busy, toast, exportResults, cancelExport, exportScenario, importScenario };
}

export type Exports = ReturnType<typeof useExports>;
