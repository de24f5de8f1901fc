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
  /** The next / previous packet event, the next loss (models with a packet trace). */
  nextEvent: () => void;
  prevEvent: () => void;
  nextLoss: () => void;
  toggleTheme: () => void;
  togglePresenter: () => void;
  toggleParams: () => void;
  openDialog: (d: 'gallery' | 'share' | 'help') => void;
  /** Pages presenter mode's one chart at a time by -1 or +1; null while that view is off (the
   * arrows then step, and PageUp/PageDown scroll as usual). */
  pageChart: ((by: number) => void) | null;
  /** Escape: closes what is on top (a dialog, else the tour, else the Parameters panel). */
  dismiss: () => void;
}

/** Input types that take no typing: Space there plays and pauses. */
const UNTYPED_INPUTS = ['button', 'checkbox', 'color', 'file', 'image', 'radio', 'range', 'reset', 'submit'];

/** Whether keys typed at `t` are text (a text field, a select, the scenario editor). */
export function typingIn(t: Element | null): boolean {
  if (!t) return false;
  if ((t as HTMLElement).isContentEditable || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT') return true;
  return t.tagName === 'INPUT' && !UNTYPED_INPUTS.includes((t as HTMLInputElement).type);
}

/**
 * Whether Space plays or pauses: everywhere (on a button too, which Space would otherwise press
 * again after a click: a presentation remote's "next" is Space) except while typing, and on a
 * checkbox or radio reached with the keyboard (Space is the only key that ticks it).
 */
export function spaceToggles(t: Element | null): boolean {
  if (typingIn(t)) return false;
  const tickable = t?.tagName === 'INPUT' && ['checkbox', 'radio'].includes((t as HTMLInputElement).type);
  return !(tickable && t.matches(':focus-visible'));
}

/**
 * True when a key goes to what has the focus (typing in a field, a modifier held, or a key the
 * focused element already used, e.g. Esc closing the editor's search). Escape in a parameter
 * field (an input or a choice) still closes the panel; the scenario editor closes itself on Esc.
 */
function notForUs(e: KeyboardEvent): boolean {
  const t = e.target as HTMLElement | null;
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return true;
  if (e.key === ' ') return !spaceToggles(t);
  if (e.key === 'Escape') return !!(t && (t.isContentEditable || t.tagName === 'TEXTAREA'));
  return !!(t && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName)));
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
      const i = SPEEDS.findIndex((x) => x.value === k.speed);
      switch (e.key) {
        case ' ':
          e.preventDefault(); // not a press of the focused button, nor a scroll
          if (k.playing) k.pause();
          else k.play();
          break;
        case 'ArrowRight':
          e.preventDefault();
          if (k.pageChart) k.pageChart(1);
          else k.step();
          break;
        case 'ArrowLeft':
        case 'PageUp':
        case 'PageDown':
          // A presentation clicker sends PageUp/PageDown (some send ←/→): only the one chart
          // at a time view takes them.
          if (!k.pageChart) break;
          e.preventDefault();
          k.pageChart(e.key === 'PageDown' ? 1 : -1);
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
        case 'n':
          k.nextEvent();
          break;
        case 'b':
          k.prevEvent();
          break;
        case 'l':
          k.nextLoss();
          break;
        case 't':
          k.toggleTheme();
          break;
        case 'm':
          k.togglePresenter();
          break;
        case 'p':
          e.preventDefault(); // the key is not typed into the field that opens with it
          k.toggleParams();
          break;
        case 'g':
          e.preventDefault(); // the key is not typed into the field that opens with it
          k.openDialog('gallery');
          break;
        case 's':
          e.preventDefault(); // the key is not typed into the field that opens with it
          k.openDialog('share');
          break;
        case '?':
          e.preventDefault(); // the key is not typed into the field that opens with it
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
