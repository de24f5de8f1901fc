/**
 * App.tsx is layout and wiring: state that belongs to a panel or a feature lives in its own hook
 * or component (web/src/app/). This keeps it so: a file past the limit has taken on a feature.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

/** Most lines App.tsx may have. */
const MAX_APP_LINES = 299;

it(`App.tsx stays under ${MAX_APP_LINES + 1} lines`, () => {
  const text = readFileSync(new URL('App.tsx', import.meta.url), 'utf8');
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  expect(
    lines,
    'App.tsx: move the state of a panel or feature into a hook or component in web/src/app/',
  ).toBeLessThanOrEqual(MAX_APP_LINES);
});
