"""The search bot's race: candidates clearly behind stop being sampled, close ones go on."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from gameplay.engine import bots
from gameplay.engine.core import new_game, play, ruleset_of

values_lists = st.lists(st.floats(-50, 50, allow_nan=False), min_size=16, max_size=40)


@given(values_lists, st.lists(values_lists, min_size=1, max_size=3))
def test_the_leader_always_stays_in_the_race(leader_values, others):
    size = len(leader_values)
    values = [leader_values] + [(row * 3)[:size] for row in others]
    racing, _ = bots.still_racing(values, list(range(len(values))), 2.5)
    best = max(range(len(values)), key=lambda index: sum(values[index]))
    assert best in racing


@given(values_lists, st.floats(0.5, 20))
def test_a_candidate_behind_on_every_sample_by_the_same_amount_is_dropped(values, lag):
    behind = [value - lag for value in values]
    racing, settled = bots.still_racing([behind, values], [0, 1], 2.5)
    assert racing == [1]
    assert settled


@given(values_lists)
def test_candidates_that_play_alike_settle_the_race_together(values):
    racing, settled = bots.still_racing([values, list(values), list(values)], [0, 1, 2], 2.5)
    assert racing == [0, 1, 2]
    assert settled


def test_a_close_candidate_keeps_being_sampled():
    rng = random.Random(1)
    leader = [rng.gauss(0, 10) for _ in range(16)]
    close = [value + rng.gauss(0, 10) for value in leader]
    if sum(close) > sum(leader):
        leader, close = close, leader
    racing, settled = bots.still_racing([leader, close], [0, 1], 2.5)
    assert racing == [0, 1]
    assert not settled


def test_a_raced_rune_duel_search_plays_legal_moves_to_the_end():
    # Rune Duel declares a race: a whole game between two racing searches stays legal
    state = new_game("rune-duel", seats=2, seed=7)
    ruleset = ruleset_of(state)
    assert ruleset.game_type.search.race > 0
    search, rng = bots.MonteCarloBot(), random.Random(7)
    while state["outcome"] is None:
        for seat in ruleset.decision(state).seats:
            legal = ruleset.legal_actions(state, seat)
            action = search.choose(ruleset, ruleset.view(state, seat), seat, legal, rng)
            play(state, seat, action)
    assert ruleset.result(state) is not None


def test_candidates_that_play_alike_stop_the_search_after_the_first_look(monkeypatch):
    # every sample scores the same whatever the card: the race settles at its first look
    # (RACE_FROM samples a candidate) instead of spending the whole budget
    state = new_game("rune-duel", seats=2, seed=3)
    ruleset = ruleset_of(state)
    seat = state["turn"]
    legal = ruleset.legal_actions(state, seat)
    assert len(legal) > ruleset.game_type.search.top  # the lead: any card of the hand
    monkeypatch.setattr(ruleset, "search_evaluate", lambda state, seat: 1.0)
    calls = []
    rollout = bots.MonteCarloBot._rollout
    monkeypatch.setattr(
        bots.MonteCarloBot, "_rollout", lambda self, *args: calls.append(1) or rollout(self, *args)
    )
    view = ruleset.view(state, seat)
    action = bots.MonteCarloBot().choose(ruleset, view, seat, legal, random.Random(3))
    assert action in legal
    assert len(calls) == bots.RACE_FROM * ruleset.game_type.search.top
