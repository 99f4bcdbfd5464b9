"""The search bot's own evaluation of Rune Duel: the round played out on the sampled state."""

from __future__ import annotations

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gameplay.engine import core
from gameplay.engine.rune_duel import RUNE_DUEL as RD
from gameplay.engine.rune_duel import opponent, scenario, strategy
from gameplay.engine.rune_duel.battle import card
from gameplay.engine.rune_duel.cards import trumps


def duel_state(seed: int, steps: int) -> dict:
    """A seeded game played at random for some steps, then on to the next duel decision."""
    state = core.new_game("rune-duel", seats=2, seed=seed)
    rng = random.Random(seed)
    taken = 0
    while state["outcome"] is None and (taken < steps or state["phase"] != "duel"):
        for seat in RD.decision(state).seats:
            legal = RD.legal_actions(state, seat)
            RD.apply(state, seat, legal[rng.randrange(len(legal))])
        taken += 1
    return state


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 12))
def test_the_solver_plays_a_card_that_keeps_the_duel_value(seed, steps):
    state = duel_state(seed, steps)
    assume(state["outcome"] is None)
    hands = tuple(tuple(state["zones"][str(s)]["hand"]) for s in (0, 1))
    solver = strategy.DuelSolver(state, hands)
    turn = state["turn"]
    mask0, mask1 = solver.start_masks()
    index = solver.best(turn, solver.count, mask0, mask1)
    ids = list(hands[0]) + list(hands[1])
    assert ids[index] in core.clone(state)["zones"][str(turn)]["hand"]
    bit = 1 << index
    if turn == 0:
        after = solver.worth[index] + solver.solve(1, index, mask0 ^ bit, mask1)
    else:
        after = -solver.worth[index] + solver.solve(0, index, mask0, mask1 ^ bit)
    assert after == solver.value(turn)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 12))
def test_search_evaluate_plays_the_round_out_on_a_copy(seed, steps):
    state = duel_state(seed, steps)
    before = core.to_json(state)
    score = RD.search_evaluate(state, 0)
    assert core.to_json(state) == before
    if state["outcome"] is not None:
        assert abs(score) == strategy.SAMPLED_WIN_SCORE or score == 0.0
        return
    ahead = core.clone(state)
    strategy.play_out_duel(ahead, 0)
    RD.check_invariants(ahead)
    assert ahead["phase"] != "duel" or ahead["round"] == state["round"] + 1
    assert RD.search_evaluate(state, 0) == score


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 12), st.integers(0, 4), st.integers(0, 40))
def test_the_other_seat_replies_without_seeing_the_searchs_hand(seed, steps, mine, theirs):
    # in the search's play-out the other seat cannot see the search's hand: swapping one of
    # its cards with one of its deck changes the hand, never the reply
    state = duel_state(seed, steps)
    assume(state["outcome"] is None and state["duel"])
    other = state["turn"]
    seat = 1 - other
    options = RD.legal_actions(state, other)
    zone = state["zones"][str(seat)]
    assume(len(options) > 1 and zone["deck"] and zone["hand"])
    cards = [option["card"] for option in options]
    reply = strategy.blind_reply(state, seat, cards, random.Random(seed))
    assert reply in cards
    swapped = core.clone(state)
    zone = swapped["zones"][str(seat)]
    i, j = mine % len(zone["hand"]), theirs % len(zone["deck"])
    zone["hand"][i], zone["deck"][j] = zone["deck"][j], zone["hand"][i]
    assert strategy.blind_reply(swapped, seat, cards, random.Random(seed)) == reply


def fitting(state: dict, cards: list, beaten: dict) -> int:
    """How many of the cards cannot trump the beaten card."""
    return sum(not trumps(card(state, c), beaten) for c in cards)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 14))
def test_a_lost_duel_tells_what_the_loser_still_holds(seed, steps):
    # the inference is sound on real games: after a lost duel the loser's hand cannot trump
    # its last card, and in the next duel it still holds the kept cards not yet played
    state = duel_state(seed, steps)
    last = state["last_duel"]
    assume(state["outcome"] is None and last and last["damage"])
    loser = 1 - last["winner"]
    sample = RD.determinize(RD.view(state, last["winner"]), last["winner"], random.Random(seed))
    clue = opponent.last_duel_clue(sample, loser)
    assume(clue is not None)  # else the story no longer reaches back to the duel's end
    beaten, discarded = clue
    real = state["zones"][str(loser)]["hand"]
    played = [c for s, c in state["duel"] if s == loser]
    assert fitting(state, real, beaten) >= last["damage"] - discarded - fitting(
        state, played, beaten
    )


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 14))
def test_the_re_dealt_hand_comes_from_the_unseen_cards(seed, steps):
    state = duel_state(seed, steps)
    assume(state["outcome"] is None)
    seat = state["turn"]
    sample = RD.determinize(RD.view(state, seat), seat, random.Random(seed))
    zone = sample["zones"][str(1 - seat)]
    unseen, size = sorted(zone["hand"] + zone["deck"]), len(zone["hand"])
    opponent.plausible_hand(sample, seat, random.Random(seed))
    assert sorted(zone["hand"] + zone["deck"]) == unseen
    assert len(zone["hand"]) == size
    RD.check_invariants(sample)
    clue = opponent.last_duel_clue(sample, 1 - seat)
    opponent.trim_story(sample)
    assert opponent.last_duel_clue(sample, 1 - seat) == clue


def test_after_a_lost_duel_the_sampled_hand_cannot_trump_the_last_card():
    big = scenario.creature("Big", 5, 3, 5, 5)
    small = [scenario.creature(f"Small {i}", 1, 1, 1, 1) for i in range(3)]
    tall = [scenario.creature(f"Tall {i}", 6, 1, 1, 1) for i in range(3)]
    state = scenario.build(hands=[[big], [small[0], small[1]]], decks=[[], [small[2], *tall]])
    RD.apply(state, 0, {"type": "play", "card": "0-0", "name": "Big"})  # seat 1 cannot trump
    assert state["last_duel"] == {"winner": 0, "damage": 2}
    for seed in range(20):
        sample = RD.determinize(RD.view(state, 0), 0, random.Random(seed))
        RD.model_choices(sample, 0, random.Random(seed))
        hand = sample["zones"]["1"]["hand"]
        assert len(hand) == 2
        assert fitting(sample, hand, card(state, "0-0")) == 2
