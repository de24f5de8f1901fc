import { beforeAll, describe, expect, it } from 'vitest';
import { sgp4, twoline2satrec } from 'satellite.js';
import { loadWasmForNode, Simulation, sgp4Teme } from '../../engine/wasmNode';

/**
 * The engine's SGP4 (Rust `sgp4` crate, AFSPC mode) against satellite.js on the same element
 * sets: positions within 1 km over 24 h (docs/REPRODUCTION.md, issue "Iridium constellation" item 8).
 */
describe('SGP4: engine vs satellite.js', () => {
  const tles: [string, string][] = [];

  beforeAll(() => {
    loadWasmForNode();
    const sim = new Simulation(JSON.stringify({ version: 1, model: 'constellation', duration_s: 60 }));
    const info = sim.constellationInfo() as { tle_text: string; sats: unknown[] };
    sim.free();
    const lines = info.tle_text.split('\n').filter((l) => l.startsWith('1 ') || l.startsWith('2 '));
    for (let i = 0; i < lines.length; i += 2) tles.push([lines[i], lines[i + 1]]);
    expect(tles).toHaveLength(info.sats.length);
  });

  it('agrees within 1 km for every Iridium satellite over 24 h', () => {
    const minutes = Float64Array.from({ length: 97 }, (_, i) => i * 15); // 0..1440 min
    let worst = 0;
    for (const [l1, l2] of tles) {
      const engine = sgp4Teme(l1, l2, minutes);
      const rec = twoline2satrec(l1, l2);
      minutes.forEach((m, i) => {
        const p = sgp4(rec, m);
        if (!p || typeof p.position !== 'object' || !p.position) throw new Error(`satellite.js failed at ${m} min`);
        const { x, y, z } = p.position;
        const d = Math.hypot(x - engine[3 * i], y - engine[3 * i + 1], z - engine[3 * i + 2]);
        worst = Math.max(worst, d);
      });
    }
    expect(worst).toBeLessThan(1);
  });

  it('agrees on a real element set too (ISS, CelesTrak format example)', () => {
    const l1 = '1 25544U 98067A   08264.51782528 -.00002182  00000-0 -11606-4 0  2927';
    const l2 = '2 25544  51.6416 247.4627 0006703 130.5360 325.0288 15.72125391563537';
    const minutes = Float64Array.from({ length: 49 }, (_, i) => i * 30);
    const engine = sgp4Teme(l1, l2, minutes);
    const rec = twoline2satrec(l1, l2);
    minutes.forEach((m, i) => {
      const p = sgp4(rec, m);
      const { x, y, z } = (p as { position: { x: number; y: number; z: number } }).position;
      expect(Math.hypot(x - engine[3 * i], y - engine[3 * i + 1], z - engine[3 * i + 2])).toBeLessThan(1);
    });
  });

  it('reports a bad line with its reason', () => {
    expect(() => sgp4Teme('1 25544U garbage', '2 25544', new Float64Array([0]))).toThrow(
      /line 1: is 16 characters long/,
    );
  });
});
