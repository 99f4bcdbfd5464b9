"""The whole-bracket API answers a big bracket with its rounds and links to their pages
(RULINGS.md 21, issue 17): the pages together say what the whole bracket says, after any
change, in a constant number of queries, with ETag / 304 kept."""

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments.helpers import bulk_event
from tournaments.models import Match, Tournament
from tournaments.reads import bracket as bracket_reads
from tournaments.reads import bracket_parts as bracket_parts_reads
from tournaments.services import match_decide

PLAYABLE = ["ready", "in_progress"]


@pytest.fixture
def small_limit(monkeypatch):
    """Brackets of more than 8 matches answer in the paged form (the real limit, 1,024
    matches, needs 2,048 entries: too slow for a test)."""
    monkeypatch.setattr(bracket_parts_reads, "BRACKET_API_MAX_MATCHES", 8)


def read_paged(client, tournament_id: int) -> dict:
    """The bracket as a client of a big event reads it: the summary, then every round page
    by page (small pages, so a round takes several)."""
    summary = client.get(f"/api/tournaments/{tournament_id}/bracket/").json()
    assert summary["paged"] is True
    rounds = []
    for row in summary["rounds"]:
        assert "matches" not in row
        matches, url = [], row["page"].replace("limit=256", "limit=3")
        while len(matches) < row["total"]:
            page = client.get(url).json()
            assert page["total"] == row["total"]
            assert page["matches"], (row["number"], len(matches))  # no page short of the total
            matches += page["matches"]
            url = row["page"].replace("offset=0&limit=256", f"offset={len(matches)}&limit=3")
        rounds.append({**{k: row[k] for k in ("number", "name", "stage")}, "matches": matches})
    return {"rounds": rounds}


def whole(tournament_id: int) -> dict:
    """A fresh full build of the bracket, as JSON would carry it."""
    tournament = Tournament.objects.get(pk=tournament_id)
    body = bracket_reads.bracket_get(tournament=tournament)
    return {
        "rounds": [
            {
                **{k: r[k] for k in ("number", "name", "stage")},
                "matches": [
                    {
                        **m,
                        "started_at": m["started_at"] and m["started_at"].isoformat(),
                        "deadline": m["deadline"] and m["deadline"].isoformat(),
                    }
                    for m in r["matches"]
                ],
            }
            for r in body["rounds"]
        ]
    }


def normalized(body: dict) -> dict:
    """Datetimes as the JSON renderer writes them (Z for UTC) and as isoformat does."""
    for r in body["rounds"]:
        for m in r["matches"]:
            for key in ("started_at", "deadline"):
                if m[key]:
                    m[key] = m[key].replace("Z", "+00:00")
    return body


def test_a_small_bracket_is_whole_in_one_read(organizer, client):
    # given an event of 8 entries (7 matches, under the limit)
    tournament = bulk_event(organizer, 8)
    # when the whole-bracket API is read, then every round carries its matches, unpaged
    body = client.get(f"/api/tournaments/{tournament.pk}/bracket/").json()
    assert body["paged"] is False
    assert [len(r["matches"]) for r in body["rounds"]] == [4, 2, 1]


def test_the_pages_of_a_big_bracket_say_what_the_whole_bracket_says_after_changes(
    organizer, client, small_limit
):
    # given a 32-entry event (31 matches, over the test's limit of 8)
    tournament = bulk_event(organizer, 32)
    rng = random.Random(17)
    assert normalized(read_paged(client, tournament.pk)) == whole(tournament.pk)
    for _ in range(5):
        # when a random ready match is decided for a random entry
        ready = list(
            Match.objects.filter(tournament=tournament, status__in=PLAYABLE).order_by("pk")
        )
        match = rng.choice(ready)
        entries = list(match.slots.order_by("slot").values_list("entry_id", flat=True))
        match_decide(match=match, by_user=organizer, winner_id=rng.choice(entries))
        # then the summary and its pages, read again, equal a fresh full build
        assert normalized(read_paged(client, tournament.pk)) == whole(tournament.pk)


def test_the_paged_summary_keeps_etag_and_304(organizer, client, small_limit):
    # given a big event whose summary was read once
    tournament = bulk_event(organizer, 16)
    url = f"/api/tournaments/{tournament.pk}/bracket/"
    first = client.get(url)
    # when it is read again with its ETag, then nothing is sent
    assert client.get(url, headers={"if-none-match": first["ETag"]}).status_code == 304
    # and after a change the ETag no longer matches and the new summary is sent
    match = Match.objects.filter(tournament=tournament, status__in=PLAYABLE).order_by("pk").first()
    winner = match.slots.order_by("slot").first().entry_id
    match_decide(match=match, by_user=organizer, winner_id=winner)
    again = client.get(url, headers={"if-none-match": first["ETag"]})
    assert again.status_code == 200
    assert again.json()["paged"] is True


def queries_for(client, url: str) -> int:
    with CaptureQueriesContext(connection) as context:
        assert client.get(url).status_code == 200
    return len(context.captured_queries)


def test_the_paged_summary_takes_the_same_queries_for_any_size(organizer, client, small_limit):
    # given two events over the limit, of 16 and 256 entries
    small, large = bulk_event(organizer, 16), bulk_event(organizer, 256)
    # when each summary is read for the first time, then the queries are the same in number
    url = "/api/tournaments/{id}/bracket/"
    assert queries_for(client, url.format(id=small.pk)) == queries_for(
        client, url.format(id=large.pk)
    )


def test_the_browsable_api_shows_the_paged_summary(organizer, client, small_limit):
    # given a big event, when its bracket is opened in a browser (the browsable API)
    tournament = bulk_event(organizer, 16)
    response = client.get(f"/api/tournaments/{tournament.pk}/bracket/", HTTP_ACCEPT="text/html")
    # then the page shows the summary with the link to a round's first page
    assert response.status_code == 200
    assert f"/api/tournaments/{tournament.pk}/bracket/rounds/1/" in response.content.decode()


def test_the_pages_of_a_double_elimination_with_byes_hold_every_losers_match(
    organizer, client, small_limit
):
    # given a 22-entry double elimination: byes leave gaps in the losers' rounds' match
    # indexes (pass-throughs are not drawn), so a round's last indexes pass its match count
    tournament = bulk_event(organizer, 22, structure="double-elimination")
    gapped = [
        r
        for r in tournament.rounds.all()
        if r.matches.filter(index__gte=r.matches.count()).exists()
    ]
    assert gapped
    rng = random.Random(5)
    for _ in range(2):
        # when every round is read page by page, then the pages hold the whole bracket
        # (numbers, "Loser of match n", the winner's next match), before and after results
        assert normalized(read_paged(client, tournament.pk)) == whole(tournament.pk)
        ready = list(
            Match.objects.filter(tournament=tournament, status__in=PLAYABLE).order_by("pk")
        )
        match = rng.choice(ready)
        entries = list(match.slots.order_by("slot").values_list("entry_id", flat=True))
        match_decide(match=match, by_user=organizer, winner_id=rng.choice(entries))
