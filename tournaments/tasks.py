"""Celery tasks of the tournaments app: match deadlines. Each takes ids, calls a service, and is
idempotent and safe to run at the same time as another (the services lock the rows)."""

import logging

from celery import shared_task

from config.errors import NotFound
from tournaments.services import match_deadline_enforce, overdue_match_ids

logger = logging.getLogger(__name__)


@shared_task(name="tournaments.tasks.match_deadline")
def match_deadline(match_id: int) -> bool:
    """Scheduled at one match's deadline: call time on it if it is still running and due."""
    try:
        return match_deadline_enforce(match_id=match_id)
    except NotFound:  # the match (or its tournament) was deleted since: nothing to do
        return False


@shared_task(name="tournaments.tasks.tournament_deadlines")
def tournament_deadlines(tournament_id: int) -> int:
    """Scheduled at a round's shared deadline: call time on the tournament's overdue matches."""
    return _enforce(overdue_match_ids(tournament_id=tournament_id, limit=100_000))


@shared_task(name="tournaments.tasks.match_deadlines_sweep")
def match_deadlines_sweep() -> int:
    """Every 30 s (beat): call time on every overdue match, in case a scheduled task was lost."""
    return _enforce(overdue_match_ids(limit=5_000))


def _enforce(match_ids: list[int]) -> int:
    called = 0
    for match_id in match_ids:
        try:
            called += 1 if match_deadline_enforce(match_id=match_id) else 0
        except Exception:  # one broken match must not stop the sweep of the others
            logger.exception("calling time on match %s failed", match_id)
    return called
