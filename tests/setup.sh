#!/usr/bin/env bash
# Installs everything a fresh machine needs to build, lint, test and serve Glasshand.
# Idempotent, and fast (a few seconds) when everything is already there.
# Called by tests/run.sh and web/run.sh. Versions here must match wasm-pack.toml and
# crate/wasm/Cargo.toml (wasm-bindgen is pinned exactly: the crate and the CLI must agree).
set -euo pipefail
cd "$(dirname "$0")/.."

NIGHTLY=nightly-2026-05-20
WASM_BINDGEN_VERSION=0.2.130

log() { echo "setup: $*"; }

# 1. Rust: stable with clippy/rustfmt and the wasm32 target (the single-threaded build),
#    plus the pinned nightly with rust-src (the threaded build uses -Z build-std).
if ! command -v rustup >/dev/null 2>&1; then
    echo "setup: rustup is required (https://rustup.rs); install it and re-run" >&2
    exit 1
fi
installed_components=$(rustup component list --installed --toolchain stable 2>/dev/null || true)
for c in clippy rustfmt; do
    if ! grep -q "^$c" <<<"$installed_components"; then
        log "installing stable component $c"
        rustup component add --toolchain stable "$c"
    fi
done
if ! rustup target list --installed --toolchain stable | grep -qx wasm32-unknown-unknown; then
    log "installing stable target wasm32-unknown-unknown"
    rustup target add --toolchain stable wasm32-unknown-unknown
fi
if ! rustup toolchain list | grep -q "^$NIGHTLY" \
    || ! rustup component list --installed --toolchain "$NIGHTLY" 2>/dev/null | grep -q '^rust-src'; then
    log "installing $NIGHTLY with rust-src"
    rustup toolchain install "$NIGHTLY" --profile minimal --component rust-src
fi

# 2. wasm-bindgen-cli, exactly the version the crate pins. Cached in ~/.cargo/bin.
#    No --locked: its lockfile wants a webpki-roots version the registry does not have.
export PATH="$HOME/.cargo/bin:$PATH"
if [ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
    log "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (takes ~6 minutes once)"
    cargo +stable install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

# 3. Chromium for the browser tests (Debian's; playwright's own download is unreachable).
if [ ! -x /usr/bin/chromium ]; then
    log "installing chromium"
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq
    # A retry after --fix-broken: an interrupted upgrade of a dependency has been seen to
    # leave dpkg half-configured.
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null \
        || { DEBIAN_FRONTEND=noninteractive $SUDO apt-get --fix-broken install -y -qq >/dev/null \
             && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null; }
fi

# 4. npm packages for web/ (playwright-core drives Chromium; binaryen provides wasm-opt).
#    Reinstall only when the lockfile changed since the last install (a copy is kept as stamp).
STAMP=web/node_modules/.glasshand-lock
if ! cmp -s web/package-lock.json "$STAMP" || [ ! -x web/node_modules/.bin/wasm-opt ]; then
    log "npm ci in web/"
    (cd web && npm ci --no-audit --no-fund --loglevel=error)
    cp web/package-lock.json "$STAMP"
fi

log "ok"
