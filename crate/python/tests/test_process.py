"""Processes: a forked child builds its own pool; Ctrl-C stops a long batch."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

import glasshand


def _wait(pid: int, seconds: float) -> int | None:
    """The child's exit status, or None if it is still running after `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        time.sleep(0.05)
    return None


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no os.fork here")
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_a_forked_child_solves_on_its_own_pool(first_deals: list[str], first_truth: np.ndarray) -> None:
    # The parent's pool exists (and holds threads) before the fork.
    np.testing.assert_array_equal(glasshand.dd_tables(first_deals[:2], threads=2), first_truth[:2])
    pid = os.fork()
    if pid == 0:
        try:
            ok = np.array_equal(glasshand.dd_tables(first_deals[2:4], threads=2), first_truth[2:4])
            ok = ok and np.array_equal(glasshand.dd_tables(first_deals[4:5]), first_truth[4:5])
        except BaseException:
            ok = False
        os._exit(0 if ok else 1)
    status = _wait(pid, 60)
    if status is None:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        pytest.fail("the forked child hung")
    assert os.waitstatus_to_exitcode(status) == 0, "the child's tables differ from DDS's"
    # The parent's pool still works.
    np.testing.assert_array_equal(glasshand.dd_tables(first_deals[5:7], threads=2), first_truth[5:7])


LONG_BATCH = """
import json, sys
import glasshand
deals = [json.loads(line)["deal"] for line in open(sys.argv[1])]
print("solving", flush=True)
glasshand.dd_tables(deals * 20, threads=2)
print("finished", flush=True)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child is POSIX")
def test_ctrl_c_stops_a_long_batch_within_a_second() -> None:
    from conftest import DATA

    child = subprocess.Popen(
        [sys.executable, "-c", LONG_BATCH, str(DATA / "tables.jsonl")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "solving"
        time.sleep(1.5)
        assert child.poll() is None, "the batch ended before Ctrl-C"
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=10)
        took = time.monotonic() - sent
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert "KeyboardInterrupt" in err, err
    assert "finished" not in out
    assert took < 3, f"{took:.1f} s from SIGINT to exit"
