"""Event day at the organizer's desk: optional check-in ("drop everyone not checked in"),
seeding by drag (a whole order at once), and the desk's "needs attention" queue with its
one-click actions and every table's clock (ruling 20)."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from config.errors import Conflict, NotAllowed, NotFound, ServiceError
from tests.tournaments.helpers import bulk_event, entry_by_seed, logged_in, match_with
from tournaments import services
from tournaments.models import Entry, Match, MatchAudit, Tournament

pytestmark = pytest.mark.django_db


def entries_of(tid: int) -> dict[str, Entry]:
    return {e.display_name: e for e in Entry.objects.filter(tournament_id=tid)}


def test_check_in_then_drop_everyone_who_did_not(make_event, organizer, make_user):
    # given an event of four players in registration
    tid, players = make_event(4)
    tournament = Tournament.objects.get(pk=tid)
    (ann, ann_entry), (_bob, bob_entry) = players[0], players[1]
    # "drop everyone not checked in" is refused while nobody has checked in
    with pytest.raises(Conflict, match="Nobody has checked in"):
        services.entries_drop_unchecked(tournament=tournament, by_user=organizer)
    # a player checks themselves in from the page; not someone else
    page = (
        logged_in(ann)
        .post(f"/tournaments/{tid}/check-in/", {"entry": ann_entry}, follow=True)
        .content.decode()
    )
    assert "You are checked in" in page
    other = (
        logged_in(ann)
        .post(f"/tournaments/{tid}/check-in/", {"entry": bob_entry}, follow=True)
        .content.decode()
    )
    assert "Only the entry&#x27;s players or the organizer can check it in." in other
    assert Entry.objects.get(pk=bob_entry).checked_in_at is None
    # the organizer checks Bob in; checking in twice changes nothing
    services.entry_check_in(entry=Entry.objects.get(pk=bob_entry), by_user=organizer)
    first = Entry.objects.get(pk=bob_entry).checked_in_at
    services.entry_check_in(entry=Entry.objects.get(pk=bob_entry), by_user=organizer)
    assert Entry.objects.get(pk=bob_entry).checked_in_at == first
    # the desk counts them and lists who is missing
    desk = logged_in(organizer).get(f"/tournaments/{tid}/desk/").content.decode()
    assert "2</strong> of 4 entries checked in" in desk
    assert desk.count("Not checked in") == 2
    # a player may not drop everyone else
    with pytest.raises(NotAllowed):
        services.entries_drop_unchecked(tournament=tournament, by_user=ann)
    # when the organizer drops the others, then two are dropped and lose their seeds
    response = logged_in(organizer).post(f"/tournaments/{tid}/drop-unchecked/", follow=True)
    assert "2 entries dropped (not checked in)." in response.content.decode()
    dropped = Entry.objects.filter(tournament_id=tid, dropped=True)
    assert (dropped.count(), set(dropped.values_list("seed", flat=True))) == (2, {None})
    # and the bracket is drawn from the two who came
    services.tournament_start(tournament=tournament, by_user=organizer)
    match = Match.objects.get(tournament_id=tid)
    assert set(match.slots.values_list("entry_id", flat=True)) == {ann_entry, bob_entry}
    with pytest.raises(Conflict, match="Check-in closes"):
        services.entry_check_in(entry=Entry.objects.get(pk=ann_entry), by_user=ann)


def test_seed_order_sets_every_seed_at_once(organizer, make_user):
    # given pasted guests, two of them seeded
    tournament = services.tournament_create(organizer=organizer, name="Order", seeding="manual")
    services.entries_paste(
        tournament=tournament, by_user=organizer, text="Ann, 1\nBob, 2\nCid\nDee"
    )
    names = entries_of(tournament.pk)
    order = [names[n].pk for n in ("Dee", "Ann", "Cid")]
    # when the organizer drops Dee on top, then the order is the seeds; Bob (unlisted) is unseeded
    client = logged_in(organizer)
    response = client.post(f"/tournaments/{tournament.pk}/seed-order/", {"order": order})
    assert response.status_code == 302
    seeds = {e.display_name: e.seed for e in Entry.objects.filter(tournament=tournament)}
    assert seeds == {"Dee": 1, "Ann": 2, "Cid": 3, "Bob": None}
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert page.index("Dee") < page.index("Ann") < page.index("Cid") < page.index("Bob")
    # a repeated or foreign entry changes nothing and says why
    with pytest.raises(ServiceError, match="listed twice"):
        services.entries_seed_order(
            tournament=tournament, by_user=organizer, entry_ids=[order[0], order[0]]
        )
    with pytest.raises(NotFound, match="reload the page"):
        services.entries_seed_order(tournament=tournament, by_user=organizer, entry_ids=[99999])
    bad = client.post(f"/tournaments/{tournament.pk}/seed-order/", {"order": ["x"]}, follow=True)
    assert "&#x27;x&#x27; is not a number." in bad.content.decode()
    assert {e.display_name: e.seed for e in Entry.objects.filter(tournament=tournament)} == seeds
    # only the organizer orders seeds
    with pytest.raises(NotAllowed):
        services.entries_seed_order(
            tournament=tournament, by_user=make_user("nosy"), entry_ids=order
        )


def test_the_desk_queues_what_needs_the_organizer_with_one_click_actions(
    make_event, org_client, client_for, organizer
):
    # given a running event: a disputed match, one over time, one waiting for confirmation
    tid, players = make_event(8, best_of=1)
    org_client.post(f"/api/tournaments/{tid}/start/")
    disputed, late, waiting = (match_with(org_client, tid, 1, seed) for seed in (1, 2, 3))
    body = {"games": [{"winner": entry_by_seed(disputed, 1)}]}
    client_for(players[0][0]).post(f"/api/matches/{disputed['id']}/report/", body, format="json")
    client_for(players[7][0]).post(f"/api/matches/{disputed['id']}/dispute/")
    Match.objects.filter(pk=late["id"]).update(deadline=timezone.now() - timedelta(minutes=2))
    body = {"games": [{"winner": entry_by_seed(waiting, 3)}]}
    client_for(players[2][0]).post(f"/api/matches/{waiting['id']}/report/", body, format="json")
    # when the organizer opens the desk, then the queue reads most urgent first
    client = logged_in(organizer)
    desk = client.get(f"/tournaments/{tid}/desk/").content.decode()
    assert "Needs attention (3)" in desk
    assert (
        desk.index("Disputed: decide the winner")
        < desk.index("Over time: call time")
        < desk.index("Waiting for the opponent")
    )
    assert "Quarterfinals: tables" in desk
    assert "Extend all" in desk
    # the API gives the same desk to the organizer, and to nobody else
    body = org_client.get(f"/api/tournaments/{tid}/desk/").json()
    assert [row["kind"] for row in body["queue"]] == [
        "disputed",
        "over_time",
        "awaiting_confirmation",
    ]
    assert body["queue"][0]["match"]["number"] == disputed_number(body, disputed["id"])
    assert [t["over_time"] for t in body["rounds"][0]["tables"]].count(True) == 1
    player_api = client_for(players[0][0]).get(f"/api/tournaments/{tid}/desk/")
    assert player_api.status_code == 403
    # and one click decides the dispute and comes back to the desk
    winner = entry_by_seed(disputed, 8)
    response = client.post(f"/matches/{disputed['id']}/decide/", {"winner": winner, "back": "desk"})
    assert response.url == f"/tournaments/{tid}/#desk"
    assert Match.objects.get(pk=disputed["id"]).winner_id == winner
    client.post(f"/matches/{late['id']}/call-time/", {"back": "desk"})
    assert Match.objects.get(pk=late["id"]).time_called_at is not None
    client.post(f"/matches/{waiting['id']}/confirm/", {"back": "desk"})
    assert Match.objects.get(pk=waiting["id"]).status == "finished"
    assert MatchAudit.objects.filter(match_id=waiting["id"], action="organizer-confirm").exists()
    desk = client.get(f"/tournaments/{tid}/desk/").content.decode()
    assert "Needs attention (1)" in desk
    assert "Time called: life totals to enter" in desk
    # the desk is the organizer's: players and visitors are refused
    assert logged_in(players[0][0]).get(f"/tournaments/{tid}/desk/").status_code == 403
    assert Client().get(f"/tournaments/{tid}/desk/").status_code == 403


def disputed_number(body: dict, match_id: int) -> int:
    return next(t["number"] for t in body["rounds"][0]["tables"] if t["match"] == match_id)


def test_the_desk_reads_in_the_same_number_of_queries_for_8_or_256(organizer):
    small, large = bulk_event(organizer, 8), bulk_event(organizer, 256)
    client = logged_in(organizer)
    counts = []
    for tournament in (small, large):
        first = Match.objects.filter(tournament=tournament, round__number=1, is_bye=False)
        Match.objects.filter(pk=first.order_by("index")[0].pk).update(
            deadline=timezone.now() - timedelta(minutes=1)
        )
        with CaptureQueriesContext(connection) as context:
            response = client.get(f"/tournaments/{tournament.pk}/desk/")
        assert response.status_code == 200
        assert "Over time: call time" in response.content.decode()
        counts.append(len(context.captured_queries))
    assert counts[0] == counts[1]


def test_check_in_and_seed_order_through_the_api(make_event, org_client, client_for):
    tid, players = make_event(3)
    (ann, ann_entry), (_bob, bob_entry), (_cid, cid_entry) = players
    base = f"/api/tournaments/{tid}/entries"
    mine = client_for(ann).post(f"{base}/{ann_entry}/check-in/", {}, format="json")
    assert mine.status_code == 200
    assert mine.json()["checked_in_at"] is not None
    theirs = client_for(ann).post(f"{base}/{bob_entry}/check-in/", {}, format="json")
    assert theirs.status_code == 403
    order = org_client.post(f"{base}/order/", {"entries": [cid_entry, ann_entry]}, format="json")
    assert [(e["id"], e["seed"]) for e in order.json()] == [(cid_entry, 1), (ann_entry, 2)]
    dropped = org_client.post(f"{base}/drop-unchecked/", format="json")
    assert (dropped.status_code, dropped.json()) == (200, {"dropped": 2})
    again = org_client.post(f"{base}/drop-unchecked/", format="json")
    assert (again.status_code, again.json()["dropped"]) == (200, 0)
