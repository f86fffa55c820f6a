"""Ground truth for the tests: the repository's tests/data, computed by DDS (see its README)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import glasshand


def _repo_root() -> Path:
    for folder in Path(__file__).resolve().parents:
        if (folder / "tests" / "data" / "tables.jsonl").is_file():
            return folder
    raise RuntimeError(f"no tests/data/tables.jsonl above {__file__}")


DATA = _repo_root() / "tests" / "data"


def read_jsonl(name: str) -> list[dict[str, Any]]:
    with open(DATA / name, encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def table_array(tricks: dict[str, dict[str, int]]) -> np.ndarray:
    """A `tables.jsonl` table as a row of `dd_tables`: declarers N E S W, strains NT S H D C."""
    return np.array([[tricks[seat][strain] for strain in glasshand.STRAINS] for seat in glasshand.DECLARERS], np.uint8)


@pytest.fixture(scope="session")
def table_lines() -> list[dict[str, Any]]:
    return read_jsonl("tables.jsonl")


@pytest.fixture(scope="session")
def first_deals(table_lines: list[dict[str, Any]]) -> list[str]:
    """The deals the tables tests solve: the first 100."""
    return [line["deal"] for line in table_lines[:100]]


@pytest.fixture(scope="session")
def first_truth(table_lines: list[dict[str, Any]]) -> np.ndarray:
    return np.stack([table_array(line["tricks"]) for line in table_lines[:100]])


@pytest.fixture(scope="session")
def first_tables(first_deals: list[str]) -> np.ndarray:
    """`dd_tables` of the first 100 deals on every core, solved once for the session."""
    return glasshand.dd_tables(first_deals)
