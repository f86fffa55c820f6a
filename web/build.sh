#!/usr/bin/env bash
# Builds both WebAssembly flavours of crate/wasm (glasshand-wasm):
#   web/pkg/threaded/  nightly-2026-05-20, -Z build-std, atomics + shared memory, rayon pool
#   web/pkg/single/    stable, one thread
# each as `glasshand.js` + `glasshand_bg.wasm` (wasm-bindgen --target web), shrunk with the
# wasm-opt of npm `binaryen` (web/node_modules; never Debian's, which breaks the module).
#
# usage: bash web/build.sh [all|threaded|single]   (tests/setup.sh installs the tools)
# The settings are explained in wasm-pack.toml; the threaded rustflags are in .cargo/config.toml.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
export PATH="$HOME/.cargo/bin:$PATH"

WHICH=${1:-all}
NIGHTLY=nightly-2026-05-20
WASM_OPT="$ROOT/web/node_modules/.bin/wasm-opt"
CRATE=glasshand-wasm
ARTIFACT=glasshand_wasm.wasm
OUT_NAME=glasshand

# Release profile for wasm: the workspace profile unwinds (for native tests); wasm aborts,
# and fat LTO gives the smallest, fastest module.
export CARGO_PROFILE_RELEASE_PANIC=abort
export CARGO_PROFILE_RELEASE_LTO=fat
export CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1
export CARGO_PROFILE_RELEASE_OPT_LEVEL=3
export CARGO_PROFILE_RELEASE_DEBUG=false

if [ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen 0.2.130" ]; then
    echo "build: wasm-bindgen 0.2.130 is missing; run: bash tests/setup.sh" >&2
    exit 1
fi
if [ ! -x "$WASM_OPT" ]; then
    echo "build: npm binaryen is missing; run: bash tests/setup.sh" >&2
    exit 1
fi

# The features every Chromium/Firefox/Safari of the last years has and rustc emits.
OPT_FEATURES=(--enable-bulk-memory --enable-mutable-globals --enable-sign-ext
    --enable-nontrapping-float-to-int --enable-reference-types --enable-multivalue)

finish() { # flavour wasm-file
    local flavour=$1 wasm=$2 out="$ROOT/web/pkg/$1"
    rm -rf "$out.tmp"
    wasm-bindgen --target web --out-dir "$out.tmp" --out-name "$OUT_NAME" --no-typescript "$wasm"
    local extra=()
    [ "$flavour" = threaded ] && extra=(--enable-threads)
    "$WASM_OPT" -O3 "${OPT_FEATURES[@]}" "${extra[@]}" --strip-debug --strip-producers \
        "$out.tmp/${OUT_NAME}_bg.wasm" -o "$out.tmp/${OUT_NAME}_bg.wasm"
    rm -rf "$out"
    mv "$out.tmp" "$out"
    local size
    size=$(stat -c %s "$out/${OUT_NAME}_bg.wasm")
    echo "build: web/pkg/$flavour/${OUT_NAME}_bg.wasm $size bytes ($(gzip -9c "$out/${OUT_NAME}_bg.wasm" | wc -c) gzipped)"
}

if [ "$WHICH" = all ] || [ "$WHICH" = threaded ]; then
    echo "build: threaded (nightly $NIGHTLY, build-std, atomics, shared memory)"
    CARGO_TARGET_DIR="$ROOT/target/wasm-threaded" \
        cargo "+$NIGHTLY" build -p "$CRATE" --features parallel --release \
        --target wasm32-unknown-unknown -Z build-std=panic_abort,std
    finish threaded "$ROOT/target/wasm-threaded/wasm32-unknown-unknown/release/$ARTIFACT"
fi

if [ "$WHICH" = all ] || [ "$WHICH" = single ]; then
    echo "build: single (stable)"
    # RUSTFLAGS replaces .cargo/config.toml's threaded flags for this build.
    RUSTFLAGS="-C link-arg=-zstack-size=2097152" CARGO_TARGET_DIR="$ROOT/target/wasm-single" \
        cargo +stable build -p "$CRATE" --release --target wasm32-unknown-unknown
    finish single "$ROOT/target/wasm-single/wasm32-unknown-unknown/release/$ARTIFACT"
fi
