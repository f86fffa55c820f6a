"""The compiled half of glasshand: requests to the engine's task layer, outputs back."""

from typing import Callable

class GlasshandError(ValueError):
    """Bad input for the engine: a deal, card, seat, strain or request it cannot read."""

    #: The engine's stable error code: "duplicate-card", "unknown-seat", "bad-request", …
    code: str
    #: The position of the bad deal in a batch; None elsewhere.
    index: int | None

def tables(
    deals: list[str],
    threads: int | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> bytes:
    """DD tables as 20 bytes per deal: declarers N E S W, strains NT S H D C."""

def run_json(kind: str, request: str, threads: int | None = None) -> str:
    """Runs a request of `kind` written as the command line's JSON; returns the output as JSON."""

def par_of_table(tricks: list[list[int]], dealer: str, vulnerable: str) -> str:
    """Par of a DD table (declarers N E S W, strains NT S H D C) as JSON."""
