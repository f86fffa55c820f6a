"""Times glasshand.dd_tables against endplay's calc_all_tables (DDS) on every core, and
dd_tables(threads=1) against the command line's `table --threads 1`: what the Python layer costs.

Every run is a fresh process (no solver keeps its tables from an earlier run); the solvers
take turns, and each one's best run is reported. Python runs are timed around the call
(after the interpreter and the imports start); the command line from its launch to its
exit. Needs glasshand and endplay in the running interpreter, and target/release/glasshand.

    python crate/python/bench/bench.py [--deals 200] [--rounds 3]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
TABLES = ROOT / "tests" / "data" / "tables.jsonl"
CLI = ROOT / "target" / "release" / "glasshand"

# Each snippet reads the deals from argv[1], checks its tables against DDS's ground truth in
# argv[2] and prints its seconds.
GLASSHAND = """
import json, sys, time
import glasshand
deals = json.load(open(sys.argv[1]))
threads = int(sys.argv[3]) if len(sys.argv) > 3 else None
start = time.perf_counter()
tables = glasshand.dd_tables(deals, threads=threads)
took = time.perf_counter() - start
assert tables.tolist() == json.load(open(sys.argv[2])), "glasshand differs from DDS"
print(took)
"""

ENDPLAY = """
import json, sys, time
from endplay.dds import calc_all_tables
from endplay.types import Deal, Denom, Player
deals = [Deal(d) for d in json.load(open(sys.argv[1]))]
start = time.perf_counter()
tables = []
for i in range(0, len(deals), 40):  # CalcAllTables takes at most 40 deals of 5 strains
    tables.extend(calc_all_tables(deals[i:i + 40]))
took = time.perf_counter() - start
strains = [Denom.nt, Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs]
seats = [Player.north, Player.east, Player.south, Player.west]
got = [[[t[s, p] for s in strains] for p in seats] for t in tables]
assert got == json.load(open(sys.argv[2])), "endplay differs from DDS"
print(took)
"""


def _python(snippet: str, *args: str) -> float:
    out = subprocess.run([sys.executable, "-c", snippet, *args], capture_output=True, text=True, check=True)
    return float(out.stdout.split()[-1])


def _cli(deal_file: str) -> float:
    start = time.perf_counter()
    subprocess.run([str(CLI), "table", deal_file, "--json", "--threads", "1"], capture_output=True, check=True)
    return time.perf_counter() - start


def _machine() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            model = next(line.split(":", 1)[1].strip() for line in info if line.startswith("model name"))
    except (OSError, StopIteration):
        model = platform.processor() or "unknown CPU"
    return f"{model}, {os.cpu_count()} cores"


def _commit() -> str:
    out = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    return out.stdout.strip() or "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=200, help="the first N deals of tests/data/tables.jsonl")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each solver, taking turns")
    parser.add_argument("--skip-cli", action="store_true", help="only glasshand against endplay")
    args = parser.parse_args()

    lines = [json.loads(line) for line in TABLES.read_text().splitlines()[: args.deals]]
    deals = [line["deal"] for line in lines]
    truth = [[[line["tricks"][s][t] for t in ("NT", "S", "H", "D", "C")] for s in "NESW"] for line in lines]
    with tempfile.TemporaryDirectory() as scratch:
        deal_json, truth_json, deal_lines = (os.path.join(scratch, n) for n in ("deals.json", "truth.json", "deals"))
        Path(deal_json).write_text(json.dumps(deals))
        Path(truth_json).write_text(json.dumps(truth))
        Path(deal_lines).write_text("\n".join(deals) + "\n")

        runs: dict[str, list[float]] = {"glasshand": [], "endplay": [], "glasshand 1": [], "cli 1": []}
        for lap in range(1, args.rounds + 1):
            turns: dict[str, Callable[[], float]] = {
                "glasshand": partial(_python, GLASSHAND, deal_json, truth_json),
                "endplay": partial(_python, ENDPLAY, deal_json, truth_json),
            }
            if not args.skip_cli:
                turns["glasshand 1"] = partial(_python, GLASSHAND, deal_json, truth_json, "1")
                turns["cli 1"] = partial(_cli, deal_lines)
            for name, run in turns.items():
                runs[name].append(run())
                print(f"round {lap}: {name} {runs[name][-1]:.2f} s", file=sys.stderr, flush=True)

    n = len(deals)
    print(f"{time.strftime('%Y-%m-%d')}, {_machine()}, commit {_commit()}, {n} deals, best of {args.rounds}")
    best = {name: min(times) for name, times in runs.items() if times}
    for name, times in runs.items():
        if times:
            listed = " ".join(f"{t:.2f}" for t in times)
            print(f"{name:12} best {best[name]:7.2f} s  {n / best[name]:7.1f} tables/s  runs {listed}")
    print(f"endplay / glasshand, all cores: {best['endplay'] / best['glasshand']:.2f}x")
    if not args.skip_cli:
        cost = best["glasshand 1"] / best["cli 1"] - 1
        print(f"python / cli, one thread: {100 * cost:+.1f}%")
        print(f"one core: {3600 * n / best['glasshand 1']:.0f} tables/hour")


if __name__ == "__main__":
    main()
