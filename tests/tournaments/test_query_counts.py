"""The bracket and standings (API and pages) take the same number of queries for 8 or 512."""

import pytest
from django.db import connection
from django.db.models import Exists, OuterRef
from django.test.utils import CaptureQueriesContext

from tests.tournaments.helpers import bulk_event
from tournaments.models import Match, MatchGame, MatchReport

URLS = [
    "/api/tournaments/{id}/bracket/",
    "/api/tournaments/{id}/standings/",
    "/api/tournaments/{id}/standings/?format=csv",
    "/tournaments/{id}/",
    "/tournaments/{id}/bracket/",
    "/tournaments/{id}/standings/",
]


def queries_for(client, url: str) -> int:
    with CaptureQueriesContext(connection) as context:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(context.captured_queries)


def play_some(tournament) -> None:
    """Decide four round-1 matches so the standings have wins, losses and games to count."""
    from tournaments.services import match_decide

    matches = Match.objects.filter(tournament=tournament, round__number=1, is_bye=False)
    for match in matches.order_by("index")[:4]:
        winner = match.slots.order_by("slot").first().entry_id
        match_decide(match=match, by_user=tournament.organizer, winner_id=winner)


def test_query_count_does_not_grow_with_the_field(organizer, client):
    # given a small and a large event, both with round 1 played
    small, large = bulk_event(organizer, 8), bulk_event(organizer, 512)
    play_some(small)
    play_some(large)
    client.force_login(organizer)
    # when each page is read for both, then the queries are the same in number
    for url in URLS:
        small_count = queries_for(client, url.format(id=small.pk))
        assert small_count == queries_for(client, url.format(id=large.pk)), url


def test_match_page_and_its_live_partial_do_not_grow_with_the_field(organizer, client):
    # given the same decided round-1 match in a small and a large event
    small, large = bulk_event(organizer, 8), bulk_event(organizer, 512)
    play_some(small)
    play_some(large)
    client.force_login(organizer)
    first = {
        t.pk: Match.objects.get(tournament=t, round__number=1, index=0).pk for t in (small, large)
    }
    # when the page and the partial it polls are read, then the queries are the same in number
    for url in ("/matches/{id}/", "/matches/{id}/live/"):
        small_count = queries_for(client, url.format(id=first[small.pk]))
        assert small_count == queries_for(client, url.format(id=first[large.pk])), url


def report_queries(match, user, winner: int) -> list[str]:
    from tournaments.services import match_result_report

    with CaptureQueriesContext(connection) as context:
        match_result_report(match=match, by_user=user, games=[{"winner": winner, "life": {}}])
    return [q["sql"] for q in context.captured_queries]


def test_a_result_report_takes_at_most_8_queries_whatever_the_field(organizer):
    # given a small and a large event (best of 1)
    from tournaments.models import MatchAudit, MatchEntry

    for size in (8, 512):
        tournament = bulk_event(organizer, size, best_of=1)
        first, second = (
            Match.objects.get(tournament=tournament, round__number=1, index=i) for i in (0, 1)
        )
        # when the organizer enters both results that feed one round-2 match
        counts = []
        for match in (first, second):
            winner = match.slots.order_by("slot").first().entry_id
            counts.append(len(report_queries(match, organizer, winner)))
        # then each took at most 8 queries (BEGIN and COMMIT included), and the winners moved
        # on, the next match is ready and each result has its audit row
        assert max(counts) <= 8, counts
        target = Match.objects.get(tournament=tournament, round__number=2, index=0)
        assert MatchEntry.objects.filter(match=target).count() == 2
        assert target.status == Match.Status.READY
        assert MatchAudit.objects.filter(match__in=[first, second]).count() == 2


def test_a_players_report_takes_at_most_8_queries(organizer, make_user):
    # given a player of a round-1 match
    from tournaments.models import EntryMember

    tournament = bulk_event(organizer, 8, best_of=1)
    match = Match.objects.get(tournament=tournament, round__number=1, index=0)
    slot = match.slots.order_by("slot").first()
    player = make_user()
    EntryMember.objects.create(entry_id=slot.entry_id, user=player, tournament=tournament)
    # when they report that they won, then it takes at most 8 queries and waits for the other
    assert len(report_queries(match, player, slot.entry_id)) <= 8
    match.refresh_from_db()
    assert match.status == Match.Status.AWAITING_CONFIRMATION


@pytest.mark.postgres
def test_the_plain_sql_read_of_a_report_gives_what_the_orm_read_gives(organizer, make_user):
    # given an event with a decided match, a forfeited slot, a player and a waiting report
    from django.db import transaction

    from tournaments.fastpath import result_read
    from tournaments.models import EntryMember, MatchReport
    from tournaments.services import common

    tournament = bulk_event(organizer, 16, best_of=1)
    first, second, third = (
        Match.objects.get(tournament=tournament, round__number=1, index=i) for i in (0, 1, 2)
    )
    winner = first.slots.order_by("slot").first().entry_id
    from tournaments.services import match_decide

    match_decide(match=first, by_user=organizer, winner_id=winner)
    second.slots.filter(slot=1).update(forfeited=True)
    player = make_user()
    slot = third.slots.order_by("slot").first()
    EntryMember.objects.create(entry_id=slot.entry_id, user=player, tournament=tournament)
    MatchReport.objects.create(
        match=third, reported_by=player, entry_id=slot.entry_id, games=[], status="pending"
    )
    final = Match.objects.filter(tournament=tournament).order_by("-round__number").first()
    # when each match is read both ways, then the objects and the facts are the same
    for match in (first, second, third, final):
        for user in (organizer, player):
            with transaction.atomic():
                raw = result_read.match_with_facts(match.pk, user)
            with transaction.atomic():
                orm = (
                    Match.objects.select_related("tournament", "round")
                    .annotate(
                        **common.result_facts(user),
                        has_games=Exists(MatchGame.objects.filter(match=OuterRef("pk"))),
                    )
                    .get(pk=match.pk)
                )
            for name in result_read.FACTS:
                assert getattr(raw, name) == getattr(orm, name), (match.pk, name)
            assert raw.__dict__.keys() >= {"status", "winner_id", "deadline"}
            for field in ("status", "winner_id", "index", "started_at", "deadline"):
                assert getattr(raw, field) == getattr(orm, field), field
            assert raw.tournament.version == orm.tournament.version
            assert raw.tournament.entries_per_match == orm.tournament.entries_per_match
            assert raw.round.number == orm.round.number


SWISS_URLS = [
    "/api/tournaments/{id}/standings/",
    "/api/tournaments/{id}/standings/?format=csv",
    "/tournaments/{id}/",
    "/tournaments/{id}/standings/",
    "/tournaments/{id}/standings/?round=1",
    "/tournaments/{id}/rounds/1/",
]


def test_swiss_pages_do_not_grow_with_the_field(organizer, client):
    # given a small and a large Swiss event, both with four round-1 tables played
    small = bulk_event(organizer, 8, structure="swiss")
    large = bulk_event(organizer, 512, structure="swiss")
    play_some(small)
    play_some(large)
    client.force_login(organizer)
    # when each Swiss page is read for both, then the queries are the same in number
    for url in SWISS_URLS:
        small_count = queries_for(client, url.format(id=small.pk))
        assert small_count == queries_for(client, url.format(id=large.pk)), url


def test_a_swiss_result_takes_at_most_9_queries_until_the_round_is_complete(organizer):
    # given a 512-entry Swiss event (best of 1)
    tournament = bulk_event(organizer, 512, best_of=1, structure="swiss")
    match = Match.objects.get(tournament=tournament, round__number=1, index=0)
    winner = match.slots.order_by("slot").first().entry_id
    # when the organizer enters one result (the round goes on), then it takes at most 9
    # queries: elimination's 8 less the next match's slot, plus whether the round is complete
    queries = report_queries(match, organizer, winner)
    assert len(queries) <= 9, queries
    match.refresh_from_db()
    assert (match.status, match.winner_id) == (Match.Status.FINISHED, winner)
    assert not tournament.rounds.filter(number=2).exists()


def test_a_changed_standings_read_takes_the_same_queries_for_8_or_512(organizer, client):
    # given a small and a large event with round 1 partly played, their standings read once
    from tournaments.services import match_decide

    counts = []
    for tournament in (bulk_event(organizer, 8), bulk_event(organizer, 512)):
        play_some(tournament)
        url = f"/api/tournaments/{tournament.pk}/standings/?limit=1000"
        match = Match.objects.filter(tournament=tournament, status__in=("ready", "in_progress"))[0]
        winner = match.slots.order_by("slot").first().entry_id
        wins = {r["entry"]["id"]: r["match_wins"] for r in client.get(url).json()["results"]}
        # when another result changes the version, then the next read builds them again...
        match_decide(match=match, by_user=organizer, winner_id=winner)
        counts.append(queries_for(client, url))
        rows = {row["entry"]["id"]: row for row in client.get(url).json()["results"]}
        assert rows[winner]["match_wins"] == wins[winner] + 1
    # ...in as many queries for 512 entries as for 8: the version, the event, and three reads
    assert counts[0] == counts[1] == 5


def report_and_after_commit(call, **kwargs) -> list[str]:
    """The queries a result write takes, including what runs once it commits (the live notice,
    the players' notices), as a request sees them: the pytest transaction never commits, so
    the on-commit callbacks are run by hand."""
    from django.test.utils import CaptureQueriesContext as Capture

    with Capture(connection) as context, _run_on_commit():
        call(**kwargs)
    return [q["sql"] for q in context.captured_queries]


def _run_on_commit():
    from contextlib import contextmanager

    from django.db import transaction

    @contextmanager
    def running():
        connection_ = transaction.get_connection()
        start = len(connection_.run_on_commit)
        try:
            yield
        finally:
            callbacks = connection_.run_on_commit[start:]
            del connection_.run_on_commit[start:]
            for _sids, callback, _robust in callbacks:
                callback()

    return running()


@pytest.mark.postgres
@pytest.mark.parametrize(
    ("entries", "settings"),
    [
        (8, {"best_of": 1}),  # two-player matches, no byes
        (6, {"best_of": 1}),  # byes: a winner meets a bye's winner waiting in round 2
        (9, {"best_of": 1, "entries_per_match": 3}),  # three-entry pods
        (16, {"best_of": 1, "entries_per_match": 4}),  # four-entry pods
        (8, {"best_of": 3}),  # best of 3
    ],
)
def test_every_organizer_result_up_to_the_final_takes_at_most_8_queries(
    organizer, entries, settings
):
    # given an event of guests (their notices cost nothing: nobody to tell)
    from tournaments.services import match_result_report

    tournament = bulk_event(organizer, entries, **settings)
    widest: list[str] = []
    # when the organizer enters every result, round by round, up to the final
    while True:
        open_matches = Match.objects.filter(tournament=tournament, is_bye=False).exclude(
            status__in=[Match.Status.PENDING, Match.Status.FINISHED]
        )
        match = open_matches.order_by("round__number", "index").first()
        if match is None:
            break
        winner = match.slots.order_by("slot").first().entry_id
        wins = (settings["best_of"] // 2) + 1
        games = [{"winner": winner, "life": {}}] * wins
        sql = report_and_after_commit(
            match_result_report, match=match, by_user=organizer, games=games
        )
        widest = max(widest, sql, key=len)
    # then every one took at most 8 queries, commit and what follows it included
    tournament.refresh_from_db()
    assert tournament.status == tournament.Status.FINISHED
    assert len(widest) <= 8, widest


@pytest.mark.postgres
def test_a_players_report_and_its_confirmation_stay_lean(organizer, make_user):
    # given two players with accounts in each of the two round-1 matches feeding one match
    from tournaments.models import EntryMember
    from tournaments.services import match_result_confirm, match_result_report

    tournament = bulk_event(organizer, 4, best_of=1)
    reports, confirms, entries = [], [], []
    for index in (0, 1):
        match = Match.objects.get(tournament=tournament, round__number=1, index=index)
        top, bottom = match.slots.order_by("slot")
        players = []
        for slot in (top, bottom):
            players.append(make_user())
            EntryMember.objects.create(
                entry_id=slot.entry_id, user=players[-1], tournament=tournament
            )
        # when one reports and the other confirms (the second fills the final)
        games = [{"winner": top.entry_id, "life": {}}]
        with CaptureQueriesContext(connection) as report:
            match_result_report(match=match, by_user=players[0], games=games)
        with CaptureQueriesContext(connection) as confirm:
            match_result_confirm(match=match, by_user=players[1])
        entries.append([top.entry_id, bottom.entry_id])
        reports.append(len(report.captured_queries))
        confirms.append(len(confirm.captured_queries))
    # then each report and each confirmation took at most 8 queries (the confirmed report's
    # UPDATE rides in the match's), the reports count as confirmed, and the final is ready
    assert max(reports) <= 8, reports
    assert max(confirms) <= 8, confirms
    assert list(
        MatchReport.objects.filter(match__tournament=tournament)
        .values_list("status", "confirmed_entries")
        .order_by("match__index")
    ) == [("confirmed", confirmed) for confirmed in entries]
    final = Match.objects.get(tournament=tournament, round__number=2, index=0)
    assert final.status == Match.Status.READY
