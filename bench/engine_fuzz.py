"""The engine's seeded fuzz at the issue's size: 10,000 random games per game (per player count
for Kingdom Combat), with the suite's own tests and checks.

The suite plays a share of these games (tests/gameplay/engine/ci_games.py: every configuration
and every sampled check, in about a minute of CPU); this bench runs the same `slow` tests with
ENGINE_FUZZ_GAMES set, over both cores (pytest-xdist), so the 10,000 stay one command away
without costing every CI run seven minutes (the search bot's ladders are bench/bot_ladder.py).
One JSON line per game: the games played, whether every test passed, and the CPU and wall time,
each with the machine, date and load (bench/report.py).

Usage: python bench/engine_fuzz.py [--games 10000] [--workers 2] [GAME ...]
(GAME: combat, army, conventional-combat, rune-duel, kingdom-combat; all by default).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import report  # noqa: E402

TESTS = {
    "combat": "tests/gameplay/engine/test_combat_games.py",
    "army": "tests/gameplay/engine/test_army_games.py",
    "conventional-combat": "tests/gameplay/engine/test_conventional_combat_games.py",
    "rune-duel": "tests/gameplay/engine/test_rune_duel_fuzz.py",
    "kingdom-combat": "tests/gameplay/engine/kingdom_combat/test_kingdom_combat_fuzz.py",
}
GAMES_PER = {"kingdom-combat": 3}  # the count is per player count (2, 3 and 4)


def run(game: str, games: int, workers: int) -> dict:
    """Run one game's fuzz tests at `games` games; its figure."""
    env = {**os.environ, "ENGINE_FUZZ_GAMES": str(games), "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "pytest", TESTS[game], "-m", "slow", "-q"]
    if workers > 1:
        command += ["-n", str(workers)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    played = games * GAMES_PER.get(game, 1)
    return {
        "figure": f"engine_fuzz_{game}",
        "value": played,
        "unit": "games",
        "passed": done.returncode == 0,
        "summary": done.stdout.strip().splitlines()[-1] if done.stdout.strip() else "",
        "cpu_s": round(cpu, 1),
        "ms_cpu_per_game": round(1000 * cpu / played, 2),
        "wall_s": round(wall, 1),
        "load_average_after": os.getloadavg()[0],
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("game", nargs="*", help=", ".join(TESTS))
    args = parser.parse_args()
    unknown = set(args.game) - set(TESTS)
    if unknown:
        parser.error(f"unknown game(s): {', '.join(sorted(unknown))}")
    failed = False
    for game in args.game or TESTS:
        figure = run(game, args.games, args.workers)
        failed |= not figure["passed"]
        report.emit_row(figure)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
