"""DD tables against DDS's (tests/data/tables.jsonl)."""

from __future__ import annotations

import sys

import numpy as np
import pytest

import glasshand


def test_first_hundred_tables_match_dds(first_tables: np.ndarray, first_truth: np.ndarray) -> None:
    assert first_tables.dtype == np.uint8
    assert first_tables.shape == (100, 4, 5)
    differ = [i for i in range(100) if not np.array_equal(first_tables[i], first_truth[i])]
    assert not differ, f"deals differing from DDS (0-based): {differ}"


def test_one_and_two_threads_give_the_same_tables(first_deals: list[str], first_truth: np.ndarray) -> None:
    # Deals 10 to 17: not solved before in this session, on either pool.
    one = glasshand.dd_tables(first_deals[10:18], threads=1)
    two = glasshand.dd_tables(first_deals[10:18], threads=2)
    np.testing.assert_array_equal(one, first_truth[10:18])
    np.testing.assert_array_equal(two, first_truth[10:18])


def test_the_environment_variable_sets_the_threads(
    monkeypatch: pytest.MonkeyPatch, first_deals: list[str], first_truth: np.ndarray
) -> None:
    monkeypatch.setenv("GLASSHAND_THREADS", "1")
    np.testing.assert_array_equal(glasshand.dd_tables(first_deals[:2]), first_truth[:2])
    monkeypatch.setenv("GLASSHAND_THREADS", "none")
    with pytest.raises(ValueError, match="GLASSHAND_THREADS"):
        glasshand.dd_tables(first_deals[:1])
    monkeypatch.setenv("GLASSHAND_THREADS", "0")
    with pytest.raises(ValueError, match="at least 1"):
        glasshand.dd_tables(first_deals[:1])


def test_any_sequence_of_deal_strings(first_deals: list[str], first_truth: np.ndarray) -> None:
    deals = first_deals[:2]
    for given in (tuple(deals), iter(deals), np.array(deals), (d for d in deals)):
        np.testing.assert_array_equal(glasshand.dd_tables(given), first_truth[:2])
    empty = glasshand.dd_tables([])
    assert empty.shape == (0, 4, 5) and empty.dtype == np.uint8


def test_a_repeated_deal_gets_its_table_each_time(first_deals: list[str], first_truth: np.ndarray) -> None:
    tables = glasshand.dd_tables([first_deals[1], first_deals[0], first_deals[1]])
    np.testing.assert_array_equal(tables, first_truth[[1, 0, 1]])


def test_progress_uses_tqdm_when_installed(first_deals: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("tqdm")
    glasshand.dd_tables(first_deals[:3], progress=True)
    assert "3/3" in capsys.readouterr().err


def test_progress_without_tqdm_prints_plain_lines(
    monkeypatch: pytest.MonkeyPatch, first_deals: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    glasshand.dd_tables(first_deals[:3], progress=True)
    err = capsys.readouterr().err
    assert "glasshand: 3/3 tables" in err, err
