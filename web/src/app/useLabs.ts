import type { ChartGroup } from '../charts/chartGroups';
import type { Speed } from '../engine/protocol';
import { stepFromRun, summaryNumbers, labWithStep } from '../labs/authoring';
import { labLinkOf, resolveLab, useLabLinks } from '../labs/labLink';
import { useLab, type OpenLab } from '../labs/useLab';
import type { LabCamera } from '../labs/lab';
import type { LabLink } from '../scenario/link';
import type { PresetDiff } from './usePresetDiff';

interface Options {
  charts: ChartGroup[];
  setHidden: (keys: ReadonlySet<string>) => void;
  /** The URL's side: a step's run to load (paused), and the lab the link carries. */
  loadForLab: (text: string, speed: Speed | undefined) => void;
  onLab: (lab: LabLink | undefined) => void;
  play: () => void;
  /** Shows the run on screen at one of the globe's camera buttons' views (a step's `camera`). */
  setCamera: (camera: LabCamera) => void;
  /** The run on screen: its preset and changes, its summary and name. */
  diff: PresetDiff;
  summary: unknown;
  name: string;
  /** The run's speed, the charts hidden (by key) and the globe's view (null: no globe). */
  speed: Speed;
  hidden: ReadonlySet<string>;
  camera: string | null;
  /** Hides the Start here card (a lab is where to begin). */
  hideStartHere: () => void;
}

/**
 * The app's side of the labs: the lab on screen and its links, opening one (from the gallery, a
 * link, or the lab editor), closing it, and a step made from the run on screen.
 */
export function useLabs(o: Options) {
  const lab = useLab({
    charts: o.charts,
    setHidden: o.setHidden,
    loadStep: o.loadForLab,
    play: o.play,
    setCamera: o.setCamera,
  });
  const links = useLabLinks(lab.open);
  const show = (found: OpenLab, intoLink: boolean) => {
    o.hideStartHere();
    lab.openLab(found);
    if (intoLink) o.onLab(labLinkOf(found));
  };
  const run = () => ({
    presetId: o.diff.base?.id ?? null,
    changes: o.diff.changes.map((c) => ({ path: c.path, to: c.to })),
    summary: o.summary,
    title: o.name || 'A run',
    speed: o.speed,
    charts: o.charts.some((c) => o.hidden.has(c.key))
      ? o.charts.filter((c) => !o.hidden.has(c.key)).map((c) => c.title)
      : null,
    camera: o.camera ?? undefined,
  });
  return {
    lab: { ...lab, close: () => (lab.close(), o.onLab(undefined)) },
    links,
    /** A link's lab (null: none, close any); a problem with it, or null. */
    fromLink: (link: LabLink | null): string | null => {
      if (!link) {
        lab.close();
        return null;
      }
      const found = resolveLab(link);
      if (typeof found === 'string') return found;
      show(found, false);
      return null;
    },
    /** A shipped lab, by id (the gallery). */
    openShipped: (id: string) => {
      const found = resolveLab({ id });
      if (typeof found !== 'string') show(found, true);
    },
    /** A lab written in the lab editor (checked). */
    openWritten: (json: string) => {
      const found = resolveLab({ json });
      if (typeof found !== 'string') show(found, true);
    },
    /** A new lab of one step, the run on screen, opened in the lab editor; or why not. */
    newFromRun: (): string | null => {
      const step = stepFromRun(run());
      if (typeof step === 'string') return step;
      const json = labWithStep(null, step);
      const found = resolveLab({ json });
      if (typeof found === 'string') return found;
      show(found, true);
      lab.setEditing(json);
      return null;
    },
    stepFromRun: () => stepFromRun(run()),
    runNumbers: () => summaryNumbers(o.summary),
  };
}
