"""Par against DDS's DealerPar and Par (tests/data/par.jsonl), the fields tests/par.rs checks."""

from __future__ import annotations

from typing import Any

import numpy as np

import glasshand
from conftest import read_jsonl, table_array

SCORES = ("dealer_par_score_ns", "dealer_par_contracts", "par_ns", "par_ew", "contracts_ns", "contracts_ew")


def _want(line: dict[str, Any]) -> dict[str, Any]:
    return {key: line[key] for key in SCORES}


def test_par_of_every_ground_truth_table(table_lines: list[dict[str, Any]]) -> None:
    pars = read_jsonl("par.jsonl")
    differ = []
    for i, (t, p) in enumerate(zip(table_lines, pars)):
        assert t["deal"] == p["deal"]
        got = glasshand.par(table_array(t["tricks"]), p["dealer"], p["vulnerable"])
        if {key: got[key] for key in SCORES} != _want(p) or (got["deal"], got["tricks"]) != (None, t["tricks"]):
            differ.append(f"par.jsonl line {i + 1}: got {got}, want {_want(p)}")
    assert len(pars) == 700
    assert not differ, "\n".join(differ[:10])


def test_par_of_solved_tables(first_tables: np.ndarray) -> None:
    pars = read_jsonl("par.jsonl")[:100]
    for i, p in enumerate(pars):
        got = glasshand.par(first_tables[i], p["dealer"], p["vulnerable"])
        assert {key: got[key] for key in SCORES} == _want(p), f"par.jsonl line {i + 1}"


def test_par_of_a_deal_has_the_command_line_fields(table_lines: list[dict[str, Any]]) -> None:
    # The command line's `par --json`: par.jsonl's fields and the deal's DD table.
    for p, t in zip(read_jsonl("par.jsonl")[:6], table_lines):
        got = glasshand.par(p["deal"], p["dealer"], p["vulnerable"])
        assert got == {**p, "tricks": t["tricks"]}
