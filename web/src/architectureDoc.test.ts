/**
 * docs/ARCHITECTURE.md's diagram is the map of the folders: every folder of the layers it draws
 * (the repository's top level, the crates, the engine's source and its models, the web app's
 * source and its models) is a box in the subgraph of its parent, and every box names a folder
 * that exists. A folder added without a box, or a box left after its folder moved, fails here.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const doc = readFileSync(new URL('docs/ARCHITECTURE.md', root), 'utf8');
const mermaid = /```mermaid\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';

/** The folders the repository tracks directly under `dir` (built and ignored ones left out). */
function folders(dir: string, ignore: string[] = []): string[] {
  const url = new URL(dir === '.' ? './' : `${dir}/`, root);
  return readdirSync(url)
    .filter((f) => !f.startsWith('.') && !ignore.includes(f) && statSync(new URL(f, url)).isDirectory())
    .sort();
}

/** Each subgraph's title and the folder names its boxes carry (`name/` at a label's start). */
function subgraphs(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const stack: string[] = [];
  for (const line of text.split('\n').map((l) => l.trim())) {
    const open = /^subgraph \w+\["([^"]+)"\]/.exec(line);
    if (open) {
      stack.push(open[1]);
      out.set(open[1], out.get(open[1]) ?? []);
      continue;
    }
    if (line === 'end') {
      stack.pop();
      continue;
    }
    const box = /^\w+\["([\w.-]+)\/[ <"]/.exec(line);
    // A box belongs to every subgraph around it (the shared components sit inside the engine's
    // source).
    if (box) for (const title of stack) out.get(title)!.push(box[1]);
  }
  return out;
}

const drawn = subgraphs(mermaid);

/** The parent folder each subgraph stands for, and the folders under it the page must show. */
const areas: [string, string, string[]][] = [
  ['repository root', '.', folders('.', ['node_modules', 'dist', 'reports', 'test-results', 'web', 'engine-wasm'])],
  ['engine-wasm/crates', 'engine-wasm/crates', folders('engine-wasm/crates')],
  ['engine-wasm/crates/engine/src', 'engine-wasm/crates/engine/src', folders('engine-wasm/crates/engine/src')],
  [
    'engine-wasm/crates/engine/src/models',
    'engine-wasm/crates/engine/src/models',
    folders('engine-wasm/crates/engine/src/models'),
  ],
  ['web/src', 'web/src', folders('web/src')],
  ['web/src/models', 'web/src/models', folders('web/src/models')],
];

describe('docs/ARCHITECTURE.md', () => {
  it('has a Mermaid diagram with a subgraph for each area', () => {
    expect(mermaid).toMatch(/^flowchart/);
    for (const [title] of areas) expect([...drawn.keys()], title).toContain(title);
  });

  for (const [title, dir, present] of areas) {
    it(`draws every folder of ${dir === '.' ? 'the repository root' : dir}, and no folder that is not there`, () => {
      expect(present.length, dir).toBeGreaterThan(0);
      const boxes = drawn.get(title) ?? [];
      const missing = present.filter((f) => !boxes.includes(f));
      expect(missing, `folders missing from the diagram's "${title}"`).toEqual([]);
      // A box for a folder the build makes (web/src/wasm) is marked "(built)" and may be absent
      // before the first build.
      const built = [...mermaid.matchAll(/\["([\w.-]+)\/ \(built\)/g)].map((m) => m[1]);
      const gone = boxes.filter((b) => !present.includes(b) && !built.includes(b));
      expect(gone, `boxes in "${title}" whose folder does not exist`).toEqual([]);
    });
  }

  it('is linked from the README', () => {
    expect(readFileSync(new URL('README.md', root), 'utf8')).toMatch(/\]\(docs\/ARCHITECTURE\.md\)/);
  });

  it('names files that exist', () => {
    // Paths in backticks that look like repository paths with an extension.
    const named = [...doc.matchAll(/`((?:web|engine-wasm|e2e|scripts|examples|docs)\/[\w./<>-]+\.\w+)`/g)].map(
      (m) => m[1],
    );
    for (const p of named.filter((x) => !x.includes('<') && !x.includes('*')))
      expect(existsSync(new URL(p, root)), p).toBe(true);
  });
});
