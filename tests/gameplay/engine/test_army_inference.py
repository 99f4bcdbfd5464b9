"""The search bot's inference of the other Army hand from the greedy bot's plays."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameplay.engine import core
from gameplay.engine.army import ARMY, inference
from gameplay.engine.army.cards import FIGHTING_CARDS


def _record(plays, mine_played, mine, answering):
    rounds = tuple(zip(plays, mine_played, strict=True))
    pool = sorted(set(FIGHTING_CARDS) - set(plays) - set(mine_played) - set(mine))
    return inference.Record(rounds, tuple(pool), tuple(mine), 5, answering)


def _strong_held(hands, strong):
    return sum(len(strong & set(hand)) for hand in hands) / len(hands)


def test_a_greedy_bot_that_played_weak_cards_is_dealt_few_strong_ones():
    # given a greedy bot that played three weak cards in a row
    plays, mine_played, mine = (
        ("4S", "3C", "2S"),
        ("5S", "6C", "7S"),
        ("10S", "9S", "8C", "2C", "3S"),
    )
    first = inference.posterior_hands(_record(plays, mine_played, mine, answering=False))
    second = inference.posterior_hands(_record(plays, mine_played, mine, answering=True))
    pool = set(_record(plays, mine_played, mine, False).pool)
    strong = {card for card in pool if card[-1] in "HD" and int(card[:-1]) >= 8}
    # then every hand is five cards this seat cannot see
    for hand in first + second:
        assert len(set(hand)) == 5
        assert set(hand) <= pool
    # and one that chooses first (playing its best card) holds about the one drawn since;
    # one that answers a guess holds fewer than a blind deal but more than that
    blind = 5 * len(strong) / len(pool)
    assert _strong_held(first, strong) < _strong_held(second, strong) < blind
    assert _strong_held(first, strong) < 0.6 * blind


def test_a_hand_holding_a_card_that_always_scores_higher_cannot_have_played_a_low_one():
    # given greedy's rule, choosing first, sampled for the play 2S
    unseen = tuple(card for card in FIGHTING_CARDS if card != "2S")
    masks = inference.choice_masks("2S", unseen, answering=False)
    # then a hand with 10H in it never plays 2S, and a hand of low blacks plays it often
    assert inference.likelihood(inference.mask_of(["2S", "10H", "3C", "4C", "5S"]), masks) == 0
    low = inference.likelihood(inference.mask_of(["2S", "2C", "3C", "3S", "4S"]), masks)
    assert 0.1 < low <= 1
    # and the chances of the five cards of one hand add up to one (ties split evenly)
    hand = ["2S", "6H", "7C", "9D", "10S"]
    total = sum(
        inference.likelihood(
            inference.mask_of(hand),
            inference.choice_masks(card, tuple(c for c in FIGHTING_CARDS if c not in hand), False),
        )
        for card in hand
    )
    assert total == pytest.approx(1.0, abs=1e-9)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), rounds=st.integers(1, 45))
def test_the_graveyards_read_from_the_log_are_the_game_s_own(seed, rounds):
    # given an Army game played at random, its graveyard seen before every round
    rng = random.Random(seed)
    state = core.new_game("army", seats=2, seed=seed)
    for seat in (0, 1):
        core.play(state, seat, ARMY.legal_actions(state, seat)[0])
    seen = []
    while state["phase"] == "fight" and len(seen) < rounds:
        seen.append(frozenset(state["fight_graveyard"]))
        for seat in (0, 1):
            core.play(state, seat, rng.choice(ARMY.legal_actions(state, seat)))
    # when the graveyards are rebuilt from the log of played cards alone
    log = tuple((entry["cards"]["0"], entry["cards"]["1"]) for entry in state["played"])
    before, _ = inference.graveyards(log)
    # then they are the ones the game had
    assert before == seen


def test_plays_that_fit_no_hand_followed_still_give_hands():
    # given a log in which greedy played 2S while every card it could hold was a high red
    pool = tuple(f"{n}{suit}" for n in (7, 8, 9, 10) for suit in "HD")
    record = inference.Record((("2S", "3S"),), pool, ("4C", "5C", "6C", "7C", "8C"), 5, False)
    # when the model deals its hand, then it is still five of the cards it may hold
    hands = inference.posterior_hands(record)
    assert len(hands) == inference.PARTICLES
    assert all(len(set(hand)) == 5 and set(hand) <= set(pool) for hand in hands)
