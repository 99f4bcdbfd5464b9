"""Sign-up, tokens and /api/me/, including the failure paths."""

import pytest

pytestmark = pytest.mark.django_db

STRONG = "trusty-falcon-93"


def register(api_client, username="alice", password=STRONG):
    return api_client.post(
        "/api/auth/register/", {"username": username, "password": password}, format="json"
    )


def test_register_returns_the_user_and_a_working_token(api_client):
    response = register(api_client)
    assert response.status_code == 201
    body = response.json()
    assert body["username"] == "alice"
    assert body["token"]
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {body['token']}")
    me = api_client.get("/api/me/")
    assert me.status_code == 200
    assert me.json()["id"] == body["id"]


def test_register_refuses_a_weak_password_naming_the_field(api_client):
    response = register(api_client, password="12345678")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid"
    assert "password" in body["errors"]
    assert any("common" in m or "numeric" in m for m in body["errors"]["password"])


def test_register_refuses_a_taken_username_in_any_case(api_client):
    register(api_client, username="alice")
    response = register(api_client, username="ALICE")
    assert response.status_code == 400
    assert "username" in response.json()["errors"]


def test_register_refuses_missing_fields_with_one_error_shape(api_client):
    response = api_client.post("/api/auth/register/", {}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert set(body) >= {"detail", "code", "errors"}
    assert set(body["errors"]) == {"username", "password"}


def test_register_refuses_an_invalid_username(api_client):
    response = register(api_client, username="no spaces!")
    assert response.status_code == 400
    assert "username" in response.json()["errors"]


def test_token_for_good_credentials(api_client):
    created = register(api_client).json()
    response = api_client.post(
        "/api/auth/token/", {"username": "alice", "password": STRONG}, format="json"
    )
    assert response.status_code == 200
    # each token request gives a new token (one per device; tokens are stored hashed, so an
    # earlier one cannot be shown again), and the sign-up's token keeps working beside it
    for token in (response.json()["token"], created["token"]):
        api_client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        assert api_client.get("/api/me/").json()["username"] == "alice"


def test_token_refused_for_a_wrong_password(api_client):
    register(api_client)
    response = api_client.post(
        "/api/auth/token/", {"username": "alice", "password": "wrong-password-1"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_credentials"


def test_me_without_credentials_is_401(api_client):
    response = api_client.get("/api/me/")
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"


def test_me_with_a_session_shows_the_logged_in_user(make_user, client):
    player = make_user()
    client.force_login(player)
    body = client.get("/api/me/").json()
    assert (body["id"], body["username"], body["is_staff"]) == (player.id, player.username, False)


def test_me_with_a_bad_token_is_401(api_client):
    api_client.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")
    response = api_client.get("/api/me/")
    assert response.status_code == 401
    assert response.json()["code"] == "authentication_failed"


def test_a_player_is_sent_to_the_admin_login_not_let_in(make_user, client):
    player = make_user()
    client.force_login(player)
    response = client.get("/admin/")
    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]


def test_nested_errors_name_the_field_path_in_plain_words(make_user, client_for):
    client = client_for(make_user())
    body = {"game": "combat", "format": "constructed", "cards": [{"name": "AS", "count": 0}]}
    response = client.post("/api/decks/validate/", body, format="json")
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert "cards[0].count" in errors
    assert "ErrorDetail" not in response.json()["detail"]


def test_token_requests_past_the_rate_get_429_in_the_error_shape(
    api_client, make_user, monkeypatch
):
    from django.core.cache import cache
    from rest_framework.throttling import ScopedRateThrottle

    make_user(username="bob")
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"auth": "3/min"})
    cache.clear()
    guesses = [
        api_client.post(
            "/api/auth/token/", {"username": "bob", "password": f"guess-{n}"}, format="json"
        )
        for n in range(4)
    ]
    cache.clear()

    assert [r.status_code for r in guesses] == [400, 400, 400, 429]
    body = guesses[-1].json()
    assert body["code"] == "throttled"
    assert "Expected available in" in body["detail"]


def test_a_token_is_given_whatever_the_case_of_the_username(api_client, make_user):
    make_user(username="Carol", password=STRONG)
    response = api_client.post(
        "/api/auth/token/", {"username": "carol", "password": STRONG}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["token"]
