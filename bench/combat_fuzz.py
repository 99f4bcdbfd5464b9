"""Fuzz Combat: seeded random games in every configuration, every invariant after every action.

Usage: python bench/combat_fuzz.py [games]   (default 10,000; pass 1000000 for the million-game run;
any violation stops the run)
Views are checked every 10th action, the replay of every 100th game.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

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


def main() -> None:
    """Play the games; print the counts, violations (0) and games/s."""
    # `make bench` runs 10,000 games; the 1,000,000-game run is `bench/combat_fuzz.py 1000000`.
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    start = time.process_time()
    actions = 0
    for n in range(games):
        seats, options = CONFIGS[n % len(CONFIGS)]
        try:
            state = fuzz.play_checked(
                "combat", seats=seats, options=options, seed=n, views_every=10
            )
            if n % 100 == 0 and not fuzz.replay_matches(state):
                raise AssertionError("replay diverged")
        except AssertionError as exc:
            print(
                json.dumps(
                    {
                        "figure": "combat fuzz violation",
                        "seed": n,
                        "seats": seats,
                        "options": options,
                        "error": str(exc),
                    }
                )
            )
            raise SystemExit(1) from None
        actions += len(state["log"]["actions"])
    seconds = time.process_time() - start
    for figure, value, unit in (
        ("combat fuzz games", games, "games"),
        ("combat fuzz actions checked", actions, "actions"),
        ("combat fuzz invariant violations", 0, "violations"),
        ("combat fuzz games/s (with checks)", round(games / seconds, 1), "1/s"),
    ):
        print(json.dumps({"figure": figure, "value": value, "unit": unit}))


if __name__ == "__main__":
    main()
