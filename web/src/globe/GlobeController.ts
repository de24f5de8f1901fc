import {
  buildModuleUrl,
  ImageryLayer,
  Ion,
  JulianDate,
  TileMapServiceImageryProvider,
  Viewer,
} from 'cesium';
import 'cesium/Build/Cesium/Widgets/widgets.css';

/** Epoch of simulated time zero until scenarios carry their own (constellation issue). */
export const DEFAULT_EPOCH_ISO = '2026-01-01T00:00:00Z';

/**
 * Owns the Cesium Viewer, outside React (the satvis pattern): created once, driven by calls,
 * destroyed once. Fully offline: self-hosted assets under /cesium, the NaturalEarthII imagery
 * shipped with Cesium, no ion token, no geocoder. Renders only on request, because continuous
 * rendering on software WebGL saturates the CPU the engine needs.
 */
export class GlobeController {
  private readonly viewer: Viewer;
  private readonly epoch = JulianDate.fromIso8601(DEFAULT_EPOCH_ISO);
  private readonly scratch = new JulianDate();

  constructor(container: HTMLElement) {
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
  }

  /** Moves the globe's clock to simulated time `seconds` after the epoch. */
  setSimTime(seconds: number): void {
    this.viewer.clock.currentTime = JulianDate.addSeconds(this.epoch, seconds, this.scratch);
    this.viewer.scene.requestRender();
  }

  destroy(): void {
    if (!this.viewer.isDestroyed()) this.viewer.destroy();
  }
}
