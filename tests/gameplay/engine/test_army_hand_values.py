"""What the Army search bot thinks the hand it keeps is worth (army/hand_values.py)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gameplay.engine import core
from gameplay.engine.army import ARMY, hand_values, strategy
from gameplay.engine.army.cards import FIGHTING_CARDS

RED_TEN, RED_TWO, BLACK_TEN, BLACK_TWO = "10H", "2H", "10S", "2S"
hands = st.lists(st.sampled_from(FIGHTING_CARDS), min_size=5, max_size=5, unique=True)


def _best_round(hand: tuple[int, ...], worth: dict, gains: list[float]) -> float:
    """The Bellman right-hand side: the best card now plus the kept hand's expected worth."""
    best = -float("inf")
    for kind, count in enumerate(hand):
        if count:
            kept = hand_values.with_kind(hand, kind, -1)
            later = sum(
                chance * worth[hand_values.with_kind(kept, drawn, +1)]
                for chance, drawn in hand_values.draws(kept)
            )
            best = max(best, gains[kind] + later)
    return best


@pytest.mark.parametrize("order", hand_values.ORDERS)
@given(cards=hands)
def test_every_worth_is_the_best_round_plus_the_hand_it_keeps(order, cards):
    # given the table solved against greedy choosing first, or answering
    solved = hand_values.solution(order)
    gains = hand_values.round_gains(hand_values.stored_plays()["plays"][order])
    hand = hand_values.counts_of(cards)
    # then a hand's worth is what its best card brings this round, plus the worth of the hand
    # it keeps after a random draw, less the mean gain of a round (the values solve the
    # rounds to come, to the iteration's tolerance)
    assert solved.worth[hand] + solved.gain == pytest.approx(
        _best_round(hand, solved.worth, gains), abs=1e-5
    )


def test_the_stored_plays_are_greedys_and_greedy_choosing_first_attacks_more():
    # given greedy's plays measured again over the file's first seeded games
    data = hand_values.stored_plays()
    # then they are the stored ones (regenerate the file when the greedy bot changes)
    assert hand_values.measure_plays(hand_values.CHECK_GAMES) == data["check"]
    # and choosing first, greedy plays its high cards sooner (its best card at once), so
    # they make up more of its plays than when it answers
    plays = data["plays"]

    def mean_value(order):
        values = [value for value, _ in hand_values.KINDS]
        return sum(v * n for v, n in zip(values, plays[order], strict=True)) / sum(plays[order])

    assert mean_value("first") > mean_value("answering") + 0.3


@given(cards=hands.filter(lambda cards: not {RED_TEN, RED_TWO} & set(cards)))
def test_a_red_ten_is_worth_more_to_keep_than_a_red_two(cards):
    # given a hand that could keep either a red ten or a red two as its fifth card
    for other_first in (True, False):
        high = hand_values.hand_worth([*cards[:4], RED_TEN], other_first)
        low = hand_values.hand_worth([*cards[:4], RED_TWO], other_first)
        # then the ten is worth more: it wins every round the two wins, and more
        assert high > low


def test_a_black_ten_is_worth_keeping_though_it_never_costs_the_other_side_an_sp():
    # given two hands that differ in one defence card: a ten and a two
    rest = ["3S", "4C", "5S", "6C"]
    for other_first in (True, False):
        high = hand_values.hand_worth([*rest, BLACK_TEN], other_first)
        low = hand_values.hand_worth([*rest, BLACK_TWO], other_first)
        # then the ten is worth more: it stops every attack below ten (the greedy bot's
        # evaluation counts only the SP a card can take, so it sees no difference)
        assert high > low + 0.1
        assert strategy.hand_value([*rest, BLACK_TEN], ["7H", "8H", "9D", "3D", "2C"]) == 0


def _midgame(seed: int) -> dict:
    state = core.new_game("army", seats=2, seed=seed)
    rng = random.Random(seed)
    while state["phase"] == "line" or state["round"] < 3:
        for seat in ARMY.decision(state).seats:
            legal = ARMY.legal_actions(state, seat)
            core.play(state, seat, legal[rng.randrange(len(legal))])
    return state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_search_scores_a_sample_by_the_table_of_the_order_the_other_seat_chose_in(seed):
    # given a game under way where seat 1 has chosen its card and seat 0 has not
    state = _midgame(seed)
    core.play(state, 1, ARMY.legal_actions(state, 1)[0])
    for seat, other_first in ((0, True), (1, False)):
        # when the search of a seat samples the state behind its view
        sample = ARMY.determinize(ARMY.view(state, seat), seat, random.Random(seed))
        ARMY.model_choices(sample, seat, random.Random(seed))
        # then the sample says whether the other seat chose first
        assert sample[strategy.OTHER_FIRST] is other_first
    # and the score of a resolved sample is the SP difference and that table's hand worth
    sample = ARMY.determinize(ARMY.view(state, 0), 0, random.Random(seed))
    ARMY.model_choices(sample, 0, random.Random(seed))
    ARMY.apply(sample, 0, ARMY.legal_actions(sample, 0)[0])
    life = ARMY.time_facts(sample)["life"]
    worth = hand_values.hand_worth(sample["players"]["0"]["hand"], other_first=True)
    expected = strategy.SP_WORTH * (life[0] - life[1] + worth)
    assert ARMY.search_evaluate(sample, 0) == pytest.approx(expected)
