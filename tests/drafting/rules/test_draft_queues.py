"""The queue rules the pick services call."""

from decks.drafting.rules import PackPosition, last_card_seats


def _pack(id, holder, *, arrival, cards_left, round=1):
    return PackPosition(id, round, holder, holder, arrival, cards_left, 15 - cards_left)


def test_only_a_seat_whose_head_pack_has_one_card_left_takes_it_at_once():
    packs = [
        _pack(1, 0, arrival=1, cards_left=1),  # seat 0's head: its last card
        _pack(2, 1, arrival=2, cards_left=3),  # seat 1's head has three cards...
        _pack(3, 1, arrival=3, cards_left=1),  # ...a one-card pack waits behind it
        _pack(4, 2, arrival=0, cards_left=0),  # seat 2 holds only an empty pack
        _pack(5, 3, arrival=0, cards_left=1, round=2),  # next round's packs do not count yet
    ]
    assert last_card_seats(packs, [0, 1, 2, 3], 1) == [0]
    assert last_card_seats(packs, [3], 2) == [3]
    assert last_card_seats([], [0, 1], 1) == []
