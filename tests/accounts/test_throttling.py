"""Password guessing is limited by the real client address on the API and the log-in page
(failed log-ins per username and address: test_login_guard.py); a down cache lets requests
through instead of answering 500."""

import pytest
from django.core.cache import cache
from rest_framework.throttling import ScopedRateThrottle

pytestmark = pytest.mark.django_db


@pytest.fixture
def fresh_cache():
    cache.clear()
    yield
    cache.clear()


def guess(api_client, n: int, **headers):
    body = {"username": "bob", "password": f"guess-{n}"}
    return api_client.post("/api/auth/token/", body, format="json", **headers)


def test_a_forged_x_forwarded_for_does_not_reset_the_token_limit(
    api_client, make_user, monkeypatch, fresh_cache
):
    # given a limit of 3 token requests a minute
    make_user(username="bob")
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"auth": "3/min"})
    # when a client sends each guess with a different, made-up X-Forwarded-For
    answers = [guess(api_client, n, HTTP_X_FORWARDED_FOR=f"10.0.0.{n}") for n in range(5)]
    # then the guesses past the limit are refused all the same
    assert [r.status_code for r in answers] == [400, 400, 400, 429, 429]


def test_a_configured_proxy_count_reads_the_address_the_proxy_appended(
    api_client, make_user, monkeypatch, fresh_cache
):
    from rest_framework.settings import api_settings

    make_user(username="bob")
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"auth": "1/min"})
    monkeypatch.setattr(api_settings, "NUM_PROXIES", 1)
    # behind one trusted proxy, two clients (the last X-Forwarded-For entry) count apart
    first = guess(api_client, 1, HTTP_X_FORWARDED_FOR="spoofed, 198.51.100.1")
    second = guess(api_client, 2, HTTP_X_FORWARDED_FOR="spoofed, 198.51.100.2")
    again = guess(api_client, 3, HTTP_X_FORWARDED_FOR="other, 198.51.100.1")
    assert [first.status_code, second.status_code, again.status_code] == [400, 400, 429]


def test_the_login_page_limits_tries_per_address(client, make_user, settings, fresh_cache):
    settings.LOGIN_ADDRESS_THROTTLE_RATE = "2/min"
    answers = [client.post("/login/", {"username": f"user{n}", "password": "x"}) for n in range(3)]
    assert [r.status_code for r in answers] == [200, 200, 429]


def test_a_down_cache_lets_sign_up_through_instead_of_a_500(api_client, monkeypatch, caplog):
    from django.core.cache.backends.locmem import LocMemCache

    def cache_down(*args, **kwargs):
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(LocMemCache, "get", cache_down)
    response = api_client.post(
        "/api/auth/register/",
        {"username": "dora", "password": "correct horse battery"},
        format="json",
    )
    assert response.status_code == 201, response.content
    assert "throttle cache unavailable" in caplog.text
