#!/usr/bin/env bash
# The test command: installs what it needs, then lint, the crate's docs and package, the engine
# and command-line tests (release, full data sets), the Python package's tests, and the browser
# tests in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tests/setup.sh
cargo fmt --all --check
cargo clippy --all-targets -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc -p glasshand --no-deps --quiet
# The crate as crates.io would take it (its tests and benches stay in the repository).
publish_log=$(cargo publish --dry-run -p glasshand --allow-dirty 2>&1) || { echo "$publish_log" >&2; exit 1; }
echo "cargo publish --dry-run -p glasshand: ok"
cargo test --release
bash tests/python.sh
bash tests/browser.sh
