"""Kingdom Combat's validated random play beside the OpenSpiel baseline, in one run.

Rounds alternate, so load on the shared box falls on every figure alike: the baseline
(bench/engine_speed.py --only-openspiel, OpenSpiel's Python `python_block_dominoes`, in the
interpreter given by --openspiel-python, by default var/bench-venv's; the bench says so and
stops when it has no open_spiel), this checkout's Kingdom Combat (bench/kingdom_combat.py
validated: legal_actions, a random pick, the checked apply; `games` games from seed 0, the
better of two runs in one process), and with --before DIR another checkout's (e.g. main's, the
code before a change). Each figure is CPU time of its own process (decisions per CPU second);
the summary keeps the best round of each (load only ever slows a run) and the ratios.

Usage: python bench/kingdom_combat_beside.py [--openspiel-python PY] [--before DIR]
       [--rounds 3] [--games 15] [--seconds 3]
Prints one JSON line per figure and round, then the summary (bench/report.py).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import report  # noqa: E402


def _kingdom(root: Path, games: int) -> int:
    """Validated decisions per CPU second of `root`'s code (its bench/kingdom_combat.py), the
    better of two runs in one process (as that bench's best of its repeats)."""
    script = (
        "import sys; sys.path.insert(0, '.'); from bench.kingdom_combat import _run; "
        "from gameplay.engine.kingdom_combat import KINGDOM_COMBAT as KC; "
        f"print(max(round(d / s) for d, s in (_run({games}, KC.apply) for _ in range(2))))"
    )
    out = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True, text=True)
    out.check_returncode()
    return int(out.stdout.split()[-1])


def _baseline(python: str, seconds: float) -> int | None:
    """The baseline's decisions per CPU second; None when `python` has no open_spiel."""
    command = [python, str(ROOT / "bench" / "engine_speed.py"), "--only-openspiel"]
    out = subprocess.run([*command, "--seconds", str(seconds)], capture_output=True, text=True)
    out.check_returncode()
    lines = out.stdout.strip().splitlines()
    return int(json.loads(lines[-1])["value"]) if lines else None


def _default_openspiel_python() -> str:
    """The bench virtualenv's interpreter (requirements-bench.txt), else this one."""
    venv = ROOT / "var" / "bench-venv" / "bin" / "python"
    return str(venv) if venv.exists() else sys.executable


def main() -> None:
    """Alternate the figures for --rounds rounds, then print the best of each and ratios."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--openspiel-python", default=_default_openspiel_python())
    parser.add_argument("--before", help="another checkout's root, measured the same way")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=15)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    if _baseline(args.openspiel_python, 0.2) is None:
        report.emit("openspiel baseline", None, "", skipped="no open_spiel: see --openspiel-python")
        return
    best: dict[str, int] = {}
    for number in range(1, args.rounds + 1):
        figures = {"baseline": _baseline(args.openspiel_python, args.seconds) or 0}
        figures["kingdom-combat"] = _kingdom(ROOT, args.games)
        if args.before:
            figures["kingdom-combat before"] = _kingdom(Path(args.before), args.games)
        for name, value in figures.items():
            best[name] = max(best.get(name, 0), value)
            report.emit(
                f"{name} validated random decisions/s/core", value, "decisions/s", round=number
            )
    summary = {f"best {name}": value for name, value in best.items()}
    summary["ratio to the baseline"] = round(best["kingdom-combat"] / best["baseline"], 2)
    if args.before:
        summary["speed-up"] = round(best["kingdom-combat"] / best["kingdom-combat before"], 2)
    report.emit(
        "kingdom-combat beside the baseline, best round",
        best["kingdom-combat"],
        "decisions/s",
        **summary,
    )


if __name__ == "__main__":
    main()
