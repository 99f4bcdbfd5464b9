"""Kingdom Combat on the engine: speed, fuzz and the greedy-vs-random ladder.

Times are CPU time of this process (time.process_time), so a busy machine skews them less.
Every figure is printed as one JSON line.

Usage: python bench/kingdom_combat.py [speed_games] [fuzz_games] [ladder_games]
(defaults 200, 200, 100; the starter decks, 2 players, the default 120-turn limit)
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gameplay.engine import bots, core, fuzz
from gameplay.engine.kingdom_combat import KINGDOM_COMBAT as KC
from gameplay.engine.kingdom_combat import cards

SLUG = "kingdom-combat"


def speed(games: int, *, trusted: bool) -> dict:
    """legal_actions + apply (re-validated) or apply_trusted, random vs random."""
    apply = KC.apply_trusted if trusted else KC.apply
    decisions = 0
    start = time.process_time()
    for seed in range(games):
        options = core.validate_options(KC, {})
        state = KC.new_state(seats=2, options=options, seed=seed)
        rng = random.Random(seed)
        while (decision := KC.decision(state)).kind != "terminal":
            seat = decision.seats[0]
            legal = KC.legal_actions(state, seat)
            apply(state, seat, legal[rng.randrange(len(legal))])
            decisions += 1
    seconds = time.process_time() - start
    return {
        "figure": f"kingdom-combat random decisions/s ({'trusted' if trusted else 'validated'})",
        "value": round(decisions / seconds),
        "games": games,
        "decisions_per_game": round(decisions / games, 1),
    }


def fuzz_run(games: int) -> dict:
    """Seeded random games, 2-4 players in turn: invariants and every view after every
    action, life never rises, and the JSON log replays to the same state."""
    start = time.process_time()
    for seed in range(games):
        state = fuzz.play_checked(SLUG, seats=2 + seed % 3, options=None, seed=seed)
        if not fuzz.replay_matches(state):
            raise AssertionError(f"seed {seed}: replay differs")
    seconds = time.process_time() - start
    return {
        "figure": "kingdom-combat fuzz games with every check (0 violations)",
        "value": games,
        "games_per_s": round(games / seconds, 2),
    }


def ladder(games: int) -> dict:
    """Greedy vs random with the same starter deck on both sides, seats alternating."""
    wins = {"greedy": 0, "random": 0, "draw": 0}
    starters = cards.starter_decks()
    start = time.process_time()
    for seed in range(games):
        deck = starters[seed % len(starters)]
        state = core.new_game(SLUG, seats=2, options={"decks": [deck, deck]}, seed=seed)
        greedy = seed % 2
        players = {greedy: bots.GreedyBot(), 1 - greedy: bots.RandomBot()}
        bots.play_bot_game(state, players, seed=seed)
        winners = state["winners"]
        wins["draw" if not winners else "greedy" if winners == [greedy] else "random"] += 1
    return {
        "figure": "kingdom-combat greedy vs random (mirror starter decks)",
        **wins,
        "games": games,
        "games_per_s": round(games / (time.process_time() - start), 2),
    }


def main() -> None:
    """Print one JSON line per figure."""
    args = [int(a) for a in sys.argv[1:]] + [200, 200, 100][len(sys.argv) - 1 :]
    speed_games, fuzz_games, ladder_games = args[:3]
    for line in (
        speed(speed_games, trusted=False),
        speed(speed_games, trusted=True),
        fuzz_run(fuzz_games),
        ladder(ladder_games),
    ):
        print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
