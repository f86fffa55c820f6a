#!/usr/bin/env python3
"""Reads wasm-pack.toml, the one file of the wasm build settings, for web/build.sh and
tests/setup.sh (and the browser tests).

  eval "$(python3 web/wasm-settings.py)"   # bash: one variable per key
  python3 web/wasm-settings.py --json      # the same, as one JSON object

A key's variable is its path in capitals ([flavour.threaded] cargo-args is
FLAVOUR_THREADED_CARGO_ARGS); a list becomes a bash array. WASM_BINDGEN_VERSION is the
wasm-bindgen crate's version in Cargo.lock, so the CLI always matches the crate.
"""
import json
import re
import shlex
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def load():
    settings = tomllib.loads((ROOT / "wasm-pack.toml").read_text())
    budget = dict(settings["budget"])
    budget.update({k.removesuffix("-mib") + "-bytes": v << 20 for k, v in budget.items() if k.endswith("-mib")})
    lock = tomllib.loads((ROOT / "Cargo.lock").read_text())
    versions = sorted({p["version"] for p in lock["package"] if p["name"] == "wasm-bindgen"})
    if len(versions) != 1:
        raise ValueError(f"Cargo.lock should hold one version of wasm-bindgen, not {versions}")
    settings["wasm-bindgen"]["version"] = versions[0]
    return expand(settings, budget)


def expand(value, budget):
    """Replaces "{name}" in every string by budget[name]."""
    if isinstance(value, dict):
        return {k: expand(v, budget) for k, v in value.items()}
    if isinstance(value, list):
        return [expand(v, budget) for v in value]
    return value.format_map(budget) if isinstance(value, str) else value


def shell_lines(value, path=()):
    if isinstance(value, dict):
        for key, item in value.items():
            yield from shell_lines(item, path + (key,))
        return
    name = re.sub(r"\W", "_", "_".join(path)).upper()
    if isinstance(value, list):
        yield f"{name}=({' '.join(shlex.quote(str(v)) for v in value)})"
    else:
        yield f"{name}={shlex.quote(str(value).lower() if isinstance(value, bool) else str(value))}"


try:
    settings = load()
except (OSError, KeyError, TypeError, ValueError, tomllib.TOMLDecodeError) as e:
    sys.exit(f"wasm-settings: cannot read wasm-pack.toml / Cargo.lock: {type(e).__name__}: {e}")
print(json.dumps(settings, indent=2) if "--json" in sys.argv[1:] else "\n".join(shell_lines(settings)))
