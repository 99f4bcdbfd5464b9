from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from decks.drafting.rules import (
    CardNotInPack,
    DraftCard,
    DraftNotRunning,
    DraftPod,
    StalePick,
    deal_combat_draft,
    next_seat,
    rng_for,
    run_all_bots,
    standard_deck,
)


def combat_pod(seats: int, seed: str = "s", pack_size: int = 15) -> DraftPod:
    deal = deal_combat_draft(
        standard_deck(jokers=False), seats, rng_for(seed, "deal"), pack_size=pack_size
    )
    key = 0
    packs = []
    for row in deal.packs:
        packs_row = []
        for pack in row:
            cards = []
            for code in pack:
                key += 1
                cards.append(DraftCard(key=key, code=code))
            packs_row.append(cards)
        packs.append(packs_row)
    return DraftPod(game_slug="combat", packs=packs)


def all_card_keys(pod: DraftPod) -> list[int]:
    return [card.key for row in pod.packs for pack in row for card in pack]


@settings(max_examples=60, deadline=None)
@given(seats=st.integers(2, 8), data=st.data())
def test_any_order_of_picks_puts_every_card_in_exactly_one_pool(seats, data):
    # given a pod where seats pick in an arbitrary interleaving, choosing arbitrary cards
    pod = combat_pod(seats, pack_size=data.draw(st.integers(1, 6)))
    while not pod.finished:
        ready = [s for s in range(seats) if pod.view(s).pack_id is not None]
        seat = data.draw(st.sampled_from(ready))
        view = pod.view(seat)
        card = data.draw(st.sampled_from(view.pack))
        # when the seat picks
        pod.pick(seat, view.pack_id, view.pick_number, card.key)
    # then each card is in exactly one seat's picks, and every seat picked the same number
    picked = Counter(card.key for seat_picks in pod.picks for card in seat_picks)
    assert picked == Counter(all_card_keys(pod))
    assert len({len(seat_picks) for seat_picks in pod.picks}) == 1


@settings(max_examples=60, deadline=None)
@given(seats=st.integers(2, 8), data=st.data())
def test_packs_travel_left_right_left(seats, data):
    pod = combat_pod(seats, pack_size=data.draw(st.integers(2, 6)))
    origin = {pid: pos.origin_seat for pid, pos in pod.positions.items()}
    while not pod.finished:
        ready = [s for s in range(seats) if pod.view(s).pack_id is not None]
        pod.bot_pick(data.draw(st.sampled_from(ready)))
    for record in pod.log:
        # the k-th pick of a pack is made k-1 seats along the round's direction
        expected = origin[record.pack_id]
        for _ in range(record.pick_number - 1):
            expected = next_seat(expected, record.round, seats)
        assert record.seat == expected


@settings(max_examples=60, deadline=None)
@given(seats=st.integers(2, 8), data=st.data())
def test_no_seat_ever_sees_another_seats_pack(seats, data):
    pod = combat_pod(seats, pack_size=data.draw(st.integers(2, 6)))
    while not pod.finished:
        views = [pod.view(s) for s in range(seats)]
        seen: set[int] = set()
        for view in views:
            if view.pack_id is None:
                continue
            # the pack a seat sees is in its own queue, and no two seats see the same card
            assert pod.pack_holder(view.pack_id) == view.seat
            keys = {card.key for card in view.pack}
            assert not keys & seen
            seen |= keys
            # and a seat cannot pick from a pack that another seat sees
            for other in views:
                if other.seat != view.seat and other.pack_id is not None:
                    with pytest.raises(StalePick):
                        pod.pick(view.seat, other.pack_id, other.pick_number, other.pack[0].key)
        ready = [v.seat for v in views if v.pack_id is not None]
        pod.bot_pick(data.draw(st.sampled_from(ready)))


def test_a_slow_seat_only_delays_the_packs_behind_it():
    # given a 4-seat pod where seat 0 never picks
    pod = combat_pod(4)
    for _ in range(20):
        for seat in (1, 2, 3):
            pod.bot_pick(seat)
    # then the others kept picking until the packs reached seat 0 and queued there
    assert [len(p) for p in pod.picks] == [0, 1, 2, 3]
    assert pod.view(0).queued_packs == 3
    assert pod.round == 1


def test_stale_and_repeated_picks_are_refused():
    pod = combat_pod(3)
    view = pod.view(0)
    pod.pick(0, view.pack_id, view.pick_number, view.pack[0].key)
    with pytest.raises(StalePick):  # the same request again
        pod.pick(0, view.pack_id, view.pick_number, view.pack[1].key)
    nxt = pod.view(1)
    with pytest.raises(StalePick, match="pick 1"):
        pod.pick(1, nxt.pack_id, 2, nxt.pack[0].key)
    with pytest.raises(CardNotInPack):
        pod.pick(1, nxt.pack_id, nxt.pick_number, view.pack[0].key)


def test_all_bot_combat_draft_of_eight_seats_makes_360_picks_and_is_reproducible():
    first = run_all_bots(combat_pod(8, seed="repeat"))
    again = run_all_bots(combat_pod(8, seed="repeat"))
    assert len(first.log) == 360
    assert [r.card.key for r in first.log] == [r.card.key for r in again.log]
    assert all(len(picks) == 45 for picks in first.picks)
    with pytest.raises(DraftNotRunning):
        first.pick(0, 1, 1, 1)


def test_round_two_starts_only_when_every_queue_is_empty():
    pod = combat_pod(3, pack_size=2)
    pod.bot_pick(0)
    pod.bot_pick(1)
    pod.bot_pick(2)
    assert pod.round == 1
    pod.bot_pick(0)
    pod.bot_pick(1)
    assert pod.round == 1
    pod.bot_pick(2)
    assert pod.round == 2
