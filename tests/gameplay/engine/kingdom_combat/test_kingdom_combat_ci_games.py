"""Seeded random Kingdom Combat games in CI, now that the game is in the registry: 2, 3 and 4
players in turn, invariants after every action, every seat's view checked every 5th action,
every 5th game's log replayed to the same hash. KC_CI_GAMES games (default 200, in four chunks:
kept modest so the suite stays fast; the 1,000,000-game run is bench/kingdom_combat.py's)."""

from __future__ import annotations

import os

import pytest

from gameplay.engine import fuzz, registry
from tests.gameplay.engine.ci_games import CHUNKS, chunk_seeds

GAMES = int(os.environ.get("KC_CI_GAMES", "200"))


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_invariant_and_replay_exactly(chunk):
    rules = registry.get("kingdom-combat")
    ended = 0
    for seed in chunk_seeds(GAMES, chunk):
        seats = 2 + seed % 3
        state = fuzz.play_checked(
            "kingdom-combat", seats=seats, options={"max_turns": 60}, seed=seed, views_every=5
        )
        assert rules.result(state) is not None, f"game {seed} did not end"
        ended += 1
        if seed % 5 == 0:
            assert fuzz.replay_matches(state), f"game {seed} does not replay"
    assert ended == len(chunk_seeds(GAMES, chunk))
