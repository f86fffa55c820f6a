"""Glasshand: an exact double-dummy bridge solver (partition search) for Python.

- :func:`dd_tables`: DD tables of many deals as one ``numpy`` array, on every core.
- :func:`solve`: every legal card's tricks in a position.
- :func:`par`: par scores and contracts of a deal or of a DD table.
- :func:`single_dummy`: sampled single-dummy analysis.
- :mod:`glasshand.dask`: DD tables of a ``dask.dataframe`` (``pip install glasshand[dask]``).

Deals are PBN deal strings: ``"N:AKQ.xxx.... ... ... ..."`` (hands N E S W from the first
seat named, each ``spades.hearts.diamonds.clubs``). Bad input raises :class:`GlasshandError`
(a ``ValueError``) with the engine's error ``code``. The solver threads default to every core
this process may use, or to the ``GLASSHAND_THREADS`` environment variable.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from . import _native
from ._native import GlasshandError

if TYPE_CHECKING:
    from types import ModuleType

__all__ = [
    "DECLARERS",
    "STRAINS",
    "GlasshandError",
    "dd_tables",
    "par",
    "single_dummy",
    "solve",
]

#: Axis 1 of :func:`dd_tables`' array.
DECLARERS: tuple[str, ...] = ("N", "E", "S", "W")
#: Axis 2 of :func:`dd_tables`' array.
STRAINS: tuple[str, ...] = ("NT", "S", "H", "D", "C")

THREADS_VARIABLE = "GLASSHAND_THREADS"


def _threads(threads: int | None) -> int | None:
    """The thread count to ask for: the argument, else ``GLASSHAND_THREADS``, else ``None``
    (every core this process may use)."""
    if threads is None:
        text = os.environ.get(THREADS_VARIABLE, "").strip()
        if not text:
            return None
        try:
            threads = int(text)
        except ValueError:
            raise ValueError(f"{THREADS_VARIABLE}={text!r} is not a whole number") from None
        source = THREADS_VARIABLE
    else:
        if isinstance(threads, bool) or not isinstance(threads, (int, np.integer)):
            raise TypeError(f"threads must be an int or None, not {type(threads).__name__}")
        source = "threads"
    if threads < 1:
        raise ValueError(f"{source} must be at least 1, not {threads}")
    return int(threads)


def _deal_list(deals: Iterable[str]) -> list[str]:
    if isinstance(deals, (str, bytes)):
        raise TypeError("deals must be a sequence of PBN deal strings, not one string (wrap it in a list)")
    if not isinstance(deals, Iterable):
        raise TypeError(f"deals must be a sequence of PBN deal strings, not {type(deals).__name__}")
    listed = list(deals)
    for i, deal in enumerate(listed):
        if isinstance(deal, np.str_):
            listed[i] = str(deal)
        elif not isinstance(deal, str):
            raise TypeError(f"deals[{i}] must be a PBN deal string, not {type(deal).__name__}")
    return listed


class _PlainProgress:
    """Progress as plain lines on standard error, one per tenth, when tqdm is not installed."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.tenth = 0

    def __call__(self, done: int, total: int) -> None:
        tenth = 10 * done // max(total, 1)
        if tenth > self.tenth:
            self.tenth = tenth
            print(f"glasshand: {done}/{total} tables", file=sys.stderr, flush=True)

    def close(self) -> None:
        pass


class _TqdmProgress:
    def __init__(self, total: int) -> None:
        from tqdm.auto import tqdm

        self.bar = tqdm(total=total, unit="table", desc="glasshand")

    def __call__(self, done: int, total: int) -> None:
        self.bar.update(done - self.bar.n)

    def close(self) -> None:
        self.bar.close()


def _progress_bar(total: int) -> _TqdmProgress | _PlainProgress:
    try:
        return _TqdmProgress(total)
    except ImportError:
        return _PlainProgress(total)


def dd_tables(deals: Iterable[str], *, threads: int | None = None, progress: bool = False) -> np.ndarray:
    """The double-dummy tables of ``deals``.

    Returns a ``uint8`` array of shape ``(len(deals), 4, 5)``: ``tables[i, d, s]`` is the tricks
    declarer ``DECLARERS[d]`` (N, E, S, W) takes in strain ``STRAINS[s]`` (NT, S, H, D, C) of
    deal ``i``, the opening lead made by declarer's left-hand opponent.

    ``deals``: any iterable of PBN deal strings (a list, a tuple, a pandas Series, a numpy
    array of strings). ``threads``: solver threads (default: ``GLASSHAND_THREADS``, else every
    core). The search runs without the GIL; Ctrl-C stops it within a fraction of a second
    and raises ``KeyboardInterrupt``. ``progress``: show a bar (tqdm if installed, else a
    line on standard error per tenth done).

    Raises :class:`GlasshandError` for a deal the engine cannot read, with ``code`` and the
    deal's ``index``; no table is returned then.
    """
    listed = _deal_list(deals)
    count = _threads(threads)
    if not listed:
        return np.zeros((0, 4, 5), dtype=np.uint8)
    bar = _progress_bar(len(listed)) if progress else None
    try:
        raw = _native.tables(listed, count, bar)
    finally:
        if bar is not None:
            bar.close()
    return np.frombuffer(raw, dtype=np.uint8).reshape(len(listed), 4, 5).copy()


def _run(kind: str, request: Mapping[str, Any], threads: int | None) -> Any:
    return json.loads(_native.run_json(kind, json.dumps(request), _threads(threads)))


def _text(name: str, value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, not {type(value).__name__}")
    return value


def solve(
    deal: str,
    trump: str,
    leader: str,
    played: Sequence[str] = (),
    *,
    threads: int | None = None,
) -> dict[str, int]:
    """Every legal card's tricks in a position.

    ``deal``: the hands before the current trick (PBN). ``trump``: ``"NT"``, ``"S"``, ``"H"``,
    ``"D"`` or ``"C"``. ``leader``: the seat that led (or leads) to the current trick.
    ``played``: the cards already played to the current trick (at most 3, e.g. ``["S6"]``).

    Returns ``{card: tricks}`` for each legal card of the seat to move, in the engine's order
    (spades to clubs, high to low): the tricks its side takes from the current trick on.
    """
    if isinstance(played, str):
        played = played.split()
    cards = list(played)
    for i, card in enumerate(cards):
        _text(f"played[{i}]", card)
    request = {"deal": _text("deal", deal), "trump": _text("trump", trump), "leader": _text("leader", leader)}
    out = _run("analyse", {**request, "trick": cards}, threads)
    tricks: dict[str, int] = out["tricks"]
    return tricks


def par(
    deal_or_table: str | np.ndarray | Sequence[Sequence[int]],
    dealer: str = "N",
    vulnerable: str = "None",
    *,
    threads: int | None = None,
) -> dict[str, Any]:
    """Par of a deal (solved first) or of a DD table, as DDS's ``DealerPar`` and ``Par``.

    ``deal_or_table``: a PBN deal, or a ``(4, 5)`` table as one row of :func:`dd_tables`.
    ``dealer``: ``"N"``, ``"E"``, ``"S"`` or ``"W"``. ``vulnerable``: ``"None"``, ``"NS"``,
    ``"EW"`` or ``"All"``.

    Returns what the command line's ``par --json`` writes: ``deal`` (the deal in normal form;
    ``None`` for a table), ``dealer``, ``vulnerable``, ``tricks`` (the DD table,
    ``{declarer: {strain: n}}``), ``dealer_par_score_ns`` and ``dealer_par_contracts``
    (``DealerPar``: the dealer's side bids first), ``par_ns``, ``par_ew``, ``contracts_ns``
    and ``contracts_ew`` (``Par``).
    """
    dealer, vulnerable = _text("dealer", dealer), _text("vulnerable", vulnerable)
    if isinstance(deal_or_table, str):
        request = {"deal": deal_or_table, "dealer": dealer, "vulnerability": vulnerable}
        out: dict[str, Any] = _run("par", request, threads)
        return out
    table = np.asarray(deal_or_table)
    if table.shape != (4, 5) or not np.issubdtype(table.dtype, np.integer):
        raise ValueError(
            "a DD table is a (4, 5) array of ints (declarers N E S W, strains NT S H D C), "
            f"not {table.dtype} {table.shape}"
        )
    if table.min() < 0 or table.max() > 13:
        raise ValueError("a DD table holds trick counts from 0 to 13")
    scores: dict[str, Any] = json.loads(_native.par_of_table(table.astype(np.uint8).tolist(), dealer, vulnerable))
    return scores


def single_dummy(request: Mapping[str, Any], *, threads: int | None = None) -> dict[str, Any]:
    """Single-dummy analysis: the request and answer of the command line's ``single --json``.

    ``request`` holds ``known`` (hands seen, e.g. ``{"W": "AKQJ.T98.765.432"}``), the contract
    (``"contract"`` and ``"declarer"``, or ``"trump"`` and ``"leader"``), ``"played"`` (the
    cards played so far), ``"constraints"`` (per hidden hand, ranges of suit lengths), and
    ``"samples"`` and ``"seed"``. Returns ``{"tomove", "samples", "exact", "cards": {card:
    {"tricks", "stderr", "make"?}}, "deals"}``: each legal card's mean tricks for the side to
    move, its standard error and (with a contract) the fraction of samples that make it, and
    the first few sampled deals. The samples are spread over the threads; a seed gives the
    same numbers on any thread count. Every sample asked for is solved unless the request sets
    ``"stopWhenSettled": True``: then the run stops once the best card is settled, and the
    answer's ``"settled"`` (``{"of", "best", "by", "stderr"}``) says after how many samples.
    """
    if not isinstance(request, Mapping):
        raise TypeError(f"request must be a dict, not {type(request).__name__}")
    try:
        text = json.dumps(dict(request))
    except TypeError as e:
        raise TypeError(f"request must hold only JSON values: {e}") from None
    answer: dict[str, Any] = json.loads(_native.run_json("single", text, _threads(threads)))
    return answer


def __getattr__(name: str) -> ModuleType:
    # `glasshand.dask` loads on first use: `import glasshand` must not need dask.
    if name == "dask":
        return importlib.import_module(".dask", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
