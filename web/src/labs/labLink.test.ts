// @vitest-environment jsdom
/**
 * The lab panel's links (`useLabLinks`): for anyone and for a class, only the class's once the
 * lab came from a class's link, and what to share instead when the lab does not fit in a link.
 */
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeLink, MAX_LINK_CHARS } from '../scenario/link';
import { findLab } from './catalog';
import { useLabLinks } from './labLink';
import type { OpenLab } from './useLab';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Links = ReturnType<typeof useLabLinks>;

let root: Root;
let host: HTMLElement;
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

/** The links the hook gives for `open`, once it has made them. */
async function linksOf(open: OpenLab): Promise<NonNullable<Links>> {
  let got: Links = null;
  function Probe() {
    got = useLabLinks(open);
    return null;
  }
  await act(async () => root.render(createElement(Probe)));
  for (let i = 0; i < 50 && got === null; i++) await act(() => new Promise<void>((r) => setTimeout(r, 0)));
  expect(got, 'the links were made').not.toBeNull();
  return got!;
}

/** Text that deflate cannot shrink much: random letters and digits (a fixed generator). */
function incompressible(chars: number): string {
  let x = 12345;
  let out = '';
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  for (let i = 0; i < chars; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out += abc[(x >>> 16) % abc.length];
  }
  return out;
}

const shipped = (hide: boolean): OpenLab => {
  const l = findLab('harq')!;
  return { id: l.id, lab: l.lab, json: l.json, hide };
};

describe('useLabLinks', () => {
  it('gives a shipped lab its link and its class link, both within the budget', async () => {
    const links = await linksOf(shipped(false));
    expect(links.tooLong).toBeNull();
    expect(links.open).toMatch(/#l=harq$/);
    expect(links.forClass).toMatch(/#l=harq&h=1$/);
  });

  it("offers only the class's link for a lab opened from a class's link", async () => {
    const links = await linksOf(shipped(true));
    expect(links.open).toBeNull();
    expect(links.forClass).toMatch(/#l=harq&h=1$/);
  });

  it('carries a written lab in its link, which opens the same text', async () => {
    const l = findLab('pss-credit')!;
    const links = await linksOf({ id: null, lab: l.lab, json: l.json, hide: false });
    expect(links.tooLong).toBeNull();
    const decoded = await decodeLink(links.forClass.slice(links.forClass.indexOf('#')));
    expect(decoded.ok && decoded.state.lab).toEqual({ json: l.json, hide: true });
  });

  it('says what to share instead when the lab does not fit in a link', async () => {
    const l = findLab('pss-credit')!;
    // A written lab whose text deflates to more than a link may carry.
    const json = JSON.stringify({ ...JSON.parse(l.json), note: incompressible(MAX_LINK_CHARS) });
    const links = await linksOf({ id: null, lab: l.lab, json, hide: false });
    expect(links.tooLong).toMatch(
      /^This lab is [\d,]+ characters as a link, above the 200,000 a link may carry: share the lab's file instead\.$/,
    );
    const size = Number(/^This lab is ([\d,]+)/.exec(links.tooLong!)![1].replace(/,/g, ''));
    expect(size).toBeGreaterThan(MAX_LINK_CHARS);
    expect(size).toBe(links.forClass.length - links.forClass.indexOf('#') - 1);
  });
});
