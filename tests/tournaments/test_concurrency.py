"""Real threads on PostgreSQL: results and sweeps racing each other stay consistent."""

import threading

import pytest
from django.db import connection

from tests.tournaments.helpers import bulk_event, make_overdue
from tournaments import tasks
from tournaments.models import Match, MatchAudit, Round
from tournaments.services import match_decide

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def race(*calls) -> list:
    """Run the calls at the same moment, each in its own thread and connection."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(i, call):
        try:
            barrier.wait()
            results[i] = call()
        except Exception as exc:  # collected and checked by the test
            results[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def first_slot(match: Match) -> int:
    return match.slots.order_by("slot").first().entry_id


def test_sibling_results_at_once_both_reach_the_next_match(organizer):
    # given a 4-entry bracket: two semi-finals feeding one final
    tournament = bulk_event(organizer, 4)
    semis = list(Match.objects.filter(tournament=tournament, round__number=1).order_by("index"))
    winners = [first_slot(m) for m in semis]
    # when both semi-finals are decided at the same moment
    results = race(
        *[
            (lambda m=m, w=w: match_decide(match=m, by_user=organizer, winner_id=w))
            for m, w in zip(semis, winners, strict=True)
        ]
    )
    # then both succeed and the final knows both finalists and is ready
    assert not [r for r in results if isinstance(r, Exception)]
    final = Match.objects.get(tournament=tournament, round__number=2)
    assert final.status == "ready"
    assert sorted(final.slots.values_list("entry_id", flat=True)) == sorted(winners)


def test_the_same_match_decided_twice_at_once_is_finished_once(organizer):
    tournament = bulk_event(organizer, 2)
    match = Match.objects.get(tournament=tournament)
    a, b = match.slots.order_by("slot").values_list("entry_id", flat=True)
    race(
        lambda: match_decide(match=match, by_user=organizer, winner_id=a),
        lambda: match_decide(match=match, by_user=organizer, winner_id=b),
    )
    match.refresh_from_db()
    assert match.status == "finished"
    # the second decision, seeing the first, is recorded as a correction of it
    actions = list(MatchAudit.objects.filter(match=match).values_list("action", flat=True))
    assert actions == ["decide", "correction"]
    tournament.refresh_from_db()
    assert tournament.status == "finished"


def test_last_matches_of_a_random_round_open_the_next_round_once(organizer):
    tournament = bulk_event(organizer, 4, pairing="random", best_of=1)
    matches = list(Match.objects.filter(tournament=tournament, round__number=1))
    race(
        *[
            (lambda m=m: match_decide(match=m, by_user=organizer, winner_id=first_slot(m)))
            for m in matches
        ]
    )
    assert Round.objects.filter(tournament=tournament, number=2).count() == 1
    final = Match.objects.get(tournament=tournament, round__number=2)
    assert final.slots.count() == 2


def test_two_sweeps_at_once_call_time_once_per_match(organizer):
    # given 16 overdue matches
    from django.utils import timezone

    tournament = bulk_event(organizer, 32, time_limit_minutes=5)
    Match.objects.filter(tournament=tournament, status="in_progress").update(
        deadline=timezone.now() - timezone.timedelta(seconds=1)
    )
    # when two workers sweep at the same moment (and a scheduled task fires too)
    results = race(
        tasks.match_deadlines_sweep,
        tasks.match_deadlines_sweep,
        lambda: tasks.tournament_deadlines(tournament.pk),
    )
    # then each match had time called exactly once
    assert sum(results) == 16
    called = MatchAudit.objects.filter(match__tournament=tournament, action="time-called")
    assert called.count() == 16
    assert called.values("match").distinct().count() == 16


def test_the_deadline_task_and_the_sweep_at_once_call_time_once(organizer):
    # given one overdue match
    tournament = bulk_event(organizer, 2, time_limit_minutes=5)
    match = Match.objects.get(tournament=tournament)
    make_overdue(match.pk)
    # when its scheduled task and the periodic sweep run at the same moment
    results = race(lambda: tasks.match_deadline(match.pk), tasks.match_deadlines_sweep)
    # then exactly one of them called time, once
    assert sorted(int(r) for r in results) == [0, 1]
    assert MatchAudit.objects.filter(match=match, action="time-called").count() == 1


def test_two_players_reporting_at_once_leave_one_report_to_confirm(organizer, make_user):
    # given a best-of-3 match between two registered players
    from tournaments.models import Entry, EntryMember, MatchReport
    from tournaments.services import match_result_confirm, match_result_report, tournament_create
    from tournaments.services import tournament_start as start

    tournament = tournament_create(organizer=organizer, name="Race", seeding="manual")
    users = [make_user(), make_user()]
    for seed, user in enumerate(users, start=1):
        entry = Entry.objects.create(tournament=tournament, user=user, seed=seed)
        EntryMember.objects.create(entry=entry, user=user, tournament=tournament)
    start(tournament=tournament, by_user=organizer)
    match = Match.objects.get(tournament=tournament)
    a, b = match.slots.order_by("slot").values_list("entry_id", flat=True)
    # when each player reports their own 2-0 win at the same moment
    results = race(
        *[
            (
                lambda u=u, w=w: match_result_report(
                    match=match, by_user=u, games=[{"winner": w}, {"winner": w}]
                )
            )
            for u, w in zip(users, (a, b), strict=True)
        ]
    )
    # then both are accepted in turn: the later one supersedes the earlier, one stays pending
    assert not [r for r in results if isinstance(r, Exception)]
    reports = MatchReport.objects.filter(match=match)
    assert sorted(reports.values_list("status", flat=True)) == ["pending", "superseded"]
    pending = reports.get(status="pending")
    match.refresh_from_db()
    assert match.status == "awaiting_confirmation"
    # and the other player confirming it finishes the match with that report's winner
    other = users[1] if pending.reported_by_id == users[0].pk else users[0]
    match_result_confirm(match=match, by_user=other)
    match.refresh_from_db()
    assert (match.status, match.winner_id) == ("finished", pending.entry_id)
