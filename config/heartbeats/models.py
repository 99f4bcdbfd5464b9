from django.db import models


class Heartbeat(models.Model):
    """The last sign of life of one background process kind ('worker' or 'scheduler').

    In the database rather than the cache: the embedded mode's cache is per process, and a
    heartbeat must be readable by the web process that answers /healthz."""

    name = models.CharField(max_length=32, unique=True)
    beat_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.name} at {self.beat_at:%Y-%m-%d %H:%M:%S}"
