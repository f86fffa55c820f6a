#!/usr/bin/env bash
# Builds the npm package `glasshand` (the JS API, the <glasshand-deal> widget and both wasm
# builds) and prints the tarball's path on its last line.
#
#   bash web/pack.sh              # builds web/pkg (web/build.sh), then packs
#   bash web/pack.sh --no-build   # packs the web/pkg/ already built
#
# The package mirrors web/ (so the modules' relative imports hold): glasshand.js and its
# worker, board/, ui/, widget/, pkg/threaded/ and pkg/single/, with two entry points,
# `glasshand` (the API) and `glasshand/widget` (the element). Its version is the crate's
# (crate/Cargo.toml). Output: target/npm/glasshand-<version>.tgz.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
[ "${1:-}" = "--no-build" ] || bash web/build.sh >&2

VERSION=$(python3 -c 'import tomllib; print(tomllib.load(open("crate/Cargo.toml", "rb"))["package"]["version"])')
OUT=$ROOT/target/npm
STAGE=$OUT/glasshand
rm -rf "$STAGE"
mkdir -p "$STAGE/pkg"
for flavour in threaded single; do
    [ -f "web/pkg/$flavour/glasshand_bg.wasm" ] || { echo "pack: web/pkg/$flavour is missing: run bash web/build.sh" >&2; exit 1; }
    cp -r "web/pkg/$flavour" "$STAGE/pkg/"
done
# The widget's files (web/widget/FILES, relative to web/) hold the API and everything it loads.
while read -r f; do
    [ -n "$f" ] || continue
    mkdir -p "$STAGE/$(dirname "$f")"
    cp "web/$f" "$STAGE/$f"
done < web/widget/FILES
cp web/glasshand.d.ts web/widget/widget.d.ts "$STAGE/"
cp web/widget/README.md "$STAGE/README.md"
cp LICENSE "$STAGE/LICENSE"
printf '%s\n' "// <glasshand-deal>: importing this module defines the element (see README.md)." \
    "export * from './widget/glasshand-widget.js';" \
    "export { default } from './widget/glasshand-widget.js';" > "$STAGE/widget.js"
VERSION=$VERSION python3 - "$STAGE/package.json" <<'PY'
import json, os, sys
package = {
    "name": "glasshand",
    "version": os.environ["VERSION"],
    "description": "Exact double-dummy bridge solver in WebAssembly: a JS API in a Web Worker and the <glasshand-deal> widget",
    "license": "MIT",
    "type": "module",
    "main": "./glasshand.js",
    "types": "./glasshand.d.ts",
    "exports": {
        ".": {"types": "./glasshand.d.ts", "default": "./glasshand.js"},
        "./widget": {"types": "./widget.d.ts", "default": "./widget.js"},
        "./package.json": "./package.json",
    },
    "files": ["glasshand.js", "glasshand.d.ts", "worker.js", "widget.js", "widget.d.ts", "LICENSE",
              "board/", "ui/", "widget/", "pkg/threaded/", "pkg/single/"],
    "sideEffects": ["./widget.js", "./widget/glasshand-widget.js"],
    "keywords": ["bridge", "double-dummy", "solver", "webassembly", "web-component"],
}
with open(sys.argv[1], "w") as f:
    json.dump(package, f, indent=2)
    f.write("\n")
PY
(cd "$STAGE" && npm pack --pack-destination "$OUT" --silent >&2)
echo "$OUT/glasshand-$VERSION.tgz"
