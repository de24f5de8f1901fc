import { useRef } from 'react';
import { useFocusHome } from '../app/useFocusHome';

/** The keyboard shortcuts, shown with `?`. */
export const SHORTCUTS: [string, string][] = [
  ['Space', 'play / pause (also on a button; Enter presses a button)'],
  ['→', 'step one simulated second'],
  ['↑ / ↓', 'faster / slower'],
  ['R', 'reset the run'],
  ['N / B', 'next / previous packet event (models with a packet trace: Inside the wire)'],
  ['L', 'next loss, resend or timeout'],
  ['G', 'presets gallery'],
  ['P', 'parameters panel'],
  ['T', 'light / dark theme'],
  ['M', 'presenter mode (large text for a projector)'],
  [
    '← / → or PageUp / PageDown',
    'in presenter mode with One chart on: previous / next chart (a presentation clicker sends these; → steps otherwise)',
  ],
  ['S', 'share and export'],
  ['?', 'this help'],
  ['Esc', 'close a dialog, the tour, a panel, Start here or the scenario editor'],
  ['← / → on the progress bar', 'move the run back / forward (Home, End: start, end)'],
  ['↑ / ↓ in the event log', 'previous / next event time (Enter: go there)'],
];

export function HelpDialog({ onClose }: { onClose: () => void }) {
  const home = useRef<HTMLDivElement>(null);
  useFocusHome(home, { trap: true });
  return (
    <div className="overlay" onClick={onClose}>
      <div
        ref={home}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-label="Keyboard shortcuts"
        onClick={(e) => e.stopPropagation()}
      >
        <header>
          <h2>Keyboard shortcuts</h2>
          <button onClick={onClose}>Close</button>
        </header>
        <table>
          <tbody>
            {SHORTCUTS.map(([k, what]) => (
              <tr key={k}>
                <td>
                  <kbd>{k}</kbd>
                </td>
                <td>{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>Shortcuts are ignored while you type in a field, a menu or the scenario editor.</p>
      </div>
    </div>
  );
}
