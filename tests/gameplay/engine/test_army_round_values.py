"""The Army search's summed value of each card against the sampled rounds it stands for."""

from __future__ import annotations

import random

import pytest

from gameplay.engine import bots, core
from gameplay.engine.army import ARMY, round_values
from gameplay.engine.army.cards import stamina_of

SAMPLED_ROLLOUTS = 5_000  # 1,000 sampled rounds a card
# The two agree to 0.4 here (SP_WORTH is 10 an SP); the kept hand valued by the wrong
# order's table, for one, moves a card by 1.0.
TOLERANCE = 0.75


def _greedy_game(seed: int, rounds: int) -> dict:
    """A seeded game played by two greedy bots until `rounds` rounds are over."""
    state = core.new_game("army", seats=2, seed=seed)
    greedy, rng = bots.GreedyBot(), random.Random(seed)
    while state["phase"] == "line" or state["round"] < rounds:
        for seat in ARMY.decision(state).seats:
            legal = ARMY.legal_actions(state, seat)
            core.play(state, seat, greedy.choose(ARMY, ARMY.view(state, seat), seat, legal, rng))
        assert state["phase"] != "over", "pick a seed whose game lasts that long"
    return state


def _decision(state: dict, seat: int) -> bots.Decision:
    legal = ARMY.legal_actions(state, seat)
    return bots.Decision(ARMY, ARMY.view(state, seat), seat, legal, random.Random(7), 60.0)


def _relative(values: list[float]) -> list[float]:
    """Values less the first card's (the sampled ones include the SP difference so far)."""
    return [value - values[0] for value in values]


@pytest.mark.parametrize(
    ("seed", "rounds", "other_first"),
    [(5, 3, False), (5, 3, True), (1, 13, True)],  # the last one: the pile has run out
)
def test_the_summed_values_are_the_sampled_search_s_means(monkeypatch, seed, rounds, other_first):
    # given a mid-game round where the other seat (greedy's model) chose first or answers
    state = _greedy_game(seed, rounds)
    if other_first:
        seat = 1
        legal = ARMY.legal_actions(state, 0)
        chosen = bots.GreedyBot().choose(ARMY, ARMY.view(state, 0), 0, legal, random.Random(1))
        core.play(state, 0, chosen)
    else:
        seat = 0
    if rounds == 13:
        assert len(state["fight_pile"]) <= seat, "the draw comes from the reshuffled graveyard"
    decision = _decision(state, seat)
    # when the round is summed with many modelled answers, and sampled at length
    monkeypatch.setattr(round_values, "ANSWERS", 4_096)
    summed = ARMY.search_values(decision.view, seat, decision.legal_actions, random.Random(3))
    sampled = bots.MonteCarloBot(rollouts=SAMPLED_ROLLOUTS).sampled_values(
        decision, decision.legal_actions
    )
    # then both judge every card alike, to within the sampling noise
    assert summed is not None
    for mine, theirs in zip(_relative(summed), _relative(sampled), strict=True):
        assert mine == pytest.approx(theirs, abs=TOLERANCE)


def test_a_card_that_wins_the_game_against_any_answer_is_worth_a_won_game():
    # given a round where the other seat's last army card is on its last SP, and this seat
    # holds the red ten, which no card beats (a ten answered only ties)
    state = _greedy_game(5, 3)
    other = state["players"]["1"]
    other["line"], other["lost"] = [], stamina_of(other["army"]) - 1
    hand, pile = state["players"]["0"]["hand"], state["fight_pile"]
    ten = next(card for card in ("10H", "10D") if card in pile)
    at = pile.index(ten)
    pile[at], hand[0] = hand[0], ten
    decision = _decision(state, 0)
    # when the search values its cards
    values = ARMY.search_values(decision.view, 0, decision.legal_actions, random.Random(3))
    # then the ten is worth nearly a won game, and the most of any card
    assert values is not None
    assert values[decision.legal_actions.index({"type": "play", "card": ten})] == max(values)
    assert max(values) > 0.8 * 1000


def test_every_order_of_the_army_line_is_worth_the_same():
    # given the opening decision, the order of the army line (its total SP is the same)
    state = core.new_game("army", seats=2, seed=4)
    decision = _decision(state, 0)
    # then the search values every order alike (and picks one at random)
    values = ARMY.search_values(decision.view, 0, decision.legal_actions, random.Random(3))
    assert values == [0.0] * len(decision.legal_actions)
