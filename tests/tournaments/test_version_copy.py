"""The version's copy in Redis answers watchers' unchanged polls (issue 33, RULINGS.md 23)."""

import threading
import uuid

import pytest
from django.db import connection, transaction
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext

from tests.conftest import REDIS_URL
from tests.tournaments.helpers import bulk_event
from tournaments.fastpath import version_copy
from tournaments.fastpath.versions import bump_version
from tournaments.models import Match, Tournament
from tournaments.services import match_result_report

pytestmark = pytest.mark.redis


def redis_cache(location: str = REDIS_URL) -> dict:
    """A Redis cache of its own (a fresh key prefix) for one test."""
    return {
        "default": {
            "BACKEND": "config.redis_cache.ReusedClientRedisCache",
            "LOCATION": location,
            "KEY_PREFIX": f"test-copy-{uuid.uuid4().hex[:8]}",
        }
    }


@pytest.fixture
def copies():
    """The copy on, in a Redis cache of this test's own."""
    with override_settings(CACHES=redis_cache(), TOURNAMENT_VERSION_COPY_SECONDS=2):
        yield version_copy
    version_copy.reset()


def version_of(tournament) -> int:
    return Tournament.objects.values_list("version", flat=True).get(pk=tournament.pk)


def get(client, url: str, **headers):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, headers=headers)
    return response, len(queries.captured_queries)


def report_first_match(tournament) -> None:
    match = Match.objects.get(tournament=tournament, round__number=1, index=0)
    winner = match.slots.order_by("slot").first().entry_id
    match_result_report(
        match=match, by_user=tournament.organizer, games=[{"winner": winner, "life": {}}]
    )


def test_an_unchanged_poll_is_answered_from_the_copy_without_a_query(organizer, copies):
    # given a running event and a visitor holding the tags of its API reads and pages
    tournament = bulk_event(organizer, 8, best_of=1)
    page = f"/tournaments/{tournament.pk}/"
    api = f"/api/tournaments/{tournament.pk}/"
    urls = [f"{api}bracket/", f"{api}standings/", f"{page}standings/", f"{page}bracket/"]
    visitor = Client()
    tags = {url: visitor.get(url)["ETag"] for url in urls}
    poll = f"{page}bracket/?since={version_of(tournament)}&region=0"
    # when the first poll finds no copy, then it reads the version and leaves a copy
    response, queries = get(visitor, poll)
    assert (response.status_code, queries) == (204, 1)
    assert copies.recall(tournament.pk) == version_of(tournament)
    # when they poll again, then every unchanged poll is answered with no query at all
    response, queries = get(visitor, poll)
    assert (response.status_code, queries) == (204, 0)
    for url, tag in tags.items():
        response, queries = get(visitor, url, if_none_match=tag)
        assert (response.status_code, queries) == (304, 0), url
        assert response["ETag"] == tag
    # but the event page, whose answer depends on the event's status, reads it
    tag = visitor.get(page)["ETag"]
    response, queries = get(visitor, page, if_none_match=tag)
    assert (response.status_code, queries) == (304, 1)


def test_a_change_is_seen_by_the_next_poll_after_its_commit(
    organizer, copies, django_capture_on_commit_callbacks
):
    # given a running event, its copy, and a reader holding the standings' tag
    tournament = bulk_event(organizer, 8, best_of=1)
    standings = f"/api/tournaments/{tournament.pk}/standings/"
    reader = Client()
    first = reader.get(standings)
    tag = first["ETag"]
    assert get(reader, standings, if_none_match=tag)[0].status_code == 304
    # when a result is reported and committed
    with django_capture_on_commit_callbacks(execute=True):
        report_first_match(tournament)
    # then the write itself moved the copy, and the old tag gets the new standings
    assert copies.recall(tournament.pk) == version_of(tournament)
    changed, _ = get(reader, standings, if_none_match=tag)
    assert changed.status_code == 200
    assert changed["ETag"] != tag
    assert changed.json() != first.json()
    # and the new tag is answered from the copy
    response, queries = get(reader, standings, if_none_match=changed["ETag"])
    assert (response.status_code, queries) == (304, 0)


def test_a_write_that_rolls_back_leaves_the_copy_alone(
    organizer, copies, django_capture_on_commit_callbacks
):
    # given an event and its copy
    tournament = bulk_event(organizer, 4, best_of=1)
    copies.store(tournament.pk, version_of(tournament))

    def bump_then_refuse() -> None:
        with transaction.atomic():
            bump_version(tournament.pk)
            raise RuntimeError("refused later in the same write")

    # when a version bump rolls back, then the copy is where it was
    with django_capture_on_commit_callbacks(execute=True):
        with pytest.raises(RuntimeError):
            bump_then_refuse()
        bump_version(tournament.pk + 1_000_000)  # no such event: nothing to store either
    assert copies.recall(tournament.pk) == version_of(tournament)


def test_a_copy_behind_the_database_sends_a_newer_tag_to_the_database(organizer, copies):
    # given a copy left one version behind (its write's store was lost)
    tournament = bulk_event(organizer, 4, best_of=1)
    standings = f"/api/tournaments/{tournament.pk}/standings/"
    tag = Client().get(standings)["ETag"]
    held = copies._loaded()
    held.client.set(f"{held.prefix}{tournament.pk}", version_of(tournament) - 1)
    # when a reader names the current version, then the database answers it (one query)
    response, queries = get(Client(), standings, if_none_match=tag)
    assert (response.status_code, queries) == (304, 1)


def test_a_store_never_lowers_the_copy_nor_keeps_it_alive(copies):
    # given a copy at version 10
    copies.store(1_000_001, 10)
    held = copies._loaded()
    key = f"{held.prefix}1000001"
    # then it expires within its lifetime (2 s)
    assert 0 < held.client.pttl(key) <= 2000
    # when an older version is stored (a read that raced a write), then it stays at 10
    copies.store(1_000_001, 9)
    assert copies.recall(1_000_001) == 10
    # when the same version is stored again, then its expiry does not move
    held.client.pexpire(key, 500)
    copies.store(1_000_001, 10)
    assert held.client.pttl(key) <= 500
    # when a newer one is stored, then it is the copy, for a whole lifetime again
    copies.store(1_000_001, 11)
    assert copies.recall(1_000_001) == 11
    assert held.client.pttl(key) > 500


def test_polls_are_answered_from_the_database_while_redis_is_away(organizer):
    # given the copy on, and Redis not answering
    tournament = bulk_event(organizer, 4, best_of=1)
    poll = f"/tournaments/{tournament.pk}/bracket/?since={version_of(tournament)}&region=0"
    with override_settings(
        CACHES=redis_cache("redis://127.0.0.1:1/0"), TOURNAMENT_VERSION_COPY_SECONDS=2
    ):
        # when a watcher polls, then the database answers (no error)
        response, queries = get(Client(), poll)
        assert (response.status_code, queries) == (204, 1)
        # and a store is given up quietly (the write it follows has committed)
        version_copy.store(tournament.pk, 99)
        assert version_copy.recall(tournament.pk) is None
    version_copy.reset()


def test_without_redis_there_is_no_copy(organizer, settings):
    # given the embedded mode's cache (local memory)
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    settings.TOURNAMENT_VERSION_COPY_SECONDS = 2
    # then the copy is off and polls read the database
    assert version_copy.enabled() is False
    tournament = bulk_event(organizer, 4, best_of=1)
    poll = f"/tournaments/{tournament.pk}/bracket/?since={version_of(tournament)}&region=0"
    assert get(Client(), poll)[0].status_code == 204
    assert version_copy.recall(tournament.pk) is None


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_writes_and_reads_racing_never_leave_the_copy_behind(organizer, copies):
    # given an event, and readers that read its version before the writes below (as polls
    # that found no copy and are slow to store what they read)
    tournament = bulk_event(organizer, 4, best_of=1)
    read_before = version_of(tournament)

    def write() -> None:
        for _ in range(25):
            with transaction.atomic():
                bump_version(tournament.pk)  # stores the new version once it commits
        connection.close()

    # when two writers commit at once (their stores may arrive out of order)
    writers = [threading.Thread(target=write) for _ in range(2)]
    for thread in writers:
        thread.start()
    for thread in writers:
        thread.join()
    # and the readers store what they read only now
    for _ in range(2):
        copies.store(tournament.pk, read_before)
    # then the copy names the last committed version
    assert version_of(tournament) == read_before + 50
    assert copies.recall(tournament.pk) == read_before + 50


def test_a_signed_in_page_poll_does_not_ask_the_copy(organizer, copies, monkeypatch):
    # given a running event, its copy, and its organizer signed in holding the page's tag
    tournament = bulk_event(organizer, 4, best_of=1)
    copies.store(tournament.pk, version_of(tournament))
    page = f"/tournaments/{tournament.pk}/standings/"
    signed_in = Client()
    signed_in.force_login(organizer)
    tag = signed_in.get(page)["ETag"]
    asked, stored = [], []
    monkeypatch.setattr(version_copy, "recall", lambda pk: asked.append(pk))
    monkeypatch.setattr(version_copy, "store", lambda pk, version: stored.append(pk))
    # when they poll the page, then the view answers it without asking Redis (the copy never
    # answers a page for a browser with a session), nor writing the copy in place of the read
    assert signed_in.get(page, headers={"if-none-match": tag}).status_code == 304
    assert asked == []
    assert stored == []
    # while a visitor's poll of the API still asks it, and stores it when it is missing
    Client().get(f"/api/tournaments/{tournament.pk}/standings/", headers={"if-none-match": "x"})
    assert asked == [tournament.pk]
    assert stored == [tournament.pk]
