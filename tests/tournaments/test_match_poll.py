"""The match page's live poll is keyed on the match itself (`match_keys.match_live_key`,
issue 17): answered 204 from one read while what its live part shows is the same, whatever
else changes in the event, and re-rendered after any change it shows."""

import re

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.tournaments.helpers import bulk_event
from tournaments.fastpath import cache as fastpath_cache
from tournaments.fastpath import match_keys
from tournaments.models import Entry, Match
from tournaments.services import (
    entry_update,
    match_forfeit,
    match_result_confirm,
    match_result_report,
    match_start,
    match_time_call,
    match_time_extend,
    tournament_cancel,
)

POLL = re.compile(r'hx-get="(/matches/\d+/live/\?since=[0-9a-f]+)"')


def match_at(tournament, number: int, index: int) -> Match:
    return Match.objects.get(tournament=tournament, round__number=number, index=index)


def top_entry(match: Match) -> int:
    return match.slots.order_by("slot").first().entry_id


def organizer_reports(match: Match, winner: int | None = None) -> None:
    """The organizer's report: final at once (a correction on a finished match)."""
    games = [{"winner": winner or top_entry(match), "life": {}}]
    match_result_report(match=match, by_user=match.tournament.organizer, games=games)


def poll_url(client: Client, match: Match) -> str:
    """The poll the match page (or the live part it last got) asks next."""
    found = POLL.search(client.get(f"/matches/{match.pk}/").content.decode())
    assert found, "the page polls while the event runs"
    return found[1]


def poll(client: Client, url: str):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    return response, len(queries.captured_queries)


def test_an_unchanged_match_poll_is_one_query_whatever_the_event_size(organizer):
    # given the same round-1 match of a small and a large event, open on a player's page
    counts = []
    for size in (8, 256):
        tournament = bulk_event(organizer, size, best_of=1)
        client = Client()
        client.force_login(organizer)
        url = poll_url(client, match_at(tournament, 1, 0))
        # when it polls with nothing changed, then 204 after one query (no session read)
        response, queries = poll(client, url)
        assert response.status_code == 204
        counts.append(queries)
    assert counts == [1, 1]


def test_a_change_elsewhere_in_the_event_leaves_the_match_poll_unchanged(organizer):
    # given a watcher on match 1 of round 1
    tournament = bulk_event(organizer, 8, best_of=1)
    mine = match_at(tournament, 1, 0)
    url = poll_url(Client(), mine)
    # when other matches are reported, started and renamed (the event's version moves)
    organizer_reports(match_at(tournament, 1, 2))
    match_start(match=match_at(tournament, 1, 3), by_user=organizer)
    other = Entry.objects.get(pk=top_entry(match_at(tournament, 1, 1)))
    entry_update(entry=other, by_user=organizer, name="Someone else")
    # then the match page's poll still gets 204: nothing of its own changed
    assert Client().get(url).status_code == 204


def test_each_change_the_match_page_shows_makes_its_poll_render_again(organizer):
    # given a watcher of a semi-final whose entries are known and whose clock has not started
    tournament = bulk_event(organizer, 8, best_of=1, time_limit_minutes=50)
    organizer_reports(match_at(tournament, 1, 0))
    organizer_reports(match_at(tournament, 1, 1))
    match = match_at(tournament, 2, 0)
    assert match.status == Match.Status.READY
    watcher = Client()
    url = poll_url(watcher, match)
    changes = [
        ("clock started", lambda: match_start(match=match, by_user=organizer)),
        ("time extended", lambda: match_time_extend(match=match, by_user=organizer, minutes=5)),
        ("time called", lambda: match_time_call(match=match, by_user=organizer)),
        ("result entered", lambda: organizer_reports(match)),
        ("result corrected", lambda: organizer_reports(match, winner=last_entry(match))),
        ("a player renamed", lambda: rename_top_entry(match, organizer)),
    ]
    for what, change in changes:
        change()
        # when it polls after the change, then it gets the live part again, with a new key
        response = watcher.get(url)
        assert response.status_code == 200, what
        url = POLL.search(response.content.decode())[1]
        # and polling with that key is unchanged again
        assert watcher.get(url).status_code == 204, what


def last_entry(match: Match) -> int:
    return match.slots.order_by("slot").last().entry_id


def rename_top_entry(match: Match, organizer) -> None:
    entry = Entry.objects.get(pk=top_entry(match))
    entry_update(entry=entry, by_user=organizer, name="Renamed guest")


def test_the_next_match_poll_changes_when_a_winner_arrives(organizer):
    # given a watcher on a round-2 match still waiting for its entries
    tournament = bulk_event(organizer, 4, best_of=1)
    final = match_at(tournament, 2, 0)
    url = poll_url(Client(), final)
    # when a round-1 match feeding it is decided, then its poll renders the winner in it
    organizer_reports(match_at(tournament, 1, 0))
    response = Client().get(url)
    assert response.status_code == 200
    winner = Entry.objects.get(pk=match_at(tournament, 1, 0).winner_id)
    assert winner.name in response.content.decode()
    # when the other round-1 match is decided, then it changes again (now ready)
    url = POLL.search(response.content.decode())[1]
    organizer_reports(match_at(tournament, 1, 1))
    assert Client().get(url).status_code == 200


def test_a_players_report_and_confirmation_each_change_the_poll(make_event, org_client):
    # given a started 2-entry event of players, seed 2 on the match page
    tid, players = make_event(2, best_of=1)
    org_client.post(f"/api/tournaments/{tid}/start/")
    match = Match.objects.get(tournament_id=tid)
    (seed1, e1), (seed2, _e2) = players
    watcher = Client()
    watcher.force_login(seed2)
    url = poll_url(watcher, match)
    # when seed 1 reports, then seed 2's poll renders the confirm button
    match_result_report(match=match, by_user=seed1, games=[{"winner": e1, "life": {}}])
    response = watcher.get(url)
    assert response.status_code == 200
    assert "Confirm result" in response.content.decode()
    # when seed 2 confirms (on another device), then the poll renders the winner
    url = POLL.search(response.content.decode())[1]
    match_result_confirm(match=match, by_user=seed2)
    response = watcher.get(url)
    assert response.status_code == 200
    assert 'id="match-winner"' in response.content.decode()


def test_a_forfeit_and_a_cancelled_event_change_the_poll(organizer):
    # given watchers of two running matches
    tournament = bulk_event(organizer, 8, best_of=1)
    forfeited, cancelled = match_at(tournament, 1, 0), match_at(tournament, 1, 1)
    first, second = poll_url(Client(), forfeited), poll_url(Client(), cancelled)
    # when an entry forfeits the first, then its poll changes and the second's does not
    match_forfeit(match=forfeited, by_user=organizer, entry_id=top_entry(forfeited))
    assert Client().get(first).status_code == 200
    assert Client().get(second).status_code == 204
    # when the event is cancelled, then the second's poll renders (it stops polling)
    tournament_cancel(tournament=tournament, by_user=organizer)
    response = Client().get(second)
    assert response.status_code == 200
    assert "will not be played" in response.content.decode()
    assert "hx-get" not in response.content.decode()


def test_a_poll_naming_another_key_or_no_match(organizer):
    # given a match page
    tournament = bulk_event(organizer, 4, best_of=1)
    match = match_at(tournament, 1, 0)
    # when its poll names a key it never had, or an event version as before, then 200
    for since in ("0", "1", "deadbeefdeadbeef", ""):
        assert Client().get(f"/matches/{match.pk}/live/?since={since}").status_code == 200
    # when the match does not exist, then 404 whatever it names
    assert Client().get("/matches/999999/live/?since=0").status_code == 404
    assert Client().get("/matches/999999/").status_code == 404


def test_a_poll_is_right_when_the_cache_has_lost_the_key(organizer):
    # given a watcher of a running match (another process, or a cache that was emptied)
    from django.core.cache import cache

    tournament = bulk_event(organizer, 8, best_of=1)
    match = match_at(tournament, 1, 0)
    url = poll_url(Client(), match)
    cache.clear()
    fastpath_cache.LOCAL_KEYS.clear()
    # when it polls with nothing changed, then 204, the key worked out again from the rows
    response, queries = poll(Client(), url)
    assert (response.status_code, queries) == (204, 2)
    # and the next poll is one read again, also in a process that only has the shared cache
    assert poll(Client(), url)[1:] == (1,)
    fastpath_cache.LOCAL_KEYS.clear()
    assert poll(Client(), url)[1:] == (1,)
    # when the match's result is entered and the cache is emptied again, then it renders
    organizer_reports(match)
    cache.clear()
    fastpath_cache.LOCAL_KEYS.clear()
    assert Client().get(url).status_code == 200


def test_after_a_change_elsewhere_the_key_is_worked_out_once_per_version(organizer):
    # given a watcher of match 1
    tournament = bulk_event(organizer, 8, best_of=1)
    url = poll_url(Client(), match_at(tournament, 1, 0))
    # when another match is reported (the event's version moves)
    organizer_reports(match_at(tournament, 1, 1))
    # then the first poll works the key out again (two reads) and the later ones read the
    # version alone, all 204
    assert [poll(Client(), url)[1] for _ in range(3)] == [2, 1, 1]
    assert Client().get(url).status_code == 204


def test_the_key_is_filed_under_the_version_read_with_it(organizer):
    # given a match whose key was worked out at the event's version v
    from django.core.cache import cache

    tournament = bulk_event(organizer, 4, best_of=1)
    match = match_at(tournament, 1, 0)
    before = match_keys.match_live_key(match_id=match.pk)
    tournament.refresh_from_db()
    old_version = tournament.version
    with connection.cursor() as cursor:
        cursor.execute(match_keys.MATCH_VERSION_SQL, [match.pk])
        born = cursor.fetchone()[1]
    # when the match changes (v + 1) and the key is worked out from the rows (as a poll that
    # read the version just before the change commits would)
    organizer_reports(match)
    after = match_keys.match_key_digest(match.pk)
    # then the new key is filed under v + 1, and v still names the old one
    assert after != before
    assert cache.get(match_keys.match_key_name(match.pk, old_version + 1, born)) == after
    assert cache.get(match_keys.match_key_name(match.pk, old_version, born)) == before


def test_an_unchanged_poll_carries_the_pages_security_headers(organizer, settings):
    # given a match page open in a browser, and a report-only policy beside the enforced one
    settings.CONTENT_SECURITY_POLICY_REPORT_ONLY = {"DIRECTIVES": {"img-src": ["'none'"]}}
    tournament = bulk_event(organizer, 8, best_of=1)
    client = Client()
    page = client.get(f"/matches/{match_at(tournament, 1, 0).pk}/")
    url = poll_url(client, match_at(tournament, 1, 0))
    # when it polls with nothing changed (answered before the CSP middleware runs)
    response = client.get(url)
    # then the 204 carries the same policies and security headers as the page
    assert response.status_code == 204
    for header in (
        "Content-Security-Policy",
        "Content-Security-Policy-Report-Only",
        "X-Content-Type-Options",
        "Referrer-Policy",
    ):
        assert response[header] == page[header], header
    assert "img-src 'none'" in response["Content-Security-Policy-Report-Only"]
    # and a host not allowed is refused there too
    assert client.get(url, headers={"host": "evil.example"}).status_code == 400
