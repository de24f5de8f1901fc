#!/usr/bin/env bash
# Idempotent set-up for a fresh Debian machine; run by `npm start`, `npm test`, `npm run bench`.
# Fast (well under a second) when everything is already present.
#
#   scripts/setup.sh            Rust wasm target, wasm-bindgen-cli, npm packages, and .venv/ (Python:
#                               python/requirements-dev.txt and the skyqueue package from ./python)
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
# (A node_modules that is a link to another checkout's is left alone: npm ci would empty it.)
if [ ! -d node_modules ] || { [ ! -L node_modules ] && [ package-lock.json -nt node_modules/.package-lock.json ]; }; then
  say "installing npm packages (npm ci)"
  npm ci --no-audit --no-fund --loglevel=error
fi

# 6. Python: a virtual environment at .venv/ with python/requirements-dev.txt's exact versions,
#    and the skyqueue package built from ./python (the engine as a Python module, with maturin).
command -v python3 >/dev/null \
  || die "python3 not found: install Python 3.11 or later with venv and pip (Debian: apt-get install python3 python3-venv python3-pip); npm test runs the Python package's tests"
python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
  || die "$(python3 --version 2>&1) is too old: the skyqueue Python package needs Python 3.11 or later"
venv=.venv
if [ ! -x "$venv/bin/python" ]; then
  say "creating the Python virtual environment .venv/"
  python3 -m venv "$venv" || die "python3 -m venv failed: install Python's venv module (Debian: apt-get install python3-venv)"
fi
if ! cmp -s python/requirements-dev.txt "$venv/.skyqueue-requirements"; then
  say "installing into .venv: $(grep -v '^#' python/requirements-dev.txt | grep . | paste -sd' ') (python/requirements-dev.txt)"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r python/requirements-dev.txt \
    || die "pip could not install python/requirements-dev.txt into .venv (network?)"
  cp python/requirements-dev.txt "$venv/.skyqueue-requirements"
fi
# The package, when missing or older than its sources (the engine's compiled artefacts in
# engine-wasm/target are reused; a minute or two after a change to the engine, seconds otherwise).
stamp="$venv/.skyqueue-installed"
if [ ! -f "$stamp" ] || ! "$venv/bin/python" -c 'import skyqueue._engine' 2>/dev/null \
  || [ -n "$(find python/pyproject.toml python/skyqueue engine-wasm/Cargo.toml engine-wasm/Cargo.lock \
    engine-wasm/crates/engine engine-wasm/crates/cli engine-wasm/crates/python examples -newer "$stamp" -print -quit)" ]; then
  say "building the Python package skyqueue from ./python and installing it into .venv (PyO3 and maturin)"
  touch "$stamp.new"
  PATH="$PWD/$venv/bin:$PATH" CARGO_TARGET_DIR="$PWD/engine-wasm/target" \
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-build-isolation --no-deps ./python \
    || die "could not build the Python package from ./python (see the errors above)"
  mv "$stamp.new" "$stamp"
fi
