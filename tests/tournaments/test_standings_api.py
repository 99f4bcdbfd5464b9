"""The standings API in pages (issue 33): limit/offset with the count and links, ties kept
across pages, and an unchanged poll of any page answered from the version alone."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.tournaments.helpers import bulk_event
from tournaments.models import Match
from tournaments.services import match_decide


def play_round_one(tournament, *, skip: int = 0) -> None:
    """Decide round 1 (the top entry wins) but its last `skip` matches."""
    matches = list(Match.objects.filter(tournament=tournament, round__number=1).order_by("index"))
    for match in matches[: len(matches) - skip]:
        winner = match.slots.order_by("slot").first().entry_id
        match_decide(match=match, by_user=tournament.organizer, winner_id=winner)


def pages(client, url: str) -> list[dict]:
    """Every page of `url`, following the `next` links."""
    bodies = []
    while url:
        response = client.get(url)
        assert response.status_code == 200, url
        bodies.append(response.json())
        url = bodies[-1]["next"]
    return bodies


def test_pages_of_the_standings_concatenate_to_the_whole_and_ties_keep_their_place(organizer):
    # given a 16-entry event whose round 1 is played (its 8 losers tied on one place)
    tournament = bulk_event(organizer, 16, best_of=1)
    play_round_one(tournament)
    client = Client()
    url = f"/api/tournaments/{tournament.pk}/standings/"
    whole = client.get(url).json()
    # when a reader follows pages of 5 from the first
    bodies = pages(client, f"{url}?limit=5")
    # then they are 5, 5, 5 and 1 rows that make the whole standings, in order
    assert [len(b["results"]) for b in bodies] == [5, 5, 5, 1]
    assert {b["count"] for b in bodies} == {16}
    assert [row for b in bodies for row in b["results"]] == whole["results"]
    assert (whole["next"], whole["previous"], bodies[0]["previous"]) == (None, None, None)
    assert bodies[3]["previous"].endswith(f"{url}?limit=5&offset=10")
    # and the tie that crosses the pages' edges keeps one place on both sides
    tied = whole["results"][8]
    assert tied["placement"] == whole["results"][15]["placement"]
    for before, after in ((bodies[1], bodies[2]), (bodies[2], bodies[3])):
        last, first = before["results"][-1], after["results"][0]
        assert (last["placement"], last["placement_label"]) == (
            first["placement"],
            first["placement_label"],
        )
        assert last["placement"] == tied["placement"]


def test_the_standings_come_in_pages_of_100_unless_asked(organizer):
    # given a 128-entry event
    tournament = bulk_event(organizer, 128, best_of=1)
    url = f"/api/tournaments/{tournament.pk}/standings/"
    # when a reader asks without a page, then it gets the first 100 and the link to the rest
    body = Client().get(url).json()
    assert (body["count"], len(body["results"])) == (128, 100)
    assert body["next"] == f"http://testserver{url}?limit=100&offset=100"


def test_a_page_asked_beyond_the_limits_is_the_nearest_page(organizer):
    # given a 16-entry event
    tournament = bulk_event(organizer, 16, best_of=1)
    url = f"/api/tournaments/{tournament.pk}/standings/"
    client = Client()
    # when a reader asks for no rows, too many, from past the end or with words, then it gets
    # the default page, at most 1,000 rows, no rows, or the first page
    assert len(client.get(f"{url}?limit=0").json()["results"]) == 16
    assert client.get(f"{url}?limit=99999&offset=4").json()["results"][0]["entry"]["seed"] == 5
    assert client.get(f"{url}?offset=16").json() == {
        "count": 16,
        "next": None,
        "previous": f"http://testserver{url}",
        "results": [],
    }
    assert client.get(f"{url}?limit=x&offset=y").json()["results"][0]["entry"]["seed"] == 1
    # and the CSV file has every row whatever the page asked
    csv = client.get(f"{url}?format=csv&limit=2").content.decode()
    assert len(csv.strip().splitlines()) == 17


@pytest.mark.parametrize(
    "query", ["", "?limit=5&offset=5", "?format=csv", "?format=json&limit=5", "?offset=3"]
)
def test_an_unchanged_poll_of_a_page_is_a_304_that_does_not_build_the_standings(organizer, query):
    # given a signed-in reader who has read a page of the standings
    tournament = bulk_event(organizer, 16, best_of=1)
    play_round_one(tournament, skip=4)
    client = Client()
    client.force_login(organizer)
    url = f"/api/tournaments/{tournament.pk}/standings/{query}"
    first = client.get(url)
    assert first.status_code == 200
    # when it polls with the page's tag, then 304 from one query (the version): no session,
    # no user, no standings
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url, headers={"if-none-match": first["ETag"]})
    assert again.status_code == 304
    assert len(queries.captured_queries) == 1
    assert again["ETag"] == first["ETag"]
    # and another page's tag is not this page's
    other = client.get(f"/api/tournaments/{tournament.pk}/standings/?offset=1")
    assert other["ETag"] != first["ETag"]
    # when a result changes the standings, then the same poll gets the new page and tag
    play_round_one(tournament)
    changed = client.get(url, headers={"if-none-match": first["ETag"]})
    assert changed.status_code == 200
    assert changed["ETag"] != first["ETag"]


def test_a_browsers_unchanged_poll_is_answered_by_the_view_with_the_same_tag(organizer):
    # given a reader of the browsable API (a browser's Accept header)
    tournament = bulk_event(organizer, 8, best_of=1)
    client = Client()
    url = f"/api/tournaments/{tournament.pk}/standings/"
    first = client.get(url, headers={"accept": "text/html"})
    assert first.status_code == 200
    # when it polls with the tag, then the view answers 304 (DRF's negotiation decides)
    again = client.get(url, headers={"accept": "text/html", "if-none-match": first["ETag"]})
    assert again.status_code == 304
    # and the JSON reader's tag differs from the browsable page's
    assert client.get(url)["ETag"] != first["ETag"]


@pytest.mark.parametrize("bad", ["0", "99999", "x", "1" * 5000])
def test_a_poll_naming_a_bad_round_is_told_why_not_answered_304(organizer, bad):
    # given an elimination event and a poll that would match any tag
    tournament = bulk_event(organizer, 8, best_of=1)
    url = f"/api/tournaments/{tournament.pk}/standings/?round={bad}"
    # when it names a round that is not a Swiss round's number, then a 400 says so
    response = Client().get(url, headers={"if-none-match": "*"})
    assert response.status_code == 400
    assert "round" in response.json()["errors"]


def test_the_standings_page_shows_the_standings_now_for_a_round_it_cannot_read(organizer):
    tournament = bulk_event(organizer, 8, best_of=1)
    page = Client().get(f"/tournaments/{tournament.pk}/standings/?round={'1' * 5000}")
    assert page.status_code == 200


@pytest.mark.parametrize("query", ["", "?format=csv"])
def test_the_garbage_collector_rests_while_the_standings_are_built(organizer, monkeypatch, query):
    # given an event whose standings a reader asks for, the build noting the collector's state
    import gc

    from tournaments.api import standings as standings_api

    tournament = bulk_event(organizer, 8, best_of=1)
    build, seen = standings_api.standings_get, []

    def noted(**kwargs):
        seen.append(gc.isenabled())
        return build(**kwargs)

    monkeypatch.setattr(standings_api, "standings_get", noted)
    # when the standings are read, then they were built with the collector paused, and it
    # runs again after
    response = Client().get(f"/api/tournaments/{tournament.pk}/standings/{query}")
    assert response.status_code == 200
    assert seen == [False]
    assert gc.isenabled()
