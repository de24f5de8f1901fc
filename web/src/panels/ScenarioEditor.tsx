import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { basicSetup } from 'codemirror';
import { EditorView, keymap } from '@codemirror/view';
import { EditorState, Prec, type Extension } from '@codemirror/state';
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { linter, lintGutter, forEachDiagnostic, type Diagnostic } from '@codemirror/lint';
import { editorLook } from './editorTheme';
import { useFocusHome } from '../app/useFocusHome';
import type { EngineError } from '../engine/errors';
import { locate } from './jsonLocate';
import { plainMessage } from '../scenario/plainMessage';

interface Props {
  /** Text to start from (the loaded scenario, defaults filled in). */
  initial: string;
  onRun: (text: string) => void;
  onClose: () => void;
  /** Asks the engine whether the text is a valid scenario (every bad field at once); null: valid. */
  validate?: (text: string) => Promise<EngineError | null>;
  /** What is edited, when not a scenario (a lab): its title, its Run button, the note under it;
   * its problems' messages already name where they are (no path in front). */
  kind?: { title: string; run: string; hint: ReactNode };
}

/** One problem as the list under the editor shows it. */
interface Problem {
  line: number;
  from: number;
  text: string;
}

/**
 * The engine's verdict on `text` as editor diagnostics: each bad field underlined where it sits
 * (or, when the field is absent, its nearest enclosing field), with the engine's plain-word message.
 * JSON syntax errors come first and alone (the engine cannot read the fields of broken JSON).
 */
export async function diagnose(
  text: string,
  syntax: Diagnostic[],
  validate?: Props['validate'],
  messagesNamePaths = false,
): Promise<Diagnostic[]> {
  if (syntax.length > 0) return syntax.map((d) => ({ ...d, message: `Not valid JSON: ${d.message}` }));
  if (!validate) return [];
  const err = await validate(text);
  if (!err) return [];
  if (err.errors.length === 0)
    return [{ from: 0, to: Math.min(1, text.length), severity: 'error', message: err.message }];
  return err.errors.map((f) => {
    const at = locate(text, f.path);
    const where = at.exact || !f.path ? '' : ` (the field ${f.path} is not in the text; its default is used)`;
    return {
      from: at.from,
      to: at.to,
      severity: 'error',
      message: messagesNamePaths ? f.message : `${f.path ? `${f.path}: ` : ''}${plainMessage(f.message)}${where}`,
    };
  });
}

/**
 * Edit the scenario as JSON and run it: a code editor (CodeMirror 6) with line numbers, JSON
 * highlighting, bracket matching, undo, search, and the engine's own checks as you type: every bad
 * field underlined, listed under the editor with its line. Ctrl/Cmd+Enter runs; Esc closes.
 */
export function ScenarioEditor({ initial, onRun, onClose, validate, kind }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const [problems, setProblems] = useState<Problem[] | null>(null);
  // Typed in since the last scenario arrived: a scenario that arrives now (the first load
  // finishing, a preset picked elsewhere) does not overwrite the user's text; running it does.
  const typed = useRef(false);
  // The latest callbacks, for callbacks that outlive a render (set once it commits, before any
  // effect or event handler runs; render itself never reads it).
  const latest = useRef({ onRun, onClose, validate });
  useLayoutEffect(() => {
    latest.current = { onRun, onClose, validate };
  });
  // The editor is made once, with the first scenario; a new scenario replaces its text below.
  const [first] = useState(initial);
  // What is edited stays what it was when the editor opened.
  const [label] = useState(kind ? kind.title : 'Scenario JSON');
  const [namesPaths] = useState(!!kind);

  useEffect(() => {
    if (!host.current) return;
    const run = () => {
      typed.current = false;
      latest.current.onRun(view.current?.state.doc.toString() ?? '');
      return true;
    };
    const syntax = jsonParseLinter();
    const check = linter(
      async (v) => {
        const diags = await diagnose(v.state.doc.toString(), syntax(v), latest.current.validate, namesPaths);
        return diags;
      },
      { delay: 300 },
    );
    const extensions: Extension[] = [
      basicSetup,
      json(),
      editorLook,
      check,
      lintGutter(),
      Prec.highest(keymap.of([{ key: 'Mod-Enter', run }])),
      // Esc closes the editor, also with the cursor in it (after closing an open completion list:
      // that keymap comes first; a selection is not collapsed first, Esc means "close" here).
      Prec.high(
        keymap.of([
          {
            key: 'Escape',
            run: () => {
              latest.current.onClose();
              return true;
            },
          },
        ]),
      ),
      EditorView.contentAttributes.of({ 'aria-label': label }),
      EditorView.updateListener.of((u) => {
        if (
          u.docChanged &&
          u.transactions.some(
            (t) =>
              t.isUserEvent('input') ||
              t.isUserEvent('delete') ||
              t.isUserEvent('undo') ||
              t.isUserEvent('redo') ||
              t.isUserEvent('move'),
          )
        )
          typed.current = true;
        // The lint state changed (or the text did): refresh the problem list.
        const list: Problem[] = [];
        forEachDiagnostic(u.state, (d, from) =>
          list.push({ line: u.state.doc.lineAt(from).number, from, text: d.message }),
        );
        setProblems((old) =>
          old && old.length === list.length && old.every((p, i) => p.text === list[i].text && p.line === list[i].line)
            ? old
            : list,
        );
      }),
    ];
    view.current = new EditorView({ state: EditorState.create({ doc: first, extensions }), parent: host.current });
    // The scroller can be scrolled from the keyboard too (axe: scrollable-region-focusable).
    view.current.scrollDOM.tabIndex = 0;
    view.current.scrollDOM.setAttribute('aria-label', 'Scroll area of the scenario text');
    return () => {
      view.current?.destroy();
      view.current = null;
    };
  }, [first, label, namesPaths]);

  useEffect(() => {
    const v = view.current;
    if (v && !typed.current && v.state.doc.toString() !== initial)
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: initial } });
  }, [initial]);

  const home = useRef<HTMLElement>(null);
  useFocusHome(home, { first: '.cm-content' });

  const goTo = (from: number) => {
    const v = view.current;
    if (!v) return;
    v.dispatch({ selection: { anchor: from }, scrollIntoView: true });
    v.focus();
  };

  return (
    <section ref={home} className="editor" aria-label={kind ? `${kind.title} editor` : 'Scenario editor'}>
      <header>
        <h2>{kind ? `${kind.title} (JSON)` : 'Scenario (JSON)'}</h2>
        <button onClick={onClose} aria-label="Close editor">
          ×
        </button>
      </header>
      <div className="code" ref={host} />
      {problems && problems.length > 0 && (
        <ol className="problems" aria-label="Problems in the scenario" data-testid="editor-problems">
          {problems.map((p, i) => (
            <li key={i}>
              <button className="linkish" onClick={() => goTo(p.from)}>
                line {p.line}
              </button>{' '}
              {p.text}
            </li>
          ))}
        </ol>
      )}
      <footer>
        <button
          className="primary"
          onClick={() => {
            typed.current = false;
            onRun(view.current?.state.doc.toString() ?? initial);
          }}
          title="Ctrl+Enter in the editor"
        >
          {kind ? kind.run : 'Run this scenario'}
        </button>
        <span className="hint">
          {kind ? (
            kind.hint
          ) : (
            <>
              Problems are underlined as you type. Every field and its range: the Parameters panel,{' '}
              <code>skyqueue models &lt;model&gt;</code>, docs/SCENARIO-FIELDS.md.
            </>
          )}
        </span>
      </footer>
    </section>
  );
}
