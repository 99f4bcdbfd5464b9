"""Seeded random Rune Duel games: invariants after every action, exact replay, JSON round trip.

CI plays RUNE_DUEL_FUZZ_GAMES games (default 1,000, about 15 s here); `bench/rune_duel.py --fuzz
10000` runs the full 10,000-game check (see BENCHMARKS.md).
"""

from __future__ import annotations

import os
import random

from gameplay.engine import core
from gameplay.engine.rune_duel import RUNE_DUEL as RD

GAMES = int(os.environ.get("RUNE_DUEL_FUZZ_GAMES", "1000"))


def assert_views_hide_secrets(state: dict) -> None:
    """No seat's view names a card in the other hand or in any deck."""
    decks = state["zones"]["0"]["deck"] + state["zones"]["1"]["deck"]
    for seat in (0, 1):
        text = core.to_json(RD.view(state, seat))
        hidden = state["zones"][str(1 - seat)]["hand"] + decks
        assert not [c for c in hidden if f'"{c}"' in text], f"seat {seat} sees a hidden card"


def play_random_game(seed: int, *, check_views: bool = False) -> dict:
    """One random-vs-random game, checking the invariants after every action."""
    options = {"life": (20, 30, 40)[seed % 3]}
    state = core.new_game("rune-duel", seats=2, options=options, seed=seed)
    RD.check_invariants(state)
    rng = random.Random(seed)
    while (decision := RD.decision(state)).kind != "terminal":
        for seat in decision.seats:
            legal = RD.legal_actions(state, seat)
            assert legal, f"seat {seat} must act but has no legal action"
            core.play(state, seat, legal[rng.randrange(len(legal))])
            RD.check_invariants(state)
            if check_views:
                assert_views_hide_secrets(state)
    return state


def test_random_games_keep_every_invariant_and_replay_exactly():
    outcomes = {"life": 0, "round_limit": 0}
    for seed in range(GAMES):
        state = play_random_game(seed, check_views=seed % 50 == 0)
        outcomes[state["outcome"]["reason"]] += 1
        log = core.from_json(core.to_json(core.game_log(state)))
        assert core.state_hash(core.replay(log)) == core.state_hash(state), f"seed {seed}"
    assert sum(outcomes.values()) == GAMES
    assert outcomes["life"] > 0


def test_a_game_is_its_seed_and_actions():
    first = play_random_game(77)
    second = play_random_game(77)
    assert core.state_hash(first) == core.state_hash(second)
    assert core.from_json(core.to_json(first)) == first
