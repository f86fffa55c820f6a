"""Sums the parts written by compare.sh: total time of each solver and their ratio."""

import glob
import json
import os
import statistics
import sys


def load(pattern, field):
    out = {}
    for path in sorted(glob.glob(pattern)):
        for line in open(path):
            if line.strip():
                row = json.loads(line)
                out[row["deal"]] = row[field]
    return out


def main():
    folder = sys.argv[1]
    dds = load(os.path.join(folder, "dds_*.jsonl"), "dds_ms")
    ours = load(os.path.join(folder, "ours_*.jsonl"), "ms")
    deals = [d for d in ours if d in dds]
    if not deals:
        sys.exit("compare_summary: no deal timed by both")
    total_ours = sum(ours[d] for d in deals) / 1000
    total_dds = sum(dds[d] for d in deals) / 1000
    ratios = [ours[d] / max(dds[d], 1.0) for d in deals]
    faster = sum(r < 1 for r in ratios)
    print(
        f"{len(deals)} deals, 1 thread, taking turns: Glasshand {total_ours:.1f} s, DDS {total_dds:.1f} s, "
        f"ratio {total_ours / total_dds:.2f}x; per deal median {statistics.median(ratios):.2f}x, "
        f"Glasshand faster on {faster} of {len(deals)}"
    )


if __name__ == "__main__":
    main()
