"""Every engine game's speed, one bench for all: validated random play on one core.

A decision is `legal_actions` for the seat to act, a uniformly random pick, then `apply`, which
checks the action again (validated: nothing is trusted); a second figure per game plays through
`core.play` as the product does (the check, then the log and a state hash every 50 actions).
CPU time (`time.process_time`) of this process only, so the figures are per core; other load on
the box still slows them (shared caches).

In the same run, the baseline: an OpenSpiel game written in Python (`python_block_dominoes`),
played the same way (legal_actions, random pick, apply_action; chance outcomes sampled). It needs
`open_spiel` (requirements-bench.txt); when this interpreter lacks it, pass another that has it
with --openspiel-python, and the baseline runs in a child process of this run.

Usage: python bench/engine_speed.py [--seconds S] [--openspiel-python PATH]
Prints one JSON line per figure.
"""

from __future__ import annotations

import argparse
import platform
import random
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import report

OPENSPIEL_GAME = "python_block_dominoes"


def emit(figure: str, value, unit: str, **extra) -> None:
    """Print one figure as a JSON line (bench/report.py: with machine, date and load)."""
    report.emit_row({"figure": figure, "value": value, "unit": unit, **extra})


def engine_game(slug: str, seed: int) -> int:
    """One validated random game of an engine game; returns its decision count."""
    from gameplay.engine import core, registry

    rules = registry.get(slug)
    state = rules.new_state(seats=2, options=core.validate_options(rules, {}), seed=seed)
    rng, decisions = random.Random(seed), 0
    while (decision := rules.decision(state)).kind != "terminal":
        seat = decision.seats[0]
        legal = rules.legal_actions(state, seat)
        rules.apply(state, seat, legal[rng.randrange(len(legal))])
        decisions += 1
    return decisions


def engine_game_played(slug: str, seed: int) -> int:
    """The same game through core.play, as the product plays it: the legality check, the log
    and the state hashes every 50 actions; returns its decision count."""
    from gameplay.engine import core, registry

    rules = registry.get(slug)
    state = core.new_game(slug, seats=2, seed=seed)
    rng, decisions = random.Random(seed), 0
    while (decision := rules.decision(state)).kind != "terminal":
        seat = decision.seats[0]
        legal = rules.legal_actions(state, seat)
        core.play(state, seat, legal[rng.randrange(len(legal))])
        decisions += 1
    return decisions


def openspiel_game(game, seed: int) -> int:
    """One random game of an OpenSpiel game (chance outcomes sampled); its decision count."""
    rng, decisions = random.Random(seed), 0
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
            continue
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
        decisions += 1
    return decisions


def measure(play, seconds: float) -> tuple[int, int, float]:
    """Play seeded games until `seconds` of CPU time; returns games, decisions, CPU seconds."""
    games = decisions = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        decisions += play(games)
        games += 1
    return games, decisions, elapsed


def run_engine(seconds: float) -> None:
    """Every game the registry lists."""
    from gameplay.engine import registry

    for slug in sorted(registry.GAMES):
        for how, play in (("ruleset", engine_game), ("core.play", engine_game_played)):
            games, decisions, cpu = measure(lambda seed, p=play, s=slug: p(s, seed), seconds)
            emit(
                f"{slug} validated random decisions/s/core ({how})",
                round(decisions / cpu),
                "decisions/s",
                games=games,
                decisions=decisions,
                cpu_s=round(cpu, 2),
            )


def run_openspiel(seconds: float) -> bool:
    """The OpenSpiel baseline in this interpreter; False if open_spiel is not installed."""
    try:
        import open_spiel.python.games  # noqa: F401  (registers the Python games)
        import pyspiel
    except ImportError:
        return False
    game = pyspiel.load_game(OPENSPIEL_GAME)
    games, decisions, cpu = measure(lambda seed: openspiel_game(game, seed), seconds)
    emit(
        f"openspiel {OPENSPIEL_GAME} random decisions/s/core (baseline)",
        round(decisions / cpu),
        "decisions/s",
        games=games,
        decisions=decisions,
        cpu_s=round(cpu, 2),
        open_spiel=_version("open_spiel"),
    )
    return True


def _version(package: str) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(package)
    except PackageNotFoundError:
        return "unknown"


def main() -> None:
    """Print one JSON line per figure: the machine, each game, then the baseline."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per game")
    parser.add_argument("--openspiel-python", help="an interpreter with open_spiel installed")
    parser.add_argument("--only-openspiel", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.only_openspiel:
        run_openspiel(args.seconds)
        return
    emit("machine", platform.processor() or platform.machine(), "", python=sys.version.split()[0])
    run_engine(args.seconds)
    if run_openspiel(args.seconds):
        return
    if args.openspiel_python:
        command = [args.openspiel_python, __file__, "--only-openspiel"]
        subprocess.run([*command, "--seconds", str(args.seconds)], check=True)
    else:
        emit("openspiel baseline", None, "", skipped="open_spiel is not installed here")


if __name__ == "__main__":
    main()
