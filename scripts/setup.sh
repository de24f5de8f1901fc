#!/usr/bin/env bash
# Idempotent set-up for a fresh Debian machine; run by `npm start`, `npm test`, `npm run bench`.
# Fast (well under a second) when everything is already present.
#
#   scripts/setup.sh            Rust wasm target, wasm-bindgen-cli, npm packages
#   scripts/setup.sh --browser  the same, plus Debian's chromium for the Playwright tests
set -euo pipefail
cd "$(dirname "$0")/.."

want_browser=0
[ "${1:-}" = "--browser" ] && want_browser=1

say() { printf '[setup] %s\n' "$*"; }
die() { printf '[setup] ERROR: %s\n' "$*" >&2; exit 1; }

# 1. Rust toolchain on PATH.
export PATH="$HOME/.cargo/bin:$PATH"
command -v cargo >/dev/null || die "cargo not found: install Rust with rustup (https://rustup.rs), then rerun"

# 2. The wasm32 target.
if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  say "adding the Rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown \
    || die "rustup could not download the wasm32-unknown-unknown target (network?); SkyQueue cannot build its engine without it"
fi

# 2b. The linters that npm test runs (rustfmt, clippy).
for c in rustfmt clippy; do
  if ! rustup component list --installed 2>/dev/null | grep -q "^$c"; then
    say "adding the Rust component $c"
    rustup component add "$c" || die "rustup could not add $c (network?); npm test runs it"
  fi
done

# 3. wasm-bindgen-cli at exactly the version Cargo.lock pins (the two must match).
wb_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' engine-wasm/Cargo.lock)
[ -n "$wb_version" ] || die "cannot read the wasm-bindgen version from engine-wasm/Cargo.lock"
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$wb_version" ]; then
  say "installing wasm-bindgen-cli $wb_version (about 2 minutes)"
  cargo install wasm-bindgen-cli --version "$wb_version" --locked \
    || cargo install wasm-bindgen-cli --version "$wb_version" \
    || die "could not install wasm-bindgen-cli $wb_version"
fi

# 4. Debian's chromium for Playwright (never `playwright install`: it downloads browsers).
if [ "$want_browser" = 1 ] && [ -z "${SKYQUEUE_CHROMIUM:-}" ] && [ ! -x /usr/bin/chromium ]; then
  say "installing Debian's chromium for the browser tests"
  sudo_cmd=""
  [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq || die "apt-get update failed"
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium >/dev/null || die "apt-get install chromium failed"
fi

# 5. npm packages, when missing or older than the lockfile.
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm packages (npm ci)"
  npm ci --no-audit --no-fund --loglevel=error
fi
