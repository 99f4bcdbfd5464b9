"""Benchmark of the pure bracket code: build and play out events with random winners.

Prints one JSON line per figure. Compare with brackets-manager.js (about 1 s to create a
4,096-entry stage, 14 s at 16,384, in memory).
"""

import gc
import json
import sys
import time
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.brackets import Event


def build_and_play(entry_count: int, *, per_match: int, pairing: str, seed: int = 1) -> float:
    """Seconds to create the event and report a random winner for every match."""
    rng = Random(seed)
    gc.collect()
    started = time.perf_counter()
    event = Event.create(
        list(range(entry_count)), per_match=per_match, pairing=pairing, rng=Random(seed)
    )
    for number in range(1, event.total_rounds + 1):
        current = event.rounds[number - 1]
        for index, winner in enumerate(current.winners):
            if winner is None:
                event.report(number, index, rng.choice(current.matches[index]))
    assert event.champion is not None
    return time.perf_counter() - started


def best_of(runs: int, entry_count: int, **kwargs) -> float:
    """The fastest of a few runs (the least disturbed by the rest of the machine)."""
    return min(build_and_play(entry_count, **kwargs) for _ in range(runs))


def emit(figure: str, value: float, unit: str) -> None:
    """Print one figure as a JSON line."""
    print(json.dumps({"figure": figure, "value": round(value, 4), "unit": unit}), flush=True)


def main() -> None:
    """Run every figure."""
    for pairing in ("bracket", "random"):
        small = best_of(9, 4096, per_match=2, pairing=pairing)
        large = best_of(9, 16384, per_match=2, pairing=pairing)
        emit(f"{pairing}_build_and_play_4096", small, "s")
        emit(f"{pairing}_build_and_play_16384", large, "s")
        emit(f"{pairing}_growth_16384_over_4096", large / small, "ratio")
        emit(
            f"{pairing}_build_and_play_1000000",
            best_of(1, 1_000_000, per_match=2, pairing=pairing),
            "s",
        )
    emit(
        "bracket_4p_build_and_play_1000000",
        best_of(1, 1_000_000, per_match=4, pairing="bracket"),
        "s",
    )


if __name__ == "__main__":
    main()
