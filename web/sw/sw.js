// SkyQueue's service worker: the app keeps working offline once it has been loaded.
// Built by vite.config.ts (the `offline` plugin), which fills in PRECACHE (every file of the
// bundle: scripts, styles, the wasm engine; public/: the web app manifest and its icons;
// Cesium's sky box, moon and offline Earth imagery) and VERSION (a hash of that list).
//
// - Navigations: network first (a new build is picked up), the cached page when offline.
// - The bundle (assets/, hashed names) and Cesium's files (cesium/: workers, imagery): cache
//   first, then the network, and what the network returns is kept.
// Nothing from other origins is touched: the app requests none. Files are kept under their path
// without the query string, so the cache holds at most one copy of each of the build's files,
// however many query-string variants are asked for.
const VERSION = '__VERSION__';
// The app's directory (this worker's own, and its scope): / or a static host's sub-path. The
// build lists its files relative to it.
const BASE = new URL('./', self.location.href).pathname;
const PRECACHE = __PRECACHE__.map((f) => new URL(f, self.location.href).pathname);
const CACHE = `skyqueue-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((c) => c.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('skyqueue-') && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

/** The cache key of a URL: its origin and path, without the query string or fragment. */
const keyOf = (u) => {
  const url = new URL(u);
  return `${url.origin}${url.pathname}`;
};

/** A response worth keeping: complete and from this origin. */
const keepable = (res) => res.ok && res.type === 'basic';

/** The build's own files: the bundle, Cesium's and the precached ones (manifest, icons); never
 * the development server's. */
const ours = (url) =>
  url.origin === self.location.origin &&
  (url.pathname.startsWith(`${BASE}assets/`) ||
    url.pathname.startsWith(`${BASE}cesium/`) ||
    (url.pathname !== BASE && PRECACHE.includes(url.pathname)));

// The page lists what it loaded before this worker controlled it (main.tsx): keep what is
// missing, so that a single visit is enough to work offline.
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'cache-loaded' || !Array.isArray(event.data.urls)) return;
  const urls = event.data.urls.filter((u) => typeof u === 'string' && ours(new URL(u)));
  event.waitUntil(
    caches.open(CACHE).then((c) =>
      Promise.all(
        urls.map((u) =>
          c.match(keyOf(u), { ignoreVary: true }).then((hit) =>
            hit
              ? undefined
              : fetch(u).then(
                  (res) => (keepable(res) ? c.put(keyOf(u), res) : undefined),
                  () => undefined,
                ),
          ),
        ),
      ),
    ),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin) return;
  // Only the build's own files: a development server on the same port (`npm run dev`) serves
  // /src, /@vite and /node_modules, which must never come from this cache.
  if (req.mode !== 'navigate' && !ours(url)) return;
  if (req.mode === 'navigate') {
    event.respondWith(
      fetch(req)
        .then((res) => {
          const copy = res.clone();
          if (res.ok) void caches.open(CACHE).then((c) => c.put(BASE, copy));
          return res;
        })
        .catch(() => caches.match(BASE, { cacheName: CACHE }).then((r) => r ?? Response.error())),
    );
    return;
  }
  event.respondWith(
    caches.open(CACHE).then((c) =>
      // ignoreVary: the preview server answers with `Vary: Origin`, the precache was filled
      // without an Origin header and the page's module scripts send one, so a Vary-respecting
      // match missed every precached script offline (a blank page).
      c.match(keyOf(req.url), { ignoreVary: true }).then(
        (hit) =>
          hit ??
          fetch(req).then((res) => {
            if (keepable(res) && !req.headers.has('range')) void c.put(keyOf(req.url), res.clone());
            return res;
          }),
      ),
    ),
  );
});
