#!/usr/bin/env bash
# Measures DDS on this machine (see dds_times.py): a benchmark, not a test.
# Usage: bash crate/bench/dds.sh [TABLES.jsonl] [OUT.jsonl]
set -euo pipefail
cd "$(dirname "$0")/../.."
TABLES=${1:-../shared/data/tables.jsonl}
OUT=${2:-target/dds_table_ms.jsonl}
VENV=target/dds-venv
# endplay's wheel carries DDS 2.9.0 as a shared library; pinned so the yardstick stays put.
if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c "import endplay" 2>/dev/null; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet endplay==0.5.12
fi
mkdir -p "$(dirname "$OUT")"
"$VENV/bin/python" crate/bench/dds_times.py "$TABLES" "$OUT"
echo "written $OUT; compare with: target/release/glasshand speed --dds $OUT"
