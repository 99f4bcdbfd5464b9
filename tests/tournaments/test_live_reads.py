"""The tournament's version, conditional reads (ETag / 304, htmx `?since=` / 204) and the
renders cached per version (issue 17)."""

import pytest
from django.contrib.messages import INFO
from django.contrib.messages.storage.base import Message
from django.contrib.messages.storage.cookie import CookieStorage
from django.db import connection
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext

from config.errors import ServiceError
from tests.tournaments.helpers import bulk_event, make_overdue
from tournaments.fastpath import cache as fastpath_cache
from tournaments.models import Match, Tournament
from tournaments.reads import bracket as bracket_reads
from tournaments.reads import events as events_reads
from tournaments.services import match_deadline_enforce, match_result_report, round_start


def version_of(tournament) -> int:
    return Tournament.objects.values_list("version", flat=True).get(pk=tournament.pk)


def first_match(tournament) -> Match:
    return Match.objects.get(tournament=tournament, round__number=1, index=0)


def top_entry(match: Match) -> int:
    return match.slots.order_by("slot").first().entry_id


def report(tournament, match=None) -> None:
    """The organizer reports the top entry of a round-1 match as its winner."""
    match = match or first_match(tournament)
    games = [{"winner": top_entry(match), "life": {}}]
    match_result_report(match=match, by_user=tournament.organizer, games=games)


def get(client, url: str, **headers):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, headers=headers)
    return response, len(queries.captured_queries)


def test_every_change_moves_the_version_and_a_refused_one_does_not(organizer):
    # given a started event
    tournament = bulk_event(organizer, 8, best_of=1)
    started = version_of(tournament)
    # when a result is reported, then the version moves
    report(tournament)
    reported = version_of(tournament)
    assert reported > started
    # when a report is refused (the match is finished; a player may not change it), then not
    match = first_match(tournament)
    with pytest.raises(ServiceError):
        match_result_report(match=match, by_user=organizer, games=[{"winner": 10**6}])
    assert version_of(tournament) == reported


def test_the_deadline_sweep_moves_the_version_only_when_it_calls_time(organizer):
    # given a running match whose clock has not run out
    tournament = bulk_event(organizer, 4, best_of=1, time_limit_minutes=50)
    round_start(tournament=tournament, number=1, by_user=organizer)
    match = first_match(tournament)
    before = version_of(tournament)
    # when the sweep looks at it, then nothing changed
    assert match_deadline_enforce(match_id=match.pk) is False
    assert version_of(tournament) == before
    # when its time has run out, then the sweep calls time and the version moves
    make_overdue(match.pk)
    assert match_deadline_enforce(match_id=match.pk) is True
    assert version_of(tournament) > before


@pytest.mark.parametrize(
    "url", ["/api/tournaments/{id}/bracket/", "/api/tournaments/{id}/standings/"]
)
def test_an_api_read_answers_304_from_the_version_alone(organizer, url):
    # given an event and a reader who has read it once
    tournament = bulk_event(organizer, 8, best_of=1)
    client = Client()
    url = url.format(id=tournament.pk)
    first, _ = get(client, url)
    assert first.status_code == 200
    tag = first["ETag"]
    assert tag.startswith('W/"')
    # when the reader asks again with the tag, then 304 after one query (the version)
    again, queries = get(client, url, if_none_match=tag)
    assert again.status_code == 304
    assert queries == 1
    assert again["ETag"] == tag
    # when a result changes the bracket, then the same tag gets the new body and a new tag
    report(tournament)
    changed, _ = get(client, url, if_none_match=tag)
    assert changed.status_code == 200
    assert changed["ETag"] != tag
    assert changed.json() != first.json()


def test_the_bracket_is_read_once_per_version(organizer):
    # given an event whose bracket was read once
    tournament = bulk_event(organizer, 64, best_of=1)
    url = f"/api/tournaments/{tournament.pk}/bracket/"
    cold, cold_queries = get(Client(), url)
    # when another reader reads it at the same version, then it comes from the cache
    warm, warm_queries = get(Client(), url)
    assert warm.json() == cold.json()
    assert warm_queries == 2  # the version, and the tournament's row
    assert cold_queries > warm_queries


def test_the_bracket_poll_gets_204_while_nothing_changed(organizer):
    # given a running event's page, which polls its bracket with the version it shows
    tournament = bulk_event(organizer, 8, best_of=1)
    page = Client().get(f"/tournaments/{tournament.pk}/").content.decode()
    version = version_of(tournament)
    poll = f"/tournaments/{tournament.pk}/bracket/?since={version}&region=0&mine="
    assert f'hx-get="{poll.replace("&", "&amp;")}"' in page
    # when it polls, then 204 (htmx swaps nothing) after one query
    response, queries = get(Client(), poll)
    assert response.status_code == 204
    assert response.content == b""
    assert queries == 1
    # when a result is reported, then the poll gets only the cards that changed (the match
    # and the one its winner goes on to), swapped out of band, and the poller of the new version
    report(tournament)
    response = Client().get(poll)
    assert response.status_code == 200
    body = response.content.decode()
    assert f"?since={version_of(tournament)}&amp;region=0" in body
    assert body.count('<li hx-swap-oob="true" id="match-') == 2
    assert f'id="match-{first_match(tournament).pk}"' in body
    assert 'class="bracket-round"' not in body
    assert "HX-Retarget" not in response


def test_a_poll_from_a_version_not_known_any_more_gets_the_whole_region(organizer):
    # given a page showing a version whose cards the server no longer knows
    tournament = bulk_event(organizer, 8, best_of=1)
    report(tournament)
    poll = f"/tournaments/{tournament.pk}/bracket/?since=0&region=0"
    # when it polls, then the whole bracket replaces the page's bracket
    response = Client().get(poll)
    assert response.status_code == 200
    assert response["HX-Retarget"] == "#bracket"
    assert response["HX-Reswap"] == "outerHTML"
    assert response.content.decode().count('class="bracket-round"') == 3
    # and a region the bracket does not have is a 404
    assert Client().get(f"/tournaments/{tournament.pk}/bracket/?region=1").status_code == 404


def test_the_shared_render_marks_only_the_viewers_own_matches(organizer, make_user):
    # given a started event where one user plays
    from tournaments.models import Entry, EntryMember

    tournament = bulk_event(organizer, 8, best_of=1)
    player = make_user()
    entry = Entry.objects.get(tournament=tournament, seed=1)
    EntryMember.objects.create(entry=entry, user=player, tournament=tournament)
    url = f"/tournaments/{tournament.pk}/bracket/"
    # when a spectator and the player read the bracket at the same version
    spectator = Client().get(url).content.decode()
    client = Client()
    client.force_login(player)
    own = client.get(url).content.decode()
    # then only the player's page marks their match and entry, and no mark is left over
    assert "my-match" not in spectator
    assert own.count("my-match") == 1
    assert 'bracket-entry mine"' in own
    for body in (spectator, own):
        assert not {"\ue000", "\ue001", "\ue002"} & set(body)


def test_the_tournament_page_answers_304_per_viewer(organizer, make_user):
    # given the organizer has the running event's page
    tournament = bulk_event(organizer, 8, best_of=1)
    client = Client()
    client.force_login(organizer)
    url = f"/tournaments/{tournament.pk}/"
    first = client.get(url)
    tag = first["ETag"]
    assert "Cookie" in first["Vary"]
    # when they ask again with its tag, then 304: the session, the user and the version
    again, queries = get(client, url, if_none_match=tag)
    assert again.status_code == 304
    assert queries == 3
    # when another user sends the same tag, then they get their own page
    other = Client()
    other.force_login(make_user())
    assert other.get(url, headers={"if-none-match": tag}).status_code == 200


def test_a_page_with_a_message_to_show_is_sent_again(organizer):
    # given the organizer's page is cached in the browser
    tournament = bulk_event(organizer, 8, best_of=1)
    client = Client()
    client.force_login(organizer)
    url = f"/tournaments/{tournament.pk}/"
    tag = client.get(url)["ETag"]
    # when a form post fails without changing anything (a refused round start), then the
    # page it redirects to is sent again to show the message, not a 304
    client.post(f"{url}start-round/", {"round": "9"})
    response = client.get(url, headers={"if-none-match": tag})
    assert response.status_code == 200
    assert "Round 9 has not been paired yet." in response.content.decode()


def test_reads_stay_flat_with_the_cache_warm(organizer):
    # given a small and a large event, both read once
    small, large = bulk_event(organizer, 8, best_of=1), bulk_event(organizer, 256, best_of=1)
    urls = [
        "/api/tournaments/{id}/bracket/",
        "/api/tournaments/{id}/standings/",
        "/tournaments/{id}/bracket/",
        "/tournaments/{id}/",
    ]
    for tournament in (small, large):
        for url in urls:
            Client().get(url.format(id=tournament.pk))
    # when they are read again, then each takes as many queries for 8 entries as for 256
    for url in urls:
        _, small_queries = get(Client(), url.format(id=small.pk))
        _, large_queries = get(Client(), url.format(id=large.pk))
        assert small_queries == large_queries, url


def test_reads_of_no_such_tournament_or_match_are_404(db):
    # given ids no row has, one beyond any integer column
    for url in (
        "/tournaments/999999/bracket/?since=0",
        f"/tournaments/{2**70}/",
        f"/api/tournaments/{2**70}/bracket/",
        f"/matches/{2**70}/live/?since=1",
    ):
        # when read, then 404, not a server error
        assert Client().get(url).status_code == 404, url


def test_a_version_being_built_elsewhere_is_waited_for_not_built_again(organizer, monkeypatch):
    # given another process is building the bracket of the current version
    from django.core.cache import cache

    tournament = events_reads.tournament_get(tournament_id=bulk_event(organizer, 8, best_of=1).pk)
    built = []
    born = int(tournament.created_at.timestamp() * 1_000_000)
    key = f"tournaments:x:{tournament.pk}:{born}:v{tournament.version}"
    cache.add(f"{key}:building", 1)

    def the_other_process_finishes(_seconds):
        cache.set(key, "built elsewhere")

    monkeypatch.setattr(fastpath_cache.time, "sleep", the_other_process_finishes)
    # when a reader asks for it, then it gets the other process's result and builds nothing
    value = fastpath_cache.cached_per_version("x", tournament, lambda: built.append(1) or "mine")
    assert value == "built elsewhere"
    assert built == []
    cache.delete(f"{key}:building")


def test_building_a_new_version_drops_the_one_before(organizer):
    # given the bracket of an event was cached at its current version
    from django.core.cache import cache

    tournament = bulk_event(organizer, 8, best_of=1)
    first = events_reads.tournament_get(tournament_id=tournament.pk)
    bracket_reads.bracket_cached(tournament=first)
    born = int(first.created_at.timestamp() * 1_000_000)
    old_key = f"tournaments:bracket:{first.pk}:{born}:v{first.version}"
    assert cache.get(old_key) is not None
    # when a change is read, then the new version is cached and the old one is gone
    report(tournament)
    second = events_reads.tournament_get(tournament_id=tournament.pk)
    bracket_reads.bracket_cached(tournament=second)
    assert cache.get(old_key) is None
    assert cache.get(f"tournaments:bracket:{first.pk}:{born}:v{second.version}") is not None


def test_unchanged_polls_are_answered_before_the_session_and_the_user(organizer):
    # given a running event, a signed-in watcher and a visitor who has read its pages
    tournament = bulk_event(organizer, 8, best_of=1)
    watcher = Client()
    watcher.force_login(organizer)
    visitor = Client()
    page = f"/tournaments/{tournament.pk}/"
    tags = {url: visitor.get(url)["ETag"] for url in (page, f"{page}standings/")}
    version = version_of(tournament)
    # when the watcher's bracket poll names the version it shows, then 204 after one query
    # (the version: no session, no user)
    response, queries = get(watcher, f"{page}bracket/?since={version}&region=0")
    assert response.status_code == 204
    assert queries == 1
    # when the visitor asks again for pages it has, then 304 after one query each
    for url, tag in tags.items():
        response, queries = get(visitor, url, if_none_match=tag)
        assert response.status_code == 304, url
        assert response["ETag"] == tag
        assert queries == 1
    # when a flash message waits for the visitor, then the page is sent to show it
    storage = CookieStorage(RequestFactory().get(page))
    visitor.cookies["messages"] = storage._encode([Message(INFO, "Seen by the visitor.")])
    response, _ = get(visitor, page, if_none_match=tags[page])
    assert response.status_code == 200
    assert "Seen by the visitor." in response.content.decode()
    # when something changed, then every one of them gets the new version
    report(tournament)
    response, _ = get(watcher, f"{page}bracket/?since={version}&region=0")
    assert response.status_code == 200
    response, _ = get(Client(), page, if_none_match=tags[page])
    assert response.status_code == 200
    assert response["ETag"] != tags[page]


def test_an_unchanged_poll_from_a_host_not_allowed_is_refused(organizer):
    # given a running event and a poll that names its version
    tournament = bulk_event(organizer, 8, best_of=1)
    poll = f"/tournaments/{tournament.pk}/bracket/?since={version_of(tournament)}&region=0"
    assert Client().get(poll).status_code == 204
    # when it comes with a Host header the site does not serve, then 400, as for any page
    assert Client().get(poll, headers={"host": "evil.example"}).status_code == 400


@pytest.mark.django_db(transaction=True)  # outside a transaction, as a poll is
def test_polls_read_on_a_kept_cursor_and_still_see_every_change(organizer, monkeypatch):
    # given a running event, a page showing its version and a match page showing its match
    from django.db import DatabaseError

    from tournaments.fastpath.match_keys import match_live_key

    tournament = bulk_event(organizer, 8, best_of=1)
    match = first_match(tournament)
    bracket = f"/tournaments/{tournament.pk}/bracket/?since={version_of(tournament)}&region=0"
    live = f"/matches/{match.pk}/live/?since={match_live_key(match_id=match.pk)}"
    client = Client()
    # when both poll twice (no query logging: the reads after the first use the kept cursor)
    for _ in range(2):
        assert client.get(bracket).status_code == 204
        assert client.get(live).status_code == 204
    kept = connection._pk_read_cursor
    assert client.get(bracket).status_code == 204
    assert connection._pk_read_cursor is kept
    # when the match's result is reported, then both polls get the change
    report(tournament, match)
    assert client.get(bracket).status_code == 200
    assert client.get(live).status_code == 200
    # when the kept cursor is closed or fails (a lost connection), then the next poll reads
    # on a new one and answers as before
    unchanged = f"/tournaments/{tournament.pk}/bracket/?since={version_of(tournament)}&region=0"
    connection._pk_read_cursor.close()
    assert client.get(unchanged).status_code == 204
    assert connection._pk_read_cursor is not kept

    def lost(*args, **kwargs):
        raise DatabaseError("server closed the connection unexpectedly")

    monkeypatch.setattr(connection._pk_read_cursor, "execute", lost)
    assert client.get(unchanged).status_code == 204
    # and while queries are logged (tests counting them, DEBUG), every read is a logged one
    response, queries = get(client, unchanged)
    assert (response.status_code, queries) == (204, 1)
