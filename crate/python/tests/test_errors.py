"""Bad input: engine errors carry a code (and a batch's index); wrong types raise TypeError or
ValueError, never a panic."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import glasshand
from glasshand import GlasshandError

# 51 cards: West lacks the C2.
SHORT_DEAL = "N:AQJT832.743.5.73 64.Q9862.QT9.KT5 95.T.AJ7432.QJ84 K7.AKJ5.K86.A96"
TWICE_ACE = "N:AQJT832.743.5.73 A4.Q9862.QT9.KT5 95.T.AJ7432.QJ84 K7.AKJ5.K86.A962"
DEAL = "N:AQJT832.743.5.73 64.Q9862.QT9.KT5 95.T.AJ7432.QJ84 K7.AKJ5.K86.A962"


@pytest.mark.parametrize(
    ("bad", "code"),
    [
        (SHORT_DEAL, "unequal-hands"),
        (TWICE_ACE, "duplicate-card"),
        ("N:AZ... K... Q... J...", "unknown-rank"),
        ("hello", "syntax"),
    ],
)
def test_a_bad_deal_in_a_batch_names_its_index_and_code(first_deals: list[str], bad: str, code: str) -> None:
    deals = first_deals[:5]
    deals[3] = bad
    with pytest.raises(GlasshandError) as caught:
        glasshand.dd_tables(deals)
    assert isinstance(caught.value, ValueError)
    assert caught.value.code == code
    assert caught.value.index == 3
    assert str(caught.value).startswith("deals[3]: ")


def test_the_cli_message_for_a_short_deal_names_the_missing_card() -> None:
    with pytest.raises(GlasshandError, match="C2"):
        glasshand.dd_tables([SHORT_DEAL])


@pytest.mark.parametrize("deals", ["N:A... K... Q... J...", 5, [1, 2], [DEAL, None], b"N:A... K... Q... J..."])
def test_deals_of_the_wrong_type(deals: Any) -> None:
    with pytest.raises(TypeError):
        glasshand.dd_tables(deals)


@pytest.mark.parametrize(
    ("threads", "error"), [("2", TypeError), (2.0, TypeError), (True, TypeError), (0, ValueError), (-1, ValueError)]
)
def test_threads_of_the_wrong_type_or_value(threads: Any, error: type[Exception]) -> None:
    with pytest.raises(error):
        glasshand.dd_tables([DEAL], threads=threads)


SMALL = "N:A... K... Q... J..."


@pytest.mark.parametrize(
    ("args", "code"),
    [
        ((SMALL, "Z", "W"), "unknown-strain"),
        ((SMALL, "NT", "X"), "unknown-seat"),
        ((SMALL, "NT", "W", ["SA"]), "card-not-held"),
        (("N:A.2.. K.3.. Q.4.. J.5..", "NT", "W", ["SJ", "H2"]), "revoke"),
        ((SMALL, "NT", "W", ["SJ", "SA", "SK", "SQ"]), "trick-too-long"),
        (("N:A... A... Q... J...", "NT", "W"), "duplicate-card"),
    ],
)
def test_bad_positions(args: tuple[Any, ...], code: str) -> None:
    with pytest.raises(GlasshandError) as caught:
        glasshand.solve(*args)
    assert caught.value.code == code
    assert caught.value.index is None


def test_a_good_small_position() -> None:
    # West's jack loses to North's ace: the cases above fail for their own reason.
    assert glasshand.solve(SMALL, "NT", "W") == {"SJ": 0}


@pytest.mark.parametrize("args", [(5, "NT", "W"), (SMALL, None, "W"), (SMALL, "NT", "W", [1])])
def test_positions_of_the_wrong_type(args: tuple[Any, ...]) -> None:
    with pytest.raises(TypeError):
        glasshand.solve(*args)


def test_bad_par_input() -> None:
    table = np.full((4, 5), 6)
    with pytest.raises(GlasshandError) as caught:
        glasshand.par(table, "X", "None")
    assert caught.value.code == "unknown-seat"
    with pytest.raises(GlasshandError) as caught:
        glasshand.par(table, "N", "Q")
    assert caught.value.code == "unknown-vulnerability"
    with pytest.raises(GlasshandError) as caught:
        glasshand.par(SHORT_DEAL, "N", "None")
    assert caught.value.code == "unequal-hands"
    for bad in (np.full((4, 4), 6), np.full((4, 5), 14), np.full((4, 5), 6.5), [[1, 2], [3]]):
        with pytest.raises(ValueError):
            glasshand.par(bad, "N", "None")
    with pytest.raises(TypeError):
        glasshand.par(table, 0, "None")  # type: ignore[arg-type]


def test_bad_single_dummy_requests() -> None:
    with pytest.raises(TypeError):
        glasshand.single_dummy("{}")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        glasshand.single_dummy({"known": {"W": object()}})
    cases = [
        ({}, "bad-request"),
        ({"known": {"X": "AKQJ.T98.765.432"}, "trump": "NT", "leader": "W", "samples": 5}, "unknown-seat"),
        ({"known": {"W": "AKQJ.T98.765.432"}, "trump": "NT", "leader": "W", "samples": 0}, "bad-request"),
        ({"known": {"W": "AKQJ.T98.765.432"}, "contract": "4S", "samples": 5}, "bad-request"),
    ]
    for request, code in cases:
        with pytest.raises(GlasshandError) as caught:
            glasshand.single_dummy(request)
        assert caught.value.code == code, request
