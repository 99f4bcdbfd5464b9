"""Write and read heartbeats. Writing never raises: a heartbeat must not take its process down
(when the database is away, the missing beats are the signal)."""

import logging
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.db import close_old_connections, connection
from django.utils import timezone

logger = logging.getLogger(__name__)

WORKER = "worker"
SCHEDULER = "scheduler"
KINDS = (WORKER, SCHEDULER)
BEAT_EVERY_S = 10.0


def beat(name: str) -> None:
    """Record that ``name`` is alive now."""
    from config.heartbeats.models import Heartbeat  # here: the Celery app imports this module

    try:
        # The worker's timer thread and beat hold their connection for hours: drop a stale one.
        if not connection.in_atomic_block:
            close_old_connections()
        Heartbeat.objects.update_or_create(name=name, defaults={"beat_at": timezone.now()})
    except Exception:
        logger.warning("could not write the %s heartbeat", name, exc_info=True)


@dataclass(frozen=True)
class Liveness:
    name: str
    beat_at: datetime | None
    age_s: float | None
    alive: bool

    @property
    def reason(self) -> str:
        if self.beat_at is None:
            return f"no {self.name} heartbeat yet: is the {self.name} running?"
        last = f"{self.beat_at:%H:%M:%S} UTC"
        return f"{self.name} silent for {self.age_s:.0f} s (last heartbeat {last})"

    def as_dict(self) -> dict:
        return {
            "status": "ok" if self.alive else "silent",
            "last_heartbeat": self.beat_at.isoformat() if self.beat_at else None,
            "age_s": round(self.age_s, 1) if self.age_s is not None else None,
        }


def liveness(names=KINDS, *, now: datetime | None = None) -> dict[str, Liveness]:
    """Each named process's last heartbeat and whether it is recent enough."""
    from config.heartbeats.models import Heartbeat  # here: the Celery app imports this module

    now = now or timezone.now()
    limit = settings.HEALTHZ_SILENT_AFTER_S
    seen = dict(Heartbeat.objects.filter(name__in=names).values_list("name", "beat_at"))
    result = {}
    for name in names:
        beat_at = seen.get(name)
        age = (now - beat_at).total_seconds() if beat_at else None
        result[name] = Liveness(name, beat_at, age, age is not None and age <= limit)
    return result
