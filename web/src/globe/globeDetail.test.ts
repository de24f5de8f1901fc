import { describe, expect, it } from 'vitest';
import { chooseGlobeDetail, DETAIL_SETTINGS, isSoftwareRenderer } from './globeDetail';

describe('globe detail', () => {
  it('knows the software renderers from the GPUs', () => {
    for (const r of [
      'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      'llvmpipe (LLVM 15.0.6, 256 bits)',
      'Mesa softpipe',
      'Google SwiftShader',
      'ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)',
    ])
      expect(isSoftwareRenderer(r), r).toBe(true);
    for (const r of [
      'ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)',
      'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)',
      'Apple M2',
      'WebKit WebGL',
    ])
      expect(isSoftwareRenderer(r), r).toBe(false);
  });

  it('draws light on software, full on a GPU or an unknown renderer, and the address overrides both', () => {
    expect(chooseGlobeDetail('', 'Google SwiftShader')).toBe('light');
    expect(chooseGlobeDetail('', 'Apple M2')).toBe('full');
    expect(chooseGlobeDetail('', null)).toBe('full');
    expect(chooseGlobeDetail('?globe-detail=full', 'Google SwiftShader')).toBe('full');
    expect(chooseGlobeDetail('?globe-detail=light', 'Apple M2')).toBe('light');
    // Anything else is not a choice: the automatic one stands.
    expect(chooseGlobeDetail('?globe-detail=ultra', 'Google SwiftShader')).toBe('light');
    expect(chooseGlobeDetail('?x=1&globe-detail=full', 'llvmpipe')).toBe('full');
  });

  it('light halves the resolution, turns multisampling and the atmosphere off and loads coarser tiles', () => {
    expect(DETAIL_SETTINGS.light).toEqual({
      resolutionScale: 0.5,
      msaaSamples: 1,
      atmosphere: false,
      maximumScreenSpaceError: 4,
    });
    // Full is Cesium's own defaults.
    expect(DETAIL_SETTINGS.full).toEqual({
      resolutionScale: 1,
      msaaSamples: 4,
      atmosphere: true,
      maximumScreenSpaceError: 2,
    });
  });
});
