"""The Celery app. The broker comes from the settings: Redis when configured, else the
embedded SQLite broker under var/ (see config.settings.base and config.embedded_broker)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

app = Celery("config")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


def _add_worker_heartbeat() -> None:
    # here: the hook reads the heartbeat model, which exists only once Django has loaded the apps
    from config.heartbeats.celery_hooks import WorkerHeartbeat

    app.steps["consumer"].add(WorkerHeartbeat)


_add_worker_heartbeat()


@app.task(name="config.ping", ignore_result=False)
def ping() -> str:
    """A no-op task for health checks and the broker round-trip test."""
    return "pong"
