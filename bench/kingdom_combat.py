"""Kingdom Combat on the engine: decisions per second of random two-player play.

A decision is `legal_actions` for the seat to act, a uniformly random pick, then `apply`, which
checks the action again (validated: nothing is trusted; the issue's figure), or `apply_trusted`
(what bots' simulations use). Times are CPU time of this process (time.process_time), so a busy
machine skews them less; the best of `repeats` runs is kept (load only ever slows a run).
Every figure is printed as one JSON line. The fuzz run is bench/kingdom_combat_fuzz.py and the
bot ladders bench/bot_ladder.py --slugs kingdom-combat.

Usage: python bench/kingdom_combat.py [games] [repeats]
(defaults 100 games, 3 repeats; the starter decks, 2 players, the default 120-turn limit)
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import report
from gameplay.engine import core
from gameplay.engine.kingdom_combat import KINGDOM_COMBAT as KC


def _run(games: int, apply) -> tuple[int, float]:
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
    return decisions, time.process_time() - start


def speed(games: int, repeats: int, *, trusted: bool) -> dict:
    """legal_actions + apply (re-validated) or apply_trusted, random vs random."""
    apply = KC.apply_trusted if trusted else KC.apply
    runs = [_run(games, apply) for _ in range(repeats)]
    decisions = runs[0][0]
    rates = sorted(round(decisions / seconds) for _, seconds in runs)
    return {
        "figure": f"kingdom-combat random decisions/s ({'trusted' if trusted else 'validated'})",
        "value": rates[-1],
        "unit": "decisions per CPU second (best run)",
        "runs": rates,
        "games": games,
        "decisions_per_game": round(decisions / games, 1),
    }


def main() -> None:
    """Print one JSON line per figure."""
    args = [int(a) for a in sys.argv[1:]] + [100, 3][len(sys.argv) - 1 :]
    games, repeats = args[:2]
    for trusted in (False, True):
        report.emit_row(speed(games, repeats, trusted=trusted))


if __name__ == "__main__":
    main()
