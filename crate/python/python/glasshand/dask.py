"""DD tables of a ``dask.dataframe``: each partition is solved by :func:`glasshand.dd_tables` on
the worker that holds it (``pip install glasshand[dask]``).

Each worker process keeps one solver pool between partitions, sized to the worker's thread
count (``nthreads``) unless ``threads`` or ``GLASSHAND_THREADS`` says otherwise; partitions
that run at once on one worker share its pool. Partitions of a few thousand deals keep the
pool busy and the scheduler's overhead small.
"""

from __future__ import annotations

import os

import dask.dataframe as dd
import numpy as np
import pandas as pd

import glasshand

__all__ = ["COLUMNS", "dd_tables"]

#: The trick columns, ``"<declarer>_<strain>"``: ``N_NT, N_S, …, W_C`` (declarers N E S W,
#: strains NT S H D C, as the axes of :func:`glasshand.dd_tables`).
COLUMNS: list[str] = [f"{seat}_{strain}" for seat in glasshand.DECLARERS for strain in glasshand.STRAINS]


def _worker_threads() -> int | None:
    """The thread count of the Dask worker running this task, if it runs in one."""
    try:
        from distributed import get_worker

        return int(get_worker().state.nthreads)
    except (ImportError, ValueError, AttributeError):
        return None


def _partition_tables(deals: pd.Series, threads: int | None) -> pd.DataFrame:
    if threads is None and not os.environ.get(glasshand.THREADS_VARIABLE, "").strip():
        threads = _worker_threads()
    tables = glasshand.dd_tables(deals, threads=threads)
    return pd.DataFrame(tables.reshape(len(deals), 20), index=deals.index, columns=COLUMNS)


def dd_tables(frame: dd.DataFrame, column: str = "deal", *, threads: int | None = None) -> dd.DataFrame:
    """The DD tables of ``frame[column]`` (PBN deal strings), partition by partition.

    Returns a lazy ``dask.dataframe`` with ``frame``'s index and partitions and the 20
    ``uint8`` trick columns of :data:`COLUMNS` (``N_NT``: North's tricks in notrump, …);
    ``frame.join(result)`` puts them next to the deals. ``threads``: solver threads per
    worker (default: ``GLASSHAND_THREADS``, else the worker's ``nthreads``). A bad deal fails
    its partition's task with :class:`glasshand.GlasshandError` (``index`` within the
    partition).
    """
    if column not in frame.columns:
        raise KeyError(f"no column {column!r} in the frame (columns: {list(frame.columns)})")
    meta = pd.DataFrame({name: pd.Series(dtype=np.uint8) for name in COLUMNS})
    return frame[column].map_partitions(_partition_tables, threads, meta=meta)
