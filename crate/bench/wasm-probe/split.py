#!/usr/bin/env python3
"""Mixed units for one table on two threads, from split's per-unit times (its stderr):
some strains whole, some as two pairs (N+S, E+W), chosen per deal with hindsight (the best
any rule could do) and by rule "split the strain that takes longest".

  target/release/split tables.jsonl 0,63 16 2>units.jsonl; python3 split.py units.jsonl
"""
import itertools
import json
import sys


def best_two_way(jobs):
    total = sum(jobs)
    best = total
    for mask in range(1 << (len(jobs) - 1)):
        one = sum(t for i, t in enumerate(jobs) if mask >> i & 1)
        best = min(best, max(one, total - one))
    return best


deals = [json.loads(line) for line in open(sys.argv[1])]
one_thread = sum(sum(d["strain"]) for d in deals)
oracle = largest = strain_only = 0.0
for d in deals:
    whole, pairs = d["strain"], [d["pair"][2 * s : 2 * s + 2] for s in range(5)]

    def makespan(split):
        jobs = [t for s in range(5) for t in (pairs[s] if s in split else [whole[s]])]
        return best_two_way(jobs)

    strain_only += makespan(())
    oracle += min(makespan(c) for k in range(6) for c in itertools.combinations(range(5), k))
    largest += makespan((max(range(5), key=lambda s: whole[s]),))
print(f"one thread, strains: {one_thread:.0f} ms")
for name, ms in [("strains only", strain_only), ("largest strain as pairs", largest), ("best mix per deal (hindsight)", oracle)]:
    print(f"{name}: makespan {ms:.0f} ms, speed-up {one_thread / ms:.2f}x")
