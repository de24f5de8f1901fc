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

  it('wait on the page, never for a fixed span of wall time', () => {
    // A fixed sleep decides a result by the clock: too short on a busy machine (a flaky
    // failure), or long enough to hide what it should have caught. Specs wait on an attribute, a
    // text, the page's frames (`frames` in fixtures.ts) or the page's own clock.
    for (const { file, text } of [
      ...specs,
      { file: 'fixtures.ts', text: readFileSync(new URL('fixtures.ts', dir), 'utf8') },
    ]) {
      expect(text, `${file}: waitForTimeout`).not.toMatch(/\bwaitForTimeout\s*\(/);
      expect(text, `${file}: a sleep on setTimeout`).not.toMatch(/new Promise[^;]*\bsetTimeout\s*\(/);
    }
  });

  it('lower no ceiling below the configured one', () => {
    // The configured ceilings (playwright.config.ts) are sized for a busy 2-core machine; a spec
    // may raise its own for long work, never lower it.
    const config = readFileSync(new URL('../playwright.config.ts', dir), 'utf8');
    const testCeiling = Number(/\n\s*timeout: ([\d_]+),/.exec(config)![1].replace(/_/g, ''));
    const expectCeiling = Number(/expect: \{ timeout: ([\d_]+) \}/.exec(config)![1].replace(/_/g, ''));
    for (const { file, text } of specs) {
      for (const m of text.matchAll(/test\.setTimeout\(([\d_]+)\)/g))
        expect(Number(m[1].replace(/_/g, '')), `${file}: test.setTimeout(${m[1]})`).toBeGreaterThanOrEqual(testCeiling);
      for (const m of text.matchAll(/\btimeout: ([\d_]+)/g))
        expect(Number(m[1].replace(/_/g, '')), `${file}: timeout: ${m[1]}`).toBeGreaterThan(expectCeiling);
    }
  });

  it('get the watch fixture without asking for it', () => {
    const fixtures = readFileSync(new URL('fixtures.ts', dir), 'utf8');
    expect(fixtures).toMatch(/\{\s*auto:\s*true\s*\}/);
  });
});
