"""Winston draft rules: every card ends in exactly one pool, piles are never empty while the
stack has cards, the right player acts, and the draft always ends."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from decks.drafting.rules.winston import (
    WinstonAction,
    WinstonMoveError,
    WinstonState,
    can_decline,
    winston_act,
    winston_bot_action,
    winston_decline,
    winston_start,
    winston_take,
)


def _cards_everywhere(state: WinstonState) -> list[int]:
    return sorted(
        [*state.stack, *(c for p in state.piles for c in p), *(c for p in state.pools for c in p)]
    )


@settings(max_examples=60, deadline=None)
@given(
    size=st.integers(min_value=3, max_value=40),
    seed=st.integers(min_value=0, max_value=10_000),
    choices=st.lists(st.booleans(), min_size=200, max_size=200),
)
def test_any_play_keeps_every_card_once_and_ends(size, seed, choices):
    cards = list(range(100, 100 + size))
    state = winston_start(cards, random.Random(seed))
    for step in range(10 * size + 10):
        assert _cards_everywhere(state) == cards  # no card lost or duplicated
        if state.finished:
            break
        if state.stack:
            assert all(state.piles)  # a pile is never empty while the stack has cards
        assert state.current_pile  # the pile looked at always has cards
        before = state
        take = choices[step % len(choices)] or not can_decline(state)
        result = winston_act(state, WinstonAction.TAKE if take else WinstonAction.DECLINE)
        state = result.state
        assert state.turn == before.turn + 1
        if take:
            assert result.taken == before.current_pile
            assert state.active == 1 - before.active  # the turn passes
            assert state.pile == 0 or not state.piles[0]
        elif result.state.active == before.active:
            assert state.pile > before.pile  # same player, a later pile
        else:
            assert before.pile == 2 or not any(before.piles[before.pile + 1 :])
    assert state.finished
    assert sorted(state.pools[0] + state.pools[1]) == cards


def test_take_refills_the_pile_and_passes_the_turn():
    state = WinstonState(stack=(1, 2, 3), piles=((10,), (11,), (12,)), pools=((), ()))
    result = winston_take(state)
    assert result.taken == (10,)
    assert result.state.piles == ((3,), (11,), (12,))
    assert result.state.pools == ((10,), ())
    assert (result.state.active, result.state.pile) == (1, 0)


def test_declining_every_pile_grows_them_and_draws_blind():
    state = WinstonState(stack=(1, 2, 3, 4), piles=((10,), (11,), (12,)), pools=((), ()))
    state = winston_decline(state).state
    assert state.piles[0] == (10, 4)
    assert (state.pile, state.active) == (1, 0)
    state = winston_decline(state).state
    result = winston_decline(state)
    assert result.state.piles == ((10, 4), (11, 3), (12, 2))
    assert result.taken == (1,)  # the stack's top card, blind
    assert result.state.active == 1
    assert result.state.pools[0] == (1,)


def test_with_an_empty_stack_the_last_pile_must_be_taken():
    state = WinstonState(stack=(), piles=((), (), (12, 13)), pools=((5,), ()), pile=2)
    assert not can_decline(state)
    with pytest.raises(WinstonMoveError):
        winston_decline(state)
    assert winston_bot_action(state, [0.0, 0.0]) is WinstonAction.TAKE


def test_bot_takes_big_or_valuable_piles_and_declines_poor_ones():
    state = WinstonState(stack=(1,), piles=((10,), (11,), (12,)), pools=((), ()))
    assert winston_bot_action(state, [2.0]) is WinstonAction.DECLINE
    assert winston_bot_action(state, [9.0]) is WinstonAction.TAKE
    assert winston_bot_action(state, [1.0, 1.0, 1.0]) is WinstonAction.TAKE
