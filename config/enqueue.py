"""Send a Celery task once the current transaction commits, without failing the write.

A write that committed must answer its committed result even when the broker is down: the
task is only a prompt (a deadline, a bot's turn), and the periodic sweeps find whatever a lost
task would have done (see CELERY_BEAT_SCHEDULE). So a broker error here is logged, not raised.
"""

import logging
import time
from datetime import datetime

from django.db import transaction

logger = logging.getLogger(__name__)


def enqueue_on_commit(task, *args, eta: datetime | None = None) -> None:
    """Queue ``task(*args)`` (at ``eta`` if given) after the surrounding transaction commits."""

    def send() -> None:
        try:
            if eta is None:
                task.delay(*args)
            else:
                task.apply_async(args, eta=eta)
        except Exception:  # the broker's errors vary by transport; none may fail the write
            _log_lost(task, args)

    transaction.on_commit(send)


# When each batched call this process queued will run (time.time()), by (task name, *args).
_BATCHED_RUNS_AT: dict[tuple, float] = {}


def enqueue_batched_on_commit(task, *args, delay: float = 1.0) -> None:
    """Queue ``task(*args)`` to run ``delay`` seconds after the surrounding transaction
    commits, once for all the writes of those seconds: a write that commits while the same
    call, queued by this process, is still more than half the delay from running needs no
    message of its own (that run starts after this commit, so it sees it).

    For a task that reads what is pending from the database, never from its arguments alone
    (a result to rate is a finished match without its rating). A busy event's results then
    cost at most two broker messages a second per process, not one each (issue 17: the
    publish was a third of a report's time). A lost message (the broker down) is logged, and
    the next write sends it again; the periodic sweep covers the rest, as for
    `enqueue_on_commit`."""
    key = (task.name, *args)

    def send() -> None:
        now = time.time()
        if _BATCHED_RUNS_AT.get(key, 0.0) - now > delay / 2:
            return  # the run already queued starts after this commit
        try:
            task.apply_async(args, countdown=delay)
        except Exception:  # as above: never fail the write; the next one tries again
            _log_lost(task, args)
            return
        _forget_past(now)
        _BATCHED_RUNS_AT[key] = now + delay

    transaction.on_commit(send)


def _forget_past(now: float) -> None:
    # list() copies the items at once (other threads of this process may queue meanwhile)
    for key, runs_at in list(_BATCHED_RUNS_AT.items()):
        if runs_at < now:
            _BATCHED_RUNS_AT.pop(key, None)


def _log_lost(task, args) -> None:
    logger.exception("could not enqueue %s%r; the periodic sweep will catch up", task.name, args)
