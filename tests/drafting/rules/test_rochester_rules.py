"""Rochester rules: every card ends in exactly one pool, each seat gets `pack_size` cards a
round, the opener rotates and the picks go round the table."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from decks.drafting.rules.rochester import RochesterMoveError, rochester_pick, rochester_start


@settings(max_examples=50, deadline=None)
@given(
    seats=st.integers(2, 8),
    rounds=st.integers(1, 3),
    pack_size=st.integers(1, 6),
    choices=st.lists(st.integers(0, 20), min_size=1, max_size=20),
)
def test_every_card_ends_in_one_pool_and_seats_get_equal_shares(seats, rounds, pack_size, choices):
    counter = iter(range(1, 10_000))
    packs = [
        [[next(counter) for _ in range(pack_size)] for _s in range(seats)] for _r in range(rounds)
    ]
    cards = sorted(c for row in packs for pack in row for c in pack)
    state = rochester_start(packs)
    step = 0
    while not state.finished:
        if state.picks == 0:
            assert state.active == state.opener  # the opener picks first
        before = state
        state = rochester_pick(state, before.pack[choices[step % len(choices)] % len(before.pack)])
        step += 1
        assert len(state.pools[before.active]) == len(before.pools[before.active]) + 1
        placed = [
            *state.pack,
            *(c for p in state.closed for c in p),
            *(c for p in state.pools for c in p),
        ]
        assert sorted(placed) == cards
    assert all(len(pool) == rounds * pack_size for pool in state.pools)


def test_picks_go_left_then_right_and_refuse_a_card_not_in_the_pack():
    state = rochester_start(
        [[[1, 2, 3], [4, 5, 6], [7, 8, 9]], [[11, 12, 13], [14, 15, 16], [17, 18, 19]]]
    )
    order = []
    while state.round == 1:
        order.append(state.active)
        state = rochester_pick(state, state.pack[0])
    assert order == [0, 1, 2, 1, 2, 0, 2, 0, 1]
    assert [state.active, state.opener] == [0, 0]
    state = rochester_pick(state, 11)
    assert state.active == 2  # round 2 goes right
    with pytest.raises(RochesterMoveError):
        rochester_pick(state, 11)
