"""Benchmark of the tournament services on PostgreSQL: a 4,096-entry event, start to finish.

Creates a throwaway test database (test_<name> of DATABASE_URL, default the local `combat`),
builds the whole bracket with bulk inserts, then reports every result through
`match_result_report` (the organizer's entry, final at once) and prints one JSON line per figure.
Usage: DATABASE_URL=postgres://... .venv/bin/python bench/tournament_services.py
"""

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

import django

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402

from bench.report import emit  # noqa: E402

ENTRIES = int(os.environ.get("BENCH_ENTRIES", "4096"))


def build(organizer):
    """Create the event and its entries, then start it (seeding + the whole bracket)."""
    from tournaments.models import Entry
    from tournaments.services import tournament_create, tournament_start

    started = time.perf_counter()
    tournament = tournament_create(
        organizer=organizer, name="Bench", seeding="manual", best_of=1, time_limit_minutes=50
    )
    Entry.objects.bulk_create(
        [Entry(tournament=tournament, name=f"Guest {i}", seed=i) for i in range(1, ENTRIES + 1)],
        batch_size=2000,
    )
    tournament = tournament_start(tournament=tournament, by_user=organizer)
    emit(f"create_and_start_{ENTRIES}", time.perf_counter() - started, "s")
    return tournament


def play(tournament, organizer) -> list[float]:
    """Report the top slot as the winner of every match, round by round; time each report."""
    from tournaments.models import Match, MatchEntry
    from tournaments.services import match_result_report, round_start

    timings, counts = [], []
    for number in range(1, tournament.rounds.count() + 1):
        if number > 1:
            round_start(tournament=tournament, number=number, by_user=organizer)
        matches = list(
            Match.objects.filter(
                round__tournament=tournament, round__number=number, is_bye=False
            ).order_by("index")
        )
        tops = dict(
            MatchEntry.objects.filter(match__in=matches, slot=0).values_list("match_id", "entry_id")
        )
        for match in matches:
            games = [{"winner": tops[match.pk], "life": {}}]
            with CaptureQueriesContext(connection) as queries:
                started = time.perf_counter()
                match_result_report(match=match, by_user=organizer, games=games)
                timings.append(time.perf_counter() - started)
            counts.append(len(queries.captured_queries))
    tournament.refresh_from_db()
    assert tournament.status == "finished", tournament.status
    emit("queries_per_report_max", max(counts), "count")
    return timings


def main() -> None:
    """Run the benchmark in a throwaway database."""
    from django.contrib.auth import get_user_model

    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        organizer = get_user_model().objects.create_user(username="bench-organizer")
        tournament = build(organizer)
        started = time.perf_counter()
        timings = play(tournament, organizer)
        emit(f"report_every_result_{ENTRIES}", time.perf_counter() - started, "s")
        emit("reports", len(timings), "count")
        emit("time_per_report_mean", statistics.mean(timings) * 1000, "ms")
        emit("time_per_report_p95", statistics.quantiles(timings, n=20)[18] * 1000, "ms")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
