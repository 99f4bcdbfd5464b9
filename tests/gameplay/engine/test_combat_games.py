"""Seeded random Combat games: invariants after every action, hidden cards, replay, JSON."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameplay.engine import core, fuzz
from gameplay.engine.combat import COMBAT

DECK = fuzz.SAMPLE_OWN_DECK
CONFIGS = [  # (seats, options, games): 1,000 games in CI; bench/combat_fuzz.py runs 1,000,000
    (2, {}, 400),
    (3, {}, 100),
    (2, {"jokers": 0}, 150),
    (4, {"teams": "alliance"}, 60),
    (4, {"teams": "as-one"}, 60),
    (6, {"teams": "as-one", "team_size": 3}, 30),
    (5, {}, 30),
    (2, {"format": "constructed", "decks": [DECK, DECK[::-1]]}, 120),
    (3, {"format": "draft", "decks": [DECK, DECK, DECK[:12]]}, 50),
]


@pytest.mark.parametrize(("seats", "options", "games"), CONFIGS)
def test_random_games_keep_every_invariant_and_replay_exactly(seats, options, games):
    # given many seeded random games of this configuration
    for seed in range(games):
        # when each is played with checks after every action (views every 7th action)
        state = fuzz.play_checked("combat", seats=seats, options=options, seed=seed, views_every=7)
        # then it ended, and its log replays to the same state
        assert COMBAT.result(state) is not None
        if seed % 5 == 0:
            assert fuzz.replay_matches(state)
            assert core.from_json(core.to_json(state)) == state


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**40), seats=st.integers(2, 4))
def test_any_seed_plays_to_a_result_with_views_checked_every_action(seed, seats):
    state = fuzz.play_checked("combat", seats=seats, options={}, seed=seed, views_every=1)
    result = COMBAT.result(state)
    assert set(result.winners) <= set(range(seats))
    assert set(result.life) == set(range(seats))
    assert fuzz.replay_matches(state)
