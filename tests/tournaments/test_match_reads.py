"""A match is read once per key of what it shows (`selectors.match_live_key`, issue 17): the
match API answers 304 to a client that has that key and every reader after a change sees it;
the event page finds a player's matches through their entries."""

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.tournaments.helpers import bulk_event
from tournaments.models import Entry, EntryMember, Match
from tournaments.services import match_result_confirm, match_result_report


def first_match(tournament) -> Match:
    return Match.objects.get(tournament=tournament, round__number=1, index=0)


def test_the_match_api_is_conditional_on_what_the_match_shows(organizer):
    # given a round-1 match read through the API
    tournament = bulk_event(organizer, 8, best_of=1)
    match = first_match(tournament)
    url = f"/api/matches/{match.pk}/"
    first = Client().get(url)
    assert first.status_code == 200
    tag = first["ETag"]
    # when it is read again with its tag, then 304 and no body
    again = Client().get(url, headers={"If-None-Match": tag})
    assert again.status_code == 304
    assert again.content == b""
    # when another match changes, then the tag still holds
    other = Match.objects.get(tournament=tournament, round__number=1, index=1)
    winner = other.slots.order_by("slot").first().entry_id
    match_result_report(match=other, by_user=organizer, games=[{"winner": winner, "life": {}}])
    assert Client().get(url, headers={"If-None-Match": tag}).status_code == 304
    # when this match is reported, then the old tag gets the new match, finished
    winner = match.slots.order_by("slot").first().entry_id
    match_result_report(match=match, by_user=organizer, games=[{"winner": winner, "life": {}}])
    changed = Client().get(url, headers={"If-None-Match": tag})
    assert changed.status_code == 200
    assert changed["ETag"] != tag
    assert changed.json()["status"] == "finished"
    assert changed.json()["winner"] == winner
    # and a match that does not exist is a 404
    assert Client().get(f"/api/matches/{2**70}/").status_code == 404


def test_a_players_report_and_confirmation_show_on_every_read(organizer, make_user):
    # given a match between two players, read by both through the API and the match page
    tournament = bulk_event(organizer, 8, best_of=1)
    match = first_match(tournament)
    slots = list(match.slots.order_by("slot"))
    users = []
    clients = []
    for slot in slots:
        user = make_user()
        EntryMember.objects.create(entry=slot.entry, user=user, tournament=tournament)
        client = Client()
        client.force_login(user)
        users.append(user)
        clients.append(client)
    for client in clients:
        assert client.get(f"/api/matches/{match.pk}/").json()["pending_report"] is None
        client.get(f"/matches/{match.pk}/")
    # when the first reports, then both see the report waiting, on the API and the page
    winner = slots[0].entry_id
    match_result_report(match=match, by_user=users[0], games=[{"winner": winner, "life": {}}])
    for client in clients:
        assert client.get(f"/api/matches/{match.pk}/").json()["pending_report"]["entry"] == winner
    page = clients[1].get(f"/matches/{match.pk}/").content.decode()
    assert "/confirm/" in page
    # when the second confirms, then both read it finished, with its winner
    match_result_confirm(match=Match.objects.get(pk=match.pk), by_user=users[1])
    for client in clients:
        body = client.get(f"/api/matches/{match.pk}/").json()
        assert (body["status"], body["winner"], body["pending_report"]) == (
            "finished",
            winner,
            None,
        )
    name = Entry.objects.get(pk=winner).display_name
    assert name in clients[1].get(f"/matches/{match.pk}/live/").content.decode()


def test_the_event_page_lists_a_players_matches_in_the_same_queries_at_any_size(
    organizer, make_user
):
    # given a player in a big event (two parts) and in one twice as big (four parts)
    counts = []
    for size in (256, 512):
        tournament = bulk_event(organizer, size, best_of=1)
        player = make_user()
        entry = Entry.objects.get(tournament=tournament, seed=2)
        EntryMember.objects.create(entry=entry, user=player, tournament=tournament)
        client = Client()
        client.force_login(player)
        client.get(f"/tournaments/{tournament.pk}/")  # the shared parts built
        # when they open the event page, then it lists their match and its opponent
        with CaptureQueriesContext(connection) as queries:
            page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
        match = Match.objects.get(tournament=tournament, round__number=1, slots__entry=entry)
        opponent = match.slots.exclude(entry=entry).get().entry.display_name
        assert f'<a href="/matches/{match.pk}/"><strong>' in page
        assert f"vs {opponent}" in page
        counts.append(len(queries.captured_queries))
    # and the queries are as many for 256 entries as for 512
    assert counts[0] == counts[1]
