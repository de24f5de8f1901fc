import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** A step of 1, 2 or 5 times a power of ten, about a hundredth of a run of `endS` seconds. */
export function seekStep(endS: number): number {
  if (!(endS > 0)) return 1;
  const raw = endS / 100;
  const p = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw * 0.999) ?? 10 * p;
}

interface Props {
  nowS: number;
  endS: number;
  disabled: boolean;
  /** Goes to simulated second `tS` (a replay from zero when it is in the past). */
  onSeek: (tS: number) => void;
}

/**
 * The run's progress, which can be dragged or moved with the keyboard (←/→ one step, PageUp/
 * PageDown a tenth, Home/End): the run goes there when the thumb is let go (each key press is
 * one move), so a drag back replays the run once, not at every pixel.
 */
export function Seekbar({ nowS, endS, disabled, onSeek }: Props) {
  const el = useRef<HTMLInputElement>(null);
  /**
   * Where the thumb is held: while dragging (`at` null), then until the run reports a new time
   * (`at`: the time it showed when let go), so the thumb does not jump back meanwhile.
   */
  const [held, setHeld] = useState<{ t: number; at: number | null } | null>(null);
  const latest = useRef({ onSeek, nowS });
  useLayoutEffect(() => {
    latest.current = { onSeek, nowS };
  });
  // The native `change` comes when a drag ends or a key moved the thumb (React's onChange is
  // every `input`, each pixel of a drag).
  useEffect(() => {
    const input = el.current;
    if (!input) return;
    const onChange = () => {
      const t = Number(input.value);
      setHeld({ t, at: latest.current.nowS });
      latest.current.onSeek(t);
    };
    input.addEventListener('change', onChange);
    return () => input.removeEventListener('change', onChange);
  }, []);
  const value = held && (held.at === null || held.at === nowS) ? held.t : Math.min(nowS, endS);
  return (
    <input
      ref={el}
      type="range"
      className="seekbar"
      data-testid="seekbar"
      min={0}
      max={endS || 1}
      step={seekStep(endS)}
      value={value}
      disabled={disabled}
      aria-label="Position in the run (simulated seconds)"
      aria-valuetext={`${value.toFixed(1)} s of ${endS.toFixed(0)} s`}
      onChange={(e) => setHeld({ t: Number(e.target.value), at: null })}
    />
  );
}
