#!/usr/bin/env bash
# Builds the engine: the wasm module and its JS glue for the web app (web/src/wasm/, gitignored),
# the native `skyqueue` command (engine-wasm/target/release/skyqueue), and the scenario schema
# the app's parameter panel is generated from (web/src/wasm/scenario-schema.json: every field's
# group, label, unit, help and range, as the engine declares them). Cargo makes repeated runs
# cheap.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

(cd engine-wasm && cargo build --profile wasm-release --locked --quiet --target wasm32-unknown-unknown -p skyqueue-bindings)
wasm-bindgen --target web --out-dir web/src/wasm engine-wasm/target/wasm32-unknown-unknown/wasm-release/skyqueue_wasm.wasm
(cd engine-wasm && cargo build --release --locked --quiet -p skyqueue-cli)
engine-wasm/target/release/skyqueue schema > web/src/wasm/scenario-schema.json
echo "[build] engine built: web/src/wasm/skyqueue_wasm.js, web/src/wasm/scenario-schema.json, engine-wasm/target/release/skyqueue"
