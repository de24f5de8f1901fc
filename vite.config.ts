/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { viteStaticCopy } from 'vite-plugin-static-copy';
import { readdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

// Cesium's static files are served from our own origin: the app never fetches from outside
// (no ion, no CDN): Workers, ThirdParty, Assets and Widgets are copied to cesium/ beside the
// page, and CESIUM_BASE_URL points there.
const cesium = 'node_modules/cesium/Build/Cesium';

/**
 * Emits `sw.js` (web/sw/sw.js) with the bundle's files and public/ (the web app manifest and its
 * icons) to precache and a version derived from them, so that the built app works offline once
 * loaded and can be installed. Build only: the dev server has none.
 */
function offline(): Plugin {
  return {
    name: 'skyqueue-offline',
    apply: 'build',
    generateBundle(_options, bundle) {
      // Every path is relative to the app's directory (the service worker's scope), so that
      // one build serves from any base path: / or /course/skyqueue/ alike (docs/DEPLOY.md).
      const publicFiles = readdirSync(new URL('./public/', import.meta.url));
      // Cesium's sky box and moon: fetched late (after the first frames), so a single visit
      // might not keep them, and offline Cesium stops rendering without them.
      const sky = readdirSync(new URL(`./${cesium}/Assets/Textures/SkyBox/`, import.meta.url)).map((f) => `cesium/Assets/Textures/SkyBox/${f}`);
      // The offline imagery, every level (43 files, 0.6 MB): a reload or a zoom offline asks for
      // tiles the first visit never needed.
      const earth = (readdirSync(new URL(`./${cesium}/Assets/Textures/NaturalEarthII/`, import.meta.url), { recursive: true }) as string[])
        .filter((f) => /\.(jpg|xml|json)$/.test(f))
        .map((f) => `cesium/Assets/Textures/NaturalEarthII/${f.split('\\').join('/')}`);
      const files = ['./', ...publicFiles, ...sky, ...earth, 'cesium/Assets/Textures/moonSmall.jpg', ...Object.keys(bundle).filter((f) => !f.endsWith('.map'))].sort();
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16);
      const source = readFileSync(new URL('./web/sw/sw.js', import.meta.url), 'utf8').replace('__VERSION__', version).replace('__PRECACHE__', JSON.stringify(files));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}


export default defineConfig({
  plugins: [
    react(),
    offline(),
    viteStaticCopy({
      targets: ['Workers', 'ThirdParty', 'Assets', 'Widgets'].map((dir) => ({ src: `${cesium}/${dir}`, dest: 'cesium' })),
    }),
  ],
  // Relative: the build runs from any base path (a static host's sub-path); Cesium resolves its
  // base against the page.
  base: './',
  define: { CESIUM_BASE_URL: JSON.stringify('./cesium') },
  worker: { format: 'es' },
  server: { host: '127.0.0.1', port: 5173, strictPort: false },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  build: { chunkSizeWarningLimit: 6000, target: 'es2022' },
  test: {
    include: ['web/**/*.test.ts', 'web/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
