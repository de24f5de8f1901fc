/**
 * Where a field named by the engine (`voip.lms.snr_ref_db`, `diffserv.classes[1].rate_bps`) sits
 * in the scenario's JSON text, so the editor can underline it. Uses the same JSON parser as the
 * editor's highlighting (`@lezer/json`), which keeps going past syntax errors.
 */
import { parser } from '@lezer/json';
import type { SyntaxNode } from '@lezer/common';

export interface Located {
  from: number;
  to: number;
  /** false: the field itself is absent; the range is the nearest enclosing field (or the whole text). */
  exact: boolean;
}

const VALUE = new Set(['Object', 'Array', 'String', 'Number', 'True', 'False', 'Null']);

/** `a.b[2].c` → ['a', 'b', 2, 'c']; a numeric dotted part (`a.2`) is an index too. */
export function pathParts(path: string): (string | number)[] {
  const parts: (string | number)[] = [];
  for (const piece of path.split('.')) {
    if (piece === '') continue;
    const m = /^([^[]*)((?:\[\d+\])*)$/.exec(piece);
    if (!m) {
      parts.push(piece);
      continue;
    }
    if (m[1] !== '') parts.push(/^\d+$/.test(m[1]) ? Number(m[1]) : m[1]);
    for (const idx of m[2].matchAll(/\[(\d+)\]/g)) parts.push(Number(idx[1]));
  }
  return parts;
}

function children(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) out.push(c);
  return out;
}

function keyOf(text: string, name: SyntaxNode): string {
  const raw = text.slice(name.from, name.to);
  try {
    return JSON.parse(raw) as string;
  } catch {
    return raw.replace(/^"|"$/g, '');
  }
}

/** The range of `path`'s value in `text` (for '' the whole text). */
export function locate(text: string, path: string): Located {
  const whole: Located = { from: 0, to: Math.min(text.length, 1), exact: path === '' };
  const top = parser.parse(text).topNode.firstChild;
  if (!top) return whole;
  let node: SyntaxNode = top;
  // The last property name on the way down: where an absent field is reported.
  let near: Located = whole;
  for (const part of pathParts(path)) {
    let next: SyntaxNode | null = null;
    if (typeof part === 'string' && node.name === 'Object') {
      for (const prop of children(node)) {
        if (prop.name !== 'Property') continue;
        const name = prop.getChild('PropertyName');
        if (name && keyOf(text, name) === part) {
          near = { from: name.from, to: name.to, exact: false };
          next = children(prop).find((c) => VALUE.has(c.name)) ?? null;
          if (!next) return near;
          break;
        }
      }
    } else if (typeof part === 'number' && node.name === 'Array') {
      next = children(node).filter((c) => VALUE.has(c.name))[part] ?? null;
    }
    if (!next) return near;
    node = next;
  }
  return { from: node.from, to: node.to, exact: true };
}
