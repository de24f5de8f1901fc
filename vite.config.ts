/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { viteStaticCopy } from 'vite-plugin-static-copy';

// Cesium's static files are served from our own origin: the app never fetches from outside
// (no ion, no CDN). See ../shared/design/TOOLCHAIN.md, "Vite, React, wasm, Cesium".
const cesium = 'node_modules/cesium/Build/Cesium';

export default defineConfig({
  plugins: [
    react(),
    viteStaticCopy({
      targets: ['Workers', 'ThirdParty', 'Assets', 'Widgets'].map((dir) => ({ src: `${cesium}/${dir}`, dest: 'cesium' })),
    }),
  ],
  define: { CESIUM_BASE_URL: JSON.stringify('/cesium') },
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
