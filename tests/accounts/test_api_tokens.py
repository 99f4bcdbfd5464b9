"""API tokens expire and can be revoked: this device, or everywhere."""

from datetime import timedelta

import pytest
from django.utils import timezone
from knox.models import AuthToken
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

STRONG = "correct horse battery staple"


def token_for(username: str) -> str:
    client = APIClient()
    response = client.post(
        "/api/auth/token/", {"username": username, "password": STRONG}, format="json"
    )
    assert response.status_code == 200, response.content
    return response.json()["token"]


def me(token: str) -> int:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client.get("/api/me/").status_code


def test_a_token_expires_after_its_lifetime(make_user, settings):
    make_user(username="alice", password=STRONG)
    token = token_for("alice")
    assert me(token) == 200
    row = AuthToken.objects.get()
    # the lifetime is API_TOKEN_TTL_HOURS (a week by default)
    assert timedelta(hours=167) < row.expiry - timezone.now() <= timedelta(hours=168)
    AuthToken.objects.update(expiry=timezone.now() - timedelta(seconds=1))
    assert me(token) == 401


def test_logout_revokes_this_token_and_logout_all_every_one(make_user):
    make_user(username="alice", password=STRONG)
    make_user(username="bob", password=STRONG)
    laptop, phone, bobs = token_for("alice"), token_for("alice"), token_for("bob")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {laptop}")
    assert client.post("/api/auth/logout/").status_code == 204
    assert (me(laptop), me(phone)) == (401, 200)
    client.credentials(HTTP_AUTHORIZATION=f"Token {phone}")
    assert client.post("/api/auth/logout-all/").status_code == 204
    assert me(phone) == 401
    assert me(bobs) == 200  # another user's tokens are untouched
    # and a revoked token cannot revoke anything
    assert client.post("/api/auth/logout-all/").status_code == 401


def test_logout_needs_a_token_and_says_so_for_a_session(make_user, client):
    user = make_user(username="carol", password=STRONG)
    assert APIClient().post("/api/auth/logout/").status_code == 401
    client.force_login(user)
    response = client.post("/api/auth/logout/")
    assert response.status_code in (400, 403)


def test_old_tokens_are_trimmed_to_the_per_user_limit(make_user, settings):
    make_user(username="dora", password=STRONG)
    tokens = [token_for("dora") for _ in range(22)]
    assert AuthToken.objects.count() == 20
    assert me(tokens[0]) == 401
    assert me(tokens[-1]) == 200
