"""Sign-up and log-in pages (server side; the browser flow is in tests/e2e)."""

import pytest

from accounts.models import User

pytestmark = pytest.mark.django_db


def test_signup_page_creates_the_account_and_logs_in(client):
    response = client.post("/signup/", {"username": "carol", "password": "trusty-falcon-93"})
    assert response.status_code == 302
    assert User.objects.filter(username="carol").exists()
    assert client.get("/").context["user"].username == "carol"


def test_signup_page_shows_the_password_problem_and_keeps_nothing(client):
    response = client.post("/signup/", {"username": "carol", "password": "password"})
    assert response.status_code == 200
    assert "too common" in response.content.decode()
    assert not User.objects.filter(username="carol").exists()


def test_home_page_lists_sections(client):
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Tournaments" in html
    assert "Drafts" in html
