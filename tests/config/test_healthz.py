"""GET /healthz reports the database and the broker, with no login."""

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
