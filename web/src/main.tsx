import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './styles/app.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Offline once loaded (web/sw/sw.js, emitted by the build; the dev server has none). On a first
// visit the page fetches some files (Cesium's terrain heights, imagery, workers) before the
// service worker controls it, so they never pass through it: once it is there, it is told what
// was loaded, and keeps those too.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  performance.setResourceTimingBufferSize(5000);
  // The worker keeps what the page loads before it controls the page (its fetch handler keeps
  // the rest): every finished load is posted to it, those already done at registration and,
  // through an observer, those still in flight then (Cesium fetches its assets for seconds).
  // The app's directory: its files are beside the page, at / or under a static host's sub-path.
  const base = new URL('./', location.href).pathname;
  const post = (urls: string[]) => {
    const ours = urls.filter((u) => {
      const p = new URL(u, location.href).pathname;
      return p.startsWith(`${base}assets/`) || p.startsWith(`${base}cesium/`);
    });
    if (ours.length)
      void navigator.serviceWorker.ready.then((reg) => reg.active?.postMessage({ type: 'cache-loaded', urls: ours }));
  };
  const sendLoaded = () => post(performance.getEntriesByType('resource').map((e) => e.name));
  navigator.serviceWorker.addEventListener('controllerchange', sendLoaded);
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('./sw.js')
      .then(() => {
        sendLoaded();
        new PerformanceObserver((list) => post(list.getEntries().map((e) => e.name))).observe({ type: 'resource' });
      })
      .catch((e: unknown) => console.warn('offline mode unavailable:', e));
  });
}
