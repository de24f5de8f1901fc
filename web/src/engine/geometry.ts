/**
 * Decoder of the packed constellation state written by the engine
 * (engine-wasm/crates/engine/src/topology/pair.rs, `geometry_packed`).
 */
export interface Geometry {
  n: number;
  /** ECEF positions [km], `[x0, y0, z0, x1, ...]`. */
  ecefKm: Float64Array;
  /** 1 when the satellite moves north (ascending half). */
  ascending: Float64Array;
  /** Per link: 0 up, 1 polar cut-off, 2 seam. */
  linkState: Float64Array;
  /** Per link: the current far end (seam links are re-paired with the seam-ISL option). */
  linkB: Float64Array;
  /** Access satellite of each end, -1 for none. */
  access: [number, number];
  seam: boolean;
  delayMs: number;
  /** Greenwich sidereal angle [rad] at this instant. */
  gmst: number;
  /** Satellites of the route, from the first site's access satellite to the second's. */
  route: number[];
  /** Packets in flight (models that carry traffic over the route): `[x, y, z, kind] x m`,
   * ECEF [km], kind 0 data, 1 ACK; empty when the model sends none. */
  packets: Float64Array;
  /** Per link, the share of the last sampling interval its busier direction spent sending
   * (0 to 1; a network's ISLs); empty when the model measures none. */
  linkLoad: Float64Array;
  /** Per ground station of a network, the share its ground link spent sending. */
  stationLoad: Float64Array;
}

export class GeometryLayoutError extends Error {
  readonly code = 'GEOMETRY_LAYOUT' as const;
}

export function unpackGeometry(g: Float64Array): Geometry {
  let i = 0;
  const take = (k: number) => {
    if (i + k > g.length) throw new GeometryLayoutError(`geometry too short: ${g.length} values`);
    const v = g.subarray(i, i + k);
    i += k;
    return v;
  };
  const n = take(1)[0];
  const ecefKm = take(3 * n);
  const ascending = take(n);
  const l = take(1)[0];
  const linkState = take(l);
  const linkB = take(l);
  const [a0, a1, seam, delayMs, gmst, nRoute] = take(6);
  const route = Array.from(take(nRoute));
  // An optional tail: the packets in flight (engine models/tcp_leo, Transfer::flights_packed).
  const packets = i < g.length ? take(4 * take(1)[0]) : new Float64Array(0);
  // Then, optionally, the loads (engine models/network/globe.rs, `geometry_packed`).
  const linkLoad = i < g.length ? take(take(1)[0]) : new Float64Array(0);
  if (linkLoad.length > 0 && linkLoad.length !== l)
    throw new GeometryLayoutError(`${linkLoad.length} loads for ${l} links`);
  const stationLoad = i < g.length ? take(take(1)[0]) : new Float64Array(0);
  if (i !== g.length) throw new GeometryLayoutError(`geometry has ${g.length - i} values too many`);
  return {
    n,
    ecefKm,
    ascending,
    linkState,
    linkB,
    access: [a0, a1],
    seam: seam === 1,
    delayMs,
    gmst,
    route,
    packets,
    linkLoad,
    stationLoad,
  };
}
