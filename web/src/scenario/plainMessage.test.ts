import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { plainMessage } from './plainMessage';

describe('plain messages', () => {
  it('rewrite serde type messages as the engine does (the shared table of cases)', () => {
    const cases = JSON.parse(
      readFileSync(
        new URL('../../../engine-wasm/crates/engine/tests/fixtures/plain-messages.json', import.meta.url),
        'utf8',
      ),
    ) as [string, string][];
    expect(cases.length).toBeGreaterThan(10);
    for (const [serde, plain] of cases) expect(plainMessage(serde), serde).toBe(plain);
  });
});
