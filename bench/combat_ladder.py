"""Bot ladder for Combat: search vs greedy, greedy vs random (seats alternate, seeded).

Usage: python bench/combat_ladder.py [games] [pair ...]   (pairs like search:greedy)
SEED0=500 starts the seeds at 500 (to split a long run over processes).
Prints one JSON line per pair: wins of each bot, draws, win rate of the first bot, games/s.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gameplay.engine import bots, core
from gameplay.engine.combat import COMBAT


def play_pair(first: str, second: str, games: int, *, seed0: int = 0) -> dict:
    """Play `games` two-player games; the first bot sits in seat 0 on even seeds, 1 on odd."""
    wins = {first: 0, second: 0, "draw": 0}
    start = time.perf_counter()
    for seed in range(seed0, seed0 + games):
        seats = {0: first, 1: second} if seed % 2 == 0 else {0: second, 1: first}
        state = core.new_game("combat", seats=2, seed=seed)
        players = {s: bots.bot_for(name) for s, name in seats.items()}
        bots.play_bot_game(state, players, seed=seed, budget_s=5.0)
        winners = COMBAT.result(state).winners
        wins[seats[winners[0]] if len(winners) == 1 else "draw"] += 1
        played = seed - seed0 + 1
        if played % 50 == 0 and played < games:
            print(
                json.dumps({"progress": f"{first} vs {second}", "games": played, "wins": wins}),
                flush=True,
            )
    elapsed = time.perf_counter() - start
    return {
        "figure": f"combat ladder {first} vs {second}",
        "games": games,
        "wins": wins,
        "value": round(wins[first] / games, 3),
        "unit": f"win rate of {first}",
        "games_per_s": round(games / elapsed, 2),
    }


def main() -> None:
    """Run the requested pairs (default: the whole ladder, 1,000 games each)."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    pairs = sys.argv[2:] or ["greedy:random", "search:greedy", "search:random"]
    seed0 = int(os.environ.get("SEED0", "0"))
    for pair in pairs:
        first, second = pair.split(":")
        print(json.dumps(play_pair(first, second, games, seed0=seed0)), flush=True)


if __name__ == "__main__":
    main()
