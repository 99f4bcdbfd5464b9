"""Benchmark of the pure bracket functions exactly as the tournament services call them.

Each figure names the function and the service that calls it:
- `bracket_first_round` + `ready_after_byes`: `tournament_start` -> `bracket_build` pairs
  round 1 of a seeded bracket (then writes it with bulk inserts).
- `random_round`: `random_round_open`, once per round of a random-pairing event (the
  tournament's start, then each time a round's last match finishes); the figure pairs every
  round of a whole event, the winners of each match going on.
- `loser_placements`: `standings_get`, on every standings read.
The whole service path (the database writes around these calls) is measured by
`bench/tournament_services.py` and `bench/event_scale.py`.

CPU seconds (`time.process_time`), best of a few runs. Prints one JSON line per figure.
`BENCH_LARGE=0` leaves out the 1,000,000-entry figures (they take a few seconds each).
"""

import os
import sys
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import report
from bench.timing import least_cpu_time
from tournaments.brackets import (
    bracket_first_round,
    loser_placements,
    random_round,
    ready_after_byes,
)

LARGE = os.environ.get("BENCH_LARGE", "1") != "0"


def bracket_start(entry_count: int, per_match: int):
    """What `bracket_build` asks of the pure code when a seeded bracket starts."""
    ids = list(range(1, entry_count + 1))

    def work():
        first = bracket_first_round(ids, per_match)
        ready_after_byes(first, per_match)

    return work


def random_event(entry_count: int, per_match: int):
    """Every `random_round` call of a random-pairing event, as `random_round_open` makes
    them: the remaining entries, the round's seeded generator, the byes so far, no drops."""
    ids = list(range(1, entry_count + 1))

    def work():
        remaining, byes, number = ids, {}, 1
        while len(remaining) > 1:
            pods = random_round(
                remaining, per_match=per_match, rng=Random(f"7:{number}"), byes=byes, dropped=()
            )
            if len(pods[-1]) == 1:
                byes[pods[-1][0]] = byes.get(pods[-1][0], 0) + 1
            remaining, number = [pod[0] for pod in pods], number + 1

    return work


def emit(figure: str, value: float, unit: str) -> None:
    """Print one figure as a JSON line (bench/report.py: with the machine, date and load)."""
    report.emit(figure, value, unit)


def main() -> None:
    """Run every figure."""
    sizes = [4096, 16384] + ([1_000_000] if LARGE else [])
    for name, make in (
        ("bracket_first_round", bracket_start),
        ("random_round_every_round", random_event),
    ):
        times = {}
        for size in sizes:
            times[size] = least_cpu_time(make(size, 2), 9 if size < 100_000 else 1)
            emit(f"{name}_{size}", times[size], "s")
        emit(f"{name}_growth_16384_over_4096", times[16384] / times[4096], "ratio")
    if LARGE:
        emit("bracket_first_round_4p_1000000", least_cpu_time(bracket_start(1_000_000, 4), 1), "s")
    emit(
        "loser_placements_4096_per_call",
        least_cpu_time(lambda: [loser_placements(4096, 2, "bracket") for _ in range(1000)], 5)
        / 1000,
        "s",
    )


if __name__ == "__main__":
    main()
