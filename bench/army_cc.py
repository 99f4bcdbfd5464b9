"""Army and Conventional Combat benchmarks: random-play speed, replay, greedy vs random.

Usage: python bench/army_cc.py [--speed N] [--ladder N]
Defaults: 2,000 games per game for speed, 1,000 seeded games per game for greedy vs random.
Prints one JSON line per figure. Times are CPU time of this process (`time.process_time`),
so other processes' load on a shared box does not count against them.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.report import emit
from gameplay.engine import bots, core, registry

GAMES = ("army", "conventional-combat")


def random_game(slug: str, seed: int) -> tuple[dict, int]:
    """One random-vs-random game straight on the ruleset; returns it and its decision count."""
    rules = registry.get(slug)
    state = rules.new_state(seats=2, options=core.validate_options(rules, {}), seed=seed)
    rng, decisions = random.Random(seed), 0
    while (decision := rules.decision(state)).kind != "terminal":
        for seat in decision.seats:
            legal = rules.legal_actions(state, seat)
            rules.apply(state, seat, legal[rng.randrange(len(legal))])
            decisions += 1
    return state, decisions


def speed(slug: str, games: int) -> None:
    """Random-vs-random decisions/s and games/s, one core."""
    start, decisions = time.process_time(), 0
    for seed in range(games):
        decisions += random_game(slug, seed)[1]
    elapsed = time.process_time() - start
    emit(f"{slug} random decisions/s", round(decisions / elapsed), "decisions/s", games=games)
    emit(f"{slug} random games/s", round(games / elapsed, 1), "games/s", games=games)
    emit(f"{slug} decisions per game", round(decisions / games, 1), "decisions")


def greedy_vs_random(slug: str, games: int) -> None:
    """Greedy against random over seeded games, greedy alternating seats."""
    rules, wins, draws = registry.get(slug), 0, 0
    start = time.process_time()
    for seed in range(games):
        greedy_seat = seed % 2
        state = core.new_game(slug, seats=2, seed=seed)
        players = {greedy_seat: bots.GreedyBot(), 1 - greedy_seat: bots.RandomBot()}
        bots.play_bot_game(state, players, seed=seed)
        winners = rules.result(state).winners
        wins += winners == [greedy_seat]
        draws += not winners
    elapsed = time.process_time() - start
    emit(f"{slug} greedy vs random wins", wins, "games", games=games, draws=draws)
    emit(f"{slug} greedy vs random games/s", round(games / elapsed, 1), "games/s")


def main() -> None:
    """Run the figures for both games."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--speed", type=int, default=2000)
    parser.add_argument("--ladder", type=int, default=1000)
    args = parser.parse_args()
    for slug in GAMES:
        speed(slug, args.speed)
        greedy_vs_random(slug, args.ladder)


if __name__ == "__main__":
    main()
