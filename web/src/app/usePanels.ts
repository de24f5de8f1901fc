import { useCallback, useEffect, useState } from 'react';
import type { LoadedInfo } from '../engine/protocol';
import type { SweepRequest } from '../scenario/link';

export type Dialog = 'share' | 'help' | 'gallery';

interface Options {
  /** Whether the page opens with the Start here card (a first visit). */
  startHere: boolean;
  /** The running scenario (null until the first one loads). */
  info: LoadedInfo | null;
  /** Pauses the live run. */
  pauseRun: () => void;
  /** Sweep & compare closed: the link drops its sweep. */
  onSweepClosed: () => void;
}

/**
 * What is open over the run: the scenario editor, the Parameters panel, Sweep & compare (with
 * the sweep a link asked for), a dialog, a guided tour and the Start here card; and what Escape
 * closes first.
 */
export function usePanels({ startHere: startHereAtFirst, info, pauseRun, onSweepClosed }: Options) {
  const [editing, setEditing] = useState(false);
  const [params, setParams] = useState(false);
  const [sweeping, setSweeping] = useState(false);
  /** A sweep a link asked for (numbered, so that a second link reopens the panel afresh). */
  const [linkedSweep, setLinkedSweep] = useState<{ request: SweepRequest; n: number } | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const closeDialog = useCallback(() => setDialog(null), []);
  /** The preset whose guided tour is on, or null. */
  const [tour, setTour] = useState<string | null>(null);
  const [startHere, setStartHere] = useState(startHereAtFirst);

  // Sweeps use every core: the live run pauses while "Sweep & compare" is open (also when a link
  // opened it, once its scenario has loaded).
  useEffect(() => {
    if (sweeping && info) pauseRun();
  }, [sweeping, info, pauseRun]);

  /** A link carried a sweep: "Sweep & compare" opens with it. */
  const openSweep = (request: SweepRequest) => {
    setLinkedSweep((l) => ({ request, n: (l?.n ?? 0) + 1 }));
    setSweeping(true);
  };
  /** Closing "Sweep & compare" takes the sweep out of the link. */
  const closeSweep = () => {
    setSweeping(false);
    onSweepClosed();
    setLinkedSweep(null);
  };

  /** Escape closes what is on top: a dialog, else the tour, else the Parameters panel, else
   * Sweep & compare, else the scenario editor (which also closes itself on an Esc typed inside
   * it; the Start here card waits under it), else the Start here card. */
  const dismiss = () => {
    if (dialog) setDialog(null);
    else if (tour) setTour(null);
    else if (params) setParams(false);
    else if (sweeping) closeSweep();
    else if (editing) setEditing(false);
    else setStartHere(false);
  };

  return {
    editing,
    setEditing,
    toggleEditing: () => setEditing((e) => !e),
    params,
    setParams,
    toggleParams: () => setParams((x) => !x),
    sweeping,
    linkedSweep,
    openSweep,
    toggleSweep: () => (sweeping ? closeSweep() : setSweeping(true)),
    closeSweep,
    dialog,
    setDialog,
    closeDialog,
    tour,
    setTour,
    startHere,
    setStartHere,
    dismiss,
  };
}
