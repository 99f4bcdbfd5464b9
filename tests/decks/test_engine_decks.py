"""A constructed Combat event's matches are played on the engine with the locked decks."""

import pytest

from gameplay.models import GameRecord

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

PACK = [f"{r}{s}" for s in "SHDC" for r in ["A", *map(str, range(2, 11)), "J", "Q", "K"]]


def test_engine_games_deal_each_seat_its_registered_deck(make_user, client_for):
    organizer, alice, bob = make_user(), make_user(), make_user()
    event = (
        client_for(organizer)
        .post(
            "/api/tournaments/",
            {
                "name": "Forty",
                "game": "combat",
                "deck_format": "constructed",
                "entries_per_match": 2,
            },
            format="json",
        )
        .json()["id"]
    )
    lists = {alice.pk: PACK[:40], bob.pk: PACK[12:]}
    for player in (alice, bob):
        client = client_for(player)
        entry = client.post(f"/api/tournaments/{event}/entries/", {}, format="json").json()
        body = {
            "game": "combat",
            "format": "constructed",
            "name": "Mine",
            "text": "\n".join(f"1 {code}" for code in lists[player.pk]),
        }
        deck = client.post("/api/decks/", body, format="json").json()
        registered = client.post(
            f"/api/tournaments/{event}/entries/{entry['id']}/deck/", {"deck": deck["id"]}
        )
        assert registered.status_code == 201
    assert client_for(organizer).post(f"/api/tournaments/{event}/start/").status_code == 200
    match = client_for(organizer).get(f"/api/tournaments/{event}/bracket/").json()
    match_id = match["rounds"][0]["matches"][0]["id"]

    response = client_for(alice).post(f"/api/matches/{match_id}/games/")
    assert response.status_code == 201, response.json()

    game = GameRecord.objects.get(match_id=match_id)
    seats = list(game.seats.order_by("number").values_list("user_id", flat=True))
    decks = game.options["decks"]
    assert game.options["format"] == "constructed"
    assert sorted(decks[seats.index(alice.pk)]) == sorted(lists[alice.pk])
    assert sorted(decks[seats.index(bob.pk)]) == sorted(lists[bob.pk])
