"""How the benches time a piece of work in-process."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable


def least_cpu_time(work: Callable[[], object], runs: int) -> float:
    """The least CPU time of `runs` calls (the one least disturbed by the rest of the machine)."""
    best = float("inf")
    for _ in range(runs):
        gc.collect()
        started = time.process_time()
        work()
        best = min(best, time.process_time() - started)
    return best
