"""Grid draft rules: every card ends in exactly one pool or the discards, the right player
picks (first pick alternating by round), each player gets a line a round, and it ends."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from decks.drafting.rules.grid import (
    GRID_CARDS,
    GridMoveError,
    grid_bot_line,
    grid_start,
    grid_take,
    line_slots,
    open_lines,
)


@settings(max_examples=60, deadline=None)
@given(
    rounds=st.integers(min_value=1, max_value=6),
    choices=st.lists(st.integers(0, 5), min_size=12, max_size=12),
)
def test_any_play_puts_every_card_in_one_place_and_alternates_the_first_pick(rounds, choices):
    cards = list(range(1, rounds * GRID_CARDS + 1))
    state = grid_start(cards, rounds=rounds)
    for step in range(2 * rounds):
        assert not state.finished
        assert state.active == (state.round - 1 + state.picks) % 2  # seat 1 first in round 1
        lines = open_lines(state)
        before = state
        state, taken = grid_take(state, lines[choices[step] % len(lines)])
        assert 1 <= len(taken) <= 3
        assert state.pools[before.active][-len(taken) :] == taken
        placed = [*state.discarded, *state.pools[0], *state.pools[1]]
        placed += [c for c in state.grid if c is not None] + [c for g in state.grids for c in g]
        assert sorted(placed) == cards  # no card lost or duplicated
    assert state.finished
    assert open_lines(state) == []
    assert len(state.discarded) + len(state.pools[0]) + len(state.pools[1]) == len(cards)


def test_rows_and_columns_and_a_used_line():
    state = grid_start(list(range(1, 10)), rounds=1)
    assert line_slots("row-2") == (3, 4, 5)
    assert line_slots("column-3") == (2, 5, 8)
    state, taken = grid_take(state, "row-1")
    assert taken == (1, 2, 3)
    with pytest.raises(GridMoveError):
        grid_take(state, "row-1")  # nothing left there
    with pytest.raises(GridMoveError):
        grid_take(state, "diagonal")
    state, taken = grid_take(state, "column-2")
    assert taken == (5, 8)
    assert sorted(state.discarded) == [4, 6, 7, 9]
    assert state.finished


def test_the_bot_takes_the_most_valuable_line():
    state = grid_start(list(range(1, 10)), rounds=1)
    assert grid_bot_line(state, {3: 5.0, 6: 5.0, 7: 4.0}) == "column-3"
    assert grid_bot_line(state, {}) == "row-1"  # ties go to the earlier line
