"""Python's cyclic garbage collector paused while a big structure is built.

Why: a build that allocates many long-lived objects and frees none of them gives the
collector's passes nothing to free, yet each pass walks them all. A double-elimination
layout (ten or so tuples and records a match) grew faster than the bracket with the
collector running (6.4 times the time for 4 times the entries at 16,384, 4.8 without it:
BENCHMARKS.md); the standings read pauses it too (`tournaments.fastpath.collector`).
"""

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for the block (as it was before, after it)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
