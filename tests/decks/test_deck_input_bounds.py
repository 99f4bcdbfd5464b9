"""Deck lists are bounded: a request past a bound is a 400 naming it, never a 500 or a minute
of work; visitors who are not signed in get a limited number of checks a minute."""

import pytest
from django.core.cache import cache
from rest_framework.throttling import AnonRateThrottle

from decks.models import Deck

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def validate(client, **deck):
    body = {"game": "combat", "format": "constructed", **deck}
    return client.post("/api/decks/validate/", body, format="json")


def assert_too_large(response, words: str) -> None:
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] == "too_large"
    assert words in body["detail"]


def test_fifty_thousand_names_are_refused_at_once_naming_the_bound(api_client):
    text = "\n".join(f"1 Card number {n}" for n in range(50_000))[:20_000]
    assert_too_large(validate(api_client, text=text), "at most 500 lines")
    cards = [{"name": f"Card {n}", "count": 1} for n in range(300)]
    assert_too_large(validate(api_client, cards=cards), "at most 200 different cards")


def test_a_name_past_200_characters_is_refused(api_client):
    assert_too_large(validate(api_client, text="1 " + "x" * 300), "200 characters")


def test_a_deck_of_the_ordinary_size_is_still_checked(api_client):
    response = validate(api_client, text="AS\nKS\n2H")
    assert response.status_code == 200
    assert response.json()["valid"] is False  # far too small for Combat, but checked


def test_saving_more_than_32767_copies_of_a_card_is_a_400_and_saves_nothing(make_user, client_for):
    client = client_for(make_user())
    # 40 lines of 999 copies: 39,960 copies of one card, past the small integer a row holds
    text = "\n".join("999 AS" for _ in range(40))
    body = {"game": "combat", "format": "constructed", "name": "Huge", "text": text}
    assert_too_large(client.post("/api/decks/", body, format="json"), "999 copies")
    # the same card under two spellings adds up too
    body["text"] = "999 AS\n999 Ace of Spades"
    response = client.post("/api/decks/", body, format="json")
    assert response.status_code == 400
    assert Deck.objects.count() == 0


def test_the_deck_builder_page_says_the_bound_instead_of_a_500(make_user, client):
    client.force_login(make_user())
    text = "\n".join("999 AS" for _ in range(40))
    response = client.post(
        "/decks/new/", {"name": "Huge", "game": "combat", "format": "constructed", "text": text}
    )
    assert response.status_code in (200, 400)
    assert "999 copies" in response.content.decode()
    assert Deck.objects.count() == 0


def test_visitors_get_a_limited_number_of_checks_a_minute(
    api_client, make_user, client_for, monkeypatch
):
    monkeypatch.setattr(AnonRateThrottle, "THROTTLE_RATES", {"deck-validate-anon": "3/min"})
    cache.clear()
    try:
        answers = [validate(api_client, text="AS").status_code for _ in range(4)]
        signed_in = client_for(make_user())
        player_answers = [validate(signed_in, text="AS").status_code for _ in range(4)]
    finally:
        cache.clear()
    assert answers == [200, 200, 200, 429]
    assert player_answers == [200] * 4
