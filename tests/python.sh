#!/usr/bin/env bash
# The Python package's tests: builds and installs the wheel (./crate/python[dask]) into a
# venv under target/ (reused between runs), then runs pytest on crate/python/tests.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/python-venv

if [ ! -x "$venv/bin/python" ]; then
    if ! python3 -m venv "$venv"; then
        # Debian's python3 comes without ensurepip until python3-venv is installed.
        rm -rf "$venv"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv
        python3 -m venv "$venv"
    fi
fi

# Ours is rebuilt every time (pip would keep an installed package of the same version), once;
# then its extras and the test tools, which find it installed.
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps --force-reinstall ./crate/python
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "./crate/python[dask]" pytest tqdm
"$venv/bin/python" -m pytest crate/python/tests -p no:cacheprovider
