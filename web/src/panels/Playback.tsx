import type { Speed } from '../engine/protocol';
import { Seekbar } from './Seekbar';

export const SPEEDS: { label: string; value: Speed }[] = [
  { label: '0.1×', value: 0.1 },
  { label: '1×', value: 1 },
  { label: '10×', value: 10 },
  { label: '100×', value: 100 },
  { label: '1000×', value: 1000 },
  { label: 'max', value: 'max' },
];

interface Props {
  playing: boolean;
  finished: boolean;
  loaded: boolean;
  speed: Speed;
  nowNs: number;
  endNs: number;
  events: number;
  onPlay: () => void;
  onPause: () => void;
  onStep: () => void;
  onReset: () => void;
  onSpeed: (s: Speed) => void;
  /** Goes to simulated second `tS` and pauses (the progress bar, dragged). */
  onSeek: (tS: number) => void;
}

/** Play, pause, step, reset, speed, the run's position (a slider) and the simulated clock. */
export function Playback(p: Props) {
  const now = p.nowNs / 1e9;
  const end = p.endNs / 1e9;
  return (
    <div className="playback" role="toolbar" aria-label="Playback">
      {p.playing ? (
        <button onClick={p.onPause} aria-label="Pause">
          ❚❚ Pause
        </button>
      ) : (
        <button onClick={p.onPlay} disabled={!p.loaded || p.finished} aria-label="Play">
          ▶ Play
        </button>
      )}
      <button onClick={p.onStep} disabled={!p.loaded || p.finished} title="Advance 1 simulated second, then pause">
        Step +1 s
      </button>
      <button onClick={p.onReset} disabled={!p.loaded} aria-label="Reset">
        ↺ Reset
      </button>
      <label className="speed">
        Speed
        <select
          aria-label="Speed (simulated seconds per second)"
          value={String(p.speed)}
          onChange={(e) => p.onSpeed(e.target.value === 'max' ? 'max' : Number(e.target.value))}
        >
          {SPEEDS.map((s) => (
            <option key={s.label} value={String(s.value)}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <Seekbar nowS={now} endS={end} disabled={!p.loaded} onSeek={p.onSeek} />
      <span className="clock" data-testid="sim-time" data-now-ns={p.nowNs}>
        t = {now.toFixed(3)} s / {end.toFixed(0)} s
      </span>
      <span className="events" data-testid="events">
        {p.events.toLocaleString('en-US')} events{p.finished ? ' · finished' : ''}
      </span>
    </div>
  );
}
