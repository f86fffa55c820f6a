"""Single dummy: the command line's request and answer shapes (crate/cli's `single --json`)."""

from __future__ import annotations

from math import comb
from typing import Any

import glasshand

# Seven tricks of a notrump hand West led from AKQJ.T98.765.432, and South's D4 to the eighth.
PLAYED = [
    "SA",
    "S2",
    "S3",
    "S4",
    "SK",
    "S5",
    "S6",
    "S7",
    "SQ",
    "S8",
    "S9",
    "ST",
    "SJ",
    "H2",
    "H3",
    "H4",
    "HT",
    "H5",
    "H6",
    "H7",
    "H9",
    "HJ",
    "HQ",
    "HK",
    "HA",
    "H8",
    "D2",
    "D3",
    "D4",
]


def _request(**fields: Any) -> dict[str, Any]:
    return {"known": {"W": "AKQJ.T98.765.432"}, "played": PLAYED, **fields}


def test_sampled_answer_has_the_cli_shape_and_a_seed_fixes_it_on_any_thread_count() -> None:
    request = _request(contract="1NT", declarer="S", samples=40, seed=7)
    one = glasshand.single_dummy(request, threads=1)
    two = glasshand.single_dummy(request, threads=2)
    assert one == two
    assert list(one) == ["tomove", "samples", "exact", "cards", "deals"]
    assert (one["tomove"], one["samples"], one["exact"]) == ("W", 40, False)
    # West must follow to South's diamond with the 7, 6 or 5: touching cards, equal numbers.
    assert sorted(one["cards"]) == ["D5", "D6", "D7"]
    card = one["cards"]["D7"]
    assert 0 <= card["tricks"] <= 6 and card["stderr"] > 0 and 0 <= card["make"] <= 1
    assert all(c == card for c in one["cards"].values())
    # The first sampled deals, for viewing: full deals that keep West's known hand.
    assert 0 < len(one["deals"]) <= 40
    assert all(deal.startswith("N:") and deal.split()[3] == "AKQJ.T98.765.432" for deal in one["deals"])


def test_a_small_ending_is_enumerated_exactly() -> None:
    # North's hand known too: 11 unseen cards, 6 to East and 5 to South.
    known = {"W": "AKQJ.T98.765.432", "N": "852.J52.QT2.9876"}
    answer = glasshand.single_dummy(_request(known=known, trump="NT", leader="W", samples=1000, seed=1))
    assert (answer["samples"], answer["exact"]) == (comb(11, 5), True)
    assert all(c["stderr"] == 0.0 and "make" not in c for c in answer["cards"].values())
