"""Celery tasks of the ratings app: rate a game's new results a second after they commit, a
corrected match after its correction commits, and a sweep for results whose task was lost.
Idempotent (the service compares what it already rated)."""

from collections import defaultdict
from datetime import timedelta

from celery import shared_task
from django.utils import timezone

from ratings import services
from tournaments.models import Match

SWEEP_LIMIT = 500
NEW_LIMIT = 5_000  # a game's new results one run rates (a 4,096-entry round has 2,048)
# How far back a game's run looks for new results: far more than the second it waits (older
# ones that no run rated are the sweep's), and a range of the finished_at index.
NEW_SINCE = timedelta(minutes=10)


@shared_task(name="ratings.tasks.match_rate")
def match_rate(match_id: int) -> bool:
    """Queued when a match's result changes (a correction): bring the ratings up to date."""
    return services.match_rate(match_id=match_id)


@shared_task(name="ratings.tasks.game_rate_new")
def game_rate_new(game: str) -> int:
    """Queued a second after a game's matches finish (one message for all the results of
    that second, `config.enqueue.enqueue_batched_on_commit`): rate the game's finished
    matches not rated yet, in the order they finished (all its events together: a match
    rated after a later one would replay the whole game, R5)."""
    recent = Match.objects.filter(
        tournament__game=game, finished_at__gte=timezone.now() - NEW_SINCE
    )
    return _rate_unrated(recent, NEW_LIMIT)


@shared_task(name="ratings.tasks.tournament_unrate")
def tournament_unrate(tournament_id: int) -> int:
    """Queued when an event stops being rated (R8): its matches rate nobody any more."""
    return services.tournament_unrate(tournament_id=tournament_id)


@shared_task(name="ratings.tasks.ratings_sweep")
def ratings_sweep() -> int:
    """Every minute: rate the finished matches that no task rated yet (a broker outage)."""
    return _rate_unrated(Match.objects.all(), SWEEP_LIMIT)


def _rate_unrated(matches, limit: int) -> int:
    """Rate the oldest `limit` of these finished matches not rated yet: each game's in one
    transaction (`services.results_rate`, bulk writes); how many rated anyone."""
    missing = matches.filter(status=Match.Status.FINISHED, rated__isnull=True).order_by(
        "finished_at", "pk"
    )
    by_game: dict[str, list[int]] = defaultdict(list)
    for pk, game in missing.values_list("pk", "tournament__game")[:limit]:
        by_game[game].append(pk)
    return sum(
        services.results_rate(game=game, match_ids=ids) for game, ids in sorted(by_game.items())
    )
