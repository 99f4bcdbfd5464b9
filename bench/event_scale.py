"""Event scale (issue 17): what watchers' polls and result reports cost on a 4,096-entry event,
side by side with a bare Django view and a bare transaction in the same run.

Creates a throwaway test database (test_<name> of DATABASE_URL), builds the event, reports
round 1 through `match_result_report` (half the matches: "half played"), then reads the pages
and the API through the whole Django stack (test client: middleware, sessions, templates; no
network). Times are CPU time of this process (`time.process_time`, the web worker's share)
and wall time; PostgreSQL's own work shows only in the wall time. One JSON line per figure.
Usage: DATABASE_URL=postgres://... PYTHONPATH=. .venv/bin/python bench/event_scale.py
"""

import gc
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
# production's copy of the versions in Redis (with REDIS_URL; the `_database` figures turn it off)
os.environ.setdefault("TOURNAMENT_VERSION_COPY_SECONDS", "2")

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.http import HttpResponse  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import (  # noqa: E402
    CaptureQueriesContext,
    override_settings,
    setup_test_environment,
)
from django.urls import include, path  # noqa: E402

from bench import report  # noqa: E402

ENTRIES = int(os.environ.get("BENCH_ENTRIES", "512"))  # 4096: the size
POLLS = int(os.environ.get("BENCH_POLLS", "500"))
CHANGES = int(os.environ.get("BENCH_CHANGES", "7"))
# "1": gc.freeze() once the app is set up, as config/wsgi.py and config/asgi.py do
GC_FREEZE = os.environ.get("BENCH_GC_FREEZE", "0") == "1"


class GcPauses:
    """The garbage collector's pauses while it is watching (a gc callback): (generation, ms)."""

    def __init__(self) -> None:
        self.pauses: list[tuple[int, float]] = []
        self._started = 0.0

    def __call__(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.pauses.append((info["generation"], (time.perf_counter() - self._started) * 1000))


def bare(request):
    """The bare Django view: the same middleware, no query, a fixed body."""
    return HttpResponse("ok")


urlpatterns = [path("bench/bare/", bare), path("", include("config.urls"))]


def emit(figure: str, value: float, unit: str, **extra) -> None:
    """Print one figure as a JSON line (bench/report.py: with machine, date and load)."""
    report.emit(figure, value, unit, digits=4, **extra)


QUERY_PURPOSES = [
    ("BEGIN", "open the transaction"),
    ('UPDATE "tournaments_tournament" SET "version"', "bump the version (takes the event's lock)"),
    (
        "SELECT m.",
        "lock the match; read its event, round, entries, the reporter's entry, a waiting "
        "report and the match its winner goes on to",
    ),
    ('UPDATE "tournaments_matchgame"', "supersede earlier games (only if it had some)"),
    ('INSERT INTO "tournaments_matchgame"', "the reported games"),
    (
        'UPDATE "tournaments_match"',
        "finish the match (and make the next one ready when the winner fills it)",
    ),
    ('INSERT INTO "tournaments_matchaudit"', "the audit row (who, when, before, after)"),
    ('INSERT INTO "tournaments_matchentry"', "the winner into the next match"),
    ('UPDATE "tournaments_tournament" SET "status"', "finish the event (the final only)"),
    ("COMMIT", "commit"),
]


def purpose(sql: str) -> str:
    return next((why for start, why in QUERY_PURPOSES if sql.startswith(start)), sql[:60])


def build(organizer):
    """The event and its entries, started (seeding and the whole bracket)."""
    from tournaments.models import Entry
    from tournaments.services import tournament_create, tournament_start

    tournament = tournament_create(
        organizer=organizer, name="Bench", seeding="manual", best_of=1, time_limit_minutes=50
    )
    Entry.objects.bulk_create(
        [Entry(tournament=tournament, name=f"Guest {i}", seed=i) for i in range(1, ENTRIES + 1)],
        batch_size=2000,
    )
    started = tournament_start(tournament=tournament, by_user=organizer)
    # Statistics for the planner, as autovacuum gathers them within a minute of a bulk insert
    # (50 rows + 10% of a table): a round is reported long after the start. Without them the
    # report's read scanned every match slot (0.4 ms at 4,096 entries; runs 1-10).
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    return started


def bare_transaction(match_id: int) -> None:
    """The floor a write is compared with: lock one match row and update it (4 queries)."""
    from tournaments.models import Match

    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        Match.objects.filter(pk=match.pk).update(time_called_at=None)


def _noting(statements: list):
    """An execute wrapper that notes each statement's SQL (nothing formatted, nothing timed)."""

    def note(execute, sql, params, many, context):
        statements.append(sql)
        return execute(sql, params, many, context)

    return note


def report_round(tournament, organizer, number: int) -> None:
    """Report every match of a round (the top entry wins), each beside a bare transaction."""
    from tournaments.models import Match, MatchEntry
    from tournaments.services import match_result_report

    matches = list(
        Match.objects.filter(tournament=tournament, round__number=number, is_bye=False).order_by(
            "index"
        )
    )
    tops = dict(
        MatchEntry.objects.filter(match__in=matches, slot=0).values_list("match_id", "entry_id")
    )
    spare = Match.objects.filter(tournament=tournament).order_by("-id").values_list("pk")[0][0]
    times, bare_times, counts, widest, cpu, bare_cpu = [], [], [], [], [], []
    for match in matches:
        games = [{"winner": tops[match.pk], "life": {}}]
        # Both timed the same way: statements counted by a light execute wrapper (Django's
        # query log, CaptureQueriesContext, formats every statement and cost the report alone
        # about a tenth of its time in runs 1-10); BEGIN and COMMIT are not statements there.
        statements = []
        with connection.execute_wrapper(_noting(statements)):
            started, clock = time.perf_counter(), time.process_time()
            match_result_report(match=match, by_user=organizer, games=games)
            times.append(time.perf_counter() - started)
            cpu.append(time.process_time() - clock)
        counts.append(len(statements) + 2)  # with BEGIN and COMMIT, as the query log counts
        if len(statements) + 2 >= len(widest):
            widest = ["BEGIN", *statements, "COMMIT"]
        with connection.execute_wrapper(_noting([])):
            started, clock = time.perf_counter(), time.process_time()
            bare_transaction(spare)
            bare_times.append(time.perf_counter() - started)
            bare_cpu.append(time.process_time() - clock)
    emit("report_queries_max", max(counts), "queries", reports=len(counts))
    for n, sql in enumerate(widest, start=1):
        emit(f"report_query_{n}", n, "index", purpose=purpose(sql))
    report, floor = statistics.median(times) * 1000, statistics.median(bare_times) * 1000
    emit("report_median", report, "ms", cpu_ms=round(statistics.median(cpu) * 1000, 2))
    emit(
        "bare_select_for_update_and_update_median",
        floor,
        "ms",
        cpu_ms=round(statistics.median(bare_cpu) * 1000, 2),
    )
    emit("report_over_bare_transaction", report / floor, "x", target="<= 3")


def per_request(client: Client, url: str, n: int, **headers) -> tuple[float, float, int]:
    """(CPU ms a request, requests a second by wall time, the status) over n requests."""
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(n):
        response = client.get(url, headers=headers)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return cpu / n * 1000, n / wall, response.status_code


def polls(tournament) -> None:
    """Unchanged polls against the bare view, in the same run (best of three rounds each)."""
    from tournaments.models import Tournament

    version = Tournament.objects.values_list("version", flat=True).get(pk=tournament.pk)
    client = Client()
    cases = {
        "bare_view": ("/bench/bare/", {}),
        "unchanged_bracket_poll_204": (
            f"/tournaments/{tournament.pk}/bracket/?since={version}&region=0",
            {},
        ),
    }
    # a match page's poll names its match's key (what its live part shows), not the version
    from tournaments.fastpath.match_keys import match_live_key
    from tournaments.models import Match

    watched = Match.objects.filter(tournament=tournament, round__number=2).order_by("index")[0]
    key = match_live_key(match_id=watched.pk)
    cases["unchanged_match_poll_204"] = (f"/matches/{watched.pk}/live/?since={key}", {})
    api = f"/api/tournaments/{tournament.pk}/bracket/"
    cases["unchanged_bracket_api_304"] = (api, {"if-none-match": client.get(api)["ETag"]})
    standings = f"/api/tournaments/{tournament.pk}/standings/"
    cases["unchanged_standings_api_304"] = (
        standings,
        {"if-none-match": client.get(standings)["ETag"]},
    )
    page = f"/tournaments/{tournament.pk}/"
    cases["unchanged_page_304"] = (page, {"if-none-match": client.get(page)["ETag"]})
    # the same unchanged polls answered from the database, with the version's copy off
    # (tournaments/fastpath/version_copy.py; the embedded mode, or before issue 33's copy)
    from_database = {
        f"{name}_database": cases[name]
        for name in ("unchanged_bracket_poll_204", "unchanged_standings_api_304")
    }
    best: dict[str, tuple[float, float, int]] = {}
    for _ in range(3):
        for name, (url, headers) in (cases | from_database).items():
            copy = 0 if name in from_database else settings.TOURNAMENT_VERSION_COPY_SECONDS
            with override_settings(TOURNAMENT_VERSION_COPY_SECONDS=copy):
                result = per_request(client, url, POLLS, **headers)
            if name not in best or result[1] > best[name][1]:
                best[name] = result
    bare_rate = best["bare_view"][1]
    for name, (cpu_ms, rate, status) in best.items():
        emit(f"{name}_cpu", cpu_ms, "ms", status=status)
        emit(f"{name}_rate", rate, "req/s", share_of_bare=round(rate / bare_rate, 3))


def changed_reads(tournament, organizer) -> None:
    """The first read of a page after a change (a round-2 result), when nobody has read that
    version yet: median CPU ms over CHANGES changes for each page, read cold by itself. The
    pages showing the bracket's first part (region 0) see a change in that part, so nothing
    kept for the version before applies to what they show; the API reads see changes in the
    last matches of round 2."""
    from tournaments.models import Match, MatchEntry, Tournament
    from tournaments.services import match_result_report

    sizes: dict[str, list[int]] = {}
    urls = {
        "bracket_api": f"/api/tournaments/{tournament.pk}/bracket/",
        # one round a page at a time: round 2 (1,024 matches at 4,096 entries), 256 of them
        "bracket_round_api": f"/api/tournaments/{tournament.pk}/bracket/rounds/2/",
        # the standings' first page (100 rows), and all of them (the CSV file)
        "standings_api": f"/api/tournaments/{tournament.pk}/standings/",
        "standings_csv": f"/api/tournaments/{tournament.pk}/standings/?format=csv",
        # a part of the bracket (64 first-round matches and every match after them)
        "bracket_partial": f"/tournaments/{tournament.pk}/bracket/?region=0",
        # the live update a page gets after a change: only the changed match cards
        "bracket_poll_changed": f"/tournaments/{tournament.pk}/bracket/?since={{since}}&region=0",
        "tournament_page": f"/tournaments/{tournament.pk}/",
    }
    ready = Match.objects.filter(tournament=tournament, round__number=2, status="ready")
    in_part = iter(ready.order_by("index")[: CHANGES * 3])  # region 0 has 32 at 4,096 entries
    elsewhere = iter(ready.order_by("-index")[: CHANGES * (len(urls) - 3)])
    client = Client()
    watch = GcPauses()
    gc.callbacks.append(watch)
    for name, url in urls.items():
        cpu, wall, gc_ms = [], [], []
        since = Tournament.objects.values_list("version", flat=True).get(pk=tournament.pk)
        client.get(urls["bracket_partial"])  # the page shows this version (its cards known)
        matches = elsewhere if "api" in name or "csv" in name else in_part
        for _ in range(CHANGES):
            match = next(matches)
            top = MatchEntry.objects.get(match=match, slot=0).entry_id
            games = [{"winner": top, "life": {}}]
            match_result_report(match=match, by_user=organizer, games=games)
            with CaptureQueriesContext(connection) as captured:
                watch.pauses.clear()
                started, clock = time.process_time(), time.perf_counter()
                response = client.get(url.format(since=since))
                cpu.append((time.process_time() - started) * 1000)
                wall.append((time.perf_counter() - clock) * 1000)
                gc_ms.append(sum(ms for _, ms in watch.pauses))
            assert response.status_code == 200, url
            since = Tournament.objects.values_list("version", flat=True).get(pk=tournament.pk)
            sizes.setdefault(name, []).append(len(response.content))
        emit(
            f"changed_{name}_cpu_median", statistics.median(cpu), "ms",
            wall_ms=round(statistics.median(wall), 1), entries=ENTRIES,
            queries=len(captured.captured_queries),
            body_bytes=int(statistics.median(sizes[name])),
            target="<= 30" if name == "tournament_page" else "<= 50",
            reads_cpu_ms=[round(ms, 1) for ms in cpu],
            reads_gc_ms=[round(ms, 1) for ms in gc_ms], gc_frozen=GC_FREEZE,
        )  # fmt: skip
    gc.callbacks.remove(watch)


def all_bot_draft(organizer) -> None:
    """One 8-seat all-bot Combat draft through the services (360 picks)."""
    from decks.drafting import services
    from decks.drafting.models import Pick

    draft = services.draft_create(
        organizer=organizer, game_slug="combat", seats=8, bots=8, seed="bench"
    )
    started, cpu = time.perf_counter(), time.process_time()
    services.draft_start(draft_id=draft.id, user=organizer)
    services.draft_bots_run(draft_id=draft.id)
    wall, cpu = time.perf_counter() - started, time.process_time() - cpu
    assert Pick.objects.filter(draft_id=draft.id).count() == 360
    emit("draft_all_bot_8_seats_total", wall, "s", cpu_s=round(cpu, 3), target="<= 2")


def main() -> None:
    """Run every figure in one throwaway database."""
    from django.contrib.auth import get_user_model

    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    if GC_FREEZE:
        gc.freeze()
    try:
        with override_settings(ROOT_URLCONF=__name__, ALLOWED_HOSTS=["testserver"]):
            organizer = get_user_model().objects.create_user(username="bench-organizer")
            tournament = build(organizer)
            report_round(tournament, organizer, 1)  # half the matches: "half played"
            polls(tournament)
            changed_reads(tournament, organizer)
            all_bot_draft(organizer)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
