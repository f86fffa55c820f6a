#!/usr/bin/env bash
# Builds both WebAssembly flavours of crate/wasm with the settings of wasm-pack.toml:
#   web/pkg/threaded/  nightly, -Z build-std, atomics + shared memory, rayon pool
#   web/pkg/single/    stable, one thread
# each as `glasshand.js` + `glasshand_bg.wasm` (wasm-bindgen), shrunk with npm binaryen's
# wasm-opt (web/node_modules).
#
# usage: bash web/build.sh [all|threaded|single|object-init]   (tests/setup.sh installs the tools)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
export PATH="$HOME/.cargo/bin:$PATH"
eval "$(python3 web/wasm-settings.py)"
export "${!CARGO_PROFILE_RELEASE_@}"

WHICH=${1:-all}

# wasm-bindgen-rayon's worker glue calls the init function with positional arguments, which
# wasm-bindgen deprecates with a console warning in every pool thread: pass one object.
object_init() { # pkg dir
    local helper
    for helper in "$1"/snippets/wasm-bindgen-rayon-*/src/workerHelpers*.js; do
        [ -e "$helper" ] || continue
        sed -i 's/await pkg\.default(data\.module, data\.memory);/await pkg.default({ module_or_path: data.module, memory: data.memory });/' "$helper"
        if grep -q 'pkg\.default(data\.module' "$helper"; then
            echo "build: $helper: the init call changed, fix object_init in web/build.sh" >&2
            exit 1
        fi
    done
}

if [ "$WHICH" = object-init ]; then # the fix alone, on a build made before it
    object_init web/pkg/threaded
    exit 0
fi

WASM_OPT="$ROOT/web/node_modules/.bin/wasm-opt"

if [ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
    echo "build: wasm-bindgen $WASM_BINDGEN_VERSION is missing; run: bash tests/setup.sh" >&2
    exit 1
fi
if [ ! -x "$WASM_OPT" ]; then
    echo "build: npm binaryen is missing; run: bash tests/setup.sh" >&2
    exit 1
fi

build() { # flavour
    local flavour=$1 settings=FLAVOUR_${1^^}
    local -n toolchain=${settings}_TOOLCHAIN build_std=${settings}_BUILD_STD \
        cargo_args=${settings}_CARGO_ARGS target_dir=${settings}_TARGET_DIR \
        rustflags=${settings}_RUSTFLAGS wasm_opt_args=${settings}_WASM_OPT_ARGS
    local std_args=() out="$ROOT/web/pkg/$flavour"
    [ -n "$build_std" ] && std_args=(-Z "build-std=$build_std")
    echo "build: $flavour ($toolchain)"
    # RUSTFLAGS: the whole set, whatever .cargo/config.toml or the environment say.
    RUSTFLAGS="${rustflags[*]}" CARGO_TARGET_DIR="$ROOT/$target_dir" \
        cargo "+$toolchain" build -p "$PACKAGE_CRATE" --release --target "$PACKAGE_TARGET" \
        "${cargo_args[@]}" "${std_args[@]}"
    rm -rf "$out.tmp"
    wasm-bindgen "${WASM_BINDGEN_ARGS[@]}" --out-dir "$out.tmp" --out-name "$PACKAGE_OUT_NAME" \
        "$ROOT/$target_dir/$PACKAGE_TARGET/release/${PACKAGE_CRATE//-/_}.wasm"
    object_init "$out.tmp"
    local wasm="$out.tmp/${PACKAGE_OUT_NAME}_bg.wasm"
    "$WASM_OPT" "${WASM_OPT_ARGS[@]}" "${wasm_opt_args[@]}" "$wasm" -o "$wasm"
    rm -rf "$out"
    mv "$out.tmp" "$out"
    wasm="$out/${PACKAGE_OUT_NAME}_bg.wasm"
    echo "build: web/pkg/$flavour/${wasm##*/} $(stat -c %s "$wasm") bytes ($(gzip -9c "$wasm" | wc -c) gzipped)"
}

case $WHICH in
    all) build threaded; build single ;;
    threaded | single) build "$WHICH" ;;
    *) echo "usage: bash web/build.sh [all|threaded|single|object-init]" >&2; exit 2 ;;
esac
