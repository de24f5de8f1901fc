import {
  buildModuleUrl,
  Cartographic,
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
import { geodeticFromEcef } from './orbitMath';

/** Epoch of simulated time zero for scenarios without one (the queue model). */
export const DEFAULT_EPOCH_ISO = '2026-01-01T00:00:00Z';

/**
 * Owns the Cesium Viewer, outside React (the satvis pattern): created once, driven by calls,
 * destroyed once. Fully offline: self-hosted assets under /cesium, the NaturalEarthII imagery
 * shipped with Cesium, no ion token, no geocoder. Renders only on request, because continuous
 * rendering on software WebGL saturates the CPU the engine needs.
 */
export class GlobeController {
  private readonly viewer: Viewer;
  private epoch = JulianDate.fromIso8601(DEFAULT_EPOCH_ISO);
  private readonly scratch = new JulianDate();
  private layer: ConstellationLayer | null = null;
  private options: LayerOptions = { showOrbits: true, showDownLinks: true };
  private readonly handler: ScreenSpaceEventHandler;
  private readonly tooltip: HTMLDivElement;
  private flashTimer: ReturnType<typeof setInterval> | null = null;
  /** Called with latitude and longitude [deg] when the user clicks the Earth. */
  onPickSite: ((latDeg: number, lonDeg: number) => void) | null = null;

  constructor(private readonly container: HTMLElement) {
    Ion.defaultAccessToken = '';
    this.viewer = new Viewer(container, {
      baseLayer: ImageryLayer.fromProviderAsync(TileMapServiceImageryProvider.fromUrl(buildModuleUrl('Assets/Textures/NaturalEarthII'))),
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
    });
    this.viewer.clock.currentTime = this.epoch.clone();
    const scene = this.viewer.scene;
    scene.postRender.addEventListener(() => {
      container.dataset.rendered = 'true';
      container.dataset.tilesLoaded = String(scene.globe.tilesLoaded);
    });
    this.tooltip = document.createElement('div');
    this.tooltip.className = 'globe-tooltip';
    this.tooltip.hidden = true;
    container.appendChild(this.tooltip);
    this.handler = new ScreenSpaceEventHandler(scene.canvas);
    this.handler.setInputAction((m: { endPosition: Cartesian2 }) => this.hover(m.endPosition), ScreenSpaceEventType.MOUSE_MOVE);
    this.handler.setInputAction((m: { position: Cartesian2 }) => this.click(m.position), ScreenSpaceEventType.LEFT_CLICK);
  }

  /** The camera: longitude [deg], latitude [deg], height [m] (rounded: it goes into links). */
  getCamera(): [number, number, number] {
    const c = this.viewer.camera.positionCartographic;
    const r = (x: number, k: number) => Math.round(x * 10 ** k) / 10 ** k;
    return [r(CesiumMath.toDegrees(c.longitude), 3), r(CesiumMath.toDegrees(c.latitude), 3), Math.max(1, Math.round(c.height))];
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

  /** Shows a constellation (or none, for models without one). */
  setConstellation(info: ConstellationInfo | null, epochIso?: string): void {
    this.stopFlashTimer();
    this.layer?.destroy();
    this.layer = info ? new ConstellationLayer(this.viewer.scene, info, this.options) : null;
    this.epoch = JulianDate.fromIso8601(epochIso ?? DEFAULT_EPOCH_ISO);
    this.container.dataset.satellites = String(this.layer?.satelliteCount() ?? 0);
    this.container.dataset.placed = '0';
    this.container.dataset.routeHops = '';
    if (info) {
      // Look down on the middle of the pair from far enough to see both and the nearby planes.
      const [a, b] = info.sites.map((s) => Cartesian3.fromDegrees(s.lon_deg, s.lat_deg));
      const mid = Cartographic.fromCartesian(Cartesian3.midpoint(a, b, new Cartesian3()));
      this.viewer.camera.setView({ destination: Cartesian3.fromRadians(mid.longitude, mid.latitude, 16e6) });
    }
    this.viewer.scene.requestRender();
  }

  /** Draws the engine's latest constellation state. */
  updateGeometry(g: Geometry): void {
    if (!this.layer) return;
    this.layer.update(g);
    this.container.dataset.placed = String(this.layer.placedCount());
    this.container.dataset.routeHops = g.route.length ? String(g.route.length - 1) : '';
    this.container.dataset.seam = String(g.seam);
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
    this.viewer.scene.requestRender();
  }

  private hover(at: Cartesian2): void {
    const picked = this.layer ? this.viewer.scene.pick(at) : undefined;
    const id = picked?.id as { kind?: string; index?: number } | undefined;
    const g = this.layer?.lastGeometry;
    if (!this.layer || !g || id?.kind !== 'sat' || id.index === undefined) {
      this.tooltip.hidden = true;
      return;
    }
    const i = id.index;
    const [plane, slot] = this.layer.info.sats[i];
    const { lat, altKm } = geodeticFromEcef([g.ecefKm[3 * i], g.ecefKm[3 * i + 1], g.ecefKm[3 * i + 2]]);
    this.tooltip.textContent = `Plane ${plane}, slot ${slot} · lat ${lat.toFixed(1)}° · alt ${altKm.toFixed(0)} km · ${g.ascending[i] === 1 ? 'ascending' : 'descending'}`;
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
    this.stopFlashTimer();
    this.handler.destroy();
    this.layer?.destroy();
    if (!this.viewer.isDestroyed()) this.viewer.destroy();
  }
}
