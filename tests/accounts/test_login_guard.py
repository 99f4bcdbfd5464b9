"""Failed log-ins are bounded per (username, address) and per address by django-axes, on the
log-in page and the API token endpoint alike: a guesser is slowed, and nobody can lock a
chosen player out, whose right password from another address still works (issue 34)."""

import pytest
from axes.models import AccessAttempt

pytestmark = pytest.mark.django_db

GUESSER, PLAYER_AT_HOME = "203.0.113.7", "198.51.100.20"


@pytest.fixture
def guard(settings):
    settings.AXES_ENABLED = True
    settings.LOGIN_FAILURES_PER_USERNAME_AND_ADDRESS = 3
    settings.LOGIN_FAILURES_PER_ADDRESS = 6
    yield
    AccessAttempt.objects.all().delete()


def web(client, username: str, password: str, address: str):
    return client.post("/login/", {"username": username, "password": password}, REMOTE_ADDR=address)


def api(api_client, username: str, password: str, address: str):
    return api_client.post(
        "/api/auth/token/",
        {"username": username, "password": password},
        format="json",
        REMOTE_ADDR=address,
    )


def test_a_guesser_is_stopped_on_the_page_and_the_player_logs_in_from_another_address(
    client, make_user, guard
):
    # given bob's account, and someone guessing his password from one address
    make_user(username="bob", password="the-right-one-42")
    answers = [web(client, "Bob", f"guess-{n}", GUESSER).status_code for n in range(4)]
    # then his third failure there locks that address out of bob's account (it is answered
    # so), even with his right password, with a page that says how long to wait
    assert answers == [200, 200, 429, 429]
    refused = web(client, "bob", "the-right-one-42", GUESSER)
    assert refused.status_code == 429
    assert "Too many failed log-ins" in refused.content.decode()
    assert int(refused["Retry-After"]) > 0
    # but bob, from his own address, logs in with it at once
    home = web(client, "bob", "the-right-one-42", PLAYER_AT_HOME)
    assert home.status_code == 302
    assert home["Location"] == "/"


def test_the_token_endpoint_shares_the_rule_and_the_count(api_client, client, make_user, guard):
    # given failures at bob's account from one address, on the page and the API together
    make_user(username="bob", password="the-right-one-42")
    assert web(client, "bob", "guess-1", GUESSER).status_code == 200
    assert api(api_client, "bob", "guess-2", GUESSER).status_code == 400
    # when the third failure (another case of the same name) comes, then it locks, and the
    # API says so with a 429 in the error shape, also to the right password from there
    third = api(api_client, "BOB", "guess-3", GUESSER)
    assert third.status_code == 429
    locked = api(api_client, "bob", "the-right-one-42", GUESSER)
    assert locked.status_code == 429
    body = locked.json()
    assert body["code"] == "too_many_failures"
    assert set(body) >= {"detail", "code", "errors"}
    assert int(locked["Retry-After"]) > 0
    # and bob's right password from another address gets his token
    token = api(api_client, "bob", "the-right-one-42", PLAYER_AT_HOME)
    assert token.status_code == 200
    assert token.json()["token"]


def test_an_address_that_fails_at_many_accounts_is_stopped_for_all(api_client, make_user, guard):
    # given an address trying two wrong passwords at each of several accounts (under the
    # per-account limit of 3)
    for name in ("ann", "ben", "cy"):
        make_user(username=name, password="the-right-one-42")
    answers = [
        api(api_client, name, f"guess-{n}", GUESSER).status_code
        for name in ("ann", "ben", "cy")
        for n in range(2)
    ]
    # then its sixth failure reaches the address's limit, and it is refused for any account
    assert answers == [400] * 5 + [429]
    assert api(api_client, "ann", "the-right-one-42", GUESSER).status_code == 429
    # and the same accounts still log in from elsewhere
    assert api(api_client, "ann", "the-right-one-42", PLAYER_AT_HOME).status_code == 200


def test_a_right_password_resets_the_count_for_that_address(client, make_user, guard):
    # given bob mistyped twice, then got it right
    make_user(username="bob", password="the-right-one-42")
    assert web(client, "bob", "typo-1", PLAYER_AT_HOME).status_code == 200
    assert web(client, "bob", "typo-2", PLAYER_AT_HOME).status_code == 200
    assert web(client, "bob", "the-right-one-42", PLAYER_AT_HOME).status_code == 302
    client.logout()
    # then two more typos later do not lock him out
    assert web(client, "bob", "typo-3", PLAYER_AT_HOME).status_code == 200
    assert web(client, "bob", "typo-4", PLAYER_AT_HOME).status_code == 200
    assert web(client, "bob", "the-right-one-42", PLAYER_AT_HOME).status_code == 302
