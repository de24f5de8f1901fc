#!/usr/bin/env bash
# `npm start`: set-up, build the engine and the app, serve it on localhost (Vite prints the URL).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-engine.sh
# The production build is what users get: the service worker makes it work offline once loaded.
# (`npm run dev` is the development server with hot reload, without offline support.)
npx vite build --logLevel warn
port="${PORT:-5173}"
echo "[start] SkyQueue: open http://127.0.0.1:${port}/ (Ctrl-C stops the server)"
exec npx vite preview --host 127.0.0.1 --port "$port" --strictPort
