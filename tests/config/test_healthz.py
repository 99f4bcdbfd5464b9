"""GET /healthz reports the database and the broker, with no login."""

import os

import pytest
from django.db.utils import OperationalError

from config import views


@pytest.mark.django_db
def test_healthz_is_ok_without_login(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["database"] == "ok"
    assert body["status"] == "ok"
    assert body["broker"] in {"ok", "down"}


@pytest.mark.django_db
def test_healthz_is_503_when_the_database_is_down(client, monkeypatch):
    def broken_cursor(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr(views.connection, "cursor", broken_cursor)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["database"] == "down"


@pytest.mark.django_db
def test_healthz_reports_a_broker_that_does_not_answer(client, settings, monkeypatch):
    from config.celery import app

    monkeypatch.setattr(app.conf, "broker_url", "redis://127.0.0.1:1/0")
    response = client.get("/healthz")
    assert response.status_code == 200, "a broker outage does not take the web app down"
    assert response.json()["broker"] == "down"


@pytest.mark.django_db
def test_a_container_probe_by_ip_is_answered_where_other_pages_are_refused(client, settings):
    # Production: only the public name is allowed and HTTP is redirected to HTTPS, yet the
    # Docker health check asks http://127.0.0.1:8000/healthz.
    settings.ALLOWED_HOSTS = ["combat.example.org"]
    settings.SECURE_SSL_REDIRECT = True
    assert client.get("/healthz", HTTP_HOST="127.0.0.1:8000").status_code == 200
    assert client.head("/healthz", HTTP_HOST="127.0.0.1:8000").status_code == 200
    assert client.get("/", HTTP_HOST="127.0.0.1:8000").status_code == 400


@pytest.mark.django_db
def test_healthz_is_503_naming_a_silent_worker_and_scheduler(client, settings):
    from datetime import timedelta

    from django.utils import timezone

    from config.heartbeats.models import Heartbeat

    settings.HEALTHZ_HEARTBEATS = True
    settings.HEALTHZ_SILENT_AFTER_S = 60
    # given no heartbeat at all: nothing runs the timers
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["reasons"] == [
        "no worker heartbeat yet: is the worker running?",
        "no scheduler heartbeat yet: is the scheduler running?",
    ]
    # given a fresh worker heartbeat and a scheduler silent for two minutes
    now = timezone.now()
    Heartbeat.objects.create(name="worker", beat_at=now - timedelta(seconds=5))
    Heartbeat.objects.create(name="scheduler", beat_at=now - timedelta(seconds=120))
    response = client.get("/healthz")
    body = response.json()
    assert response.status_code == 503
    assert body["worker"]["status"] == "ok"
    assert body["scheduler"]["status"] == "silent"
    assert body["reasons"][0].startswith("scheduler silent for 12")
    # and the web container's own check leaves the background processes to theirs
    assert client.get("/healthz?scope=web").status_code == 200
    # when the scheduler beats again, all is well
    Heartbeat.objects.filter(name="scheduler").update(beat_at=now)
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["status"] == "ok"


@pytest.mark.django_db
def test_heartbeat_check_command_fails_on_a_silent_process(settings):
    from datetime import timedelta

    from django.core.management import CommandError, call_command
    from django.utils import timezone

    from config.heartbeats.beats import beat
    from config.heartbeats.models import Heartbeat

    with pytest.raises(CommandError, match="no worker heartbeat yet"):
        call_command("heartbeat_check", "worker")
    beat("worker")
    call_command("heartbeat_check", "worker")
    Heartbeat.objects.create(name="scheduler", beat_at=timezone.now() - timedelta(hours=1))
    with pytest.raises(CommandError, match="scheduler silent"):
        call_command("heartbeat_check", "beat")


@pytest.mark.django_db
def test_healthz_reuses_one_broker_connection(client, monkeypatch):
    from config.celery import app

    opened = []
    original = app.connection_for_write

    def counting():
        opened.append(1)
        return original()

    monkeypatch.setattr(views, "_broker_connection", None)
    monkeypatch.setattr(app, "connection_for_write", counting)
    for _ in range(3):
        client.get("/healthz")
    assert len(opened) <= 1


@pytest.mark.django_db
def test_a_redis_broker_is_asked_on_one_connection_and_its_loss_is_seen(client, monkeypatch):
    import redis

    from config.celery import app

    # given a Redis broker (this suite's Redis) and the health check's connection not yet made
    url = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
    monkeypatch.setattr(app.conf, "broker_url", url)
    monkeypatch.setattr(views, "_redis_client", None)
    made = []
    original = redis.Redis.from_url

    def counting(*args, **kwargs):
        made.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(redis.Redis, "from_url", counting)
    # when it is checked three times, then one client answers all three
    for _ in range(3):
        assert client.get("/healthz").json()["broker"] == "ok"
    assert len(made) == 1

    # when Redis stops answering on that connection, then the check says so (not a stale ok)
    def gone(self):
        raise redis.ConnectionError("Connection refused")

    monkeypatch.setattr(redis.Redis, "ping", gone)
    assert client.get("/healthz").json()["broker"] == "down"
    # and the next check connects anew
    monkeypatch.undo()
    monkeypatch.setattr(app.conf, "broker_url", url)
    assert client.get("/healthz").json()["broker"] == "ok"
