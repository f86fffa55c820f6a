#!/usr/bin/env bash
# The main command: installs what is missing, builds both wasm flavours and serves the site
# on 127.0.0.1 with COOP/COEP (threads). It prints `Serving at http://127.0.0.1:PORT/`.
#   bash web/run.sh                # PORT=8000 by default
#   PORT=8123 bash web/run.sh
#   ISOLATION=0 bash web/run.sh    # without COOP/COEP, as GitHub Pages (see coi-sw.js)
set -euo pipefail
cd "$(dirname "$0")/.."
bash tests/setup.sh
bash web/build.sh
exec node web/serve.mjs
