"""Rune Duel benchmarks: random-play speed, replay vs play, the 10,000-game fuzz run, bot ladder.

Usage: python bench/rune_duel.py [--speed N] [--fuzz N] [--ladder N] [--pairs greedy:random ...]
Defaults: 5,000 games for speed and replay, 10,000 for the fuzz run, 1,000 per ladder pair.
Prints one JSON line per figure. Times are CPU time of this process (`time.process_time`),
so other processes' load on a shared box does not count against them.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.report import emit
from gameplay.engine import bots, core
from gameplay.engine.rune_duel import RUNE_DUEL as RD


def random_game(seed: int, *, logged: bool) -> tuple[dict, int]:
    """One random-vs-random game (through core.play when logged); returns it and its actions."""
    if logged:
        state = core.new_game("rune-duel", seats=2, seed=seed)
    else:
        state = RD.new_state(seats=2, options=core.validate_options(RD, {}), seed=seed)
    rng, actions = random.Random(seed), 0
    while (decision := RD.decision(state)).kind != "terminal":
        for seat in decision.seats:
            legal = RD.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
            if logged:
                core.play(state, seat, action)
            else:
                RD.apply(state, seat, action)
            actions += 1
    return state, actions


def speed(games: int) -> None:
    """Random-vs-random decisions/s and games/s on the ruleset alone, one core."""
    start, decisions = time.process_time(), 0
    for seed in range(games):
        decisions += random_game(seed, logged=False)[1]
    elapsed = time.process_time() - start
    emit("rune-duel random decisions/s", round(decisions / elapsed), "decisions/s", games=games)
    emit("rune-duel random games/s", round(games / elapsed, 1), "games/s", games=games)
    emit("rune-duel decisions per game", round(decisions / games, 1), "decisions")


def replay_vs_play(games: int) -> None:
    """Time to play logged games vs time to replay their logs (hash-checked)."""
    logs, start = [], time.process_time()
    for seed in range(games):
        logs.append(core.game_log(random_game(seed, logged=True)[0]))
    played = time.process_time() - start
    start = time.process_time()
    for log in logs:
        core.replay(log)
    replayed = time.process_time() - start
    emit("rune-duel play (logged) time", round(played, 2), "s", games=games)
    emit("rune-duel replay time", round(replayed, 2), "s", games=games)
    emit("rune-duel replay/play ratio", round(replayed / played, 2), "ratio")


def fuzz(games: int) -> None:
    """Random games with invariants after every action and a replay of each: violations."""
    violations, start = 0, time.process_time()
    for seed in range(games):
        state = core.new_game(
            "rune-duel", seats=2, options={"life": (20, 30, 40)[seed % 3]}, seed=seed
        )
        rng = random.Random(seed)
        try:
            while (decision := RD.decision(state)).kind != "terminal":
                for seat in decision.seats:
                    legal = RD.legal_actions(state, seat)
                    core.play(state, seat, legal[rng.randrange(len(legal))])
                    RD.check_invariants(state)
            replayed = core.replay(core.from_json(core.to_json(core.game_log(state))))
            assert core.state_hash(replayed) == core.state_hash(state), "replay differs"
        except (AssertionError, core.EngineError) as exc:
            violations += 1
            print(json.dumps({"seed": seed, "violation": str(exc)}), file=sys.stderr)
    elapsed = time.process_time() - start
    emit(
        "rune-duel fuzz invariant violations",
        violations,
        "games",
        games=games,
        games_per_s=round(games / elapsed, 1),
    )


def ladder(first: str, second: str, games: int) -> None:
    """Seeded games between two bots; the first bot sits in seat 0 on even seeds."""
    wins = {first: 0, second: 0, "draw": 0}
    start = time.process_time()
    for seed in range(games):
        seats = {0: first, 1: second} if seed % 2 == 0 else {0: second, 1: first}
        state = core.new_game("rune-duel", seats=2, seed=seed)
        players = {s: bots.bot_for(name) for s, name in seats.items()}
        bots.play_bot_game(state, players, seed=seed, budget_s=0.2)
        winners = RD.result(state).winners
        wins[seats[winners[0]] if len(winners) == 1 else "draw"] += 1
    elapsed = time.process_time() - start
    emit(
        f"rune-duel {first} vs {second}",
        round(wins[first] / games, 3),
        f"win rate of {first}",
        games=games,
        wins=wins,
        games_per_s=round(games / elapsed, 2),
    )


def main() -> None:
    """Run the figures asked for (all of them by default)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--speed", type=int, default=5000)
    parser.add_argument("--fuzz", type=int, default=10_000)
    parser.add_argument("--ladder", type=int, default=1000)
    parser.add_argument("--pairs", nargs="*", default=["greedy:random"])
    args = parser.parse_args()
    if args.speed:
        speed(args.speed)
        replay_vs_play(min(args.speed, 2000))
    if args.fuzz:
        fuzz(args.fuzz)
    for pair in args.pairs if args.ladder else []:
        ladder(*pair.split(":"), args.ladder)


if __name__ == "__main__":
    main()
