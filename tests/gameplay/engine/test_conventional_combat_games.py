"""Conventional Combat: seeded random games with invariants after every action, hidden choices
in every view, exact replay, determinization, and the bots."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameplay.engine import registry
from gameplay.engine.core import from_json, game_log, new_game, replay, state_hash, to_json
from tests.gameplay.engine import random_play
from tests.gameplay.engine.ci_games import CHUNKS, fuzz_games

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


def new_duel(seed: int) -> dict:
    """A game of that seed, in the two modes by turns."""
    mode = MODES[seed % 2]
    return new_game("conventional-combat", seats=2, seed=seed, options={"mode": mode})


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_seeded_random_games_keep_invariants_and_replay_exactly(chunk):
    # given a quarter of the seeded games (ci_games.fuzz_games: 10,000 in make bench)
    # when each is played (every 10th with checks after every action)
    views_checked = random_play.checks_of(RULES, check_views)
    for seed, state, result in random_play.chunk_games(
        RULES, CI_GAMES, chunk, new_duel, views_checked
    ):
        # then it ended with one winner, and every 20th game replays to the same state
        assert len(result.winners) == 1
        if seed % 20 == 0:
            assert state_hash(replay(game_log(state))) == state_hash(state)


def test_state_round_trips_through_json_exactly():
    state = random_play.random_playout(new_duel(4), random.Random(4))
    assert from_json(to_json(state)) == state


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), steps=st.integers(0, 30))
def test_determinize_matches_the_view_it_came_from(seed, steps):
    # given a game some single actions in (one seat may have chosen secretly)
    state = new_game("conventional-combat", seats=2, seed=seed, options={"mode": MODES[seed % 2]})
    random_play.random_steps(state, random.Random(seed), steps)
    # when a bot samples a full state from a seat's view, then it is legal and looks the same
    # from that seat
    random_play.assert_samples_look_like_their_views(state, seed)


def test_greedy_beats_random_over_seeded_games():
    # given 60 seeded Full Matches, greedy alternating seats, then greedy wins clearly more
    # than half (1,000-game figures: BENCHMARKS.md)
    assert random_play.greedy_wins("conventional-combat", 60) > 36
