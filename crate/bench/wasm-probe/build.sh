#!/usr/bin/env bash
# Builds the probe library for wasm32 as web/build.sh builds the single flavour (stable, the
# flags of wasm-pack.toml's [flavour.single] plus EXTRA_RUSTFLAGS, wasm-opt with the args of
# [wasm-opt] unless OPT_ARGS is set; OPT_ARGS=none keeps the rustc output, with its
# function names for profiles). Output: target/probe-<name>.wasm.
#
#   bash build.sh base
#   EXTRA_RUSTFLAGS="-C target-feature=+simd128" bash build.sh simd
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$(cd ../../.. && pwd)
NAME=${1:?usage: bash build.sh NAME}
eval "$(python3 "$ROOT/web/wasm-settings.py")"
FLAGS="${FLAVOUR_SINGLE_RUSTFLAGS[*]} ${EXTRA_RUSTFLAGS:-}"
# One target directory per set of flags: variants that differ in wasm-opt only share it.
DIR=target/wasm-$(echo "$FLAGS" | md5sum | cut -c1-8)
RUSTFLAGS="$FLAGS" CARGO_TARGET_DIR=$DIR cargo "+$FLAVOUR_SINGLE_TOOLCHAIN" build --lib --release --target wasm32-unknown-unknown
out=target/probe-$NAME.wasm
cp "$DIR/wasm32-unknown-unknown/release/glasshand_wasm_probe.wasm" "$out"
if [ "${OPT_ARGS:-}" != none ]; then
    read -ra args <<< "${OPT_ARGS:-${WASM_OPT_ARGS[*]}}"
    "$ROOT/web/node_modules/.bin/wasm-opt" "${args[@]}" "$out" -o "$out"
fi
echo "probe: $out $(stat -c %s "$out") bytes"
