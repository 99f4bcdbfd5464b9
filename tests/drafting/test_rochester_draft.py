"""Rochester drafts on PostgreSQL: a pod of two players and two bots to pools, picks seen by
everyone, the refusals, the timeout pick through the sweep, and the room page."""

import datetime as dt
from collections import Counter
from functools import partial

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


def test_team_rochester_seats_two_teams_alternately(organizer, players, client_for):
    """Ruling 39: two equal teams sit alternately, players choose their team, every pick
    passes the pack to the other team; timers and bots as in any Rochester draft."""
    make = partial(services.draft_create, organizer=organizer, game_slug="combat", teams=True)
    for kwargs, code in [
        ({"seats": 3, "format": "rochester"}, "bad_seats"),
        ({"seats": 4, "format": "booster"}, "teams_need_rochester"),
    ]:
        with pytest.raises(ServiceError) as refused:
            make(**kwargs)
        assert refused.value.code == code
    plain = services.draft_create(organizer=organizer, game_slug="combat", seats=4)
    with pytest.raises(ServiceError) as no_teams:
        services.draft_join(draft_id=plain.id, user=players[0], team=0)
    assert no_teams.value.code == "no_teams"
    draft = make(seats=4, format="rochester", pick_timer=20, seed="teams")
    api = client_for(players[0])
    assert api.post(f"/api/drafts/{draft.id}/join/", {"team": 1}, format="json").status_code == 201
    for user, team in [(players[1], 0), (players[2], 1)]:
        services.draft_join(draft_id=draft.id, user=user, team=team)
    with pytest.raises(Conflict) as full:
        services.draft_join(draft_id=draft.id, user=players[3], team=1)
    assert full.value.code == "team_full"
    visitor = Client()
    visitor.force_login(players[4])
    room = visitor.get(f"/drafts/{draft.id}/").content.decode()
    assert "Team Rochester draft" in room
    assert 'value="1" class="secondary">Join team 2' in room
    services.draft_start(draft_id=draft.id, user=organizer)  # seat 3 (team 1) becomes a bot
    body = api.get(f"/api/drafts/{draft.id}/").json()
    assert body["teams"] is True
    assert [(s["team"], s["player"]) for s in body["seats"]] == [
        (0, "drafter1"), (1, "drafter0"), (0, None), (1, "drafter2"),
    ]  # fmt: skip
    # seat 1 picks, then seat 2 (team 2) runs out of time: the sweep picks for it
    table = _table(draft.id)
    services.rochester_pick_make(draft_id=draft.id, user=players[1], card=table.pack[0], turn=0)
    deadline = Seat.objects.get(draft=draft, index=1).deadline
    services.draft_deadlines_sweep(now=deadline + dt.timedelta(seconds=1))
    seats = list(
        TurnMove.objects.filter(draft=draft).order_by("turn").values_list("seat", flat=True)
    )
    assert seats[:3] == [0, 1, 2]  # the bot in seat 3 then seat 4 (team 2) to pick
    assert [s % 2 for s in seats] == [t % 2 for t in range(len(seats))]
    assert _table(draft.id).state().active == 3
