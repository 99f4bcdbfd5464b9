"""Bots play Kingdom Combat from their view only: random games end without errors over many
seeds and player counts, the greedy bot beats the random one, and a bot's sampled state offers
it exactly its real choices."""

from __future__ import annotations

import random

import pytest

from gameplay.engine import bots, core, fuzz
from gameplay.engine.kingdom_combat import KINGDOM_COMBAT as KC
from gameplay.engine.kingdom_combat import cards
from tests.gameplay.engine.kingdom_combat.helpers import SLUG


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_random_games_over_many_seeds_end_without_errors(seats):
    for seed in range(12):
        state = fuzz.play_checked(
            SLUG, seats=seats, options={"max_turns": 30}, seed=seed, views_every=7
        )
        assert KC.result(state).facts["end"] in ("fortress", "time")


def test_greedy_beats_random_with_the_same_deck():
    wins = {"greedy": 0, "random": 0}
    starters = cards.starter_decks()
    for seed in range(10):
        deck = starters[seed % len(starters)]
        state = core.new_game(
            SLUG, seats=2, options={"max_turns": 40, "decks": [deck, deck]}, seed=seed
        )
        greedy = seed % 2
        bots.play_bot_game(
            state, {greedy: bots.GreedyBot(), 1 - greedy: bots.RandomBot()}, seed=seed
        )
        winners = state["winners"]
        if winners:
            wins["greedy" if winners == [greedy] else "random"] += 1
    assert wins["greedy"] >= 6
    assert wins["random"] <= 1


def test_a_sampled_state_offers_the_seat_exactly_its_real_choices():
    for seed in range(6):
        state = core.new_game(SLUG, seats=2 + seed % 2, options={"max_turns": 16}, seed=seed)
        rng = random.Random(seed)
        steps = 0
        while KC.decision(state).kind != "terminal":
            seat = KC.decision(state).seats[0]
            legal = KC.legal_actions(state, seat)
            if steps % 9 == 0:
                sample = KC.determinize(KC.view(state, seat), seat, rng)
                assert KC.decision(sample).seats == (seat,)
                assert KC.legal_actions(sample, seat) == legal
                KC.apply(sample, seat, legal[0])  # and the sample plays on
            core.play(state, seat, legal[rng.randrange(len(legal))])
            steps += 1
