import type { EngineState } from './useEngine';
import type { Theme } from './useViewState';
import { presets } from '../scenario/presets';

interface Props {
  /** The running scenario's name, or null before the first one loads. */
  name: string | null;
  /** What the engine is doing while it starts ('' once a scenario runs). */
  status: string;
  engineState: EngineState;
  onCancelStart: () => void;
  onStartEngine: () => void;
  /** The running preset's id; '' for a scenario of the user's own. */
  presetId: string;
  onPreset: (id: string) => void;
  /** Offered when the running preset has a guided tour. */
  onTour: (() => void) | null;
  params: boolean;
  onParams: () => void;
  editing: boolean;
  onEdit: () => void;
  sweeping: boolean;
  onSweep: () => void;
  theme: Theme;
  onTheme: () => void;
  presenter: boolean;
  onPresenter: () => void;
  onDialog: (d: 'gallery' | 'share' | 'help') => void;
}

/** The title, the engine's start-up state, the preset menu and the tools. */
export function Header(p: Props) {
  return (
    <header className="app-header">
      <h1>SkyQueue</h1>
      <span className="scenario-name" data-testid="scenario-name">
        {p.status && p.name === null ? p.status : (p.name ?? p.status)}
      </span>
      {p.engineState === 'starting' && p.name === null && (
        <button onClick={p.onCancelStart} title="Stop starting the engine">
          Cancel
        </button>
      )}
      {p.engineState === 'stopped' && (
        <button className="primary" onClick={p.onStartEngine}>
          Start the engine
        </button>
      )}
      <label className="preset" data-tour="preset">
        Preset
        <select
          aria-label="Preset"
          value={p.presetId}
          onChange={(e) => p.onPreset(e.target.value)}
          // The whole name on hover, where the select is narrower than it (presenter mode).
          title={presets.find((x) => x.id === p.presetId)?.name}
        >
          {p.presetId === '' && <option value="">— your own scenario —</option>}
          {presets.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name}
            </option>
          ))}
        </select>
      </label>
      <div className="header-tools">
        <button onClick={() => p.onDialog('gallery')} title="Every preset with its explanation and a guided tour (G)">
          Gallery
        </button>
        {p.onTour && (
          <button onClick={p.onTour} title="A guided tour of this preset">
            Tour
          </button>
        )}
        <button
          onClick={p.onParams}
          aria-pressed={p.params}
          data-tour="params"
          title="Every parameter with its unit, range and meaning (P)"
        >
          Parameters
        </button>
        <button onClick={p.onEdit} aria-pressed={p.editing} data-tour="edit" title="The scenario as JSON">
          Edit scenario
        </button>
        <button data-tour="sweep" onClick={p.onSweep} aria-pressed={p.sweeping}>
          Sweep &amp; compare
        </button>
        <button onClick={() => p.onDialog('share')} title="Link, CLI command, exports and import (S)">
          Share &amp; export
        </button>
        <button
          onClick={p.onPresenter}
          aria-pressed={p.presenter}
          title="Presenter mode: large text and thick lines for a projector (M)"
        >
          Presenter
        </button>
        <button onClick={p.onTheme} title="Light or dark theme (T)">
          {p.theme === 'dark' ? 'Light theme' : 'Dark theme'}
        </button>
        <button onClick={() => p.onDialog('help')} aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)">
          ?
        </button>
      </div>
    </header>
  );
}
