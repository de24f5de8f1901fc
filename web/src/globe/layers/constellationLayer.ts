import {
  Cartesian3,
  Color,
  Material,
  PointPrimitiveCollection,
  PolylineCollection,
  type PointPrimitive,
  type Polyline,
  type Scene,
} from 'cesium';
import type { Geometry } from '../../engine/geometry';
import type { ConstellationInfo } from '../../engine/protocol';
import { coverageAngle, ecefFromGeodetic, footprintRing, orbitRingEcef, R_EARTH_KM, type Vec3 } from '../orbitMath';
import { IDLE_COLOUR, loadColour } from '../loadColours';

/** Plane colours (Tableau 10), shared with the legend. */
export const PLANE_COLOURS = [
  '#4e79a7',
  '#f28e2b',
  '#e15759',
  '#76b7b2',
  '#59a14f',
  '#edc948',
  '#b07aa1',
  '#ff9da7',
  '#9c755f',
  '#bab0ac',
];

/**
 * Above this many ISLs (a catalogue: Starlink's has about 15,600) the layer draws only the
 * route's links unless every link is asked for (`showDownLinks`, "all ISLs"): ten thousand
 * polylines rebuilt at every frame would stall the page.
 */
export const MANY_LINKS = 4000;
/** Above this many planes no orbit track is drawn (a catalogue has hundreds). */
const MANY_PLANES = 120;

/** Packets on the globe, as the transfer panel's legend says: data white, ACKs cyan. */
const DATA_COLOUR = Color.WHITE;
const ACK_COLOUR = Color.fromCssColorString('#3fe0ff');

/**
 * A packet's diameter on screen in CSS pixels, its outline included (Cesium scales `pixelSize`
 * by the same ratio as the canvas, so a light detail's half resolution keeps the size). In
 * presenter mode a packet must read from the back of a room, as a satellite does.
 */
export function packetPixels(presenter: boolean): number {
  return presenter ? 16 : 10;
}
const PACKET_OUTLINE = 1.5;

/** A load's colour, by whole per cent (made once: thousands of links are coloured a frame). */
const LOAD_COLOURS = Array.from({ length: 101 }, (_, k) =>
  Color.fromCssColorString(loadColour(k / 100)).withAlpha(0.95),
);
const IDLE = Color.fromCssColorString(IDLE_COLOUR).withAlpha(0.3);

const km = (p: Vec3 | ArrayLike<number>, i = 0) => new Cartesian3(p[i] * 1000, p[i + 1] * 1000, p[i + 2] * 1000);

/** What the layer shows; toggled from the UI. */
export interface LayerOptions {
  showOrbits: boolean;
  /** Show links that are down (styled by reason) as well as those that are up. */
  showDownLinks: boolean;
  /** With more than [`MANY_LINKS`] links, draw the usable ones (else only the route's). */
  showAllLinks?: boolean;
}

/**
 * Draws one constellation: satellites coloured by plane (outlined when ascending), orbit
 * rings, ISLs styled by state, the seam line, the two sites, the route between them (glowing)
 * and the access satellites' footprints. A constellation of several shells (a catalogue) is
 * coloured by shell, in smaller points, one point primitive collection updated in place from
 * the engine's packed positions. Everything is driven by `update` with the engine's geometry;
 * nothing here computes the simulation.
 */
export class ConstellationLayer {
  private readonly points = new PointPrimitiveCollection();
  private readonly lines = new PolylineCollection();
  private readonly sats: PointPrimitive[] = [];
  private readonly links: Polyline[] = [];
  private readonly orbits: Polyline[] = [];
  private readonly route: Polyline;
  private readonly footprints: Polyline[];
  private readonly seam: Polyline | null;
  /** Where the seam's label goes (on the seam line), or null without a seam. */
  private seamAt: Cartesian3 | null = null;
  /** Where the sites are, for their labels. */
  private readonly sitePositions: Cartesian3[] = [];
  private readonly flashUntil = new Map<number, number>();
  /** Packets in flight (data white, ACKs cyan), drawn from a pool that grows as needed. */
  private readonly packetPoints = new PointPrimitiveCollection();
  private readonly packets: PointPrimitive[] = [];
  /** Packets drawn by the last update. */
  packetsShown = 0;
  /** The packets' diameter on screen now, CSS pixels with the outline. */
  packetSize = 0;
  private readonly styles: Record<'intra' | 'cross' | 'polar' | 'seam', { color: Color; dashPattern: number }>;
  /** The last geometry drawn. */
  lastGeometry: Geometry | null = null;
  /** Many shells or many links: colour by shell, draw only the route's links unless asked. */
  private readonly large: boolean;
  /** Where the relays (ground stations of a bent pipe) are. */
  private readonly relayPositions: Cartesian3[];
  /** A network's ground stations, coloured by their ground link's load. */
  private readonly stations: PointPrimitive[] = [];
  /** A network: links coloured by their load, every link made whatever their number. */
  private readonly network: boolean;
  /** Links drawn with a load above zero by the last update. */
  loadedShown = 0;

  constructor(
    private readonly scene: Scene,
    readonly info: ConstellationInfo,
    private options: LayerOptions,
  ) {
    scene.primitives.add(this.lines);
    scene.primitives.add(this.points);
    scene.primitives.add(this.packetPoints);
    // One material per polyline (Cesium destroys a polyline's material with it, so sharing one
    // breaks the second destroy); a link's style changes through its uniforms.
    const SOLID = 0xffff;
    const DASHED = 0xff00;
    this.styles = {
      intra: { color: Color.fromCssColorString('#8fb3d9').withAlpha(0.55), dashPattern: SOLID },
      cross: { color: Color.fromCssColorString('#5fd3a0').withAlpha(0.8), dashPattern: SOLID },
      polar: { color: Color.fromCssColorString('#b0b0b0').withAlpha(0.5), dashPattern: DASHED },
      seam: { color: Color.fromCssColorString('#ff5a5a').withAlpha(0.7), dashPattern: DASHED },
    };
    const shells = info.shells ?? [];
    this.network = (info.ground_stations ?? []).length > 0;
    this.large = shells.length > 1 || info.links.length > MANY_LINKS || this.network;
    this.relayPositions = (info.relays ?? []).map((r) => km(ecefFromGeodetic(r.lat_deg, r.lon_deg, 0)));
    info.sats.forEach(([plane], i) => {
      const colour = this.large ? (info.plane_shell[plane] ?? 0) : plane;
      this.sats.push(
        this.points.add({
          position: Cartesian3.ZERO,
          pixelSize: this.large ? 4 : 7,
          color: Color.fromCssColorString(PLANE_COLOURS[colour % PLANE_COLOURS.length]),
          outlineColor: Color.WHITE,
          outlineWidth: 0,
          id: { kind: 'sat', index: i },
        }),
      );
    });
    // Thousands of links are made only when asked for (each polyline has its own material); a
    // network's are what it shows.
    if (info.links.length <= MANY_LINKS || this.network) this.buildLinks();
    for (let k = 0; k < (info.planes > MANY_PLANES ? 0 : info.planes); k++) {
      this.orbits.push(
        this.lines.add({
          positions: [Cartesian3.ZERO, Cartesian3.UNIT_X],
          width: 1,
          material: Material.fromType('Color', {
            color: Color.fromCssColorString(PLANE_COLOURS[k % PLANE_COLOURS.length]).withAlpha(0.35),
          }),
        }),
      );
    }
    if (info.seam_raan_deg !== null) {
      this.seam = this.lines.add({
        positions: [Cartesian3.ZERO, Cartesian3.UNIT_X],
        width: 3,
        material: Material.fromType('PolylineDash', {
          color: this.styles.seam.color,
          dashPattern: DASHED,
          dashLength: 12,
        }),
      });
    } else {
      this.seam = null;
    }
    this.footprints = [0, 1].map(() =>
      this.lines.add({
        positions: [Cartesian3.ZERO, Cartesian3.UNIT_X],
        width: 1.5,
        material: Material.fromType('Color', { color: Color.YELLOW.withAlpha(0.6) }),
      }),
    );
    this.route = this.lines.add({
      positions: [Cartesian3.ZERO, Cartesian3.UNIT_X],
      width: 9,
      material: Material.fromType('PolylineGlow', { color: Color.fromCssColorString('#ffd84d'), glowPower: 0.25 }),
    });
    (info.ground_stations ?? []).forEach((s, i) => {
      this.stations.push(
        this.points.add({
          position: km(ecefFromGeodetic(s.lat_deg, s.lon_deg, 0)),
          pixelSize: 7,
          color: Color.WHITE,
          outlineColor: Color.BLACK,
          outlineWidth: 1.5,
          id: { kind: 'station', index: i },
        }),
      );
    });
    info.sites.forEach((s, i) => {
      const p = km(ecefFromGeodetic(s.lat_deg, s.lon_deg, 0));
      this.points.add({
        position: p,
        pixelSize: 10,
        color: Color.fromCssColorString('#ffd84d'),
        outlineColor: Color.BLACK,
        outlineWidth: 2,
        id: { kind: 'site', index: i },
      });
      this.sitePositions.push(p);
    });
  }

  /** Makes one polyline per potential ISL (once). */
  private buildLinks(): void {
    if (this.links.length > 0 || this.info.links.length === 0) return;
    const SOLID = 0xffff;
    for (const l of this.info.links) {
      this.links.push(
        this.lines.add({
          positions: [Cartesian3.ZERO, Cartesian3.UNIT_X],
          width: l.kind === 'intra-plane' ? 1 : 1.5,
          material: Material.fromType('PolylineDash', {
            color: this.styles.intra.color,
            dashPattern: SOLID,
            dashLength: 10,
          }),
        }),
      );
    }
  }

  /**
   * The labels to show, each at its point: the sites' names and the seam's. They are HTML over
   * the globe (GlobeController places them), not Cesium labels: text in the page's own font
   * and size (16 px in presenter mode), above the satellites, placed apart from each other.
   */
  labelAnchors(): { text: string; kind: 'site' | 'seam'; position: Cartesian3 }[] {
    const out: { text: string; kind: 'site' | 'seam'; position: Cartesian3 }[] = this.info.sites.map((s, i) => ({
      text: s.name,
      kind: 'site',
      position: this.sitePositions[i],
    }));
    if (this.seamAt) out.push({ text: 'seam', kind: 'seam', position: this.seamAt });
    return out;
  }

  /** A network's ground stations drawn. */
  stationCount(): number {
    return this.stations.length;
  }

  /** Satellites drawn. */
  satelliteCount(): number {
    return this.sats.length;
  }

  /** ISLs drawn now: the active ones, and the inactive ones while they are shown. */
  linksShown(): number {
    return this.links.filter((l) => l.show).length;
  }

  /** Satellites placed in orbit by the last update (position off the Earth's centre). */
  placedCount(): number {
    return this.sats.filter((p) => Cartesian3.magnitude(p.position) > 6.4e6).length;
  }

  setOptions(options: LayerOptions): void {
    this.options = options;
    if (this.lastGeometry) this.update(this.lastGeometry);
  }

  /** Flashes satellite `index` (a handover just made it an access satellite). */
  flash(index: number, wallMs: number): void {
    this.flashUntil.set(index, wallMs + 1500);
  }

  /** Whether a flash is still running (the controller keeps rendering until it ends). */
  flashing(wallMs: number): boolean {
    for (const [, until] of this.flashUntil) if (until > wallMs) return true;
    return false;
  }

  /** Updates only the satellites' sizes and outlines (cheap: no polyline is rebuilt). */
  updatePoints(g: Geometry, wallMs = performance.now()): void {
    for (let i = 0; i < g.n && i < this.sats.length; i++) {
      const p = this.sats[i];
      const flash = (this.flashUntil.get(i) ?? 0) > wallMs;
      const access = g.access[0] === i || g.access[1] === i;
      p.pixelSize = flash ? 16 : access ? 11 : this.large ? 4 : 7;
      // Outlined when ascending; at thousands of satellites the outlines would hide the colours.
      p.outlineWidth = this.large ? (flash || access ? 1 : 0) : g.ascending[i] === 1 ? 2 : 0;
      p.outlineColor = flash ? Color.YELLOW : Color.WHITE;
    }
  }

  update(g: Geometry, wallMs = performance.now()): void {
    this.lastGeometry = g;
    const info = this.info;
    // Route nodes past the satellites and the two sites are the relays (a bent pipe).
    const pos = (i: number) => (i < g.n ? km(g.ecefKm, 3 * i) : this.relayPositions[i - g.n - 2]);
    for (let i = 0; i < g.n && i < this.sats.length; i++) this.sats[i].position = pos(i);
    this.updatePoints(g, wallMs);
    const few = info.links.length <= MANY_LINKS;
    const anyLinks = few || this.network || this.options.showAllLinks === true;
    if (anyLinks) this.buildLinks();
    const loads = g.linkLoad.length === info.links.length ? g.linkLoad : null;
    this.loadedShown = 0;
    if (this.links.length > 0)
      info.links.forEach((l, k) => {
        const line = this.links[k];
        const state = g.linkState[k];
        const b = g.linkB[k];
        const load = loads ? loads[k] : 0;
        // A network's thousands of links: those that carried something (the all-ISLs toggle of
        // the constellation panel, which a network has not, does not apply).
        const shown = this.network ? few || load > 0 : true;
        line.show = anyLinks && shown && (state === 0 || (this.options.showDownLinks && few));
        if (!line.show) return;
        line.positions = [pos(l.a), pos(b)];
        if (loads && state === 0) {
          // Coloured, and thicker, by the share of the interval it spent sending.
          const busy = load > 0;
          line.material.uniforms.color = busy ? LOAD_COLOURS[Math.round(100 * Math.min(1, load))] : IDLE;
          line.material.uniforms.dashPattern = 0xffff;
          line.width = busy ? 2 + 3 * Math.min(1, load) : 1;
          if (busy) this.loadedShown++;
          return;
        }
        line.width = l.kind === 'intra-plane' ? 1 : 1.5;
        const style =
          state === 1
            ? this.styles.polar
            : state === 2
              ? this.styles.seam
              : l.kind === 'intra-plane'
                ? this.styles.intra
                : this.styles.cross;
        line.material.uniforms.color = style.color;
        line.material.uniforms.dashPattern = style.dashPattern;
      });
    const r = R_EARTH_KM + info.altitude_km;
    this.orbits.forEach((o, k) => {
      o.show = this.options.showOrbits;
      o.positions = orbitRingEcef(info.plane_raan_deg[k], info.inclination_deg, r, g.gmst, 90).map((p) => km(p));
    });
    if (this.seam && info.seam_raan_deg !== null) {
      // The seam line: the orbit-plane great circle midway across the seam gap.
      this.seam.positions = orbitRingEcef(info.seam_raan_deg, info.inclination_deg, r, g.gmst, 90).map((p) => km(p));
      this.seamAt = km(orbitRingEcef(info.seam_raan_deg, info.inclination_deg, r, g.gmst, 8)[1]);
    }
    g.access.forEach((a, end) => {
      const f = this.footprints[end];
      f.show = a >= 0;
      if (a < 0) return;
      // The access satellite's own shell sets its footprint.
      const shell = (info.shells ?? [])[info.plane_shell?.[info.sats[a]?.[0] ?? 0] ?? 0];
      const lambda = coverageAngle(shell?.altitude_km ?? info.altitude_km, info.elevation_mask_deg);
      f.positions = footprintRing([g.ecefKm[3 * a], g.ecefKm[3 * a + 1], g.ecefKm[3 * a + 2]], lambda).map((p) =>
        km(p),
      );
    });
    this.stations.forEach((p, k) => {
      const load = g.stationLoad[k] ?? 0;
      p.color = load > 0 ? LOAD_COLOURS[Math.round(100 * Math.min(1, load))] : Color.WHITE;
    });
    this.updatePackets(g.packets);
    const sites = info.sites.map((s) => km(ecefFromGeodetic(s.lat_deg, s.lon_deg, 0)));
    this.route.show = g.route.length > 0;
    if (g.route.length > 0) this.route.positions = [sites[0], ...g.route.map(pos), sites[1]];
  }

  /** Places the packets in flight, `[x, y, z, kind] x m` (kind 1: an ACK). */
  private updatePackets(p: Float64Array): void {
    const m = Math.floor(p.length / 4);
    const size = packetPixels(document.documentElement.dataset.presenter === 'true') - 2 * PACKET_OUTLINE;
    while (this.packets.length < m)
      this.packets.push(
        this.packetPoints.add({
          position: Cartesian3.ZERO,
          pixelSize: size,
          color: DATA_COLOUR,
          outlineColor: Color.BLACK,
          outlineWidth: PACKET_OUTLINE,
          id: { kind: 'packet' },
        }),
      );
    for (let k = 0; k < this.packets.length; k++) {
      const pt = this.packets[k];
      pt.show = k < m;
      if (k >= m) continue;
      pt.position = km(p, 4 * k);
      if (pt.pixelSize !== size) pt.pixelSize = size;
      pt.color = p[4 * k + 3] === 1 ? ACK_COLOUR : DATA_COLOUR;
    }
    this.packetsShown = m;
    this.packetSize = size + 2 * PACKET_OUTLINE;
  }

  destroy(): void {
    for (const c of [this.points, this.lines, this.packetPoints]) this.scene.primitives.remove(c);
  }
}
