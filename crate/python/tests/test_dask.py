"""glasshand.dask on a local cluster of two worker processes against the single-process result."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

dd = pytest.importorskip("dask.dataframe")
distributed = pytest.importorskip("distributed")
pd = pytest.importorskip("pandas")


def test_two_worker_processes_give_the_single_process_tables(
    table_lines: list[dict[str, Any]], first_tables: np.ndarray
) -> None:
    import glasshand.dask
    from conftest import table_array

    lines = table_lines[:200]
    deals = [line["deal"] for line in lines]
    truth = np.stack([table_array(line["tricks"]) for line in lines])
    frame = dd.from_pandas(pd.DataFrame({"deal": deals, "board": range(len(deals))}), npartitions=4)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with distributed.Client(cluster):
            result = glasshand.dask.dd_tables(frame, column="deal").compute()
    assert list(result.columns) == glasshand.dask.COLUMNS
    assert result.columns[0] == "N_NT" and result.columns[-1] == "W_C"
    assert (result.dtypes == np.uint8).all()
    assert list(result.index) == list(range(len(deals)))
    np.testing.assert_array_equal(result.to_numpy().reshape(-1, 4, 5), truth)
    # The single-process tables of the first 100 deals.
    np.testing.assert_array_equal(result.to_numpy()[:100].reshape(-1, 4, 5), first_tables)


def test_a_missing_column_is_named() -> None:
    import glasshand.dask

    frame = dd.from_pandas(pd.DataFrame({"hand": ["x"]}), npartitions=1)
    with pytest.raises(KeyError, match="deal"):
        glasshand.dask.dd_tables(frame)


def test_import_glasshand_needs_no_dask() -> None:
    import subprocess
    import sys

    script = "import sys; sys.modules['dask'] = None; import glasshand; print(glasshand.dd_tables([]).shape)"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "(0, 4, 5)"
