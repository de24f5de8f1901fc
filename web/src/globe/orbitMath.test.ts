import { describe, expect, it } from 'vitest';
import {
  coverageAngle,
  ecefFromGeodetic,
  footprintRing,
  geodeticFromEcef,
  orbitRingEcef,
  R_EARTH_KM,
} from './orbitMath';

describe('drawing geometry', () => {
  it('round-trips geodetic coordinates', () => {
    const g = geodeticFromEcef(ecefFromGeodetic(51.5, -0.1, 780));
    expect(g.lat).toBeCloseTo(51.5, 9);
    expect(g.lon).toBeCloseTo(-0.1, 9);
    expect(g.altKm).toBeCloseTo(780, 9);
  });

  it('orbit rings stay at the orbit radius and reach the inclination in latitude', () => {
    const ring = orbitRingEcef(31.6, 86.4, R_EARTH_KM + 780, 1.2);
    for (const p of ring) expect(Math.hypot(...p)).toBeCloseTo(R_EARTH_KM + 780, 6);
    const maxLat = Math.max(...ring.map((p) => geodeticFromEcef(p).lat));
    expect(maxLat).toBeGreaterThan(85.5);
    expect(maxLat).toBeLessThanOrEqual(86.4 + 1e-9);
  });

  it('the Iridium footprint at an 8.2 deg mask has a 2463 km slant range at its edge (paper 004 Fig. 3)', () => {
    const lambda = coverageAngle(780, 8.2);
    const sat = ecefFromGeodetic(10, 20, 780);
    const edge = footprintRing(sat, lambda, 8, 0)[3];
    expect(Math.hypot(sat[0] - edge[0], sat[1] - edge[1], sat[2] - edge[2])).toBeCloseTo(2463, -1);
  });
});
