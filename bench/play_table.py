"""The play table's click mapping (gameplay/table.py), timed per page render: one seat's legal
actions turned into click paths, over states of random games of every engine game.

Usage: python bench/play_table.py [--games N]   (default 20 random games per game)
Prints one JSON line per game: the mean and the worst microseconds per mapping, and the most
legal actions seen. CPU time of this process (`time.process_time`).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.report import emit
from gameplay import table
from gameplay.engine import core

GAMES = ("combat", "army", "conventional-combat", "rune-duel", "kingdom-combat")


def positions(slug: str, games: int):
    """(view, legal actions) of every seat to act in `games` seeded random games."""
    for seed in range(games):
        state = core.new_game(slug, seats=2, seed=seed)
        ruleset = core.ruleset_of(state)
        rng = random.Random(seed)
        for _ in range(2000):
            seats = ruleset.decision(state).seats
            if not seats:
                break
            for seat in seats:
                legal = ruleset.legal_actions(state, seat)
                yield ruleset.view(state, seat), legal
            seat = rng.choice(list(seats))
            core.play(state, seat, rng.choice(ruleset.legal_actions(state, seat)))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    games = parser.parse_args().games
    names = {0: "ann", 1: "bob"}
    for slug in GAMES:
        times, most = [], 0
        for view, legal in positions(slug, games):
            labels = [str(i) for i in range(len(legal))]
            start = time.process_time()
            table.build(slug, view, legal, labels, names)
            times.append(time.process_time() - start)
            most = max(most, len(legal))
        mean = sum(times) / len(times) * 1e6
        emit(
            f"play_table_mapping_{slug}",
            round(mean, 1),
            "us per mapping (mean)",
            worst_us=round(max(times) * 1e6, 1),
            positions=len(times),
            most_actions=most,
        )


if __name__ == "__main__":
    main()
