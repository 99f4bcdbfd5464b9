"""Send a Celery task once the current transaction commits, without failing the write.

A write that committed must answer its committed result even when the broker is down: the
task is only a prompt (a deadline, a bot's turn), and the periodic sweeps find whatever a lost
task would have done (see CELERY_BEAT_SCHEDULE). So a broker error here is logged, not raised.
"""

import logging
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
            logger.exception(
                "could not enqueue %s%r; the periodic sweep will catch up", task.name, args
            )

    transaction.on_commit(send)
