import { useRef, useState } from 'react';
import { useFocusHome } from '../app/useFocusHome';
import { cliSnippet } from '../scenario/link';

interface Props {
  link: string;
  /** Why the running scenario has no link (too long for one), or null. */
  linkTooLong?: string | null;
  scenarioJson: string;
  busy: string | null;
  /** Abandons the export in progress. */
  onCancel: () => void;
  onResults: (format: 'json' | 'csv') => void;
  onScenario: () => void;
  onImport: (file: File) => void;
  /** Makes a lab of this run (one step, opened in the lab editor); why not, or null when made. */
  onNewLab?: () => string | null;
  onClose: () => void;
}

/** Copies text; falls back to selecting it when the clipboard is not available. */
async function copy(text: string, field: HTMLInputElement | HTMLTextAreaElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field?.select();
    return document.execCommand?.('copy') ?? false;
  }
}

/** Share and export: the link, the CLI command, results and scenario files, and import. */
export function ShareDialog({
  link,
  linkTooLong = null,
  scenarioJson,
  busy,
  onCancel,
  onResults,
  onScenario,
  onImport,
  onNewLab,
  onClose,
}: Props) {
  const linkField = useRef<HTMLInputElement>(null);
  const cliField = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const [labProblem, setLabProblem] = useState<string | null>(null);
  const home = useRef<HTMLDivElement>(null);
  useFocusHome(home, { trap: true, first: 'input' });
  const cli = cliSnippet(scenarioJson);
  const doCopy = async (what: string, text: string, field: HTMLInputElement | HTMLTextAreaElement | null) =>
    setCopied((await copy(text, field)) ? `${what} copied` : `select the ${what} and copy it`);
  return (
    <div className="overlay" onClick={onClose}>
      <div
        ref={home}
        className="dialog share-box"
        aria-modal="true"
        role="dialog"
        aria-label="Share and export"
        onClick={(e) => e.stopPropagation()}
      >
        <header>
          <h2>Share and export</h2>
          <button onClick={onClose}>Close</button>
        </header>
        {linkTooLong ? (
          <p role="status" data-testid="share-link-too-long">
            {linkTooLong}
          </p>
        ) : (
          <>
            <label>
              Link to this scenario and view (same seed, same results)
              <input
                ref={linkField}
                readOnly
                value={link}
                aria-label="Shareable link"
                data-testid="share-link"
                onFocus={(e) => e.target.select()}
              />
            </label>
            <div className="header-tools" style={{ marginLeft: 0 }}>
              <button className="primary" onClick={() => void doCopy('link', link, linkField.current)}>
                Copy link
              </button>
              {copied && <span role="status">{copied}</span>}
            </div>
          </>
        )}
        <label>
          Reproduce with the CLI (<code>npm start</code> builds <code>engine-wasm/target/release/skyqueue</code>)
          <textarea ref={cliField} readOnly value={cli} aria-label="CLI command" data-testid="cli-snippet" />
        </label>
        <div className="header-tools" style={{ marginLeft: 0 }}>
          <button onClick={() => void doCopy('command', cli, cliField.current)}>Copy command</button>
          {linkTooLong && copied && <span role="status">{copied}</span>}
        </div>
        <h3>Files</h3>
        <div className="header-tools" style={{ marginLeft: 0 }}>
          <button onClick={() => onResults('json')} disabled={!!busy}>
            Results (JSON)
          </button>
          <button onClick={() => onResults('csv')} disabled={!!busy}>
            Series (CSV)
          </button>
          <button onClick={onScenario}>Scenario (JSON)</button>
          <label className="button-like">
            Import a scenario file…
            <input
              type="file"
              accept=".json,application/json"
              aria-label="Import a scenario file"
              onChange={(e) => {
                const f = e.target.files?.[0];
                if (f) onImport(f);
                e.target.value = '';
              }}
            />
          </label>
          {busy && (
            <>
              <span role="status">{busy}</span>
              <button onClick={onCancel}>Cancel</button>
            </>
          )}
        </div>
        <p className="muted">Each chart also has PNG and SVG buttons in its title.</p>
        {onNewLab && (
          <>
            <h3>A lab for a class</h3>
            <div className="header-tools" style={{ marginLeft: 0 }}>
              <button onClick={() => setLabProblem(onNewLab())}>Make a lab of this run</button>
              <span className="muted">a step with this run; write its question in the lab editor (docs/LABS.md)</span>
            </div>
            {labProblem && (
              <p className="field-error" role="alert">
                {labProblem}
              </p>
            )}
          </>
        )}
      </div>
    </div>
  );
}
