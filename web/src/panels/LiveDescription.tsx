import type { LoadedInfo } from '../engine/protocol';
import type { Summary } from '../engine/summary-types';
import { liveText, notesCaveat, type Change } from '../scenario/liveText';

interface Props {
  info: LoadedInfo;
  summary: Summary | null;
  /** The fixed notes: the scenario's description, or its preset's when the link left it out. */
  notes: string;
  /** Whether the notes are a preset's (then marked once `changes` is not empty). */
  fromPreset: boolean;
  /** What differs from the preset. */
  changes: Change[];
}

/**
 * The scenario's description: sentences written from the current values and the engine's theory
 * (scenario/liveText.ts), then the fixed notes, marked as the preset's once anything changed.
 */
export function LiveDescription({ info, summary, notes, fromPreset, changes }: Props) {
  const t = liveText({ scenarioJson: info.scenarioJson, constellation: info.constellation, summary });
  const stale = fromPreset && changes.length > 0;
  return (
    <div className="description" data-tour="description">
      <p className="live-text" data-testid="live-text">
        {t.setup.join(' ')}
      </p>
      {t.theory.length > 0 && (
        <p className="live-theory" data-testid="live-theory">
          {t.theory.join(' ')}
        </p>
      )}
      {notes && (
        <div className={stale ? 'preset-notes stale' : 'preset-notes'} data-testid="preset-notes" data-stale={stale}>
          {stale && (
            <p className="notes-caveat" role="note" data-testid="notes-caveat">
              {notesCaveat(changes)}
            </p>
          )}
          <p>
            {!stale && <strong className="notes-label">{fromPreset ? 'Preset notes: ' : 'Notes: '}</strong>}
            {notes}
          </p>
        </div>
      )}
    </div>
  );
}
