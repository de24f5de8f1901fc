/**
 * The e2e specs take `test` from e2e/fixtures.ts, whose automatic `watch` fixture aborts and
 * reports requests that leave the machine and fails on console errors. A spec importing `test`
 * from '@playwright/test' would silently run without it, so this check reads the specs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dir = new URL('../../e2e/', import.meta.url);
const specs = readdirSync(dir)
  .filter((f) => f.endsWith('.spec.ts'))
  .map((f) => ({ file: f, text: readFileSync(new URL(f, dir), 'utf8') }));

/** Every import statement's clause and module (`import x, { y } from 'z'`), comments removed. */
function imports(text: string): { clause: string; from: string }[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(/\bimport\s+([^'"]*?)\s*from\s*['"]([^'"]+)['"]/g)].map((m) => ({
    clause: m[1].trim(),
    from: m[2],
  }));
}

describe('e2e specs', () => {
  it('exist', () => {
    expect(specs.length).toBeGreaterThan(0);
  });

  it("take `test` from ./fixtures, and nothing but types from '@playwright/test'", () => {
    for (const { file, text } of specs) {
      const all = imports(text);
      const fromFixtures = all.filter((i) => i.from === './fixtures').map((i) => i.clause);
      expect(
        fromFixtures.some((c) => /\{[^}]*\btest\b[^}]*\}/.test(c)),
        `${file} imports test from ./fixtures`,
      ).toBe(true);
      for (const i of all.filter((x) => x.from === '@playwright/test' || x.from.startsWith('@playwright/test/'))) {
        expect(i.clause, `${file}: only \`import type\` from '@playwright/test' (use ./fixtures)`).toMatch(
          /^type\s+\{/,
        );
      }
      // No other way round the fixtures (a dynamic import or require of the runner).
      expect(text, file).not.toMatch(/(import|require)\s*\(\s*['"]@playwright\/test['"]/);
    }
  });

  it('get the watch fixture without asking for it', () => {
    const fixtures = readFileSync(new URL('fixtures.ts', dir), 'utf8');
    expect(fixtures).toMatch(/\{\s*auto:\s*true\s*\}/);
  });
});
