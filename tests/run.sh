#!/usr/bin/env bash
# The test command: installs what it needs, then lint, engine tests (release, full data sets)
# and the browser tests in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tests/setup.sh
cargo fmt --all --check
cargo clippy --all-targets -- -D warnings
cargo test --release
bash tests/browser.sh
