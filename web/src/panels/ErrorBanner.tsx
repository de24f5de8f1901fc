import type { EngineError } from '../engine/errors';
import { describeError } from '../engine/errors';

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
  const title =
    error.kind === 'internal'
      ? 'The engine stopped'
      : error.kind === 'sim'
        ? 'The engine refused a command'
        : 'This scenario cannot run';
  return (
    <div className={`error-banner ${error.fatal ? 'fatal' : ''}`} role="alert" data-testid="error-banner">
      <div className="error-text">
        <strong>{title}.</strong>{' '}
        {error.fatal
          ? onRestart
            ? 'Restart it: the last scenario that ran is loaded again.'
            : 'Reload a preset to start again.'
          : 'Nothing was lost: the previous run is still loaded.'}
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
