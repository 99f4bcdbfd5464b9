"""A database that drops connections (a restart, a failover, a killed backend): a read asks once
more on a new connection, a write answers 503 with the error shape and changes nothing, and
/healthz always answers JSON (config.middleware.RetryReadsOnDatabaseBlip, config.views)."""

import json
import threading
import urllib.error
import urllib.request

import psycopg
import pytest
from django.db import connection
from django.db.backends.postgresql.base import DatabaseWrapper
from django.db.utils import OperationalError
from django.test import Client

from tournaments.models import Tournament

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def kill_other_sessions() -> int:
    """End every session on the test database but this new one, as a failover does."""
    params = connection.get_connection_params()
    with psycopg.connect(**{**params, "autocommit": True}) as killer:
        rows = killer.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        ).fetchall()
    return len(rows)


@pytest.fixture
def event(make_user):
    organizer = make_user("orla")
    return Tournament.objects.create(
        name="Blip Cup", game="combat", organizer=organizer, rng_seed=7
    )


def test_a_read_on_a_dropped_connection_is_answered_from_a_new_one(event):
    client = Client(raise_request_exception=False)
    assert client.get("/api/tournaments/").status_code == 200  # the connection is kept open
    assert kill_other_sessions() >= 1
    response = client.get("/api/tournaments/")
    assert response.status_code == 200
    assert "Blip Cup" in response.content.decode()
    kill_other_sessions()
    page = client.get(f"/tournaments/{event.pk}/")
    assert page.status_code == 200
    assert "Blip Cup" in page.content.decode()


def test_a_write_on_a_dropped_connection_is_a_503_that_changed_nothing(event, client_for):
    organizer = event.organizer
    api = client_for(organizer)
    api.raise_request_exception = False
    assert api.get("/api/tournaments/").status_code == 200
    kill_other_sessions()
    body = {"name": "Never Made", "game": "combat", "deck_format": "off-the-top"}
    response = api.post("/api/tournaments/", body, format="json")
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert response.json()["code"] == "database_unavailable"
    assert set(response.json()) >= {"detail", "code", "errors"}
    connection.close()
    assert not Tournament.objects.filter(name="Never Made").exists()


@pytest.fixture
def database_refuses(monkeypatch):
    """The database down for good: every new connection is refused."""

    def refuse(self, conn_params):
        raise OperationalError("connection refused")

    connection.close()
    monkeypatch.setattr(DatabaseWrapper, "get_new_connection", refuse)
    yield
    monkeypatch.undo()
    connection.close()


def test_a_database_that_stays_away_gets_a_503_everywhere_never_a_500(event, database_refuses):
    client = Client(raise_request_exception=False)
    api = client.get("/api/tournaments/")
    assert api.status_code == 503
    assert api.json()["code"] == "database_unavailable"
    page = client.get(f"/tournaments/{event.pk}/")
    assert page.status_code == 503
    assert "Try again in a moment" in page.content.decode()
    health = client.get("/healthz")
    assert health.status_code == 503
    assert health.json()["status"] == "down"
    assert "database down" in health.json()["reasons"]


def test_under_killed_connections_at_most_1_percent_fail_and_each_failure_is_a_503(
    live_server, event, settings
):
    settings.HEALTHZ_HEARTBEATS = False
    urls = ["/healthz", "/api/tournaments/", f"/api/tournaments/{event.pk}/",
            f"/tournaments/{event.pk}/", "/tournaments/", "/"]  # fmt: skip
    answers: list[tuple[str, int, bytes]] = []
    lock = threading.Lock()
    done = threading.Event()
    kills = threading.Semaphore(0)

    def reader(offset: int) -> None:
        for number in range(120):
            url = live_server.url + urls[(number + offset) % len(urls)]
            try:
                with urllib.request.urlopen(url, timeout=60) as response:
                    answer = (url, response.status, b"")
            except urllib.error.HTTPError as error:
                answer = (url, error.code, error.read())
            with lock:
                answers.append(answer)
                if len(answers) % 10 == 0:
                    kills.release()  # one round of kills every 10 answers, whatever the speed

    def killer() -> None:
        while not done.is_set():
            if kills.acquire(timeout=0.5):
                kill_other_sessions()

    readers = [threading.Thread(target=reader, args=(n,)) for n in range(4)]
    killing = threading.Thread(target=killer)
    killing.start()
    for thread in readers:
        thread.start()
    for thread in readers:
        thread.join()
    done.set()
    killing.join()
    connection.close()  # the test's own session was ended too

    failures = [(url, status, body) for url, status, body in answers if status >= 400]
    assert len(answers) == 480
    assert len(failures) <= len(answers) // 100, failures
    for url, status, body in failures:
        assert status == 503, (url, status, body[:300])
        if "/api/" in url or url.endswith("/healthz"):
            assert "code" in json.loads(body) or json.loads(body)["status"] == "down"
