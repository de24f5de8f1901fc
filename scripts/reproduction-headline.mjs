// Rewrites the opening table of docs/REPRODUCTION.md ("Headline findings at each paper's one
// configuration") from the headline table in each paper's section (the tables that
// scripts/paper000.mjs, paper002.mjs, paper003.mjs and paper004.mjs print, and paper 001's).
// Run it after pasting a paper's regenerated section: `node scripts/reproduction-headline.mjs`.
// web/src/reproductionDocs.test.ts fails while the two disagree.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const file = fileURLToPath(new URL('../docs/REPRODUCTION.md', import.meta.url));
const doc = readFileSync(file, 'utf8');
const HEADER = '| paper | finding |';
const opening = doc.indexOf("## Headline findings at each paper's one configuration");
if (opening < 0) throw new Error('docs/REPRODUCTION.md has no opening table of headline findings');
const start = doc.indexOf(HEADER, opening);

/** The table lines (header and separator left out) under the header line at `at`. */
function rowsAfter(text, at) {
  const lines = text.slice(at).split('\n').slice(2);
  const end = lines.findIndex((l) => !l.startsWith('|'));
  return lines.slice(0, end < 0 ? lines.length : end);
}

const rows = [...doc.matchAll(/^\| finding \| paper (00\d) \|/gm)]
  .sort((a, b) => a[1].localeCompare(b[1]))
  .flatMap((m) => rowsAfter(doc, m.index).map((r) => `| ${m[1]} ${r}`));
const old = rowsAfter(doc, start);
const before = doc.slice(0, start);
const after = doc
  .slice(start)
  .split('\n')
  .slice(2 + old.length)
  .join('\n');
const header = doc.slice(start).split('\n').slice(0, 2);
writeFileSync(file, [before + header[0], header[1], ...rows, after].join('\n'));
console.log(`${rows.length} rows from ${new Set(rows.map((r) => r.slice(2, 5))).size} papers`);
