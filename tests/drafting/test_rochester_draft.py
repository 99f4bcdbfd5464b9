"""Rochester drafts on PostgreSQL: a pod of two players and two bots to pools, picks seen by
everyone, the refusals, the timeout pick through the sweep, and the room page."""

import datetime as dt
from collections import Counter

import pytest
from django.test import Client

from config.errors import Conflict, ServiceError
from decks.drafting import services
from decks.drafting.models import Draft, PackCard, RochesterTable, Seat, TurnMove

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


@pytest.fixture
def rochester(make_draft):
    def make(humans, seats=4, pick_timer="off"):
        return make_draft(humans=humans, seats=seats, format="rochester", pick_timer=pick_timer)

    return make


def _table(draft_id: int) -> RochesterTable:
    return RochesterTable.objects.get(draft_id=draft_id)


def test_two_players_and_two_bots_draft_every_card_once(rochester, players, client_for):
    draft = rochester(players[:2])
    first = _table(draft.id)
    dealt = Counter(first.pack) + Counter(c for p in first.closed for c in p)
    assert sum(dealt.values()) == 4 * 3 * 15
    assert not PackCard.objects.filter(pack__draft=draft).exists()  # no booster packs made
    # everyone (a visitor too) sees the open pack and whose pick it is
    seen = client_for(players[5]).get(f"/api/drafts/{draft.id}/rochester/").json()
    assert seen["pack"]
    assert seen["your_turn"] is False
    for _ in range(200):
        if Draft.objects.get(pk=draft.id).status == Draft.Status.FINISHED:
            break
        table = _table(draft.id)
        user = players[table.state().active]  # the bots have picked already
        services.rochester_pick_make(
            draft_id=draft.id, user=user, card=table.pack[0], turn=table.turn
        )
    table = _table(draft.id)
    assert Draft.objects.get(pk=draft.id).status == Draft.Status.FINISHED
    assert sum((Counter(pool) for pool in table.pools), Counter()) == dealt
    assert [len(pool) for pool in table.pools] == [45, 45, 45, 45]
    assert TurnMove.objects.filter(draft=draft).count() == 180
    assert Seat.objects.get(draft=draft, index=0).pool_id is not None


def test_rochester_refusals_and_the_timeout_pick(rochester, players):
    draft = rochester(players[:2], pick_timer=20)
    table = _table(draft.id)
    assert table.state().active == 0
    with pytest.raises(Conflict):
        services.rochester_pick_make(draft_id=draft.id, user=players[1], card=table.pack[0], turn=0)
    with pytest.raises(ServiceError) as missing:
        services.rochester_pick_make(draft_id=draft.id, user=players[0], card=10**6, turn=0)
    assert missing.value.code == "card_not_in_pack"
    seat = Seat.objects.get(draft=draft, index=0)
    later = seat.deadline + dt.timedelta(seconds=1)
    assert services.draft_deadlines_sweep(now=later)["timeouts"] == 1
    assert TurnMove.objects.filter(draft=draft, kind="timeout", seat=0).count() == 1
    assert _table(draft.id).state().active == 1  # seat 2 picks next from the same pack


def test_the_room_shows_the_open_pack_and_the_latest_picks(rochester, players):
    draft = rochester(players[:1], seats=3)
    client = Client()
    client.force_login(players[0])
    turn = _table(draft.id).turn
    card = _table(draft.id).pack[0]
    client.post(f"/drafts/{draft.id}/rochester/", {"card": card, "turn": turn})
    page = client.get(f"/drafts/{draft.id}/").content.decode()
    assert "The open pack" in page
    assert "Seat 1 (drafter0) took" in page
    assert "Seat 2 (bot) took" in page


def test_turn_based_seats_show_their_cards_and_who_picks(rochester, players, organizer, client_for):
    """Ruling 17: the pod's public seats and the organizer's view count a turn-based seat's
    cards from its table, and mark the seat to act as picking."""
    draft = rochester(players[:2])
    table = _table(draft.id)
    services.rochester_pick_make(draft_id=draft.id, user=players[0], card=table.pack[0], turn=0)
    public = client_for(players[5]).get(f"/api/drafts/{draft.id}/").json()
    pod = client_for(organizer).get(f"/api/drafts/{draft.id}/pod/").json()
    for body in (public, pod):
        assert [s["picks"] for s in body["seats"]] == [1, 0, 0, 0]
        assert [s["picking"] for s in body["seats"]] == [False, True, False, False]
