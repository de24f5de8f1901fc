/**
 * The links the app writes for the presets' scenarios, pinned as plain data (one per preset id):
 * __snapshots__/preset-links.json in the current scenario format, and
 * __snapshots__/preset-links-v1.json as written in format 1 (every link shared before format 2),
 * which is never rewritten. Opened unchanged a preset is `#p=<id>`; once edited it is
 * `#s=<scenario>`: the engine's scenario with the engine's defaults elided, deflated and written
 * in base64url (link.ts). Links already shared must keep opening the same runs after a change of
 * the scenario format, so these stay as they are and must keep decoding to their presets. Rewrite
 * them (`npx vitest run -u`) only when a preset itself changes on purpose, never for a change of
 * format: then the old links are exactly what must keep opening.
 *
 * The deflate bytes come from the platform's CompressionStream: Node's zlib here, while
 * Chromium's compresses the same scenario to other (equally valid) bytes, so the app in a browser
 * writes a different `#s=` text that decodes to the same scenario. What is pinned is what the
 * links open; e2e/links.spec.ts opens each one in the browser. A Node whose zlib compresses
 * differently fails the first test without any link being broken: check the second, then `-u`.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { allDefaultsJson, loadWasmForNode, Simulation } from '../engine/wasmNode';
import { decodeLink, elideDefaults, encodeLink } from './link';
import earlierNotes from './earlierNotes.json';
import { presets, withTodaysNotes } from './presets';

const SNAPSHOT = './__snapshots__/preset-links.json';
/** Links written before scenario format 2: they must keep opening the same runs. */
const SNAPSHOT_V1 = './__snapshots__/preset-links-v1.json';

type Json = Parameters<typeof elideDefaults>[0];

/**
 * Presets changed on purpose after their format-1 links were shared, with the values those links
 * carry (the engine's defaults then and now, elided from the links). An old link keeps opening
 * the run it shared, so it differs from today's preset in exactly these fields.
 * - The paper-004 Iridium presets took the ISL settings of ns-2's Iridium model, which the paper
 *   ran (docs/REPRODUCTION.md "ISL settings").
 */
const CHANGED_SINCE_V1: Record<string, Record<string, unknown>> = {
  'iridium-ship-london': { polar_cutoff_deg: 68, isl_pairing: 'ahead' },
  'iridium-la-hawaii': { polar_cutoff_deg: 68, isl_pairing: 'ahead' },
};

/** A preset's scenario as its format-1 link shared it. */
function asSharedInV1(id: string, json: string): string {
  const changed = CHANGED_SINCE_V1[id];
  if (!changed) return json;
  const s = JSON.parse(json) as { constellation: Record<string, unknown> };
  s.constellation = { ...s.constellation, ...changed };
  return JSON.stringify(s);
}

/** The scenario as the engine reads it, every default written out (what the app links). */
function engineScenario(json: string): string {
  const sim = new Simulation(json);
  try {
    return sim.scenarioJson();
  } finally {
    sim.free();
  }
}

/** The link the app writes for a scenario that is not an unchanged preset, without the view. */
async function scenarioLink(json: string, defaults: Json): Promise<string> {
  const elided = elideDefaults(JSON.parse(engineScenario(json)) as Json, defaults);
  return encodeLink({ scenario: JSON.stringify(elided), view: {} });
}

beforeAll(() => loadWasmForNode());

describe('preset links', () => {
  it('are the pinned ones', async () => {
    const defaults = JSON.parse(allDefaultsJson()) as Json;
    const links: Record<string, string> = {};
    for (const p of presets) links[p.id] = await scenarioLink(p.json, defaults);
    for (const link of Object.values(links)) expect(link).toMatch(/^#s=[A-Za-z0-9_-]+$/);
    await expect(`${JSON.stringify(links, null, 2)}\n`).toMatchFileSnapshot(SNAPSHOT);
  });

  for (const [name, file] of [
    ['current', SNAPSHOT],
    ['format 1', SNAPSHOT_V1],
  ]) {
    it(`pinned (${name}), open the presets they were written for`, async () => {
      const pinned = JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as Record<string, string>;
      if (file === SNAPSHOT) expect(Object.keys(pinned).sort()).toEqual(presets.map((p) => p.id).sort());
      // Format 1 links exist for the presets of that time: each still has its preset.
      else expect(presets.map((p) => p.id)).toEqual(expect.arrayContaining(Object.keys(pinned)));
      for (const p of presets.filter((x) => x.id in pinned)) {
        const r = await decodeLink(pinned[p.id]);
        expect(r.ok, p.id).toBe(true);
        if (!r.ok) continue;
        expect(r.state.preset, p.id).toBeUndefined();
        expect(r.state.view, p.id).toEqual({});
        // The engine reads the link (migrating format 1) as exactly the preset's scenario (as
        // it was shared, for a preset changed since), once the app gives a link that carries
        // notes the preset published earlier today's notes (withTodaysNotes).
        expect(engineScenario(withTodaysNotes(r.state.scenario!)), p.id).toBe(
          engineScenario(file === SNAPSHOT_V1 ? asSharedInV1(p.id, p.json) : p.json),
        );
        if (file === SNAPSHOT_V1 && p.id in CHANGED_SINCE_V1)
          expect(engineScenario(r.state.scenario!), `${p.id} has changed since`).not.toBe(engineScenario(p.json));
      }
    });
  }

  it('format 1 links replay the same runs as their presets', async () => {
    const pinned = JSON.parse(readFileSync(new URL(SNAPSHOT_V1, import.meta.url), 'utf8')) as Record<string, string>;
    for (const id of ['mm1-load-0.8', 'pss-b1-known-ef']) {
      const p = presets.find((x) => x.id === id)!;
      const r = await decodeLink(pinned[id]);
      if (!r.ok) throw new Error(id);
      expect(JSON.parse(r.state.scenario!).version, id).toBe(1);
      const run = (json: string) => {
        const sim = new Simulation(json);
        try {
          sim.runToEnd();
          return JSON.parse(sim.resultsJson()).summary as unknown;
        } finally {
          sim.free();
        }
      };
      expect(run(r.state.scenario!), id).toEqual(run(p.json));
    }
  });

  it("earlier notes belong to presets and are not today's, and only they are replaced", () => {
    for (const [id, notes] of Object.entries(earlierNotes as Record<string, string[]>)) {
      const p = presets.find((x) => x.id === id);
      expect(p, id).toBeDefined();
      for (const n of notes) expect(n, id).not.toBe(p!.description);
      const old = JSON.stringify({ ...JSON.parse(p!.json), description: notes[0] });
      expect(JSON.parse(withTodaysNotes(old)).description, id).toBe(p!.description);
      const mine = JSON.stringify({ ...JSON.parse(p!.json), description: 'my own notes' });
      expect(withTodaysNotes(mine), id).toBe(mine);
    }
  });
});
