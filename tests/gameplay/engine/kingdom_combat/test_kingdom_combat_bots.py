"""Bots play Kingdom Combat from their view only: random games end without errors over many
seeds and player counts, the greedy bot beats the random one, and a bot's sampled state offers
it exactly its real choices."""

from __future__ import annotations

import itertools
import random

import pytest

from gameplay.engine import bots, core, fuzz
from gameplay.engine.kingdom_combat import KINGDOM_COMBAT as KC
from gameplay.engine.kingdom_combat import cards, flow, strategy
from tests.gameplay.engine.kingdom_combat.helpers import SLUG, put_unit, started


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


def test_the_search_bot_rolls_out_with_the_games_own_policy():
    # declared through game_type: the search bot's rollouts call rollout_action
    assert KC.game_type.rollout_policy
    assert "search" in KC.game_type.bots
    assert KC.game_type.search.depth > 0


@pytest.mark.parametrize("seats", [2, 3])
def test_the_rollout_policy_always_picks_a_legal_action_and_the_game_ends(seats):
    for seed in range(4):
        state = core.new_game(SLUG, seats=seats, options={"max_turns": 40}, seed=seed)
        rng = random.Random(seed)
        while KC.decision(state).kind != "terminal":
            seat = KC.decision(state).seats[0]
            legal = KC.legal_actions(state, seat)
            action = KC.rollout_action(state, seat, legal, rng)
            assert action in legal
            core.play(state, seat, action)
        assert KC.result(state) is not None


def test_the_rollout_policy_attacks_a_fortress_before_anything_else_and_passes_answers():
    from gameplay.engine.kingdom_combat.strategy import rollout_action

    state = core.new_game(SLUG, seats=2, seed=3)
    state["structures"]["1-s"] = {"seat": 1, "hp": 3}
    rng = random.Random(0)
    legal = [
        {"type": "attack", "unit": "0-01", "target": "1-s"},
        {"type": "attack", "unit": "0-01", "target": "fortress-1"},
        {"type": "commit"},
    ]
    assert rollout_action(state, 0, legal, rng)["target"] == "fortress-1"
    assert rollout_action(state, 0, [{"type": "commit"}, {"type": "commit"}], rng) == {
        "type": "commit"
    }
    answers = [{"type": "shoot", "unit": "0-01", "target": "1-02"}, {"type": "pass"}]
    assert rollout_action(state, 0, answers, rng) == {"type": "pass"}


def test_the_search_bots_rollouts_march_forward_but_not_onto_a_battlefield_an_enemy_holds():
    # given the player's unit in its Structures Zone, free to move on or to go to combat
    state = started(seed=4)
    me = state["turn"]["seat"]
    foot = put_unit(state, me, "sellsword", f"S{me}")
    choices = [
        {"type": "move", "unit": foot, "to": "B"},
        {"type": "move", "unit": foot, "to": f"F{me}"},
        {"type": "combat"},
    ]
    # then the rollouts' rule of thumb marches it onto an empty Battlefield
    assert strategy.rollout_action(state, me, choices, random.Random(1)) == choices[0]
    # but not onto one an enemy holds (K10: it may; it would be attacked there first)
    put_unit(state, 1 - me, "sellsword", "B")
    for seed in range(10):
        assert strategy.rollout_action(state, me, choices, random.Random(seed)) == choices[2]


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_scoring_a_state_leaves_it_as_it_was_and_matches_each_sides_value_read_alone(seats):
    # given every 4th state of random games (units, structures, auras and combats as they come)
    for seed in range(2):
        state = core.new_game(SLUG, seats=seats, options={"max_turns": 24}, seed=seed)
        rng = random.Random(seed)
        for step in itertools.count():
            if KC.decision(state).kind == "terminal":
                break
            seat = KC.decision(state).seats[0]
            legal = KC.legal_actions(state, seat)
            if step % 4 == 0:
                _assert_scores_read_alone(state)
            core.play(state, seat, legal[rng.randrange(len(legal))])


def _assert_scores_read_alone(state: dict) -> None:
    before = core.to_json(state)
    # when the greedy bot scores it for every living seat (one reading of the state each)
    scores = {seat: strategy.evaluate(state, seat) for seat in flow.living(state)}
    # then the state is unchanged, and each score is the seat's value less the best
    # opponent's, each side's value worked out on its own, with nothing remembered
    assert core.to_json(state) == before
    for seat, score in scores.items():
        others = [strategy.side_value(state, o) for o in flow.living(state) if o != seat]
        assert score == strategy.side_value(state, seat) - max(others, default=0.0)
