#!/usr/bin/env bash
# Glasshand against DDS on the shared DD-table deals, one thread each, taking turns.
# A benchmark, not a test. Machines of this kind drift by several percent within minutes
# (neighbours, clocks), so the deals are cut into parts and each part is timed by DDS and
# then by Glasshand before the next part starts: drift falls on both sides alike.
# Usage: bash crate/bench/compare.sh [PARTS]     (default 7 parts of the 700 deals)
set -euo pipefail
cd "$(dirname "$0")/../.."
PARTS=${1:-7}
TABLES=${TABLES:-../shared/data/tables.jsonl}
OUT=target/compare
VENV=target/dds-venv
if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c "import endplay" 2>/dev/null; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet endplay==0.5.12
fi
cargo build --release --quiet
rm -rf "$OUT" && mkdir -p "$OUT"
total=$(grep -c . "$TABLES")
per=$(( (total + PARTS - 1) / PARTS ))
grep . "$TABLES" | split -l "$per" -d -a 2 - "$OUT/part_"
for part in "$OUT"/part_*; do
    n=${part##*_}
    "$VENV/bin/python" crate/bench/dds_times.py "$part" "$OUT/dds_$n.jsonl" >/dev/null 2>"$OUT/dds_$n.log"
    target/release/glasshand speed --threads 1 --dds "$OUT/dds_$n.jsonl" --times "$OUT/ours_$n.jsonl" "$part" 2>/dev/null \
        | grep -E "^1 thread :" | sed "s/^/part $n: /"
done
"$VENV/bin/python" crate/bench/compare_summary.py "$OUT"
