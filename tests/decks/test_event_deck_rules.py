"""An event's deck rules: the organizer sets the format's options (Rune Duel's sizes and copy
limits, ruling D7) before the start, and registration checks decks against them."""

import pytest

from decks.legality import builtin_catalog
from tests.decks.test_decks_api import make_event, save_deck

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def rune_duel_deck(size: int) -> dict:
    cards = builtin_catalog("rune-duel").cards.values()
    creatures = [c.name for c in cards if c.type == "creature"]
    counts = [3] * (size // 3) + ([size % 3] if size % 3 else [])
    text = "\n".join(f"{n} {name}" for n, name in zip(counts, creatures, strict=False))
    return {"game": "rune-duel", "format": "constructed", "text": text}


def test_a_rune_duel_event_with_a_larger_minimum_refuses_smaller_decks(make_user, client_for):
    # given a Rune Duel event whose organizer asks for at least 36 cards
    organizer, alice, bob = make_user(), make_user(), make_user()
    event = make_event(client_for(organizer), game="rune-duel", deck_format="constructed")
    url = f"/api/tournaments/{event}/deck-rules/"
    assert client_for(organizer).get(url).json()["rules"]["min_size"] == 30, "the default"
    response = client_for(organizer).put(url, {"options": {"min_size": 36}}, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["rules"]["min_size"] == 36
    assert client_for(alice).get(url).json()["options"] == {"min_size": 36}
    # when alice registers a 30-card deck (legal by default) and bob a 36-card deck
    for player, size in ((alice, 30), (bob, 36)):
        entry = client_for(player).post(f"/api/tournaments/{event}/entries/", {}, format="json")
        deck = save_deck(client_for(player), rune_duel_deck(size)).json()
        register = f"/api/tournaments/{event}/entries/{entry.json()['id']}/deck/"
        assert client_for(player).post(register, {"deck": deck["id"]}).status_code == 201
    # then the start is refused for alice's entry only, with the event's limit
    refused = client_for(organizer).post(f"/api/tournaments/{event}/start/")
    assert refused.status_code == 400
    (failure,) = refused.json()["entries"]
    assert [(p["code"], p["count"], p["limit"]) for p in failure["problems"]] == [
        ("deck_too_small", 30, 36)
    ]
    # and back to the defaults, both decks are legal
    assert client_for(organizer).put(url, {"options": {}}, format="json").status_code == 200
    assert client_for(organizer).post(f"/api/tournaments/{event}/start/").status_code == 200
    late = client_for(organizer).put(url, {"options": {"min_size": 40}}, format="json")
    assert late.status_code == 409


def test_deck_rules_denials_and_bad_options(make_user, client_for, api_client):
    organizer, player = make_user(), make_user()
    event = make_event(client_for(organizer), game="rune-duel", deck_format="constructed")
    url = f"/api/tournaments/{event}/deck-rules/"
    body = {"options": {"copy_limit": 2}}
    assert api_client.put(url, body, format="json").status_code == 401
    assert client_for(player).put(url, body, format="json").status_code == 403
    for options, field in (
        ({"min_size": "many"}, "min_size"),
        ({"min_size": 70}, "max_size"),
        ({"border_limits": {}}, "border_limits"),
        ({"jokers": True}, "jokers"),
    ):
        response = client_for(organizer).put(url, {"options": options}, format="json")
        assert response.status_code == 400, options
        assert field in str(response.json()), response.json()
    assert client_for(organizer).get(url).json()["options"] == {}
    assert api_client.get("/api/tournaments/999999/deck-rules/").status_code == 404
    open_event = make_event(client_for(organizer), game="combat", deck_format="off-the-top")
    off = client_for(organizer).put(
        f"/api/tournaments/{open_event}/deck-rules/", body, format="json"
    )
    assert off.status_code == 400
    assert api_client.get(f"/api/tournaments/{open_event}/deck-rules/").json()["rules"] is None
