#!/usr/bin/env bash
# `npm test`: set-up (including Debian's chromium), build, then every test: cargo (unit, doc,
# scenario and CLI tests), rustfmt and clippy, pytest (the Python package), the TypeScript type check, ESLint and Prettier's
# check, Vitest, and Playwright in headless chromium. Ends with one plain line `N passed, M failed`
# summed over cargo, pytest, Vitest and Playwright; exits non-zero if anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

bash scripts/setup.sh --browser || { echo "0 passed, 1 failed"; exit 1; }
bash scripts/build-engine.sh || { echo "0 passed, 1 failed"; exit 1; }

mkdir -p reports
passed=0
failed=0
status=0
step_failed() { echo "[test] FAILED: $1"; status=1; }

echo "[test] cargo test"
# The wasm bindings and the Python extension hold no tests of their own (their code is tested
# through the engine, Vitest and pytest) and are built above; compiling them again for the test
# profile only cost time. Clippy below still checks them.
(cd engine-wasm && cargo test --workspace --exclude skyqueue-bindings --exclude skyqueue-python --locked 2>&1) | tee reports/cargo.txt
cargo_rc=${PIPESTATUS[0]}
read -r cp cf < <(awk '/^test result:/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i } } END { print p + 0, f + 0 }' reports/cargo.txt)
passed=$((passed + cp)); failed=$((failed + cf))
if [ "$cargo_rc" != 0 ]; then
  step_failed "cargo test (exit $cargo_rc)"
  [ "$cf" = 0 ] && failed=$((failed + 1)) # did not compile: count it
fi

echo "[test] rustfmt and clippy"
(cd engine-wasm && cargo fmt --all --check) || { step_failed "cargo fmt --check (run: cd engine-wasm && cargo fmt --all)"; failed=$((failed + 1)); }
(cd engine-wasm && cargo clippy --workspace --all-targets --locked -- -D warnings) || { step_failed "cargo clippy"; failed=$((failed + 1)); }

echo "[test] pytest (the Python package, python/tests/)"
.venv/bin/python -P -m pytest -p no:cacheprovider python/tests 2>&1 | tee reports/pytest.txt
pytest_rc=${PIPESTATUS[0]}
# pytest's closing line: `==== 2 failed, 50 passed, 1 error in 21.3s ====`.
read -r yp yf < <(awk '/^=+ .* in [0-9.]+s/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^(failed|errors?)[,]?$/) f += $i } } END { print p + 0, f + 0 }' reports/pytest.txt)
passed=$((passed + yp)); failed=$((failed + yf))
if [ "$pytest_rc" != 0 ]; then
  step_failed "pytest (exit $pytest_rc)"
  [ "$yf" = 0 ] && failed=$((failed + 1)) # no test ran, or pytest could not start
fi

echo "[test] type check (tsc)"
npx tsc --noEmit -p tsconfig.json || { step_failed "tsc"; failed=$((failed + 1)); }

echo "[test] lint (npm run lint: eslint, prettier --check)"
npm run --silent lint || { step_failed "eslint or prettier --check (npm run lint)"; failed=$((failed + 1)); }

echo "[test] vitest"
rm -f reports/vitest.json
npx vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest.json
vitest_rc=$?
read -r vp vf < <(node -e '
  try { const r = require("./reports/vitest.json"); console.log(r.numPassedTests, r.numFailedTests); }
  catch { console.log(0, 0); }')
passed=$((passed + vp)); failed=$((failed + vf))
if [ "$vitest_rc" != 0 ]; then
  step_failed "vitest (exit $vitest_rc)"
  [ "$vf" = 0 ] && failed=$((failed + 1))
fi

echo "[test] vite build + playwright"
if npx vite build --logLevel warn; then
  rm -f reports/playwright.json
  PLAYWRIGHT_JSON_OUTPUT_NAME=reports/playwright.json npx playwright test
  pw_rc=$?
  read -r pp pf < <(node -e '
    try { const s = require("./reports/playwright.json").stats; console.log(s.expected + s.flaky, s.unexpected); }
    catch { console.log(0, 0); }')
  passed=$((passed + pp)); failed=$((failed + pf))
  if [ "$pw_rc" != 0 ]; then
    step_failed "playwright (exit $pw_rc)"
    [ "$pf" = 0 ] && failed=$((failed + 1))
  fi
else
  step_failed "vite build"
  failed=$((failed + 1))
fi

echo
echo "$passed passed, $failed failed"
[ "$failed" = 0 ] || status=1
exit $status
