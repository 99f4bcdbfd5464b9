"""A Swiss event in the database (issue 18): start a 4,096-entry Swiss event (round 1 paired
and written), then, with round 1's results written in bulk, pair round 2 through the service
(standings from the rows, the maximum-weight pairer, the round's inserts), and read the
standings and the round's tables. One JSON line per figure; a throwaway test database.
Usage: DATABASE_URL=postgres://... .venv/bin/python bench/swiss_event.py (BENCH_ENTRIES=4096)
"""

import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

import django

django.setup()

from django.db import connection, transaction  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from bench.report import emit  # noqa: E402
from bench.throwaway import in_test_database  # noqa: E402

ENTRIES = int(os.environ.get("BENCH_ENTRIES", "4096"))


def timed(function):
    started, cpu = time.perf_counter(), time.process_time()
    with CaptureQueriesContext(connection) as queries:
        result = function()
    return result, time.perf_counter() - started, time.process_time() - cpu, len(queries)


def record_round_1(event) -> None:
    """Round 1's results, written in bulk (2-0 or 2-1 to a random entry of each table)."""
    from django.utils import timezone

    from tournaments.models import Match, MatchGame

    rng = random.Random(18)
    matches = list(Match.objects.filter(tournament=event, round__number=1, is_bye=False))
    slots = dict.fromkeys((m.pk for m in matches), ())
    for match_id, entry_id in Match.objects.filter(pk__in=slots).values_list("pk", "slots__entry"):
        slots[match_id] += (entry_id,)
    games, stamp = [], timezone.now()
    for match in matches:
        winner, loser = rng.sample(list(slots[match.pk]), 2)
        match.status, match.winner_id, match.decided_by, match.finished_at = (
            "finished",
            winner,
            "played",
            stamp,
        )
        games += [
            MatchGame(match=match, number=1, winner_id=winner, source="organizer"),
            MatchGame(match=match, number=2, winner_id=winner, source="organizer"),
        ]
        if rng.random() < 0.5:
            games[-1].winner_id = loser
            games.append(MatchGame(match=match, number=3, winner_id=winner, source="organizer"))
    Match.objects.bulk_update(matches, ["status", "winner", "decided_by", "finished_at"], 500)
    MatchGame.objects.bulk_create(games, batch_size=2000)


def run() -> None:
    from django.contrib.auth import get_user_model

    from tournaments.models import Entry, Match
    from tournaments.reads import swiss as swiss_reads
    from tournaments.services import swiss, tournament_create, tournament_start
    from tournaments.services.common import lock_tournament

    organizer = get_user_model().objects.create_user(username="bench-organizer")
    event = tournament_create(
        organizer=organizer, name="Big Swiss", structure="swiss", seeding="manual", best_of=3
    )
    Entry.objects.bulk_create(
        [Entry(tournament=event, name=f"Guest {n}", seed=n) for n in range(1, ENTRIES + 1)]
    )
    _, wall, cpu, queries = timed(
        lambda: transaction.atomic(tournament_start)(tournament=event, by_user=organizer)
    )
    emit("swiss_start_and_pair_round_1", wall, "s", cpu_s=round(cpu, 3), queries=queries,
         entries=ENTRIES)  # fmt: skip

    record_round_1(event)

    def pair_round_2():
        with transaction.atomic():
            tournament = lock_tournament(event.pk, bump=True)
            swiss.round_complete(tournament=tournament, number=1)

    _, wall, cpu, queries = timed(pair_round_2)
    assert Match.objects.filter(tournament=event, round__number=2).count() == ENTRIES // 2
    emit("swiss_pair_round_2_in_the_database", wall, "s", cpu_s=round(cpu, 3), queries=queries)
    event.refresh_from_db()
    rows, wall, cpu, queries = timed(lambda: swiss_reads.standings_rows(tournament=event))
    assert len(rows) == ENTRIES
    emit("swiss_standings_read", wall, "s", cpu_s=round(cpu, 3), queries=queries)
    tables, wall, cpu, queries = timed(lambda: swiss_reads.round_tables(tournament=event, number=2))
    assert len(tables) == ENTRIES // 2
    emit("swiss_round_tables_read", wall, "s", cpu_s=round(cpu, 3), queries=queries)


def main() -> None:
    in_test_database(run)


if __name__ == "__main__":
    main()
