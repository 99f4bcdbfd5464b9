"""Celery entry points of the drafting app: each takes ids, calls one service, is idempotent."""

from celery import shared_task

from decks.drafting import services


@shared_task(ignore_result=True)
def draft_bots_run(draft_id: int) -> int:
    """Let the pod's bots pick until none has a pack in front of it."""
    return services.draft_bots_run(draft_id=draft_id)


@shared_task(ignore_result=True)
def draft_deadline_expire(draft_id: int, seat_index: int) -> bool:
    """Make the automatic pick for a seat whose deadline has passed (no-op otherwise)."""
    return services.draft_deadline_expire(draft_id=draft_id, seat_index=seat_index)


@shared_task(ignore_result=True)
def draft_deadlines_sweep() -> dict[str, int]:
    """Every 5 s (CELERY_BEAT_SCHEDULE): overdue picks and idle bots, in case a task was lost."""
    return services.draft_deadlines_sweep()
