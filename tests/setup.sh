#!/usr/bin/env bash
# Installs everything a fresh machine needs to build, lint, test and serve Glasshand.
# Idempotent, and fast (a few seconds) when everything is already there.
# Called by tests/run.sh and web/run.sh. The toolchains come from wasm-pack.toml, the
# wasm-bindgen CLI's version from Cargo.lock (the crate's exact pin): see web/wasm-settings.py.
set -euo pipefail
cd "$(dirname "$0")/.."
eval "$(python3 web/wasm-settings.py)"

log() { echo "setup: $*"; }

# 1. Rust: stable with clippy/rustfmt (the native lint), and each wasm flavour's toolchain
#    with rust-src where it builds std itself (-Z build-std), else rustup's prebuilt target.
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
installed_toolchains=$(rustup toolchain list)
for flavour in THREADED SINGLE; do
    declare -n toolchain=FLAVOUR_${flavour}_TOOLCHAIN build_std=FLAVOUR_${flavour}_BUILD_STD
    if ! grep -q "^$toolchain" <<<"$installed_toolchains"; then
        log "installing $toolchain"
        rustup toolchain install "$toolchain" --profile minimal
    fi
    if [ -n "$build_std" ]; then
        if ! rustup component list --installed --toolchain "$toolchain" | grep -q '^rust-src'; then
            log "installing rust-src for $toolchain"
            rustup component add --toolchain "$toolchain" rust-src
        fi
    elif ! rustup target list --installed --toolchain "$toolchain" | grep -qx "$PACKAGE_TARGET"; then
        log "installing target $PACKAGE_TARGET for $toolchain"
        rustup target add --toolchain "$toolchain" "$PACKAGE_TARGET"
    fi
    unset -n toolchain build_std
done

# 2. wasm-bindgen-cli, exactly the version of the crate in Cargo.lock. Cached in ~/.cargo/bin.
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
