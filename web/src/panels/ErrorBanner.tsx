import type { EngineError } from '../engine/errors';
import { describeError } from '../engine/errors';

/** The banner's title and the sentence after it, by the kind of error. */
export function bannerWords(error: EngineError, canRestart: boolean): { title: string; then: string } {
  if (error.kind === 'sim' && error.message.startsWith('stopped: over budget'))
    // engine::RunBudget: the run went past a budget of one run and stays stopped where it was.
    return {
      title: 'The run was stopped: it went over the budget of one run',
      then: 'What it measured until then stays on screen; shorten the run or lower its load, then Reset.',
    };
  const title =
    error.kind === 'internal'
      ? 'The engine stopped'
      : error.kind === 'sim'
        ? 'The engine refused a command'
        : 'This scenario cannot run';
  const then = error.fatal
    ? canRestart
      ? 'Restart it: the last scenario that ran is loaded again.'
      : 'Reload a preset to start again.'
    : 'Nothing was lost: the previous run is still loaded.';
  return { title, then };
}

/** Shows a scenario or engine error, each problem with its field path; the app keeps running. */
export function ErrorBanner({
  error,
  onDismiss,
  onRestart,
}: {
  error: EngineError | null;
  onDismiss: () => void;
  onRestart?: () => void;
}) {
  if (!error) return null;
  const { title, then } = bannerWords(error, !!onRestart);
  return (
    <div className={`error-banner ${error.fatal ? 'fatal' : ''}`} role="alert" data-testid="error-banner">
      <div className="error-text">
        <strong>{title}.</strong> {then}
        <ul>
          {describeError(error).map((line, i) => (
            <li key={i}>
              <code>{line}</code>
            </li>
          ))}
        </ul>
      </div>
      {error.fatal && onRestart && (
        <button className="primary" onClick={onRestart}>
          Restart the engine
        </button>
      )}
      <button className="dismiss" onClick={onDismiss} aria-label="Dismiss error">
        ×
      </button>
    </div>
  );
}
