"""Every legal card's tricks against DDS's (tests/data/positions.jsonl)."""

from __future__ import annotations

import glasshand
from conftest import read_jsonl


def test_every_position_matches_dds() -> None:
    positions = read_jsonl("positions.jsonl")
    assert len(positions) == 140
    differ = []
    for i, p in enumerate(positions):
        got = glasshand.solve(p["deal"], p["trump"], p["leader"], p["trick"])
        if got != p["tricks"]:
            differ.append(f"line {i + 1}: got {got}, want {p['tricks']}")
    assert not differ, "\n".join(differ[:10])


def test_played_cards_as_text() -> None:
    p = read_jsonl("positions.jsonl")[1]
    assert p["trick"] == ["H2"]
    assert glasshand.solve(p["deal"], p["trump"], p["leader"], "H2") == p["tricks"]
