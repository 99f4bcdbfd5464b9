"""Army: seeded random games with invariant checks after every action, hidden-card checks on
every view, exact replay, JSON round trip, determinization, and the bots."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameplay.engine import registry
from gameplay.engine.army import strategy as army
from gameplay.engine.core import from_json, game_log, new_game, replay, state_hash, to_json
from tests.gameplay.engine import random_play
from tests.gameplay.engine.ci_games import CHUNKS, fuzz_games

RULES = registry.get("army")
CI_GAMES = fuzz_games()


def strings_in(value) -> set[str]:
    """Every string anywhere inside a JSON value."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(strings_in(v) for v in value)) if value else set()
    return set()


def hidden_from(state: dict, seat: int) -> set[str]:
    """Cards that seat must not see: both piles, the other side's hand and unrevealed line."""
    other = state["players"][str(1 - seat)]
    return set(state["army_pile"] + state["fight_pile"] + other["hand"] + other["line"])


def revealed_last_round(state: dict) -> set[str]:
    """The cards both players saw in the rounds played (public history, even once
    reshuffled: the move log, ruling A7)."""
    last = state["last_round"]
    played = {card for past in state["played"] for card in past["cards"].values()}
    return played | (set(last["cards"].values()) if last else set())


def check_views(state: dict) -> None:
    """No seat (nor a spectator) sees a card hidden from it, except as last round's history."""
    public = revealed_last_round(state)
    for seat in (0, 1):
        leaked = strings_in(RULES.view(state, seat)) & hidden_from(state, seat) - public
        assert not leaked, f"seat {seat} sees {sorted(leaked)}"
        other = RULES.view(state, seat)["players"][str(1 - seat)]
        assert "life" not in other, "the other side's total SP counts its face-down line"
    spectator_hidden = set(state["army_pile"] + state["fight_pile"])
    for player in state["players"].values():
        spectator_hidden |= set(player["hand"] + player["line"])
    assert not strings_in(RULES.view(state, None)) & spectator_hidden - public


def new_army(seed: int) -> dict:
    """A two-player game of that seed."""
    return new_game("army", seats=2, seed=seed)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_seeded_random_games_keep_invariants_and_replay_exactly(chunk):
    # given a quarter of the seeded random games (ci_games.fuzz_games: 10,000 in make bench)
    # when each is played with checks after every action (every 10th game: all checks)
    checks = random_play.checks_of(RULES, check_views)
    for seed, state, result in random_play.chunk_games(RULES, CI_GAMES, chunk, new_army, checks):
        # then it ended with a result, and every 5th game's log replays to the same final state
        assert result is not None
        assert len(result.winners) <= 1
        if seed % 5 == 0:
            assert state_hash(replay(game_log(state))) == state_hash(state)


def test_state_round_trips_through_json_exactly():
    state = random_play.random_playout(new_army(11), random.Random(11))
    assert from_json(to_json(state)) == state
    assert state_hash(from_json(to_json(state))) == state_hash(state)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), steps=st.integers(0, 40))
def test_determinize_matches_the_view_it_came_from(seed, steps):
    # given a game some actions in
    state = random_play.random_steps(
        new_game("army", seats=2, seed=seed), random.Random(seed), steps
    )
    # when a bot samples a full state from a seat's view, then the sample is a legal state
    # that looks the same from that seat
    random_play.assert_samples_look_like_their_views(state, seed)


def test_greedy_beats_random_over_seeded_games():
    # given 200 seeded games, the greedy bot alternating seats, then greedy wins clearly more
    # than half (1,000-game figures are in BENCHMARKS.md)
    assert random_play.greedy_wins("army", 200) > 110


def test_expected_swing_counts_wins_and_losses_against_a_hand():
    assert army.expected_swing("10H", ["2S", "9H"]) == 1.0
    assert army.expected_swing("2S", ["3H", "3S"]) == -0.5
    assert army.expected_swing("5S", []) == 0.0
