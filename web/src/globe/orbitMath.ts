/**
 * Small geometry helpers for drawing (not for simulation: the engine computes every position
 * that matters). Spherical Earth, as the engine's link geometry.
 */
export const R_EARTH_KM = 6371;

export type Vec3 = [number, number, number];

const rad = (d: number) => (d * Math.PI) / 180;

/** ECEF [km] of a point on a circular orbit: RAAN `raanDeg`, inclination `incDeg`, argument
 * of latitude `uRad`, radius `rKm`, rotated into the Earth-fixed frame by `gmst` [rad]. */
export function orbitPointEcef(raanDeg: number, incDeg: number, uRad: number, rKm: number, gmst: number): Vec3 {
  const [O, i] = [rad(raanDeg), rad(incDeg)];
  const x = rKm * (Math.cos(O) * Math.cos(uRad) - Math.sin(O) * Math.sin(uRad) * Math.cos(i));
  const y = rKm * (Math.sin(O) * Math.cos(uRad) + Math.cos(O) * Math.sin(uRad) * Math.cos(i));
  const z = rKm * Math.sin(uRad) * Math.sin(i);
  const [c, s] = [Math.cos(gmst), Math.sin(gmst)];
  return [c * x + s * y, -s * x + c * y, z];
}

/** A closed ring of `n` points of the orbit (see orbitPointEcef). */
export function orbitRingEcef(raanDeg: number, incDeg: number, rKm: number, gmst: number, n = 90): Vec3[] {
  return Array.from({ length: n + 1 }, (_, k) => orbitPointEcef(raanDeg, incDeg, (2 * Math.PI * k) / n, rKm, gmst));
}

/** Latitude, longitude [deg] and altitude [km] of an ECEF point over the spherical Earth. */
export function geodeticFromEcef([x, y, z]: Vec3): { lat: number; lon: number; altKm: number } {
  const r = Math.hypot(x, y, z);
  return { lat: (Math.asin(z / r) * 180) / Math.PI, lon: (Math.atan2(y, x) * 180) / Math.PI, altKm: r - R_EARTH_KM };
}

/** ECEF [km] of a point at `altKm` over latitude/longitude [deg]. */
export function ecefFromGeodetic(latDeg: number, lonDeg: number, altKm = 0): Vec3 {
  const [la, lo] = [rad(latDeg), rad(lonDeg)];
  const r = R_EARTH_KM + altKm;
  return [r * Math.cos(la) * Math.cos(lo), r * Math.cos(la) * Math.sin(lo), r * Math.sin(la)];
}

/** Earth central angle [rad] of the coverage circle of a satellite at `altKm` for an elevation
 * mask `maskDeg`: lambda = 90 deg - e - asin(R cos e / (R + h)). */
export function coverageAngle(altKm: number, maskDeg: number): number {
  const e = rad(maskDeg);
  return Math.PI / 2 - e - Math.asin((R_EARTH_KM * Math.cos(e)) / (R_EARTH_KM + altKm));
}

/** The ground circle [km, ECEF] of angular radius `lambda` around the sub-satellite point of
 * `satKm`, lifted `liftKm` above the surface so it is drawn over the imagery. */
export function footprintRing(satKm: Vec3, lambda: number, n = 72, liftKm = 5): Vec3[] {
  const r = Math.hypot(...satKm);
  const s: Vec3 = [satKm[0] / r, satKm[1] / r, satKm[2] / r];
  // Any vector not parallel to s, then two orthonormal vectors spanning the tangent plane.
  const t: Vec3 = Math.abs(s[2]) < 0.9 ? [0, 0, 1] : [1, 0, 0];
  const e1 = normalize(cross(s, t));
  const e2 = cross(s, e1);
  const R = R_EARTH_KM + liftKm;
  return Array.from({ length: n + 1 }, (_, k) => {
    const th = (2 * Math.PI * k) / n;
    const [c, sn] = [Math.cos(lambda), Math.sin(lambda)];
    return [0, 1, 2].map((j) => R * (c * s[j] + sn * (Math.cos(th) * e1[j] + Math.sin(th) * e2[j]))) as Vec3;
  });
}

function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}
function normalize(a: Vec3): Vec3 {
  const n = Math.hypot(...a);
  return [a[0] / n, a[1] / n, a[2] / n];
}
