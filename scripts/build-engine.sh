#!/usr/bin/env bash
# Builds the engine: the wasm module and its JS glue for the web app (web/src/wasm/, gitignored)
# and the native `skyqueue` command (engine-wasm/target/release/skyqueue). Cargo makes repeated
# runs cheap.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

(cd engine-wasm && cargo build --release --locked --quiet --target wasm32-unknown-unknown -p skyqueue-bindings)
wasm-bindgen --target web --out-dir web/src/wasm engine-wasm/target/wasm32-unknown-unknown/release/skyqueue_wasm.wasm
(cd engine-wasm && cargo build --release --locked --quiet -p skyqueue-cli)
echo "[build] engine built: web/src/wasm/skyqueue_wasm.js, engine-wasm/target/release/skyqueue"
