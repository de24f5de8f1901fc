import { useEffect, useLayoutEffect, useRef } from 'react';
import type { Speed } from '../engine/protocol';
import { SPEEDS } from '../panels/Playback';

export interface KeyActions {
  playing: boolean;
  speed: Speed;
  play: () => void;
  pause: () => void;
  /** One simulated second forward. */
  step: () => void;
  reset: () => void;
  setSpeed: (s: Speed) => void;
  toggleTheme: () => void;
  togglePresenter: () => void;
  toggleParams: () => void;
  openDialog: (d: 'gallery' | 'share' | 'help') => void;
  /** Escape: closes what is on top (a dialog, else the tour, else the Parameters panel). */
  dismiss: () => void;
}

/**
 * True when a key goes to what has the focus (typing in a field, a modifier held). Escape in a
 * parameter field (an input or a choice) still closes the panel; in the scenario editor (a
 * text area) it stays with the editor.
 */
function notForUs(e: KeyboardEvent): boolean {
  const t = e.target as HTMLElement | null;
  const fields = e.key === 'Escape' ? ['TEXTAREA'] : ['INPUT', 'TEXTAREA', 'SELECT'];
  return e.ctrlKey || e.metaKey || e.altKey || !!(t && (t.isContentEditable || fields.includes(t.tagName)));
}

/**
 * The keyboard shortcuts HelpDialog lists; ignored while typing in a field. One listener for the
 * app's life, calling the latest actions.
 */
export function useKeyboard(actions: KeyActions): void {
  // The latest actions, for callbacks that outlive a render (set once it commits, before any
  // effect or event handler runs; render itself never reads it).
  const a = useRef(actions);
  useLayoutEffect(() => {
    a.current = actions;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (notForUs(e)) return;
      const k = a.current;
      const t = e.target as HTMLElement | null;
      const i = SPEEDS.findIndex((x) => x.value === k.speed);
      switch (e.key) {
        case ' ':
          if (t?.tagName === 'BUTTON') return; // Space activates the focused button instead
          e.preventDefault();
          if (k.playing) k.pause();
          else k.play();
          break;
        case 'ArrowRight':
          e.preventDefault();
          k.step();
          break;
        case 'ArrowUp':
          e.preventDefault();
          k.setSpeed(SPEEDS[Math.min(SPEEDS.length - 1, i + 1)].value);
          break;
        case 'ArrowDown':
          e.preventDefault();
          k.setSpeed(SPEEDS[Math.max(0, i < 0 ? 1 : i - 1)].value);
          break;
        case 'r':
          k.reset();
          break;
        case 't':
          k.toggleTheme();
          break;
        case 'm':
          k.togglePresenter();
          break;
        case 'p':
          k.toggleParams();
          break;
        case 'g':
          k.openDialog('gallery');
          break;
        case 's':
          k.openDialog('share');
          break;
        case '?':
          k.openDialog('help');
          break;
        case 'Escape':
          k.dismiss();
          break;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
