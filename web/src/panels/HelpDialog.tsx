/** The keyboard shortcuts, shown with `?`. */
export const SHORTCUTS: [string, string][] = [
  ['Space', 'play / pause'],
  ['→', 'step one simulated second'],
  ['↑ / ↓', 'faster / slower'],
  ['R', 'reset the run'],
  ['G', 'presets gallery'],
  ['P', 'parameters panel'],
  ['T', 'light / dark theme'],
  ['M', 'presenter mode (large text for a projector)'],
  ['S', 'share and export'],
  ['?', 'this help'],
  ['Esc', 'close a dialog, the tour or the Parameters panel'],
];

export function HelpDialog({ onClose }: { onClose: () => void }) {
  return (
    <div className="overlay" onClick={onClose}>
      <div className="dialog" role="dialog" aria-label="Keyboard shortcuts" onClick={(e) => e.stopPropagation()}>
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
        <p>Shortcuts are ignored while you type in a field.</p>
      </div>
    </div>
  );
}
