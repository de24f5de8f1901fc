import type { GlobeControls, ModelDescriptor } from '../models/types';
import { LiveDescription } from '../panels/LiveDescription';
import { ScenarioEditor } from '../panels/ScenarioEditor';
import { StartHere } from '../panels/StartHere';
import { startLessons } from '../scenario/guides';
import type { Engine } from './useEngine';
import type { PresetDiff } from './usePresetDiff';

interface Props {
  engine: Engine;
  /** The running scenario's model (null before the first one loads). */
  model: ModelDescriptor | null;
  globe: GlobeControls;
  /** UTC of simulated time zero [ms] for models on the wall clock. */
  epochMs?: number;
  diff: PresetDiff;
  /** The Start here card: shown (unless the editor is open), a lesson chosen, hidden. */
  startHere: boolean;
  onLesson: (id: string) => void;
  onHideStartHere: () => void;
  /** The scenario editor, in place of the description and results. */
  editing: boolean;
  onRun: (text: string) => void;
  onCloseEditor: () => void;
  /** Restarts the run with a changed scenario (a results panel's control). */
  onRestartWith: (scenarioJson: string) => void;
}

/** The column under the globe: the Start here card, then the run's description and results, or
 * the scenario editor. */
export function RunInfo({ engine, model, globe, epochMs, diff, editing, ...p }: Props) {
  const { info, summary } = engine;
  return (
    <div className="info" data-tour="summary" role="region" aria-label="Description and results" tabIndex={0}>
      {p.startHere && !editing && (
        <StartHere lessons={startLessons()} onChoose={p.onLesson} onClose={p.onHideStartHere} />
      )}
      {editing ? (
        info ? (
          <ScenarioEditor
            initial={info.scenarioJson}
            onRun={p.onRun}
            onClose={p.onCloseEditor}
            validate={engine.validate}
          />
        ) : (
          // The editor opens with the scenario, never empty: text typed into an empty editor
          // would have the scenario land next to it.
          <p className="hint">Loading the scenario…</p>
        )
      ) : (
        <>
          {info && (
            <LiveDescription
              info={info}
              summary={summary}
              notes={diff.notes}
              fromPreset={diff.notesFromPreset}
              changes={diff.changes}
            />
          )}
          {info && model && (
            <model.Summary
              info={info}
              summary={summary}
              globe={globe}
              topology={{
                events: engine.log,
                linkChanges: engine.linkChanges,
                onSeek: engine.controls.seek,
                epochMs,
              }}
              onRestartWith={p.onRestartWith}
            />
          )}
        </>
      )}
    </div>
  );
}
