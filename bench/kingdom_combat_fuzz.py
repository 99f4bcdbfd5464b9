"""Kingdom Combat fuzz bench: seeded random games with every check after every action.

The checks are kingdom_combat/fuzzing.py's (the CI suite's): card conservation, gold never
negative, no HP rising (lost HP permanent), no hidden card in any seat's or the spectator's
view or in a new event, and the JSON log replayed to the same state hash. Players 2, 3, 4 in
turn by seed; the turn limit is the game's default (120 turns) unless --max-turns says otherwise.

Usage: python bench/kingdom_combat_fuzz.py [--games N] [--seconds S] [--seed0 K] [--max-turns T]
Defaults: 5 games (make bench stays quick); the issue's run is --games 1000000, cut short by
--seconds on a shared machine. Every 100 games a progress line goes to stderr; the last line
on stdout is the figure: games played, violations (with the first few, seed and message), CPU
seconds (time.process_time) and games per CPU second.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gameplay.engine.kingdom_combat import fuzzing


def run(games: int, seconds: float | None, seed0: int, max_turns: int) -> dict:
    """Play up to `games` games (or until `seconds` of CPU time); one figure."""
    start = time.process_time()
    played, violations, ends = 0, [], {}
    for seed in range(seed0, seed0 + games):
        if seconds is not None and time.process_time() - start > seconds:
            break
        try:
            state = fuzzing.play_checked(seed, seats=2 + seed % 3, max_turns=max_turns)
            ends[state["end"]] = ends.get(state["end"], 0) + 1
        except fuzzing.Violation as exc:
            violations.append(str(exc))
        played += 1
        if played % 100 == 0:
            progress = {"played": played, "violations": len(violations), "last_seed": seed}
            progress["cpu_s"] = round(time.process_time() - start, 1)
            print(json.dumps({"progress": progress}), file=sys.stderr, flush=True)
    cpu = time.process_time() - start
    return {
        "figure": "kingdom-combat fuzz games, every check after every action",
        "value": played,
        "unit": "games",
        "seeds": [seed0, seed0 + played - 1],
        "max_turns": max_turns,
        "violations": len(violations),
        "first_violations": violations[:5],
        "ends": ends,
        "cpu_s": round(cpu, 1),
        "games_per_cpu_s": round(played / cpu, 2) if cpu else None,
    }


def main() -> None:
    """Print the figure as one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--seed0", type=int, default=0)
    parser.add_argument("--max-turns", type=int, default=120)
    args = parser.parse_args()
    print(json.dumps(run(args.games, args.seconds, args.seed0, args.max_turns)), flush=True)


if __name__ == "__main__":
    main()
