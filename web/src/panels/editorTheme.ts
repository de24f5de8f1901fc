/**
 * The scenario editor's colours, from the app's CSS variables so that the dark and light themes
 * (and presenter mode's larger text) apply to it as to everything else. Token colours are
 * `--code-*` variables in app.css, each at least 4.5:1 on `--field` (WCAG AA, checked by axe).
 */
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';

const highlight = HighlightStyle.define([
  { tag: tags.propertyName, color: 'var(--code-key)' },
  { tag: tags.string, color: 'var(--code-string)' },
  { tag: tags.number, color: 'var(--code-number)' },
  { tag: [tags.bool, tags.null], color: 'var(--code-literal)' },
  { tag: [tags.brace, tags.squareBracket, tags.separator, tags.punctuation], color: 'var(--muted)' },
]);

const theme = EditorView.theme({
  '&': { color: 'var(--text)', backgroundColor: 'var(--field)', height: '100%', fontSize: 'var(--code-size, 13px)' },
  '.cm-content': { caretColor: 'var(--text)', fontFamily: "ui-monospace, 'DejaVu Sans Mono', monospace" },
  '.cm-gutters': { backgroundColor: 'var(--panel)', color: 'var(--muted)', borderRight: '1px solid var(--line)' },
  '.cm-activeLine': { backgroundColor: 'color-mix(in srgb, var(--accent) 10%, transparent)' },
  '.cm-activeLineGutter': {
    backgroundColor: 'color-mix(in srgb, var(--accent) 18%, transparent)',
    color: 'var(--text)',
  },
  '&.cm-focused .cm-cursor': { borderLeftColor: 'var(--text)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'color-mix(in srgb, var(--accent) 35%, transparent) !important',
  },
  '.cm-tooltip': { backgroundColor: 'var(--panel)', color: 'var(--text)', border: '1px solid var(--line)' },
  '.cm-diagnostic-error': { borderLeft: '4px solid var(--bad)' },
  '.cm-lintRange-error': {
    textDecoration: 'underline wavy var(--bad)',
    textUnderlineOffset: '3px',
    backgroundImage: 'none',
  },
  '.cm-panels': { backgroundColor: 'var(--panel)', color: 'var(--text)' },
  '.cm-searchMatch': { backgroundColor: 'color-mix(in srgb, #e69f00 35%, transparent)' },
  '.cm-matchingBracket': { backgroundColor: 'color-mix(in srgb, var(--accent) 30%, transparent)', color: 'inherit' },
});

/** Colours and token styles for the scenario editor, in both themes. */
export const editorLook = [theme, syntaxHighlighting(highlight)];
