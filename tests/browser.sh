#!/usr/bin/env bash
# The browser tests: builds both wasm flavours, then runs every tests/browser/*.test.mjs
# with node's built-in test runner in headless Chromium (Debian's, via playwright-core).
# Needs tests/setup.sh to have run (tests/run.sh does that). Artifacts: tests/artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

bash web/build.sh
# The bench test compares the wasm signature with the native binary: never a stale one.
cargo build --release -p glasshand-cli --quiet
mkdir -p tests/artifacts
node --test tests/browser/*.test.mjs
