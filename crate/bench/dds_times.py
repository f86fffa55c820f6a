"""Times DDS itself on this machine: the yardstick for `glasshand speed --dds FILE`.

DDS's shared figures were measured on another machine of this kind on another day, and the
machines differ by up to 2x (CPU model, caches, neighbours). This runs DDS 2.9 (the library
built into the `endplay` wheel on PyPI; nothing of DDS is in this repository) on the same
deals, one `CalcDDtablePBN` per deal on one thread, and writes `{"deal", "dds_ms"}` lines, the
format of ../shared/data/dds_table_ms.jsonl. Every table is checked against the file's.

    bash crate/bench/dds.sh                 # sets up a venv under target/, then runs this
    target/release/glasshand speed --dds target/dds_table_ms.jsonl
"""

import ctypes
import glob
import json
import os
import sys
import time

import endplay

STRAINS = ["S", "H", "D", "C", "NT"]  # DDS's order in resTable
SEATS = "NESW"


class DealPbn(ctypes.Structure):
    _fields_ = [("cards", ctypes.c_char * 80)]


class TableResults(ctypes.Structure):
    _fields_ = [("res_table", (ctypes.c_int * 4) * 5)]


def load_dds():
    pattern = os.path.join(os.path.dirname(endplay.__file__), "_dds", "libdds*.so")
    found = glob.glob(pattern)
    if not found:
        sys.exit(f"dds_times: no DDS library at {pattern}")
    lib = ctypes.CDLL(found[0])
    lib.SetMaxThreads(ctypes.c_int(1))
    return lib


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: dds_times.py TABLES.jsonl OUT.jsonl")
    source, out_path = sys.argv[1], sys.argv[2]
    lib = load_dds()
    times, wrong = [], 0
    with open(source) as lines, open(out_path, "w") as out:
        for line in lines:
            if not line.strip():
                continue
            case = json.loads(line)
            deal = DealPbn(case["deal"].encode())
            result = TableResults()
            start = time.perf_counter()
            status = lib.CalcDDtablePBN(deal, ctypes.byref(result))
            ms = (time.perf_counter() - start) * 1000
            if status != 1:
                sys.exit(f"dds_times: DDS error {status} on {case['deal']}")
            for s, strain in enumerate(STRAINS):
                for h, seat in enumerate(SEATS):
                    wrong += result.res_table[s][h] != case["tricks"][seat][strain]
            times.append(ms)
            out.write(json.dumps({"deal": case["deal"], "dds_ms": round(ms, 3)}) + "\n")
            if len(times) % 50 == 0:
                print(f"dds_times: {len(times)} deals, {sum(times) / 1000:.1f} s", file=sys.stderr)
    times.sort()
    pick = lambda q: times[min(len(times) - 1, round((len(times) - 1) * q))]
    print(
        f"DDS {len(times)} tables, 1 thread: total {sum(times) / 1000:.1f} s; per table p50 {pick(0.5):.0f} ms, "
        f"p90 {pick(0.9):.0f} ms, p99 {pick(0.99):.0f} ms, max {times[-1]:.0f} ms; entries differing: {wrong}"
    )
    if wrong:
        sys.exit(1)


if __name__ == "__main__":
    main()
