"""The card browser and deck builder answer bad addresses and form input with a 404 or a
message, never a 500 (found by crawling every page as every kind of user)."""

import pytest

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

HUGE = "9" * 20


def test_a_nul_byte_in_the_card_search_finds_nothing(client):
    response = client.get("/cards/?game=kingdom-combat&search=scout%00")
    assert response.status_code == 200
    assert "No card matches" in response.content.decode()


def test_the_cards_api_search_with_a_nul_byte_finds_nothing(api_client):
    response = api_client.get("/api/cards/?game=kingdom-combat&search=%00")
    assert response.status_code == 200


def test_an_unknown_deck_is_a_404_page(client, make_user):
    client.force_login(make_user())
    assert client.get("/decks/99999/").status_code == 404


@pytest.mark.parametrize("pool", ["abc", HUGE, "99999"])
def test_a_bad_pool_in_the_builder_address_is_a_404_page(client, make_user, pool):
    client.force_login(make_user())
    assert client.get(f"/decks/new/?pool={pool}").status_code == 404


@pytest.mark.parametrize("logged_in", [False, True])
@pytest.mark.parametrize("pool", ["abc", HUGE, "99999"])
def test_the_live_check_names_a_bad_pool(client, make_user, pool, logged_in):
    if logged_in:
        client.force_login(make_user())
    body = {"game": "kingdom-combat", "format": "sealed", "pool": pool, "text": ""}
    response = client.post("/decks/check/", body)
    assert response.status_code == 200
    html = response.content.decode()
    assert "No such pool." in html


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("pool", "abc", "Pool: Enter a whole number."),
        ("pool", HUGE, "No such pool."),
        ("name", "", "Name: This field is required."),
        ("game", "nope", "Game: Select a valid choice."),
    ],
)
def test_saving_bad_input_shows_why(client, make_user, field, value, message):
    client.force_login(make_user())
    body = {"name": "n", "game": "kingdom-combat", "format": "constructed", "text": ""}
    response = client.post("/decks/new/", {**body, field: value})
    assert response.status_code == 200
    assert message in response.content.decode()


def test_a_nul_in_the_builder_game_is_an_unknown_game(client, make_user):
    client.force_login(make_user())
    assert client.get("/decks/new/?game=%00&format=%00").status_code == 200
    response = client.post("/decks/check/", {"game": "\x00", "format": "\x00", "text": ""})
    assert "Unknown game" in response.content.decode()
