"""Cube packs: singleton, every pack full, nothing dealt twice, refused when too small."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from decks.drafting.rules import NotEnoughCards
from decks.drafting.rules.cube import cube_list, deal_cube


@settings(max_examples=80, deadline=None)
@given(
    cards=st.lists(st.integers(0, 400), min_size=1, max_size=400),
    players=st.integers(2, 8),
    rounds=st.integers(1, 3),
    pack_size=st.integers(1, 15),
    seed=st.integers(0, 1000),
)
def test_cube_packs_are_singleton_and_full(cards, players, rounds, pack_size, seed):
    cube = cube_list(cards)
    if len(cube) < players * rounds * pack_size:
        with pytest.raises(NotEnoughCards):
            deal_cube(cards, players, random.Random(seed), rounds=rounds, pack_size=pack_size)
        return
    packs = deal_cube(cards, players, random.Random(seed), rounds=rounds, pack_size=pack_size)
    dealt = [card for row in packs for pack in row for card in pack]
    assert len(dealt) == len(set(dealt)) == players * rounds * pack_size  # nothing twice
    assert set(dealt) <= set(cards)
    assert all(len(pack) == pack_size for row in packs for pack in row)
    assert len(packs) == rounds
    assert all(len(row) == players for row in packs)


def test_the_same_seed_deals_the_same_cube():
    cards = list(range(100))
    one = deal_cube(cards, 2, random.Random(5), rounds=3, pack_size=15)
    assert one == deal_cube(cards, 2, random.Random(5), rounds=3, pack_size=15)
