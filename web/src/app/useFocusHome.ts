import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), ' +
  'button:not([disabled]), [href], [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** The elements of `root` the keyboard can reach, in order. */
export function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

/**
 * A dialog or panel's keyboard home: when it opens it takes the focus (the element `first`
 * selects, `[data-autofocus]` by default, else its first focusable one; or keeps it where a part
 * of it has put it), a modal dialog (`trap`) keeps Tab and Shift+Tab inside
 * it, and when it closes the focus goes back to what had it before (the button or key that opened
 * it), unless the user has moved it somewhere else that is still on the page.
 */
export function useFocusHome(
  ref: RefObject<HTMLElement | null>,
  { trap = false, first: firstSelector = '[data-autofocus]' } = {},
): void {
  const opener = useRef<Element | null>(null);
  // What had the focus, read before any effect of the opening (a child's) moves it; and given
  // back while the closing element is still on the page (in the commit that removes it, before
  // what opens in its place reads the focus as its own opener: the gallery's *Start the lab*).
  useLayoutEffect(() => {
    opener.current = document.activeElement;
    const root = ref.current;
    return () => {
      const back = opener.current as HTMLElement | null;
      const now = document.activeElement;
      // Back to the opener when the focus is inside (about to go with it) or nowhere.
      const lost = !now || now === document.body || !!root?.contains(now) || !now.isConnected;
      if (lost && back && back !== document.body && back.isConnected && !root?.contains(back))
        back.focus({ preventScroll: true });
    };
  }, [ref]);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    if (!root.contains(document.activeElement)) {
      const first = root.querySelector<HTMLElement>(firstSelector) ?? focusables(root)[0] ?? root;
      if (first === root && !root.hasAttribute('tabindex')) root.tabIndex = -1;
      first.focus();
    }
    const onKey = (e: KeyboardEvent) => {
      if (!trap || e.key !== 'Tab') return;
      const all = focusables(root);
      if (all.length === 0) return;
      const [a, z] = [all[0], all[all.length - 1]];
      const inside = root.contains(document.activeElement);
      if (e.shiftKey && (document.activeElement === a || !inside)) {
        e.preventDefault();
        z.focus();
      } else if (!e.shiftKey && (document.activeElement === z || !inside)) {
        e.preventDefault();
        a.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [ref, trap, firstSelector]);
}
