import {
  BoundingSphere,
  buildModuleUrl,
  HeadingPitchRange,
  Matrix4,
  PerspectiveFrustum,
  Cartographic,
  Credit,
  CreditDisplay,
  ImageryLayer,
  Ion,
  JulianDate,
  Math as CesiumMath,
  ScreenSpaceEventHandler,
  ScreenSpaceEventType,
  TileMapServiceImageryProvider,
  Cartesian3,
  Viewer,
  type Cartesian2,
} from 'cesium';
import 'cesium/Build/Cesium/Widgets/widgets.css';
import type { Geometry } from '../engine/geometry';
import type { ConstellationInfo, TopoEvent } from '../engine/protocol';
import { ConstellationLayer, type LayerOptions } from './layers/constellationLayer';
import { placeLabels, type Box } from './labelPlacement';
import { geodeticFromEcef } from './orbitMath';
import { chooseGlobeDetail, DETAIL_SETTINGS, webglRenderer } from './globeDetail';

/** Epoch of simulated time zero for scenarios without one (the queue model). */
export const DEFAULT_EPOCH_ISO = '2026-01-01T00:00:00Z';

/** The globe's only data shown, credited on it (Natural Earth II, shipped with CesiumJS). */
export const IMAGERY_CREDIT = 'Imagery: Natural Earth II (public domain)';

/** The lowest the camera goes [m above the ellipsoid]: above the satellites' shell (780 km for
 * Iridium), so zooming in never ends in a blur of ground texture. */
export const MIN_CAMERA_HEIGHT_M = 1_200_000;
/** The highest [m]: the Earth is still a disc worth looking at. */
export const MAX_CAMERA_HEIGHT_M = 80_000_000;
/** Radius [m] that the home view keeps in frame: the Earth and a LEO shell around it. */
const HOME_RADIUS_M = 6_378_137 + 900_000;

/** Whether the segment from `eye` to `p` clears the Earth (a sphere of the polar radius). */
export function unobstructed(
  eye: { x: number; y: number; z: number },
  p: { x: number; y: number; z: number },
): boolean {
  const d = { x: p.x - eye.x, y: p.y - eye.y, z: p.z - eye.z };
  const dd = d.x * d.x + d.y * d.y + d.z * d.z;
  const t = dd > 0 ? Math.min(1, Math.max(0, -(eye.x * d.x + eye.y * d.y + eye.z * d.z) / dd)) : 0;
  const q = { x: eye.x + t * d.x, y: eye.y + t * d.y, z: eye.z + t * d.z };
  return Math.hypot(q.x, q.y, q.z) >= 6_356_752;
}

/**
 * The camera height [m] at which a sphere of `radius` [m] around the Earth's centre fills
 * `fill` of the narrower field of view of a frustum (Cesium's `fov` is the horizontal angle when
 * the view is wider than tall, else the vertical one).
 */
export function heightToFit(radius: number, fov: number, aspect: number, fill = 0.92): number {
  const half = aspect >= 1 ? Math.atan(Math.tan(fov / 2) / aspect) : Math.atan(Math.tan(fov / 2) * aspect);
  return radius / Math.sin(fill * half) - 6_378_137;
}

/**
 * Owns the Cesium Viewer, outside React (the satvis pattern): created once, driven by calls,
 * destroyed once. Fully offline: self-hosted assets under /cesium, the NaturalEarthII imagery
 * shipped with Cesium, no ion token, no geocoder. Renders only on request, because continuous
 * rendering on software WebGL saturates the CPU the engine needs.
 */
/** The median of the last 30 durations [ms], as text with one decimal. */
class RecentMedian {
  private readonly last: number[] = [];
  add(ms: number): string {
    this.last.push(ms);
    if (this.last.length > 30) this.last.shift();
    const sorted = [...this.last].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)].toFixed(1);
  }
}

export class GlobeController {
  private renderStart = 0;
  private readonly renderTimes = new RecentMedian();
  private readonly updateTimes = new RecentMedian();
  private readonly viewer: Viewer;
  private epoch = JulianDate.fromIso8601(DEFAULT_EPOCH_ISO);
  private readonly scratch = new JulianDate();
  private layer: ConstellationLayer | null = null;
  private options: LayerOptions = { showOrbits: true, showDownLinks: true, showAllLinks: false };
  private readonly handler: ScreenSpaceEventHandler;
  private readonly tooltip: HTMLDivElement;
  /** The sites' and the seam's labels: HTML over the canvas (see `placeLabels`). */
  private readonly labelBox: HTMLDivElement;
  private labelEls: HTMLDivElement[] = [];
  private flashTimer: ReturnType<typeof setInterval> | null = null;
  /** Where the home view looks down from: the middle of the run's two sites. */
  private home: { lon: number; lat: number } | null = null;
  /** Where the home view put the camera: while it is still there, a resize of the panel (the
   * globe shown after a model without one, a window change) fits the home view again. */
  private homeCamera: Cartesian3 | null = null;
  private readonly resizeObserver: ResizeObserver | null;
  /** Whether the camera follows the first site's access satellite. */
  private following = false;
  /** Called with latitude and longitude [deg] when the user clicks the Earth. */
  onPickSite: ((latDeg: number, lonDeg: number) => void) | null = null;

  constructor(private readonly container: HTMLElement) {
    Ion.defaultAccessToken = '';
    // Light on a software WebGL renderer, unless the address asks otherwise (./globeDetail.ts).
    const detail = chooseGlobeDetail(window.location.search, webglRenderer());
    // No Cesium ion logo: nothing here comes from ion, and the logo was a link out of the app (a
    // keyboard stop with no name). The imagery's own credit is shown instead, as plain text.
    (CreditDisplay as unknown as { cesiumCredit: Credit | undefined }).cesiumCredit = undefined;
    this.viewer = new Viewer(container, {
      baseLayer: ImageryLayer.fromProviderAsync(
        TileMapServiceImageryProvider.fromUrl(buildModuleUrl('Assets/Textures/NaturalEarthII'), {
          credit: new Credit(IMAGERY_CREDIT, true),
        }),
      ),
      baseLayerPicker: false,
      geocoder: false,
      homeButton: false,
      sceneModePicker: false,
      navigationHelpButton: false,
      animation: false,
      timeline: false,
      fullscreenButton: false,
      infoBox: false,
      selectionIndicator: false,
      requestRenderMode: true,
      maximumRenderTimeChange: Infinity,
      shouldAnimate: false,
      msaaSamples: DETAIL_SETTINGS[detail].msaaSamples,
    });
    const settings = DETAIL_SETTINGS[detail];
    this.viewer.resolutionScale = settings.resolutionScale;
    const { scene: sc } = this.viewer;
    sc.globe.maximumScreenSpaceError = settings.maximumScreenSpaceError;
    if (!settings.atmosphere) {
      sc.fog.enabled = false;
      sc.globe.showGroundAtmosphere = false;
      if (sc.skyAtmosphere) sc.skyAtmosphere.show = false;
      if (sc.skyBox) sc.skyBox.show = false;
    }
    container.dataset.detail = detail;
    this.viewer.clock.currentTime = this.epoch.clone();
    const scene = this.viewer.scene;
    // A zoom floor and ceiling: the wheel used to dive to 115 km of blurred imagery.
    scene.screenSpaceCameraController.minimumZoomDistance = MIN_CAMERA_HEIGHT_M;
    scene.screenSpaceCameraController.maximumZoomDistance = MAX_CAMERA_HEIGHT_M;
    // Frame times for the benchmark record (docs/BENCHMARKS.md): Cesium's render of a frame,
    // pre- to post-render, median of the last frames.
    scene.preRender.addEventListener(() => {
      this.renderStart = performance.now();
    });
    scene.postRender.addEventListener(() => {
      container.dataset.frameMs = this.renderTimes.add(performance.now() - this.renderStart);
      container.dataset.rendered = 'true';
      container.dataset.tilesLoaded = String(scene.globe.tilesLoaded);
      // The camera may settle (a flight home, a resize) after the last geometry arrived: what
      // is in view is what was just drawn.
      const inView = this.routeInView();
      const text = inView === null ? '' : String(inView);
      if (container.dataset.routeInView !== text) container.dataset.routeInView = text;
      this.placeLabels();
    });
    // Whether the camera is moving (a wheel's inertia, a flight home): a page, and the e2e tests,
    // wait for `data-camera-moving="false"` to read where the camera came to rest.
    this.viewer.camera.moveStart.addEventListener(() => {
      container.dataset.cameraMoving = 'true';
    });
    this.viewer.camera.moveEnd.addEventListener(() => {
      container.dataset.camera = this.getCamera().join(',');
      container.dataset.cameraMoving = 'false';
    });
    this.tooltip = document.createElement('div');
    this.tooltip.className = 'globe-tooltip';
    this.tooltip.hidden = true;
    container.appendChild(this.tooltip);
    this.labelBox = document.createElement('div');
    this.labelBox.className = 'globe-labels';
    container.appendChild(this.labelBox);
    this.resizeObserver =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => {
            if (this.homeCamera && Cartesian3.distance(this.viewer.camera.positionWC, this.homeCamera) < 1)
              this.homeView();
          });
    this.resizeObserver?.observe(container);
    this.handler = new ScreenSpaceEventHandler(scene.canvas);
    this.handler.setInputAction(
      (m: { endPosition: Cartesian2 }) => this.hover(m.endPosition),
      ScreenSpaceEventType.MOUSE_MOVE,
    );
    this.handler.setInputAction(
      (m: { position: Cartesian2 }) => this.click(m.position),
      ScreenSpaceEventType.LEFT_CLICK,
    );
  }

  /** The camera: longitude [deg], latitude [deg], height [m] (rounded: it goes into links). */
  getCamera(): [number, number, number] {
    const c = this.viewer.camera.positionCartographic;
    const r = (x: number, k: number) => Math.round(x * 10 ** k) / 10 ** k;
    return [
      r(CesiumMath.toDegrees(c.longitude), 3),
      r(CesiumMath.toDegrees(c.latitude), 3),
      Math.max(1, Math.round(c.height)),
    ];
  }

  /** Puts the camera above a point, looking straight down. */
  setCamera([lon, lat, height]: [number, number, number]): void {
    this.viewer.camera.setView({ destination: Cartesian3.fromDegrees(lon, lat, height) });
    this.viewer.scene.requestRender();
  }

  /** Called when the user has moved the camera (after the movement ends). */
  onCameraMoved(listener: (camera: [number, number, number]) => void): () => void {
    return this.viewer.camera.moveEnd.addEventListener(() => {
      const cam = this.getCamera();
      this.container.dataset.camera = cam.join(',');
      listener(cam);
    });
  }

  /** Moves the globe's clock to simulated time `seconds` after the epoch. */
  setSimTime(seconds: number): void {
    this.viewer.clock.currentTime = JulianDate.addSeconds(this.epoch, seconds, this.scratch);
    this.viewer.scene.requestRender();
  }

  /**
   * Puts the labels next to their points as drawn now: hidden behind the Earth or off the
   * canvas, else on the first side of their point where they cover no other label and none of
   * the globe's buttons (`labelPlacement.ts`).
   */
  private placeLabels(): void {
    const anchors = this.layer?.labelAnchors() ?? [];
    while (this.labelEls.length < anchors.length) {
      const el = document.createElement('div');
      this.labelBox.appendChild(el);
      this.labelEls.push(el);
    }
    while (this.labelEls.length > anchors.length) this.labelEls.pop()!.remove();
    if (anchors.length === 0) return;
    const scene = this.viewer.scene;
    const eye = this.viewer.camera.positionWC;
    const w = this.container.clientWidth;
    const h = this.container.clientHeight;
    const shown: { el: HTMLDivElement; x: number; y: number; w: number; h: number }[] = [];
    anchors.forEach((a, i) => {
      const el = this.labelEls[i];
      if (el.textContent !== a.text) el.textContent = a.text;
      el.className = `globe-label ${a.kind}`;
      const c = scene.cartesianToCanvasCoordinates(a.position);
      const on = !!c && c.x >= 0 && c.y >= 0 && c.x <= w && c.y <= h && unobstructed(eye, a.position);
      el.hidden = !on;
      if (on) shown.push({ el, x: c.x, y: c.y, w: 0, h: 0 });
    });
    // Sizes measured once per text and text size (a layout read on every frame is not free).
    const size = document.documentElement.dataset.presenter ?? '';
    for (const s of shown) {
      const key = `${s.el.textContent}|${s.el.className}|${size}`;
      if (s.el.dataset.measured !== key) {
        s.el.dataset.w = String(s.el.offsetWidth);
        s.el.dataset.h = String(s.el.offsetHeight);
        s.el.dataset.measured = key;
      }
      s.w = Number(s.el.dataset.w);
      s.h = Number(s.el.dataset.h);
    }
    // The camera buttons over the globe, in the container's coordinates.
    const origin = this.container.getBoundingClientRect();
    const obstacles: Box[] = [];
    for (const b of this.container.parentElement?.querySelectorAll('.globe-tools') ?? []) {
      const r = b.getBoundingClientRect();
      obstacles.push({ x: r.left - origin.left, y: r.top - origin.top, w: r.width, h: r.height });
    }
    const boxes = placeLabels(shown, obstacles, { x: 0, y: 0, w, h });
    shown.forEach((s, i) => {
      s.el.style.transform = `translate(${Math.round(boxes[i].x)}px, ${Math.round(boxes[i].y)}px)`;
    });
  }

  /** Shows a constellation (or none, for models without one). */
  setConstellation(info: ConstellationInfo | null, epochIso?: string): void {
    this.stopFlashTimer();
    this.layer?.destroy();
    this.layer = info ? new ConstellationLayer(this.viewer.scene, info, this.options) : null;
    this.epoch = JulianDate.fromIso8601(epochIso ?? DEFAULT_EPOCH_ISO);
    this.container.dataset.satellites = String(this.layer?.satelliteCount() ?? 0);
    this.container.dataset.placed = '0';
    this.container.dataset.routeHops = '';
    this.container.dataset.linksLoaded = '0';
    this.container.dataset.stations = String(this.layer?.stationCount() ?? 0);
    this.home = null;
    if (info) {
      const [a, b] = info.sites.map((s) => Cartesian3.fromDegrees(s.lon_deg, s.lat_deg));
      const mid = Cartographic.fromCartesian(Cartesian3.midpoint(a, b, new Cartesian3()));
      this.home = { lon: CesiumMath.toDegrees(mid.longitude), lat: CesiumMath.toDegrees(mid.latitude) };
      this.homeView();
    }
    this.viewer.scene.requestRender();
  }

  /**
   * The home view: straight down on the middle of the pair, from just far enough to hold the
   * whole Earth and the satellites' shell in the panel, whatever its shape. Both poles are on
   * the visible disc whenever the pair is within 90 degrees of them, so a detour over the pole
   * (the seam) stays in view.
   */
  homeView(): void {
    const { lon, lat } = this.home ?? { lon: 0, lat: 20 };
    const f = this.viewer.camera.frustum as PerspectiveFrustum;
    // The panel's shape now (the frustum's aspect is the last frame's, stale after a resize).
    const { clientWidth: w, clientHeight: h } = this.container;
    const aspect = w > 0 && h > 0 ? w / h : f.aspectRatio || 1;
    const height = Math.min(
      MAX_CAMERA_HEIGHT_M,
      Math.max(MIN_CAMERA_HEIGHT_M, heightToFit(HOME_RADIUS_M, f.fov ?? Math.PI / 3, aspect)),
    );
    this.viewer.camera.setView({ destination: Cartesian3.fromDegrees(lon, lat, height) });
    this.homeCamera = Cartesian3.clone(this.viewer.camera.positionWC);
    this.viewer.scene.requestRender();
  }

  /** Frames the current route (its satellites and both sites), looking straight down. Returns
   * false when there is nothing to frame. */
  fitRoute(): boolean {
    const g = this.layer?.lastGeometry;
    const info = this.layer?.info;
    if (!g || !info) return false;
    const points = g.route.map(
      (i) => new Cartesian3(g.ecefKm[3 * i] * 1000, g.ecefKm[3 * i + 1] * 1000, g.ecefKm[3 * i + 2] * 1000),
    );
    for (const s of info.sites) points.push(Cartesian3.fromDegrees(s.lon_deg, s.lat_deg));
    const sphere = BoundingSphere.fromPoints(points);
    const f = this.viewer.camera.frustum as PerspectiveFrustum;
    const range = Math.max(
      MIN_CAMERA_HEIGHT_M,
      heightToFit(sphere.radius, f.fov ?? Math.PI / 3, f.aspectRatio || 1, 0.8) + 6_378_137,
    );
    // Straight down onto the sphere's centre as seen from above its ground point.
    const ground = Cartographic.fromCartesian(sphere.center);
    if (!ground) return false;
    const centre = Cartesian3.fromRadians(ground.longitude, ground.latitude, ground.height);
    this.viewer.camera.viewBoundingSphere(
      new BoundingSphere(centre, sphere.radius),
      new HeadingPitchRange(0, -Math.PI / 2, range),
    );
    this.viewer.camera.lookAtTransform(Matrix4.IDENTITY);
    this.viewer.scene.requestRender();
    return true;
  }

  /** Follows (or stops following) the first site's access satellite, keeping the height. */
  setFollow(on: boolean): void {
    this.following = on;
    this.container.dataset.following = String(on);
    if (on && this.layer?.lastGeometry) this.followStep(this.layer.lastGeometry);
  }

  private followStep(g: Geometry): void {
    const sat = g.access[0] >= 0 ? g.access[0] : g.access[1];
    if (sat < 0) return;
    const { lat, lon } = geodeticFromEcef([g.ecefKm[3 * sat], g.ecefKm[3 * sat + 1], g.ecefKm[3 * sat + 2]]);
    const height = this.viewer.camera.positionCartographic.height;
    this.viewer.camera.setView({ destination: Cartesian3.fromDegrees(lon, lat, height) });
    this.container.dataset.followedSat = String(sat);
    // A camera that keeps moving never raises moveEnd: say where it is on every step.
    this.container.dataset.camera = this.getCamera().join(',');
  }

  /**
   * Whether every satellite of the route is on screen and on the near side of the Earth (what
   * the tests check the home view against; also on the element as `data-route-in-view`).
   */
  routeInView(): boolean | null {
    const g = this.layer?.lastGeometry;
    if (!g || g.route.length === 0) return null;
    const scene = this.viewer.scene;
    const eye = this.viewer.camera.positionWC;
    const w = scene.canvas.clientWidth;
    const h = scene.canvas.clientHeight;
    // Relays (node ids past the satellites) are on the ground, in view with their sites.
    return g.route.every((i) => {
      if (i >= g.n) return true;
      const p = new Cartesian3(g.ecefKm[3 * i] * 1000, g.ecefKm[3 * i + 1] * 1000, g.ecefKm[3 * i + 2] * 1000);
      const c = scene.cartesianToCanvasCoordinates(p);
      return !!c && c.x >= 0 && c.y >= 0 && c.x <= w && c.y <= h && unobstructed(eye, p);
    });
  }

  /** Draws the engine's latest constellation state. */
  updateGeometry(g: Geometry): void {
    if (!this.layer) return;
    const t0 = performance.now();
    this.layer.update(g);
    this.container.dataset.updateMs = this.updateTimes.add(performance.now() - t0);
    this.container.dataset.placed = String(this.layer.placedCount());
    this.container.dataset.linksShown = String(this.layer.linksShown());
    // A network's links drawn by their load, and its ground stations.
    this.container.dataset.linksLoaded = String(this.layer.loadedShown);
    this.container.dataset.stations = String(this.layer.stationCount());
    this.container.dataset.routeHops = g.route.length ? String(g.route.length - 1) : '';
    this.container.dataset.seam = String(g.seam);
    // Packets in flight drawn, data and ACKs (for tests and assistive descriptions).
    let acks = 0;
    for (let k = 3; k < g.packets.length; k += 4) acks += g.packets[k] === 1 ? 1 : 0;
    this.container.dataset.packets = `${g.packets.length / 4 - acks},${acks}`;
    this.container.dataset.packetPx = String(this.layer.packetSize);
    if (this.following) this.followStep(g);
    const inView = this.routeInView();
    this.container.dataset.routeInView = inView === null ? '' : String(inView);
    this.viewer.scene.requestRender();
  }

  /** Flashes the new access satellite of each handover. */
  handovers(events: TopoEvent[]): void {
    const layer = this.layer;
    if (!layer) return;
    const now = performance.now();
    let any = false;
    for (const e of events) {
      if ((e.kind === 'intra-orbital' || e.kind === 'inter-orbital') && e.to_sat !== null) {
        layer.flash(e.to_sat, now);
        any = true;
      }
    }
    if (any && !this.flashTimer) {
      // Keep redrawing while a flash runs (requestRenderMode draws only on request).
      this.flashTimer = setInterval(() => {
        const t = performance.now();
        if (this.layer !== layer) return this.stopFlashTimer();
        if (layer.lastGeometry) layer.updatePoints(layer.lastGeometry, t);
        this.viewer.scene.requestRender();
        if (!layer.flashing(t)) this.stopFlashTimer();
      }, 200);
    }
  }

  private stopFlashTimer(): void {
    if (this.flashTimer) clearInterval(this.flashTimer);
    this.flashTimer = null;
  }

  setLayerOptions(options: LayerOptions): void {
    this.options = options;
    this.layer?.setOptions(options);
    if (this.layer) this.container.dataset.linksShown = String(this.layer.linksShown());
    this.viewer.scene.requestRender();
  }

  private hover(at: Cartesian2): void {
    const picked = this.layer ? this.viewer.scene.pick(at) : undefined;
    const id = picked?.id as { kind?: string; index?: number } | undefined;
    const g = this.layer?.lastGeometry;
    const stations = this.layer?.info.ground_stations ?? [];
    // A network's station, or one of the followed flow's two (their site points lie over theirs).
    const station =
      id?.kind === 'station'
        ? (id.index ?? -1)
        : id?.kind === 'site' && stations.length > 0
          ? stations.findIndex((s) => s.name === this.layer?.info.sites[id.index ?? 0]?.name)
          : -1;
    if (!this.layer || !g || (id?.kind !== 'sat' && station < 0) || id?.index === undefined) {
      this.tooltip.hidden = true;
      return;
    }
    const i = id.index;
    if (station >= 0) {
      // What the station sends up its ground link (what comes down to it is the satellites').
      const load = g.stationLoad[station] ?? 0;
      this.tooltip.textContent = `${stations[station].name} · sending up ${(100 * load).toFixed(0)} % of the last interval`;
    } else {
      const [plane, slot] = this.layer.info.sats[i];
      const { lat, altKm } = geodeticFromEcef([g.ecefKm[3 * i], g.ecefKm[3 * i + 1], g.ecefKm[3 * i + 2]]);
      // A network's geometry does not say which way a satellite moves.
      const way =
        this.layer.info.ground_stations.length > 0 ? '' : ` · ${g.ascending[i] === 1 ? 'ascending' : 'descending'}`;
      this.tooltip.textContent = `Plane ${plane}, slot ${slot} · lat ${lat.toFixed(1)}° · alt ${altKm.toFixed(0)} km${way}`;
    }
    this.tooltip.style.left = `${at.x + 12}px`;
    this.tooltip.style.top = `${at.y + 12}px`;
    this.tooltip.hidden = false;
  }

  private click(at: Cartesian2): void {
    if (!this.onPickSite) return;
    const p = this.viewer.camera.pickEllipsoid(at);
    if (!p) return;
    const c = Cartographic.fromCartesian(p);
    this.onPickSite(CesiumMath.toDegrees(c.latitude), CesiumMath.toDegrees(c.longitude));
  }

  destroy(): void {
    this.resizeObserver?.disconnect();
    this.stopFlashTimer();
    this.handler.destroy();
    this.layer?.destroy();
    if (!this.viewer.isDestroyed()) this.viewer.destroy();
  }
}
