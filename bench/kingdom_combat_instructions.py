"""Kingdom Combat's validated random play in CPU instructions a decision, which load does not
change (the box is shared): valgrind's cachegrind counts the instructions of this script's
loop (legal_actions, a seeded random pick, the validated apply, as bench/kingdom_combat.py)
over `games` two-player games from seed 0, less the same run with no game (start-up, imports
and one warm-up game, seed 100), divided by the decisions. `PYTHONHASHSEED=0`.

Usage: python bench/kingdom_combat_instructions.py [games] [--root DIR]
(default 3 games; --root: another checkout's code, e.g. main's, for the figure before)
Needs valgrind. Prints one JSON line (bench/report.py).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve()
sys.path.insert(0, str(HERE.parent.parent))

from bench import report  # noqa: E402


def _play(games: int) -> None:
    """The measured loop (run under valgrind, the code of the current directory)."""
    import random

    sys.path.insert(0, os.getcwd())
    from gameplay.engine import core
    from gameplay.engine.kingdom_combat import KINGDOM_COMBAT as KC

    decisions = 0
    for seed in [100, *range(games)]:
        state = KC.new_state(seats=2, options=core.validate_options(KC, {}), seed=seed)
        rng = random.Random(seed)
        while (decision := KC.decision(state)).kind != "terminal":
            seat = decision.seats[0]
            legal = KC.legal_actions(state, seat)
            KC.apply(state, seat, legal[rng.randrange(len(legal))])
            decisions += seed != 100
    print(f"decisions={decisions}", file=sys.stderr)


def _count(root: Path, games: int) -> tuple[int, int]:
    """(instructions, decisions) of the loop over `games` games with `root`'s code."""
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no"]
    command += ["--cachegrind-out-file=/dev/null", sys.executable, str(HERE), "--play", str(games)]
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    out = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True, check=True)
    refs = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    found = re.search(r"decisions=(\d+)", out.stderr)
    if refs is None or found is None:
        raise RuntimeError(out.stderr[-2000:])
    return int(refs.group(1).replace(",", "")), int(found.group(1))


def main() -> None:
    """Print the instructions a decision for the code under --root (default: this one)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="?", type=int, default=3)
    parser.add_argument("--root", default=str(HERE.parent.parent))
    parser.add_argument("--play", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play is not None:
        _play(args.play)
        return
    root = Path(args.root).resolve()
    bare, _ = _count(root, 0)
    total, decisions = _count(root, args.games)
    report.emit(
        "kingdom-combat validated random play, CPU instructions a decision",
        round((total - bare) / decisions),
        "instructions/decision (valgrind cachegrind)",
        games=args.games,
        decisions=decisions,
        code=str(root),
    )


if __name__ == "__main__":
    main()
