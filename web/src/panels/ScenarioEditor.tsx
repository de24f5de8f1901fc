import { useEffect, useState } from 'react';

interface Props {
  /** Text to start from (the loaded scenario, defaults filled in). */
  initial: string;
  onRun: (text: string) => void;
  onClose: () => void;
}

/** Edit the scenario as JSON and run it; errors come back through the error banner. */
export function ScenarioEditor({ initial, onRun, onClose }: Props) {
  const [text, setText] = useState(initial);
  useEffect(() => setText(initial), [initial]);
  return (
    <section className="editor" aria-label="Scenario editor">
      <header>
        <h2>Scenario (JSON)</h2>
        <button onClick={onClose} aria-label="Close editor">
          ×
        </button>
      </header>
      <textarea aria-label="Scenario JSON" spellCheck={false} value={text} onChange={(e) => setText(e.target.value)} />
      <footer>
        <button className="primary" onClick={() => onRun(text)}>
          Run this scenario
        </button>
        <span className="hint">Every field and its range: <code>skyqueue defaults</code>, README "Scenario format".</span>
      </footer>
    </section>
  );
}
