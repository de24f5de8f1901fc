import { describe, expect, it } from 'vitest';
import { spaceToggles, typingIn } from './useKeyboard';

/** A stand-in for a focused element: its tag, input type, and whether it shows keyboard focus. */
const el = (tagName: string, o: { type?: string; editable?: boolean; focusVisible?: boolean } = {}) =>
  ({
    tagName,
    type: o.type ?? '',
    isContentEditable: !!o.editable,
    matches: (sel: string) => sel === ':focus-visible' && !!o.focusVisible,
  }) as unknown as Element;

describe('Space', () => {
  it('plays and pauses on the page, on a button (even one just clicked), a link and the progress slider', () => {
    expect(spaceToggles(null)).toBe(true);
    expect(spaceToggles(el('BODY'))).toBe(true);
    expect(spaceToggles(el('BUTTON'))).toBe(true);
    expect(spaceToggles(el('BUTTON', { focusVisible: true }))).toBe(true);
    expect(spaceToggles(el('A'))).toBe(true);
    expect(spaceToggles(el('INPUT', { type: 'range' }))).toBe(true);
  });

  it('types while typing: text fields, a select, the scenario editor (contenteditable), a text area', () => {
    for (const type of ['text', 'number', 'search', 'url', ''])
      expect(spaceToggles(el('INPUT', { type })), type).toBe(false);
    expect(spaceToggles(el('SELECT'))).toBe(false);
    expect(spaceToggles(el('DIV', { editable: true }))).toBe(false);
    expect(spaceToggles(el('TEXTAREA'))).toBe(false);
  });

  it('ticks a checkbox reached with the keyboard, and plays after a checkbox was clicked', () => {
    expect(spaceToggles(el('INPUT', { type: 'checkbox', focusVisible: true }))).toBe(false);
    expect(spaceToggles(el('INPUT', { type: 'radio', focusVisible: true }))).toBe(false);
    expect(spaceToggles(el('INPUT', { type: 'checkbox' }))).toBe(true);
  });

  it('typingIn tells text entry from other controls', () => {
    expect(typingIn(el('INPUT', { type: 'text' }))).toBe(true);
    expect(typingIn(el('INPUT', { type: 'checkbox' }))).toBe(false);
    expect(typingIn(el('BUTTON'))).toBe(false);
  });
});
