import { useEffect, useState } from 'react';
import { encodeLink, MAX_LINK_CHARS, type LabLink } from '../scenario/link';
import { findLab } from './catalog';
import { parseLab } from './lab';
import type { OpenLab } from './useLab';

/** The lab a link names, or why it cannot open. */
export function resolveLab(link: LabLink): OpenLab | string {
  if (link.id !== undefined) {
    const shipped = findLab(link.id);
    if (!shipped) return `link: there is no lab \`${link.id}\` (see the gallery for the labs)`;
    return { id: shipped.id, lab: shipped.lab, json: shipped.json, hide: !!link.hide };
  }
  const parsed = parseLab(link.json ?? '');
  if (!parsed.ok) return `link: its lab cannot be opened: ${parsed.errors.slice(0, 3).join('; ')}`;
  return { id: null, lab: parsed.lab, json: link.json!, hide: !!link.hide };
}

/** The link part of an open lab. */
export function labLinkOf(open: OpenLab, hide = open.hide): LabLink {
  return { ...(open.id ? { id: open.id } : { json: open.json }), ...(hide ? { hide: true as const } : {}) };
}

/** Links that open `open`: for anyone, and for a class; or what to share when it is too long. A
 * lab opened from a class's link (`hide`) offers only the class's link again: a student's Share
 * must not hand out the link that shows every explanation before its step is answered. */
export function useLabLinks(open: OpenLab | null) {
  type Links = { open: string | null; forClass: string; tooLong: string | null };
  const [made, setMade] = useState<{ of: OpenLab; links: Links } | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    const base = window.location.origin + window.location.pathname;
    void Promise.all([
      open.hide ? null : encodeLink({ view: {}, lab: labLinkOf(open, false) }),
      encodeLink({ view: {}, lab: labLinkOf(open, true) }),
    ]).then(([a, b]) => {
      if (!live) return;
      const tooLong =
        b.length - 1 > MAX_LINK_CHARS
          ? `This lab is ${(b.length - 1).toLocaleString('en-GB')} characters as a link, above the ` +
            `${MAX_LINK_CHARS.toLocaleString('en-GB')} a link may carry: share the lab's file instead.`
          : null;
      setMade({ of: open, links: { open: a === null ? null : base + a, forClass: base + b, tooLong } });
    });
    return () => {
      live = false;
    };
  }, [open]);
  return made && made.of === open ? made.links : null;
}
