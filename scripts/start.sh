#!/usr/bin/env bash
# `npm start`: set-up, build the engine, serve the app on localhost (Vite prints the URL).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-engine.sh
port="${PORT:-5173}"
echo "[start] SkyQueue: open http://127.0.0.1:${port}/ (Ctrl-C stops the server)"
exec npx vite --host 127.0.0.1 --port "$port"
