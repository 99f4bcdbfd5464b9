"""A big bracket read in parts (issue 17): each region and each page of a round shows its
matches exactly as the whole bracket does, in a number of queries that does not grow with
the field."""

from itertools import pairwise

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from config.errors import NotFound
from tests.tournaments.helpers import bulk_event, signed_in_player_of_seed
from tests.tournaments.test_query_counts import play_some
from tournaments.models import Match, Tournament
from tournaments.reads import bracket as bracket_reads
from tournaments.reads import bracket_parts as bracket_parts_reads
from tournaments.reads import events as events_reads


def fresh(tournament) -> Tournament:
    return events_reads.tournament_get(tournament_id=tournament.pk)


def whole(tournament) -> dict[int, dict]:
    bracket = bracket_reads.bracket_get(tournament=fresh(tournament))
    return {m["id"]: m for r in bracket["rounds"] for m in r["matches"]}


@pytest.mark.parametrize(
    ("entries", "settings"),
    [
        (300, {"best_of": 1}),  # 256 first-round matches with byes: 4 regions
        (200, {"best_of": 1, "entries_per_match": 4}),  # 64 four-entry matches: 1 region
        (700, {"best_of": 1, "entries_per_match": 4}),  # 256 of four: 4 regions
        (300, {"best_of": 1, "pairing": "random"}),
    ],
)
def test_every_region_shows_its_matches_as_the_whole_bracket_does(organizer, entries, settings):
    # given a big event with some results
    tournament = bulk_event(organizer, entries, **settings)
    play_some(tournament)
    every = whole(tournament)
    tournament = fresh(tournament)
    first = bracket_parts_reads.bracket_region_get(tournament=tournament, region=0)
    seen = set()
    # when each region is read, then each of its matches equals the whole bracket's
    for region in range(first["regions"]):
        part = bracket_parts_reads.bracket_region_get(tournament=tournament, region=region)
        assert part["region"] == region
        assert [r["number"] for r in part["rounds"]] == list(range(1, len(part["rounds"]) + 1))
        for round_row in part["rounds"]:
            for match in round_row["matches"]:
                assert match == every[match["id"]]
                seen.add(match["id"])
    # and together they show every match
    assert seen == set(every)
    with pytest.raises(NotFound):
        bracket_parts_reads.bracket_region_get(tournament=tournament, region=first["regions"])


def test_a_rounds_pages_show_its_matches_as_the_whole_bracket_does(organizer):
    tournament = bulk_event(organizer, 300, best_of=1)
    play_some(tournament)
    every = whole(tournament)
    tournament = fresh(tournament)
    for number in (1, 2, 9):
        round_size = Match.objects.filter(tournament=tournament, round__number=number).count()
        got, offset = [], 0
        while offset < round_size:
            page = bracket_parts_reads.bracket_round_get(
                tournament=tournament, number=number, offset=offset, limit=100
            )
            assert page["total"] == round_size
            assert page["offset"] == offset
            got += page["matches"]
            offset += 100
        assert [m["index"] for m in got] == list(range(round_size))
        assert all(m == every[m["id"]] for m in got)
    with pytest.raises(NotFound):
        bracket_parts_reads.bracket_round_get(tournament=tournament, number=10)


def test_a_player_sees_the_region_of_their_own_path(organizer, make_user):
    from tournaments.models import Entry, EntryMember

    tournament = bulk_event(organizer, 512, best_of=1)
    entry = Entry.objects.get(tournament=tournament, seed=200)
    EntryMember.objects.create(entry=entry, user=make_user(), tournament=tournament)
    tournament = fresh(tournament)
    region = bracket_parts_reads.bracket_region_of_user(tournament=tournament, entry_ids={entry.pk})
    part = bracket_parts_reads.bracket_region_get(tournament=tournament, region=region)
    assert entry.pk in {e["id"] for m in part["rounds"][0]["matches"] for e in m["entries"]}
    assert bracket_parts_reads.bracket_region_of_user(tournament=tournament, entry_ids=set()) == 0


def queries(read) -> int:
    with CaptureQueriesContext(connection) as context:
        read()
    return len(context.captured_queries)


def test_region_and_round_reads_take_the_same_queries_for_8_or_2048_entries(organizer):
    # given a small and a big event with results, byes in neither
    small, big = bulk_event(organizer, 8, best_of=1), bulk_event(organizer, 2048, best_of=1)
    counts = []
    for tournament in (small, big):
        play_some(tournament)
        tournament = fresh(tournament)
        counts.append(
            (
                queries(
                    lambda t=tournament: bracket_parts_reads.bracket_region_get(
                        tournament=t, region=0
                    )
                ),
                queries(
                    lambda t=tournament: bracket_parts_reads.bracket_region_get(
                        tournament=t, region=0
                    )
                ),
                queries(
                    lambda t=tournament: bracket_parts_reads.bracket_round_get(
                        tournament=t, number=1
                    )
                ),
                queries(
                    lambda t=tournament: bracket_parts_reads.bracket_round_get(
                        tournament=t, number=2
                    )
                ),
            )
        )
    # then the same, the shape read once per version: the matches with the slots and games
    # of those shown in one statement (PostgreSQL, `fastpath.part_read`; three elsewhere)
    expected = (2, 1, 1, 1) if connection.vendor == "postgresql" else (4, 3, 3, 3)
    assert counts[0] == counts[1] == expected


def api_queries(client, url: str, **headers):
    with CaptureQueriesContext(connection) as context:
        response = client.get(url, headers=headers)
    return response, len(context.captured_queries)


def test_the_round_api_reads_a_page_of_a_round_in_the_same_queries_for_8_or_2048(organizer):
    from django.test import Client

    small, big = bulk_event(organizer, 8, best_of=1), bulk_event(organizer, 2048, best_of=1)
    counts = []
    for tournament in (small, big):
        play_some(tournament)
        url = f"/api/tournaments/{tournament.pk}/bracket/rounds/1/?offset=2&limit=3"
        # when a client reads a page of round 1
        response, cold = api_queries(Client(), url)
        assert response.status_code == 200
        body = response.json()
        # then it gets those matches, the round's size and name, and an ETag
        assert [m["index"] for m in body["matches"]] == (
            [2, 3] if tournament is small else [2, 3, 4]
        )
        assert body["offset"] == 2
        assert body["total"] == (4 if tournament is small else 1024)
        assert body["name"] == ("Quarterfinals" if tournament is small else "Round 1")
        assert all(m["number"] for m in body["matches"])
        again, warm = api_queries(Client(), url, if_none_match=response["ETag"])
        assert again.status_code == 304
        assert warm == 1
        counts.append(cold)
    # and the same number of queries whatever the size of the event
    assert counts[0] == counts[1]


def test_the_round_api_refuses_what_it_cannot_answer(organizer):
    from django.test import Client

    tournament = bulk_event(organizer, 8, best_of=1)
    base = f"/api/tournaments/{tournament.pk}/bracket/rounds"
    assert Client().get(f"{base}/4/").status_code == 404
    assert Client().get(f"{base}/4/").json()["code"] == "round_not_found"
    for bad in ("limit=0", "limit=5000", "offset=-1", "limit=many"):
        response = Client().get(f"{base}/1/?{bad}")
        assert response.status_code == 400, bad
    assert Client().get("/api/tournaments/999999/bracket/rounds/1/").status_code == 404


def test_a_big_brackets_page_shows_one_part_and_a_menu_of_the_others(organizer, make_user):
    from django.test import Client

    # given a 512-entry event (256 first-round matches: 4 parts) where a user plays seed 200
    tournament = bulk_event(organizer, 512, best_of=1)
    entry, client = signed_in_player_of_seed(tournament, 200, make_user())
    # when the player opens the event, then they see the part with their path, marked
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert page.count('<li id="match-') == 64 + 32 + 16 + 8 + 4 + 2 + 1 + 1 + 1
    assert "Guest 200" in page
    assert page.count("my-match") == 1
    index = Match.objects.get(tournament=tournament, round__number=1, slots__entry=entry).index
    part = index // 64
    assert f"part {part + 1} of 4" in page
    assert f"round 1 matches {part * 64 + 1}&ndash;{part * 64 + 64}" in page
    # when a spectator asks for the last part, then it comes alone as the bracket's partial
    last = Client().get(f"/tournaments/{tournament.pk}/bracket/?region=3").content.decode()
    assert last.startswith('<div id="bracket"')
    assert "part 4 of 4" in last
    assert "my-match" not in last
    # and a part the bracket does not have is a 404
    assert Client().get(f"/tournaments/{tournament.pk}/?region=4").status_code == 404


def test_the_parts_menu_numbers_first_round_matches_without_the_byes(organizer):
    # given 300 entries: 256 first-round matches, 212 of them byes, in 4 parts
    tournament = fresh(bulk_event(organizer, 300, best_of=1))
    parts = bracket_parts_reads.bracket_region_get(tournament=tournament, region=0)["parts"]
    played = Match.objects.filter(tournament=tournament, round__number=1, is_bye=False).count()
    # then the parts' match numbers follow on from each other, 1 to the last played match
    numbered = [p for p in parts if p["first"] is not None]
    assert [p["region"] for p in parts] == [0, 1, 2, 3]
    assert numbered[0]["first"] == 1
    assert numbered[-1]["last"] == played
    for before, after in pairwise(numbered):
        assert after["first"] == before["last"] + 1
    # and each part's numbers are those its cards show
    for part in numbered:
        region = bracket_parts_reads.bracket_region_get(
            tournament=tournament, region=part["region"]
        )
        numbers = [m["number"] for m in region["rounds"][0]["matches"] if m["number"]]
        assert (min(numbers), max(numbers)) == (part["first"], part["last"])
