"""Match deadlines outlive broker outages: a real worker (with its embedded scheduler) on a
Redis server of the test's own, stopped twice while deadlines fall due.

Before the fix in config/broker.py the worker exited with kombu's "Unrecoverable error:
AttributeError('NoneType' object has no attribute 'hostname')" on the first outage of most
runs, and from then on no deadline was enforced."""

import os
import shutil
import socket
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
from celery import Celery
from django.db import connection
from django.utils import timezone

from tests.conftest import CI, free_port
from tournaments.models import Match

ROOT = Path(__file__).resolve().parents[2]
OUTAGES_S = (3, 5)  # how long each outage lasts (the failure showed on the first, in most runs)
CATCH_UP_LIMIT_S = 30  # what falls due during an outage is enforced this soon after it ends

pytestmark = [pytest.mark.postgres, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


class RedisServer:
    """A throw-away redis-server on its own port that the test can stop and start again."""

    def __init__(self, port: int, folder: Path):
        self.port, self.folder, self.process = port, folder, None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                *("redis-server", "--port", str(self.port), "--bind", "127.0.0.1"),
                *("--save", "", "--appendonly", "no", "--dir", str(self.folder)),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(100):
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()  # as a crash or a network cut: no goodbye to the clients
            self.process.wait(timeout=10)
            self.process = None


@pytest.fixture
def redis_server(tmp_path):
    if shutil.which("redis-server") is None:
        if CI:
            pytest.fail("CI=true requires redis-server (apt-get install redis-server)")
        pytest.skip("this test starts its own redis-server, which is not installed")
    server = RedisServer(free_port(), tmp_path)
    server.start()
    yield server
    server.stop()


def start_worker(redis_url: str, var_dir: Path, log: Path) -> subprocess.Popen:
    db = connection.settings_dict
    database_url = f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    environment = {k: v for k, v in os.environ.items() if k not in {"CELERY_BROKER_URL"}}
    environment.update(
        DJANGO_SETTINGS_MODULE="config.settings.local",
        DATABASE_URL=database_url,
        REDIS_URL=redis_url,
        VAR_DIR=str(var_dir),
    )
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", "--beat"]
    options = ["--pool=solo", "--loglevel=INFO", "--without-gossip", "--without-mingle"]
    return subprocess.Popen(
        command + options, cwd=ROOT, env=environment, stdout=log.open("w"), stderr=subprocess.STDOUT
    )


def wait_until(condition, timeout_s: float) -> bool:
    limit = time.monotonic() + timeout_s
    while time.monotonic() < limit:
        if condition():
            return True
        time.sleep(0.25)
    return condition()


def time_called(match_id: int) -> bool:
    return Match.objects.filter(pk=match_id, time_called_at__isnull=False).exists()


def test_deadlines_due_during_broker_outages_are_enforced_and_the_worker_lives(
    make_event, org_client, redis_server, tmp_path, capsys
):
    from config.heartbeats.models import Heartbeat

    # given a running match for each outage (one per event) whose deadlines are still far away
    match_ids = []
    for _ in OUTAGES_S:
        tournament_id, _ = make_event(2, time_limit_minutes=30)
        assert org_client.post(f"/api/tournaments/{tournament_id}/start/").status_code == 200
        match_ids.append(Match.objects.get(round__tournament_id=tournament_id).pk)
    # and a worker with its scheduler on the test's own Redis, holding each match's deadline
    # task (an ETA task, held unacknowledged until it is due, as in production)
    redis_url = f"redis://127.0.0.1:{redis_server.port}/0"
    log = tmp_path / "worker.log"
    worker = start_worker(redis_url, tmp_path, log)
    try:
        assert wait_until(lambda: Heartbeat.objects.filter(name="worker").exists(), 90), (
            log.read_text()
        )
        # not the current app: tasks that later tests send (shared_task binds to the current
        # app) would otherwise go to this test's stopped Redis, each send waiting on it
        client = Celery(broker=redis_url, set_as_current=False)
        catch_up = []
        for match_id, outage_s in zip(match_ids, OUTAGES_S, strict=True):
            due = timezone.now() + timedelta(seconds=2)
            Match.objects.filter(pk=match_id).update(deadline=due)
            client.send_task("tournaments.tasks.match_deadline", (match_id,), eta=due)
            time.sleep(1)
            # when the broker disappears before the deadline and stays away past it
            redis_server.stop()
            time.sleep(outage_s)
            assert worker.poll() is None, "the worker died during the outage:\n" + log.read_text()
            redis_server.start()
            back = time.monotonic()
            # then the deadline is enforced soon after the broker is back
            assert wait_until(lambda m=match_id: time_called(m), CATCH_UP_LIMIT_S), (
                f"time was not called on match {match_id} within {CATCH_UP_LIMIT_S} s "
                "of the broker's return:\n" + log.read_text()[-5000:]
            )
            catch_up.append(round(time.monotonic() - back, 1))
        # and the worker lived through all of it, still taking new work
        assert worker.poll() is None, log.read_text()
        last = Match.objects.get(pk=match_ids[-1])
        assert last.time_called_at is not None
        with capsys.disabled():
            print(f"\nbroker outages {OUTAGES_S} s survived; caught up after {catch_up} s")
    finally:
        worker.terminate()
        try:
            worker.wait(timeout=30)
        except subprocess.TimeoutExpired:
            worker.kill()
    assert "Unrecoverable error" not in log.read_text()
