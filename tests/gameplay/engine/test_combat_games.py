"""Seeded random Combat games: invariants after every action, hidden cards, replay, JSON.

The suite plays ci_games.fuzz_games() seeded games (the issue's 10,000 in make bench); every
game has its invariants checked after every action, every 10th game also checks every view after
every 7th action, and every 20th game is replayed from its JSON log and round-tripped through
JSON. bench/combat_fuzz.py runs the 1,000,000-game version.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameplay.engine import core, fuzz
from gameplay.engine.combat import COMBAT
from tests.gameplay.engine.ci_games import fuzz_games

DECK = fuzz.SAMPLE_OWN_DECK
CI_GAMES = fuzz_games()
CONFIGS = [  # (seats, options, share of the CI games in per mille): the shares sum to 1,000
    (2, {}, 200),  # two players off the top, the usual game, in three chunks (parallel runs)
    (2, {}, 200),
    (2, {}, 200),
    (2, {"jokers": 0}, 100),
    (2, {"format": "constructed", "decks": [DECK, DECK[::-1]]}, 100),
    (3, {}, 80),
    (3, {"format": "draft", "decks": [DECK, DECK, DECK[:12]]}, 30),
    (4, {"teams": "alliance"}, 30),
    (4, {"teams": "as-one"}, 30),
    (5, {}, 15),
    (6, {"teams": "as-one", "team_size": 3}, 15),
]


def test_the_configurations_add_up_to_the_ci_game_count():
    assert sum(share for _, _, share in CONFIGS) == 1000


@pytest.mark.slow
@pytest.mark.parametrize(
    ("index", "seats", "options", "share"), [(i, *c) for i, c in enumerate(CONFIGS)]
)
def test_random_games_keep_every_invariant_and_replay_exactly(index, seats, options, share):
    # given this configuration's share of the seeded games (distinct seeds per configuration)
    games = CI_GAMES * share // 1000
    for n in range(games):
        seed = index * 1_000_000 + n
        # when each is played with the invariants checked after every action (and in every
        # 10th game the views of every seat and a spectator after every 7th action)
        views_every = 7 if n % 10 == 0 else 0
        state = fuzz.play_checked(
            "combat", seats=seats, options=options, seed=seed, views_every=views_every
        )
        # then it ended, and every 20th replays from its JSON log to the same state
        assert COMBAT.result(state) is not None
        if n % 20 == 0:
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
