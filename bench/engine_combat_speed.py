"""Combat on the engine: random-vs-random decisions/s and games/s on one core; replay vs play.

Times are CPU time of this process (time.process_time), so a busy machine does not skew them.

Usage: python bench/engine_combat_speed.py [games]   (default 2,000)
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.report import emit
from gameplay.engine import core
from gameplay.engine.combat import COMBAT


def raw_loop(games: int, *, trusted: bool = False) -> tuple[int, float]:
    """legal_actions + apply (validated, or trusted as OpenSpiel's Python games do not re-check
    an action taken from the legal list); returns decisions, seconds."""
    apply = COMBAT.apply_trusted if trusted else COMBAT.apply
    decisions = 0
    start = time.process_time()
    for seed in range(games):
        state = COMBAT.new_state(seats=2, options=core.validate_options(COMBAT, {}), seed=seed)
        rng = random.Random(seed)
        while True:
            decision = COMBAT.decision(state)
            if decision.kind == "terminal":
                break
            seat = decision.seats[0]
            legal = COMBAT.legal_actions(state, seat)
            apply(state, seat, legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions, time.process_time() - start


def logged_games(games: int) -> tuple[list[dict], float]:
    """Games through core.play (legality check, log, hash checkpoints)."""
    logs = []
    start = time.process_time()
    for seed in range(games):
        state = core.new_game("combat", seats=2, seed=seed)
        rng = random.Random(seed)
        while (decision := COMBAT.decision(state)).kind != "terminal":
            seat = decision.seats[0]
            legal = COMBAT.legal_actions(state, seat)
            core.play(state, seat, legal[rng.randrange(len(legal))])
        logs.append(core.game_log(state))
    return logs, time.process_time() - start


def main() -> None:
    """Print one JSON line per figure."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    decisions, seconds = raw_loop(games)
    trusted, trusted_s = raw_loop(games, trusted=True)
    figures = [
        ("combat random vs random decisions/s (legal_actions + apply)", decisions / seconds, "1/s"),
        (
            "combat random vs random decisions/s (legal_actions + apply_trusted)",
            trusted / trusted_s,
            "1/s",
        ),
        ("combat random vs random games/s", games / seconds, "1/s"),
        ("combat decisions per game", decisions / games, "decisions"),
    ]
    logs, play_s = logged_games(games // 2)
    start = time.process_time()
    for log in logs:
        core.replay(log)
    replay_s = time.process_time() - start
    figures += [
        ("combat play time per game (core.play, logged, hashed)", play_s / len(logs) * 1e3, "ms"),
        ("combat replay time per game (verified hashes)", replay_s / len(logs) * 1e3, "ms"),
        ("combat replay / play time", replay_s / play_s, "ratio"),
    ]
    for figure, value, unit in figures:
        emit(figure, value, unit, digits=3)


if __name__ == "__main__":
    main()
