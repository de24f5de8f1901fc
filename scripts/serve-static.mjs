// A plain static file server (no Vite, no framework) for the built app, under a base path: how a
// school's web server or any static host serves dist/ (docs/DEPLOY.md). The e2e suite serves the
// build this way at /course/skyqueue/ (e2e/static-host.spec.ts).
//   node scripts/serve-static.mjs [--dir dist] [--base /course/skyqueue/] [--port 4175] [--host 127.0.0.1]
// Headers: the content type by extension (application/wasm for the engine), and the cache rules
// docs/DEPLOY.md asks of any host: hashed bundle files (assets/) cached for a year as immutable;
// everything else (index.html, sw.js, the manifest, Cesium's files) revalidated (no-cache), so a
// new version replaces the old at the next visit.
import { createServer } from 'node:http';
import { createReadStream, statSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';

const opt = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const dir = resolve(opt('dir', 'dist'));
const base = `/${opt('base', '/').replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
const port = Number(opt('port', '4175'));
const host = opt('host', '127.0.0.1');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.glb': 'model/gltf-binary',
  '.gltf': 'model/gltf+json',
  '.ktx2': 'image/ktx2',
  '.woff2': 'font/woff2',
};

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  let path = decodeURIComponent(url.pathname);
  if (path === base.slice(0, -1)) {
    res.writeHead(301, { Location: base + url.search });
    return res.end();
  }
  if (!path.startsWith(base)) {
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    return res.end(`not under ${base}\n`);
  }
  let file = normalize(join(dir, path.slice(base.length)));
  if (!file.startsWith(dir)) {
    res.writeHead(403);
    return res.end();
  }
  let st;
  try {
    st = statSync(file);
    if (st.isDirectory()) {
      file = join(file, 'index.html');
      st = statSync(file);
    }
  } catch {
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    return res.end('not found\n');
  }
  const immutable = path.startsWith(`${base}assets/`);
  res.writeHead(200, {
    'Content-Type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': st.size,
    'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    'Last-Modified': st.mtime.toUTCString(),
  });
  if (req.method === 'HEAD') return res.end();
  createReadStream(file).pipe(res);
}).listen(port, host, () => console.log(`serving ${dir} at http://${host}:${port}${base}`));
