"""A league season (issue 18): record a season of events of registered players through the
services (create, register, start, every match decided, added to the league), rate every match,
then read the season's leaderboard and a player's history, cold and warm.

One JSON line per figure. By default 3 events of 64 players (fast); the issue's season is
BENCH_EVENTS=50 BENCH_PLAYERS=64. A throwaway test database (test_<name> of DATABASE_URL).
Usage: DATABASE_URL=postgres://... .venv/bin/python bench/league_season.py
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

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from bench.report import emit  # noqa: E402
from bench.throwaway import in_test_database  # noqa: E402

EVENTS = int(os.environ.get("BENCH_EVENTS", "3"))
PLAYERS = int(os.environ.get("BENCH_PLAYERS", "64"))
POOL = PLAYERS * 2  # the season's players; each event draws PLAYERS of them


def record_event(organizer, users, league, number: int, rng: random.Random) -> int:
    """One event through the services; returns how many matches were decided."""
    from leagues.services import league_event_add
    from tournaments.models import Entry, EntryMember, Match
    from tournaments.services import match_decide, tournament_create, tournament_start

    event = tournament_create(organizer=organizer, name=f"Week {number}", best_of=1)
    players = rng.sample(users, PLAYERS)
    entries = Entry.objects.bulk_create([Entry(tournament=event, user=u) for u in players])
    EntryMember.objects.bulk_create(
        [
            EntryMember(entry=e, user=u, tournament=event)
            for e, u in zip(entries, players, strict=True)
        ]
    )
    tournament_start(tournament=event, by_user=organizer)
    playable = Match.objects.filter(tournament=event, status__in=["ready", "in_progress"])
    decided = 0
    while (match := playable.order_by("round__number", "index").first()) is not None:
        slots = list(match.slots.values_list("entry_id", flat=True))
        match_decide(match=match, by_user=organizer, winner_id=rng.choice(slots))
        decided += 1
    league_event_add(league=league, by_user=organizer, tournament_id=event.pk)
    return decided


def season() -> None:
    """Record the season, rate it, recompute it, then read its leaderboard and pages."""
    league, finished = record_season()
    rate_and_recompute(finished)
    read_leaderboard(league)


def record_season():
    """Every event of the season through the services; (the league, finished match ids)."""
    from django.contrib.auth import get_user_model

    from leagues.services import league_create
    from tournaments.models import Match

    users_model = get_user_model()
    organizer = users_model.objects.create_user(username="bench-organizer")
    users = users_model.objects.bulk_create(
        [users_model(username=f"player{n}", password="!") for n in range(POOL)]
    )
    league = league_create(
        organizer=organizer, name="Bench season", counted_events=max(1, EVENTS * 3 // 5)
    )
    rng = random.Random(18)
    started, cpu = time.perf_counter(), time.process_time()
    matches = sum(record_event(organizer, users, league, n, rng) for n in range(1, EVENTS + 1))
    wall, cpu = time.perf_counter() - started, time.process_time() - cpu
    emit("season_record_total", wall, "s", cpu_s=round(cpu, 3), events=EVENTS, players=PLAYERS)
    emit("season_record_per_match_decided", wall / matches * 1000, "ms", matches=matches)

    finished = list(
        Match.objects.filter(status="finished")
        .order_by("finished_at", "pk")
        .values_list("pk", flat=True)
    )
    return league, finished


def rate_and_recompute(finished: list[int]) -> None:
    """Rate every finished match, then a correction's cost beside the bare fold."""
    from ratings.services import match_rate

    started = time.perf_counter()
    for pk in finished:
        match_rate(match_id=pk)
    wall = time.perf_counter() - started
    emit("ratings_per_match", wall / len(finished) * 1000, "ms", matches=len(finished))
    # a correction's cost: the whole game replayed, its ratings and rating history rewritten
    from ratings import rules
    from ratings import selectors as rating_selectors
    from ratings.models import RatingChange
    from ratings.services import game_recompute

    # the bare baseline: the fold alone (read the outcomes, replay them in memory, no writes)
    started, cpu_started = time.perf_counter(), time.process_time()
    rules.replay(r.outcome for r in rating_selectors.game_outcomes(game="combat"))
    emit(
        "ratings_replay_only",
        time.perf_counter() - started,
        "s",
        cpu_s=round(time.process_time() - cpu_started, 3),
        matches=len(finished),
    )

    started, cpu_started = time.perf_counter(), time.process_time()
    game_recompute(game="combat")
    emit(
        "ratings_recompute_game",
        time.perf_counter() - started,
        "s",
        cpu_s=round(time.process_time() - cpu_started, 3),
        matches=len(finished),
        history_rows=RatingChange.objects.count(),
    )


def read_leaderboard(league) -> None:
    """The leaderboard cold and warm (with its queries), then its page, its CSV and a history."""
    from django.core.cache import cache

    from leagues import selectors

    cache.clear()
    for label in ("cold", "warm"):
        started, cpu = time.perf_counter(), time.process_time()
        with CaptureQueriesContext(connection) as queries:
            board = selectors.leaderboard_get(league=league)
        wall, cpu = time.perf_counter() - started, time.process_time() - cpu
        emit(f"leaderboard_{label}", wall, "s", cpu_s=round(cpu, 3), queries=len(queries))
    assert len(board["events"]) == EVENTS
    assert board["lines"]
    client = Client()
    for label, path in (
        ("leaderboard_page", f"/leagues/{league.pk}/"),
        ("leaderboard_csv", f"/api/leagues/{league.pk}/leaderboard/?format=csv"),
        ("history_page", "/players/player0/history/"),
    ):
        started = time.perf_counter()
        response = client.get(path)
        assert response.status_code == 200, (path, response.status_code)
        emit(label, time.perf_counter() - started, "s")


def main() -> None:
    in_test_database(season)


if __name__ == "__main__":
    main()
