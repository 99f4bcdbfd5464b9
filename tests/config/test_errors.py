"""Every error under /api/ has the one shape {detail, code, errors}, whatever goes wrong."""

import pytest
from django.test import Client

from accounts import api as accounts_api

pytestmark = pytest.mark.django_db


def assert_error_shape(response, status: int, code: str) -> dict:
    assert response.status_code == status
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert set(body) >= {"detail", "code", "errors"}
    assert body["code"] == code
    return body


@pytest.mark.parametrize("debug", [False, True])
def test_an_unknown_api_address_is_a_json_404_in_every_mode(api_client, settings, debug):
    settings.DEBUG = debug
    for path in ("/api/", "/api/no-such-thing/", "/api/tournaments/x/y/z"):
        assert_error_shape(api_client.get(path), 404, "not_found")


def test_a_missing_trailing_slash_is_named_not_redirected(api_client):
    response = api_client.post(
        "/api/auth/register", {"username": "u", "password": "p"}, format="json"
    )
    body = assert_error_shape(response, 404, "not_found")
    assert "/api/auth/register/" in body["detail"]


def test_a_method_the_endpoint_does_not_take_is_405(api_client):
    assert_error_shape(api_client.delete("/api/auth/token/"), 405, "method_not_allowed")


def test_unparseable_json_is_400_saying_so(api_client):
    response = api_client.post("/api/auth/token/", "{not json", content_type="application/json")
    body = assert_error_shape(response, 400, "parse_error")
    assert "JSON" in body["detail"]


def test_an_unsupported_body_type_is_415(api_client):
    response = api_client.post("/api/auth/token/", "username=a", content_type="text/plain")
    assert_error_shape(response, 415, "unsupported_media_type")


def test_a_session_write_without_the_csrf_token_is_403(make_user):
    client = Client(enforce_csrf_checks=True)
    client.force_login(make_user())
    response = client.post(
        "/api/auth/token/", {"username": "a", "password": "b"}, content_type="application/json"
    )
    body = assert_error_shape(response, 403, "permission_denied")
    assert "CSRF" in body["detail"]


def test_an_unexpected_failure_is_a_json_500_not_a_page(monkeypatch):
    def broken(request):
        raise RuntimeError("a bug")

    monkeypatch.setattr(accounts_api, "_credentials", broken)
    client = Client(raise_request_exception=False)
    response = client.post("/api/auth/token/", {}, content_type="application/json")
    assert_error_shape(response, 500, "server_error")


def test_a_page_that_does_not_exist_is_an_html_404(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert "Nothing is at this address" in response.content.decode()


def test_a_body_over_the_upload_limit_is_a_400_saying_so(client_for, make_user, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    client = client_for(make_user())
    response = client.post("/api/tournaments/", {"name": "x" * 2000}, format="json")
    body = assert_error_shape(response, 400, "too_large")
    assert "too large" in body["detail"]


def test_too_many_form_fields_is_a_400_saying_so(client_for, make_user):
    fields = "&".join(f"f{i}=1" for i in range(2000))
    response = client_for(make_user()).post(
        "/api/tournaments/", fields, content_type="application/x-www-form-urlencoded"
    )
    body = assert_error_shape(response, 400, "too_many_fields")
    assert "fields" in body["detail"]


@pytest.mark.parametrize("depth", [33, 5_000, 200_000])
@pytest.mark.parametrize("path", ["/api/auth/token/", "/api/decks/validate/"])
def test_deeply_nested_json_is_400_malformed_not_500(api_client, path, depth):
    # anonymous endpoints, bodies nested past the bound (deep enough to overflow the decoder)
    body = '{"username": ' + "[" * depth + "]" * depth + "}"
    response = api_client.post(path, body, content_type="application/json")
    answer = assert_error_shape(response, 400, "malformed")
    assert "32 levels" in answer["detail"]


def test_json_nested_within_the_bound_is_parsed(api_client):
    body = '{"username": ' + "[" * 31 + "]" * 31 + ', "password": "x"}'
    response = api_client.post("/api/auth/token/", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] != "malformed"
