"""A big bracket read in parts (issue 17): each region and each page of a round shows its
matches exactly as the whole bracket does, in a number of queries that does not grow with
the field."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from config.errors import NotFound
from tests.tournaments.helpers import bulk_event
from tests.tournaments.test_query_counts import play_some
from tournaments import selectors
from tournaments.models import Match, Tournament


def fresh(tournament) -> Tournament:
    return selectors.tournament_get(tournament_id=tournament.pk)


def whole(tournament) -> dict[int, dict]:
    bracket = selectors.bracket_get(tournament=fresh(tournament))
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
    first = selectors.bracket_region_get(tournament=tournament, region=0)
    seen = set()
    # when each region is read, then each of its matches equals the whole bracket's
    for region in range(first["regions"]):
        part = selectors.bracket_region_get(tournament=tournament, region=region)
        assert part["region"] == region
        assert [r["number"] for r in part["rounds"]] == list(range(1, len(part["rounds"]) + 1))
        for round_row in part["rounds"]:
            for match in round_row["matches"]:
                assert match == every[match["id"]]
                seen.add(match["id"])
    # and together they show every match
    assert seen == set(every)
    with pytest.raises(NotFound):
        selectors.bracket_region_get(tournament=tournament, region=first["regions"])


def test_a_rounds_pages_show_its_matches_as_the_whole_bracket_does(organizer):
    tournament = bulk_event(organizer, 300, best_of=1)
    play_some(tournament)
    every = whole(tournament)
    tournament = fresh(tournament)
    for number in (1, 2, 9):
        round_size = Match.objects.filter(tournament=tournament, round__number=number).count()
        got, offset = [], 0
        while offset < round_size:
            page = selectors.bracket_round_get(
                tournament=tournament, number=number, offset=offset, limit=100
            )
            assert page["total"] == round_size and page["offset"] == offset
            got += page["matches"]
            offset += 100
        assert [m["index"] for m in got] == list(range(round_size))
        assert all(m == every[m["id"]] for m in got)
    with pytest.raises(NotFound):
        selectors.bracket_round_get(tournament=tournament, number=10)


def test_a_player_sees_the_region_of_their_own_path(organizer, make_user):
    from tournaments.models import Entry, EntryMember

    tournament = bulk_event(organizer, 512, best_of=1)
    entry = Entry.objects.get(tournament=tournament, seed=200)
    EntryMember.objects.create(entry=entry, user=make_user(), tournament=tournament)
    tournament = fresh(tournament)
    region = selectors.bracket_region_of_user(tournament=tournament, entry_ids={entry.pk})
    part = selectors.bracket_region_get(tournament=tournament, region=region)
    assert entry.pk in {e["id"] for m in part["rounds"][0]["matches"] for e in m["entries"]}
    assert selectors.bracket_region_of_user(tournament=tournament, entry_ids=set()) == 0


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
                queries(lambda t=tournament: selectors.bracket_region_get(tournament=t, region=0)),
                queries(lambda t=tournament: selectors.bracket_region_get(tournament=t, region=0)),
                queries(lambda t=tournament: selectors.bracket_round_get(tournament=t, number=1)),
                queries(lambda t=tournament: selectors.bracket_round_get(tournament=t, number=2)),
            )
        )
    # then the same, the shape read once per version: matches, slots, games
    assert counts[0] == counts[1] == [(4, 3, 3, 3)][0]
