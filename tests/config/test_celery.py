"""A task round trip through a real worker process started as the README says
(`celery -A config worker --beat`), on Redis and on the embedded broker."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from celery import Celery

from config.celery import app as project_app
from tests.conftest import REDIS_URL

ROOT = Path(__file__).resolve().parents[2]


def start_worker(env: dict) -> subprocess.Popen:
    environment = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    environment.update(env, DJANGO_SETTINGS_MODULE="config.settings.local")
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--beat",
            "--pool=solo",
            "--loglevel=WARNING",
            "--without-heartbeat",
            "--without-gossip",
            "--without-mingle",
        ],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def round_trip(client: Celery, worker: subprocess.Popen, var_dir: Path) -> str:
    try:
        result = client.send_task("config.ping")
        # Another test may have left a task request on this thread's stack; this is a client.
        answer = result.get(timeout=60, disable_sync_subtasks=False)
        assert beat_started(var_dir), "the worker's embedded scheduler (--beat) did not start"
        return answer
    finally:
        worker.terminate()
        output, _ = worker.communicate(timeout=30)
        print(output)


def beat_started(var_dir: Path) -> bool:
    """Waits (at most 30 s) for the scheduler's state file, which beat opens as it starts."""
    for _ in range(60):
        if list(var_dir.glob("celerybeat-schedule*")):
            return True
        time.sleep(0.5)
    return False


@pytest.mark.redis
def test_round_trip_on_redis_with_a_real_worker(tmp_path):
    worker = start_worker({"REDIS_URL": REDIS_URL, "VAR_DIR": str(tmp_path)})
    client = Celery(broker=REDIS_URL, backend=REDIS_URL, set_as_current=False)
    assert round_trip(client, worker, tmp_path) == "pong"


def test_round_trip_on_the_embedded_broker_with_a_real_worker(tmp_path):
    worker = start_worker({"VAR_DIR": str(tmp_path)})
    (tmp_path / "results").mkdir(exist_ok=True)
    client = Celery(
        broker=f"sqlite:///{tmp_path / 'broker.sqlite3'}",
        backend=f"file://{tmp_path / 'results'}",
        set_as_current=False,
    )
    client.conf.broker_transport = "config.embedded_broker:Transport"
    assert round_trip(client, worker, tmp_path) == "pong"


def test_every_periodic_sweep_names_a_registered_task(settings):
    project_app.loader.import_default_modules()
    missing = [
        entry["task"]
        for entry in settings.CELERY_BEAT_SCHEDULE.values()
        if entry["task"] not in project_app.tasks
    ]
    assert missing == [], f"beat would send tasks no worker knows: {missing}"
