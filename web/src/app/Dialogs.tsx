import { Gallery } from '../panels/Gallery';
import { HelpDialog } from '../panels/HelpDialog';
import { ShareDialog } from '../panels/ShareDialog';
import type { Exports } from './useExports';
import type { Dialog } from './usePanels';

interface Props {
  dialog: Dialog | null;
  onClose: () => void;
  /** The running scenario (Share & export waits for one). */
  scenarioJson: string | null;
  /** The link to the run, or why there is none. */
  link: string;
  linkTooLong: string | null;
  /** The running preset's id; '' for a scenario of the user's own. */
  presetId: string;
  exports: Exports;
  /** A preset chosen in the gallery, with its tour or without. */
  onOpenPreset: (id: string, withTour: boolean) => void;
  /** A lab chosen in the gallery. */
  onOpenLab: (id: string) => void;
  /** A new lab of the run on screen (Share & export); why not, or null when made. */
  onNewLab: () => string | null;
}

/** The dialog open over the app, if any: Share & export, Help or the gallery. */
export function Dialogs({ dialog, onClose, scenarioJson, exports, ...p }: Props) {
  if (dialog === 'share' && scenarioJson !== null)
    return (
      <ShareDialog
        link={p.link}
        linkTooLong={p.linkTooLong}
        scenarioJson={scenarioJson}
        busy={exports.busy}
        onCancel={exports.cancelExport}
        onResults={(f) => void exports.exportResults(f)}
        onScenario={exports.exportScenario}
        onImport={(f) => void exports.importScenario(f)}
        onNewLab={() => {
          const problem = p.onNewLab();
          if (!problem) onClose();
          return problem;
        }}
        onClose={onClose}
      />
    );
  if (dialog === 'help') return <HelpDialog onClose={onClose} />;
  if (dialog === 'gallery')
    return (
      <Gallery
        current={p.presetId || null}
        onClose={onClose}
        onOpen={(id, withTour) => {
          onClose();
          p.onOpenPreset(id, withTour);
        }}
        onOpenLab={(id) => {
          onClose();
          p.onOpenLab(id);
        }}
      />
    );
  return null;
}
