"""The ratings sweep (issue 33): a 4,096-entry event's first round finished (2,048 matches of
registered players, decided by the organizer), then rated by the game's task in one
transaction (`ratings.tasks.game_rate_new` -> `services.results_rate`), beside the bare
baseline in the same run: OpenSkill in memory on the same outcomes in the same order
(`rules.replay_with_history`, no database). Then, for scale, the same game's next results
rated one match at a time (`services.match_rate`, a correction's or a lone result's path).

One JSON line per figure, each with the machine, date and load. A throwaway test database
(test_<name> of DATABASE_URL). `BENCH_ENTRIES` (4096: 2,048 matches), `BENCH_ONE_BY_ONE`
(64 matches rated one at a time).
Usage: DATABASE_URL=postgres://... .venv/bin/python bench/ratings_sweep.py
"""

import os
import sys
import time
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

import django

django.setup()

from django.db import connection  # noqa: E402

from bench import report  # noqa: E402
from bench.throwaway import in_test_database  # noqa: E402

ENTRIES = int(os.environ.get("BENCH_ENTRIES", "4096"))
ONE_BY_ONE = int(os.environ.get("BENCH_ONE_BY_ONE", "64"))


def emit(figure: str, value: float, unit: str, **extra) -> None:
    """One figure as a JSON line (bench/report.py: with the machine, date and load)."""
    report.emit(figure, value, unit, digits=4, **extra)


def counting(statements: list):
    """An execute wrapper that counts statements (Django's query log formats every statement
    it keeps: on a sweep's big INSERTs that cost more CPU than the sweep itself)."""

    def count(execute, sql, params, many, context):
        statements.append(1)
        return execute(sql, params, many, context)

    return count


def finished_round(organizer, entries: int, name: str) -> list[int]:
    """An event of `entries` fresh registered players, started, its first round finished as
    the organizer's decisions would leave it (the top slot wins; an audit row each, R8)."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from tournaments.models import Entry, EntryMember, Match, MatchAudit, MatchEntry
    from tournaments.services import tournament_create, tournament_start

    users = get_user_model().objects.bulk_create(
        [get_user_model()(username=f"{name}{n}", password="!") for n in range(entries)]
    )
    event = tournament_create(organizer=organizer, name=name, best_of=1)
    rows = Entry.objects.bulk_create([Entry(tournament=event, user=u) for u in users])
    EntryMember.objects.bulk_create(
        [EntryMember(entry=e, user=u, tournament=event) for e, u in zip(rows, users, strict=True)]
    )
    tournament_start(tournament=event, by_user=organizer)
    matches = list(
        Match.objects.filter(tournament=event, round__number=1, is_bye=False).order_by("index")
    )
    tops = dict(
        MatchEntry.objects.filter(match__in=matches, slot=0).values_list("match_id", "entry_id")
    )
    now = timezone.now()
    for n, match in enumerate(matches):
        match.status, match.winner_id = Match.Status.FINISHED, tops[match.pk]
        match.decided_by, match.finished_at = "organizer", now + timedelta(microseconds=n)
    Match.objects.bulk_update(matches, ["status", "winner", "decided_by", "finished_at"])
    MatchAudit.objects.bulk_create(
        [MatchAudit(match=m, actor=organizer, action="organizer") for m in matches]
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")  # as autovacuum would, long before a round's results
    return [m.pk for m in matches]


def run() -> None:
    from django.contrib.auth import get_user_model

    from ratings import rules, selectors, services, tasks
    from ratings.models import RatingChange
    from tournaments.models import Match

    organizer = get_user_model().objects.create_user(username="bench-organizer")
    ids = finished_round(organizer, ENTRIES, "p")
    matches = list(Match.objects.filter(pk__in=ids).select_related("tournament"))
    by_id = selectors.outcomes_of(matches)
    outcomes = [by_id[pk] for pk in ids]
    assert all(outcomes), "every match of the round rates"

    # the bare baseline: OpenSkill alone, in memory, on the same outcomes in the same order
    # (the least of three runs: the least disturbed by the rest of the machine)
    runs = []
    for _ in range(3):
        cpu = time.process_time()
        rules.replay_with_history(o for o in outcomes if o)
        runs.append(time.process_time() - cpu)
    bare_cpu = min(runs)
    emit("ratings_openskill_in_memory", bare_cpu, "CPU s", matches=len(ids), runs=3)

    queries: list = []
    started, cpu = time.perf_counter(), time.process_time()
    with connection.execute_wrapper(counting(queries)):
        rated = tasks.game_rate_new("combat")
    wall, cpu = time.perf_counter() - started, time.process_time() - cpu
    assert rated == len(ids) == RatingChange.objects.count() // 2, rated
    emit(
        "ratings_sweep",
        cpu,
        "CPU s",
        wall_s=round(wall, 3),
        queries=len(queries),
        matches=len(ids),
        times_in_memory=round(cpu / bare_cpu, 2),
    )

    # for scale: the next results rated one match at a time (the per-match path)
    more = finished_round(organizer, ONE_BY_ONE * 2, "q")
    queries = []
    started, cpu = time.perf_counter(), time.process_time()
    with connection.execute_wrapper(counting(queries)):
        for pk in more:
            services.match_rate(match_id=pk)
    wall, cpu = time.perf_counter() - started, time.process_time() - cpu
    emit(
        "ratings_one_match_at_a_time",
        cpu / len(more) * 1000,
        "CPU ms a match",
        wall_ms=round(wall / len(more) * 1000, 2),
        queries_a_match=round(len(queries) / len(more), 1),
        matches=len(more),
    )


def main() -> None:
    in_test_database(run)


if __name__ == "__main__":
    main()
