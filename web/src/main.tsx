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
  const sendLoaded = () =>
    void navigator.serviceWorker.ready.then((reg) =>
      reg.active?.postMessage({ type: 'cache-loaded', urls: performance.getEntriesByType('resource').map((e) => e.name) }),
    );
  navigator.serviceWorker.addEventListener('controllerchange', sendLoaded);
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(sendLoaded)
      .catch((e: unknown) => console.warn('offline mode unavailable:', e));
  });
}
