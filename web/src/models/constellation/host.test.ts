import { beforeAll, describe, expect, it } from 'vitest';
import { harness } from '../../engine/hostHarness';
import { loadWasmForNode } from '../../engine/wasmNode';

beforeAll(() => loadWasmForNode());

describe('worker protocol with a constellation', () => {
  it('sends the constellation at load, then geometry and typed events with the frames', async () => {
    const { unpackGeometry } = await import('../../engine/geometry');
    const h = harness();
    h.client.load(JSON.stringify({ version: 1, model: 'constellation', duration_s: 3600, metrics: { bucket_s: 10 } }));
    const loaded = h.got.find((m) => m.type === 'run/loaded');
    if (loaded?.type !== 'run/loaded') throw new Error('not loaded');
    expect(loaded.info.model).toBe('constellation');
    expect(loaded.info.constellation?.sats).toHaveLength(66);
    expect(loaded.info.constellation?.sites.map((s) => s.name)).toEqual(['Atlantic ship', 'London']);
    expect(loaded.info.series.map((s) => s.id)).toEqual(['delay_ms', 'hops', 'seam']);

    const g0 = unpackGeometry(h.lastFrame().geometry!);
    expect(g0.n).toBe(66);
    expect(g0.route.length).toBeGreaterThan(0);
    expect(g0.delayMs).toBeGreaterThan(2.6);

    h.client.step(3600e9);
    const f = h.lastFrame();
    expect(f.finished).toBe(true);
    const kinds = new Set(f.topoEvents.map((e) => e.kind));
    expect(kinds.has('intra-orbital')).toBe(true);
    expect(kinds.has('link-down')).toBe(true);
    for (const e of f.topoEvents) expect(e.t_s).toBeLessThanOrEqual(3600);
  });
});
