"""Fuzz Combat: seeded random games in every configuration, invariants checked as they play.

Usage: python bench/combat_fuzz.py [games] [--first-seed N] [--checks-every N] [--views-every N]
  [--replay-every N]
Defaults (what `make bench` runs): 10,000 games, invariants after every action, views every 10th
action, replay of every 100th game. The million-game run splits over processes by seed range and
checks more sparsely, e.g. `combat_fuzz.py 500000 --first-seed 500000 --checks-every 50
--views-every 0 --replay-every 1000`. Any violation stops the run; a progress line is printed
every 50,000 games.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.report import emit, emit_row
from gameplay.engine import fuzz

DECK = fuzz.SAMPLE_OWN_DECK
CONFIGS = [
    (2, {}),
    (2, {"jokers": 0}),
    (3, {}),
    (4, {}),
    (4, {"teams": "alliance"}),
    (4, {"teams": "as-one"}),
    (6, {"teams": "as-one", "team_size": 3}),
    (6, {"teams": "alliance"}),
    (5, {}),
    (8, {}),
    (2, {"format": "constructed", "decks": [DECK, DECK[::-1]]}),
    (3, {"format": "sealed", "decks": [DECK, DECK[:20], DECK[8:]]}),
]


def _arguments():
    parser = argparse.ArgumentParser(description="Seeded random Combat games with checks.")
    parser.add_argument("games", type=int, nargs="?", default=10_000)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--checks-every", type=int, default=1)
    parser.add_argument("--views-every", type=int, default=10)
    parser.add_argument("--replay-every", type=int, default=100)
    return parser.parse_args()


def _fail(n: int, seats: int, options: dict, error: str) -> None:
    figure = {"figure": "combat fuzz violation", "seed": n, "seats": seats, "options": options}
    emit_row({**figure, "error": error})
    raise SystemExit(1)


def main() -> None:
    """Play the games; print the counts, violations (0) and games/s."""
    args = _arguments()
    start = time.process_time()
    actions = 0
    seeds = range(args.first_seed, args.first_seed + args.games)
    for played, n in enumerate(seeds, start=1):
        seats, options = CONFIGS[n % len(CONFIGS)]
        try:
            state = fuzz.play_checked(
                "combat",
                seats=seats,
                options=options,
                seed=n,
                views_every=args.views_every,
                checks_every=args.checks_every,
            )
            if n % args.replay_every == 0 and not fuzz.replay_matches(state):
                raise AssertionError("replay diverged")
        except AssertionError as exc:
            _fail(n, seats, options, str(exc))
        actions += len(state["log"]["actions"])
        if played % 50_000 == 0:
            progress = {"figure": "combat fuzz progress", "games": played, "last_seed": n}
            emit_row({**progress, "actions": actions})
    seconds = time.process_time() - start
    for figure, value, unit in (
        ("combat fuzz games", args.games, "games"),
        ("combat fuzz first seed", args.first_seed, "seed"),
        ("combat fuzz actions played", actions, "actions"),
        ("combat fuzz invariant violations", 0, "violations"),
        ("combat fuzz games/s (with checks)", round(args.games / seconds, 1), "1/s"),
    ):
        emit(figure, value, unit)


if __name__ == "__main__":
    main()
