"""Celery tasks of the ratings app: rate a match after its result commits, and a sweep for
results whose task was lost. Idempotent (the service compares what it already rated)."""

from celery import shared_task

from ratings import services
from tournaments.models import Match

SWEEP_LIMIT = 500


@shared_task(name="ratings.tasks.match_rate")
def match_rate(match_id: int) -> bool:
    """Queued when a match's result counts or changes: bring the ratings up to date."""
    return services.match_rate(match_id=match_id)


@shared_task(name="ratings.tasks.ratings_sweep")
def ratings_sweep() -> int:
    """Every minute: rate the finished matches that no task rated yet (a broker outage)."""
    missing = Match.objects.filter(status=Match.Status.FINISHED, rated__isnull=True).order_by(
        "finished_at", "pk"
    )
    ids = list(missing.values_list("pk", flat=True)[:SWEEP_LIMIT])
    return sum(services.match_rate(match_id=pk) for pk in ids)
