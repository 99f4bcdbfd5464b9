"""Seeded random Rune Duel games: invariants after every action, exact replay, JSON round trip.

The suite plays ci_games.fuzz_games() games (10,000 in make bench), in four chunks: invariants
after every action in every 10th game and at the end of every game, views in every 50th, every
5th game's log round-tripped through JSON and replayed. `bench/rune_duel.py --fuzz 10000` runs
every check on every game (see BENCHMARKS.md).
"""

from __future__ import annotations

import random

import pytest

from gameplay.engine import core
from gameplay.engine.rune_duel import RUNE_DUEL as RD
from tests.gameplay.engine.ci_games import CHUNKS, chunk_seeds, fuzz_games

GAMES = fuzz_games()


def assert_views_hide_secrets(state: dict) -> None:
    """No seat's view names a card in the other hand or in any deck."""
    decks = state["zones"]["0"]["deck"] + state["zones"]["1"]["deck"]
    for seat in (0, 1):
        text = core.to_json(RD.view(state, seat))
        hidden = state["zones"][str(1 - seat)]["hand"] + decks
        assert not [c for c in hidden if f'"{c}"' in text], f"seat {seat} sees a hidden card"


def play_random_game(seed: int, *, check_views: bool = False, checks: bool = True) -> dict:
    """One random-vs-random game; with checks, the invariants after every action."""
    options = {"life": (20, 30, 40)[seed % 3]}
    state = core.new_game("rune-duel", seats=2, options=options, seed=seed)
    RD.check_invariants(state)
    rng = random.Random(seed)
    while (decision := RD.decision(state)).kind != "terminal":
        for seat in decision.seats:
            legal = RD.legal_actions(state, seat)
            assert legal, f"seat {seat} must act but has no legal action"
            core.play(state, seat, legal[rng.randrange(len(legal))])
            if checks:
                RD.check_invariants(state)
            if check_views:
                assert_views_hide_secrets(state)
    return state


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_invariant_and_replay_exactly(chunk):
    outcomes = {"life": 0, "round_limit": 0}
    seeds = chunk_seeds(GAMES, chunk)
    for seed in seeds:
        state = play_random_game(seed, check_views=seed % 50 == 0, checks=seed % 10 == 0)
        RD.check_invariants(state)
        outcomes[state["outcome"]["reason"]] += 1
        if seed % 5 == 0:
            log = core.from_json(core.to_json(core.game_log(state)))
            assert core.state_hash(core.replay(log)) == core.state_hash(state), f"seed {seed}"
    assert sum(outcomes.values()) == len(seeds)
    assert outcomes["life"] > 0


def test_a_game_is_its_seed_and_actions():
    first = play_random_game(77)
    second = play_random_game(77)
    assert core.state_hash(first) == core.state_hash(second)
    assert core.from_json(core.to_json(first)) == first
