"""What one replay page costs: rebuilding a finished game from its log (the last step is the
worst case, `gameplay.selectors.replay_step` replays the log up to the step asked).

Random play to the end for each engine game (seeded), then `core.replay` of the whole log,
checkpoint hashes verified, timed with `time.process_time` (this process's CPU only).

Usage: python bench/replay_step.py [GAMES_PER_RULESET]
Prints one JSON line per game: milliseconds per full replay, with the actions in the logs.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.report import emit_row
from gameplay.engine import core, registry

RULESETS = ("combat", "army", "conventional-combat", "rune-duel")


def random_game(slug: str, seed: int) -> dict:
    state = core.new_game(slug, seats=2, seed=seed)
    ruleset, rng = registry.get(slug), random.Random(seed)
    while ruleset.decision(state).kind != "terminal":
        seat = ruleset.decision(state).seats[0]
        core.play(state, seat, rng.choice(ruleset.legal_actions(state, seat)))
    return state


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    for slug in RULESETS:
        actions, spent = 0, 0.0
        longest = 0
        for seed in range(games):
            log = core.game_log(random_game(slug, seed))
            start = time.process_time()
            core.replay(log)
            spent += time.process_time() - start
            actions += len(log["actions"])
            longest = max(longest, len(log["actions"]))
        figure = {
            "figure": f"replay_step_full_replay_{slug}",
            "value": round(1000 * spent / games, 2),
            "unit": "ms",
            "ruleset": slug,
            "games": games,
            "mean_actions": round(actions / games, 1),
            "longest_log": longest,
            "ms_per_full_replay": round(1000 * spent / games, 2),
            "actions_per_s": round(actions / spent) if spent else None,
        }
        emit_row(figure)


if __name__ == "__main__":
    main()
