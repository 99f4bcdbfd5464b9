"""Property tests of whole drafts through the services users run (PostgreSQL): any order of
picks by any seats, any cards chosen, bots and humans.

These are the properties the in-memory model of a pod used to be tested for (issue 13 removed
that model): now they hold for the rows the product writes. Packs are made small (the pod's
stored pack size) so that an example drafts to its end in a second.
"""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from config.errors import Conflict
from decks.drafting import services
from decks.drafting.models import Draft, Pack, PackCard, Pick
from decks.drafting.rules import PackPosition, next_seat, round_finished
from decks.drafting.selectors import draft_seat_view
from tests.rollback import database_examples, rolled_back

pytestmark = pytest.mark.django_db
draft_settings = database_examples(6)


def _pod(organizer, humans, *, seats: int, pack_size: int, seed: str = "prop") -> Draft:
    """A started Combat pod: `humans` in the first seats, bots in the rest."""
    draft = services.draft_create(
        organizer=organizer, game_slug="combat", seats=seats, bots=seats - len(humans), seed=seed
    )
    Draft.objects.filter(pk=draft.pk).update(pack_size=pack_size)
    for user in humans:
        services.draft_join(draft_id=draft.id, user=user)
    services.draft_start(draft_id=draft.id, user=organizer)
    return Draft.objects.get(pk=draft.pk)


def _views(draft: Draft, humans) -> list[dict]:
    return [draft_seat_view(draft_id=draft.id, user=user) for user in humans]


def _positions(draft_id: int) -> list[PackPosition]:
    """Where every pack of every round is, as the pure rules see it."""
    rows = Pack.objects.filter(draft_id=draft_id).values_list(
        "id", "round", "origin_seat", "holder_seat", "arrival", "cards_left", "picks_made"
    )
    return [PackPosition(*row) for row in rows]


def _check_round(draft_id: int) -> None:
    """The pod's round is the first one with a card left in a pack (round 2 starts only when
    every queue of round 1 is empty)."""
    draft = Draft.objects.get(pk=draft_id)
    if draft.status != Draft.Status.RUNNING:
        return
    positions = _positions(draft_id)
    assert all(round_finished(positions, r) for r in range(1, draft.round))
    assert not round_finished(positions, draft.round)


@draft_settings
@given(seats=st.integers(2, 4), pack_size=st.integers(1, 3), data=st.data())
def test_any_order_of_picks_puts_every_card_in_exactly_one_pool(
    organizer, players, seats, pack_size, data
):
    def check():
        # given an all-human pod where seats pick in any interleaving, choosing any card
        humans = players[:seats]
        draft = _pod(organizer, humans, seats=seats, pack_size=pack_size)
        while Draft.objects.get(pk=draft.pk).status == Draft.Status.RUNNING:
            ready = [v for v in _views(draft, humans) if v["pack"] is not None]
            view = data.draw(st.sampled_from(ready))
            card = data.draw(st.sampled_from(view["pack"]["cards"]))
            # when the seat picks
            services.draft_pick_make(
                draft_id=draft.id,
                user=humans[view["seat"]],
                pack_id=view["pack"]["id"],
                pick_number=view["pick_number"],
                pack_card_id=card["id"],
            )
            _check_round(draft.id)
        # then each card is in exactly one seat's picks, and every seat picked the same number
        picked = Counter(Pick.objects.filter(draft=draft).values_list("pack_card_id", flat=True))
        dealt = PackCard.objects.filter(pack__draft=draft).values_list("id", flat=True)
        assert picked == Counter(dealt)
        per_seat = Counter(Pick.objects.filter(draft=draft).values_list("seat_id", flat=True))
        assert set(per_seat.values()) == {3 * pack_size}
        assert len(per_seat) == seats

    rolled_back(check)


@draft_settings
@given(seats=st.integers(2, 4), humans=st.integers(0, 2), pack_size=st.integers(2, 3))
def test_packs_travel_left_right_left(organizer, players, seats, humans, pack_size):
    def check():
        # given a pod of bots and humans drafted to the end (humans take their first card)
        people = players[: min(humans, seats)]
        draft = _pod(organizer, people, seats=seats, pack_size=pack_size)
        for _ in range(200):
            services.draft_bots_run(draft_id=draft.id)
            for user in people:
                view = draft_seat_view(draft_id=draft.id, user=user)
                if view["pack"] is not None:
                    services.draft_pick_make(
                        draft_id=draft.id,
                        user=user,
                        pack_id=view["pack"]["id"],
                        pick_number=view["pick_number"],
                        pack_card_id=view["pack"]["cards"][0]["id"],
                    )
            if Draft.objects.get(pk=draft.pk).status == Draft.Status.FINISHED:
                break
        assert Draft.objects.get(pk=draft.pk).status == Draft.Status.FINISHED
        # then the k-th pick of a pack is made k-1 seats along the round's direction
        rows = Pick.objects.filter(draft=draft).values_list(
            "seat__index", "pack__origin_seat", "round", "pick_number"
        )
        for seat, origin, round_number, pick_number in rows:
            expected = origin
            for _ in range(pick_number - 1):
                expected = next_seat(expected, round_number, seats)
            assert seat == expected

    rolled_back(check)


@draft_settings
@given(seats=st.integers(2, 3), pack_size=st.integers(2, 3), data=st.data())
def test_no_seat_ever_sees_another_seats_pack(organizer, players, seats, pack_size, data):
    def check():
        humans = players[:seats]
        draft = _pod(organizer, humans, seats=seats, pack_size=pack_size)
        while Draft.objects.get(pk=draft.pk).status == Draft.Status.RUNNING:
            views = _views(draft, humans)
            seen: set[int] = set()
            for view in views:
                if view["pack"] is None:
                    continue
                # the pack a seat sees is in its own queue, and no two seats see the same card
                pack = next(p for p in _positions(draft.id) if p.id == view["pack"]["id"])
                assert pack.holder_seat == view["seat"]
                keys = {card["id"] for card in view["pack"]["cards"]}
                assert not keys & seen
                seen |= keys
                # and a seat cannot pick from a pack that another seat sees
                for other in views:
                    if other["seat"] != view["seat"] and other["pack"] is not None:
                        with pytest.raises(Conflict) as refused:
                            services.draft_pick_make(
                                draft_id=draft.id,
                                user=humans[view["seat"]],
                                pack_id=other["pack"]["id"],
                                pick_number=other["pick_number"],
                                pack_card_id=other["pack"]["cards"][0]["id"],
                            )
                        assert refused.value.code == "stale_pick"
            ready = [v for v in views if v["pack"] is not None]
            view = data.draw(st.sampled_from(ready))
            services.draft_pick_make(
                draft_id=draft.id,
                user=humans[view["seat"]],
                pack_id=view["pack"]["id"],
                pick_number=view["pick_number"],
                pack_card_id=view["pack"]["cards"][0]["id"],
            )

    rolled_back(check)


def test_a_slow_seat_only_delays_the_packs_behind_it(organizer, players):
    # given a 4-seat pod where seat 0's player never picks and three bots do
    draft = _pod(organizer, players[:1], seats=4, pack_size=15)
    services.draft_bots_run(draft_id=draft.id)
    # then the bots kept picking until the packs reached seat 0 and queued there
    picks = Counter(Pick.objects.filter(draft=draft).values_list("seat__index", flat=True))
    assert [picks[seat] for seat in range(4)] == [0, 1, 2, 3]
    assert draft_seat_view(draft_id=draft.id, user=players[0])["queued_packs"] == 3
    assert Draft.objects.get(pk=draft.pk).round == 1


def test_stale_and_repeated_picks_are_refused(organizer, players):
    draft = _pod(organizer, players[:3], seats=3, pack_size=15)
    view = draft_seat_view(draft_id=draft.id, user=players[0])
    pick = {"draft_id": draft.id, "pack_id": view["pack"]["id"]}
    services.draft_pick_make(
        **pick,
        user=players[0],
        pick_number=view["pick_number"],
        pack_card_id=view["pack"]["cards"][0]["id"],
    )
    with pytest.raises(Conflict, match="not the one in front of you"):  # the same request again
        services.draft_pick_make(
            **pick, user=players[0], pick_number=1, pack_card_id=view["pack"]["cards"][1]["id"]
        )
    nxt = draft_seat_view(draft_id=draft.id, user=players[1])
    with pytest.raises(Conflict, match="pick 1"):
        services.draft_pick_make(
            draft_id=draft.id,
            user=players[1],
            pack_id=nxt["pack"]["id"],
            pick_number=2,
            pack_card_id=nxt["pack"]["cards"][0]["id"],
        )


def test_all_bot_combat_draft_of_eight_seats_makes_360_picks_and_is_reproducible(organizer):
    # given two all-bot 8-seat pods dealt from the same seed
    first = _pod(organizer, [], seats=8, pack_size=15, seed="repeat")
    again = _pod(organizer, [], seats=8, pack_size=15, seed="repeat")
    # when the bots draft them to the end
    services.draft_bots_run(draft_id=first.id)
    services.draft_bots_run(draft_id=again.id)
    # then each makes 360 picks, 45 a seat, the same cards in the same order
    log = lambda d: list(  # noqa: E731
        Pick.objects.filter(draft=d)
        .order_by("id")
        .values_list("seat__index", "pack_card__card_id", "round", "pick_number")
    )
    assert len(log(first)) == 360
    assert log(first) == log(again)
    per_seat = Counter(Pick.objects.filter(draft=first).values_list("seat_id", flat=True))
    assert set(per_seat.values()) == {45}
    # and a finished draft takes no pick
    with pytest.raises(Conflict) as refused:
        services.draft_pick_make(
            draft_id=first.id, user=organizer, pack_id=1, pick_number=1, pack_card_id=1
        )
    assert refused.value.code == "draft_wrong_status"
