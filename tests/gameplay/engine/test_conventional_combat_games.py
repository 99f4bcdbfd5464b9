"""Conventional Combat: seeded random games with invariants after every action, hidden choices
in every view, exact replay, determinization, and the bots."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameplay.engine import registry
from gameplay.engine.core import from_json, game_log, new_game, replay, state_hash, to_json
from tests.gameplay.engine.ci_games import CHUNKS, chunk_seeds, fuzz_games
from tests.gameplay.engine.random_play import (
    assert_samples_look_like_their_views,
    greedy_wins,
    random_playout,
    random_steps,
)

RULES = registry.get("conventional-combat")
CI_GAMES = fuzz_games()
MODES = ("full-match", "quick-duel")


def check_views(state: dict) -> None:
    """No other seat (nor a spectator) sees a seat's pending secret choice."""
    for key, pending in state["pending"].items():
        for seat in (None, 0, 1):
            seen = RULES.view(state, seat)["players"][key]
            if seat is not None and str(seat) == key:
                assert seen["choice"] == pending
            else:
                assert "choice" not in seen, f"seat {seat} sees seat {key}'s choice"
                assert seen["chosen"] == (pending is not None)


def play_random_game(seed: int, *, checks: bool) -> dict:
    """A random-vs-random game of alternating modes; with checks after every action."""
    mode = MODES[seed % 2]
    state = new_game("conventional-combat", seats=2, seed=seed, options={"mode": mode})
    return random_playout(state, random.Random(seed), _checked if checks else None)


def _checked(state: dict) -> None:
    RULES.check_invariants(state)
    check_views(state)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_seeded_random_games_keep_invariants_and_replay_exactly(chunk):
    # given a quarter of the seeded games (ci_games.fuzz_games: 10,000 in make bench)
    for seed in chunk_seeds(CI_GAMES, chunk):
        # when each is played (every 10th with checks after every action)
        state = play_random_game(seed, checks=seed % 10 == 0)
        RULES.check_invariants(state)
        # then it ended with one winner, and every 20th game replays to the same state
        result = RULES.result(state)
        assert len(result.winners) == 1
        if seed % 20 == 0:
            assert state_hash(replay(game_log(state))) == state_hash(state)


def test_state_round_trips_through_json_exactly():
    state = play_random_game(4, checks=False)
    assert from_json(to_json(state)) == state


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), steps=st.integers(0, 30))
def test_determinize_matches_the_view_it_came_from(seed, steps):
    # given a game some single actions in (one seat may have chosen secretly)
    state = new_game("conventional-combat", seats=2, seed=seed, options={"mode": MODES[seed % 2]})
    random_steps(state, random.Random(seed), steps)
    # when a bot samples a full state from a seat's view, then it is legal and looks the same
    # from that seat
    assert_samples_look_like_their_views(state, seed)


def test_greedy_beats_random_over_seeded_games():
    # given 60 seeded Full Matches, greedy alternating seats, then greedy wins clearly more
    # than half (1,000-game figures: BENCHMARKS.md)
    assert greedy_wins("conventional-combat", 60) > 36
