/**
 * How finely the globe is drawn. A machine without a usable GPU (a school PC, a virtual machine,
 * a browser with hardware acceleration off) runs WebGL in software (SwiftShader, llvmpipe), where
 * every frame of a full-resolution, 4x multisampled globe costs tens of milliseconds of the CPU the
 * engine needs. There the globe is drawn `light`: at half the resolution, without multisample
 * antialiasing, without the atmosphere, fog and stars, and from coarser imagery tiles (on
 * SwiftShader the globe-heavy browser tests took 57 s instead of 139 s so); the satellites,
 * links, labels, charts, text and numbers are unchanged. A GPU keeps `full`. `?globe-detail=full` (or `light`) in the address overrides the
 * choice, e.g. for a projector PC whose software renderer is fast enough, or for screenshots.
 */
export type GlobeDetail = 'full' | 'light';

/** What each detail sets on the Cesium viewer and its scene. */
export interface DetailSettings {
  /** Pixels drawn per CSS pixel. */
  resolutionScale: number;
  /** Multisample antialiasing (1: none). */
  msaaSamples: number;
  /** The sky's and the ground's atmosphere, the fog and the stars. */
  atmosphere: boolean;
  /** Cesium's `globe.maximumScreenSpaceError`: higher loads coarser imagery tiles (default 2). */
  maximumScreenSpaceError: number;
}

export const DETAIL_SETTINGS: Record<GlobeDetail, DetailSettings> = {
  full: { resolutionScale: 1, msaaSamples: 4, atmosphere: true, maximumScreenSpaceError: 2 },
  light: { resolutionScale: 0.5, msaaSamples: 1, atmosphere: false, maximumScreenSpaceError: 4 },
};

/** The query parameter that overrides the automatic choice. */
export const DETAIL_PARAM = 'globe-detail';

/** Whether a WebGL renderer string names a software rasteriser. */
export function isSoftwareRenderer(renderer: string): boolean {
  return /swiftshader|llvmpipe|softpipe|software|basic render driver/i.test(renderer);
}

/**
 * The detail to draw at: the address's `?globe-detail=` when it is `full` or `light`, else
 * `light` on a software renderer and `full` otherwise (also when the renderer is unknown).
 */
export function chooseGlobeDetail(search: string, renderer: string | null): GlobeDetail {
  const asked = new URLSearchParams(search).get(DETAIL_PARAM);
  if (asked === 'full' || asked === 'light') return asked;
  return renderer !== null && isSoftwareRenderer(renderer) ? 'light' : 'full';
}

/**
 * The browser's WebGL renderer, read from a throwaway context that is released at once; null
 * when WebGL or the renderer's name is not available.
 */
export function webglRenderer(): string | null {
  try {
    const canvas = document.createElement('canvas');
    const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as WebGLRenderingContext | null;
    if (!gl) return null;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name: unknown = gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER);
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return typeof name === 'string' ? name : null;
  } catch {
    return null;
  }
}
