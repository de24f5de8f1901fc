/** Why the link the page was opened with could not be opened as it is. */
export function LinkProblem({ problem, onDismiss }: { problem: string; onDismiss: () => void }) {
  return (
    <div className="error-banner" role="alert" data-testid="link-error">
      <div className="error-text">
        <strong>This link cannot be opened as it is.</strong> The default preset is loaded instead.
        <ul>
          <li>
            <code>{problem}</code>
          </li>
        </ul>
      </div>
      <button className="dismiss" onClick={onDismiss} aria-label="Dismiss link error">
        ×
      </button>
    </div>
  );
}
