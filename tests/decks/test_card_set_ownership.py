"""Card sets belong to someone (decks/RULINGS.md D15-D17): an import is its owner's, private
until staff publishes it; an event allows the sets its organizer lists (default: official)."""

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from decks.models import Card, CardSet, Game
from tournaments.models import Tournament

from .conftest import starter_deck

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

OVERLORD = {
    "name": "Pocket Overlord",
    "type": "unit",
    "border": "black",
    "factions": ["mercenary"],
    "cost": 0,
    "stats": {"attack": 99, "defense": 99, "armor": 99, "hp": 99},
}


def upload(client, cards, code="CHEAT"):
    body = {"game": "kingdom-combat", "code": code, "name": f"{code} set", "format": "json"}
    return client.post(
        "/api/card-sets/import/", {**body, "content": json.dumps({"cards": cards})}, format="json"
    )


def deck_with_overlord() -> dict:
    deck = starter_deck("kingdom-combat", 0)
    first = deck["cards"][0]
    deck["cards"] = [{"name": first["name"], "count": first["count"] - 1}, *deck["cards"][1:]]
    deck["cards"].append({"name": OVERLORD["name"], "count": 1})
    return deck


def event(client, **fields) -> int:
    body = {"name": "Cup", "game": "kingdom-combat", "deck_format": "constructed", **fields}
    response = client.post("/api/tournaments/", body, format="json")
    assert response.status_code == 201, response.content
    return response.json()["id"]


def test_a_players_import_is_not_legal_in_another_organizers_event(make_user, client_for):
    # given a player who imports a cost-0 99/99 card and saves a deck with it
    player, organizer = make_user(), make_user()
    cheat = client_for(player)
    assert upload(cheat, [OVERLORD]).status_code == 201
    saved = cheat.post(
        "/api/decks/",
        {
            "game": "kingdom-combat",
            "format": "constructed",
            "name": "Cheat",
            **deck_with_overlord(),
        },
        format="json",
    )
    assert saved.status_code == 201, saved.content  # their own decks may use their own set
    # and an organizer's constructed event the player enters with that deck
    host = client_for(organizer)
    tid = event(host)
    entry = cheat.post(f"/api/tournaments/{tid}/entries/", {}, format="json").json()
    other = make_user()
    host.post(f"/api/tournaments/{tid}/entries/", {"user": other.pk}, format="json")
    registered = cheat.post(
        f"/api/tournaments/{tid}/entries/{entry['id']}/deck/", {"deck": saved.json()["id"]}
    )
    assert registered.status_code in (200, 201)
    # when the organizer starts it, the card is unknown in this event: the start is refused
    start = host.post(f"/api/tournaments/{tid}/start/")
    assert start.status_code in (400, 409)
    problems = next(e for e in start.json()["entries"] if e["entry"] == entry["id"])["problems"]
    assert problems[0]["code"] == "unknown_card"
    assert "pocket-overlord" in problems[0]["message"]
    assert Tournament.objects.get(pk=tid).status == "registration"
    # and other players never see the private card
    assert (
        client_for(other).get("/api/cards/?game=kingdom-combat&search=Pocket").json()["count"] == 0
    )
    # nor can the organizer list someone else's private set for the event
    set_id = CardSet.objects.get(code="CHEAT").pk
    listed = host.put(f"/api/tournaments/{tid}/card-sets/", {"card_sets": [set_id]}, format="json")
    assert (listed.status_code, listed.json()["code"]) == (400, "card_set_not_usable")


def test_publishing_is_staff_only_and_then_an_organizer_may_allow_the_set(make_user, client_for):
    player, organizer, staff = make_user(), make_user(), make_user()
    staff.is_staff = True
    staff.save()
    assert upload(client_for(player), [OVERLORD]).status_code == 201
    set_id = CardSet.objects.get(code="CHEAT").pk
    url = f"/api/card-sets/{set_id}/publish/"
    # the importer and other users cannot publish (others do not even see the set)
    assert client_for(player).post(url).status_code == 403
    assert client_for(organizer).post(url).status_code == 404
    assert CardSet.objects.get(pk=set_id).visibility == "private"
    published = client_for(staff).post(url)
    assert published.status_code == 200
    assert published.json()["visibility"] == "published"
    # then everyone sees its cards, and an organizer may allow it in an event
    found = client_for(organizer).get("/api/cards/?game=kingdom-combat&search=Pocket").json()
    assert found["count"] == 1
    tid = event(client_for(organizer))
    official = list(CardSet.objects.filter(visibility="official", games__slug="kingdom-combat"))
    ids = [s.pk for s in official] + [set_id]
    response = client_for(organizer).put(
        f"/api/tournaments/{tid}/card-sets/", {"card_sets": ids}, format="json"
    )
    assert response.status_code == 200, response.content
    assert {s["id"] for s in response.json()} == set(ids)
    # only the organizer chooses
    assert (
        client_for(player)
        .put(f"/api/tournaments/{tid}/card-sets/", {"card_sets": []}, format="json")
        .status_code
        == 403
    )


def test_import_limits_answer_400_naming_the_limit(make_user, client_for, settings):
    client = client_for(make_user())
    settings.CARD_SET_MAX_CARDS = 2
    three = [{**OVERLORD, "name": f"Overlord {n}"} for n in range(3)]
    response = upload(client, three)
    assert (response.status_code, response.json()["code"]) == (400, "too_many_cards")
    assert "at most 2 cards" in response.json()["detail"]
    settings.CARD_SET_MAX_CARDS = 1000
    settings.CARD_SET_MAX_BYTES = 100
    response = upload(client, three)
    assert (response.status_code, response.json()["code"]) == (400, "file_too_large")
    assert "at most 100 bytes" in response.json()["detail"]
    settings.CARD_SET_MAX_BYTES = 1_000_000
    settings.CARD_SETS_PER_USER = 1
    assert upload(client, [OVERLORD], code="ONE").status_code == 201
    response = upload(client, [{**OVERLORD, "name": "Another"}], code="TWO")
    assert (response.status_code, response.json()["code"]) == (400, "too_many_sets")
    assert not CardSet.objects.filter(code="TWO").exists()


def test_a_private_set_cannot_be_exported_by_others(make_user, client_for, api_client):
    owner = client_for(make_user())
    assert upload(owner, [OVERLORD]).status_code == 201
    set_id = CardSet.objects.get(code="CHEAT").pk
    assert owner.get(f"/api/card-sets/{set_id}/export/").status_code == 200
    assert api_client.get(f"/api/card-sets/{set_id}/export/").status_code == 404


def big_private_set(owner, cards: int) -> None:
    card_set = CardSet.objects.create(
        code="HUGE", name="Huge", organizer=owner, visibility="private"
    )
    card_set.games.add(Game.objects.get(slug="kingdom-combat"))
    Card.objects.bulk_create(
        Card(card_set=card_set, key=f"huge-{n}", name=f"Huge {n}", type="unit", border="black")
        for n in range(cards)
    )


def test_card_lists_and_deck_checks_cost_the_same_whatever_others_imported(
    make_user, client_for, api_client
):
    # given the queries of a card list and a deck check today
    body = {"game": "kingdom-combat", "format": "constructed", **starter_deck("kingdom-combat")}

    def measure():
        with CaptureQueriesContext(connection) as queries:
            listed = api_client.get("/api/cards/?game=kingdom-combat")
            checked = api_client.post("/api/decks/validate/", body, format="json")
        assert listed.status_code == 200
        assert checked.status_code == 200
        return len(queries), listed.json()["count"]

    before, count = measure()
    # when another user imports a 20,000-card private set
    big_private_set(make_user(), 20_000)
    after, count_after = measure()
    # then the same queries answer, over the same cards
    assert (after, count_after) == (before, count)


def test_the_organizer_chooses_the_sets_on_the_tournament_page(make_user, client_for):
    from django.test import Client

    organizer, stranger = make_user(), make_user()
    tid = event(client_for(organizer))
    assert upload(client_for(organizer), [OVERLORD], code="MINE").status_code == 201
    assert (
        upload(client_for(stranger), [{**OVERLORD, "name": "Theirs"}], code="THEIRS").status_code
        == 201
    )
    mine = CardSet.objects.get(code="MINE")
    browser = Client()
    browser.force_login(organizer)
    page = browser.get(f"/tournaments/{tid}/").content.decode()
    # the organizer is offered the official sets and their own, never another user's private one
    assert "MINE set" in page
    assert "THEIRS set" not in page
    response = browser.post(f"/decks/events/{tid}/card-sets/", {"card_sets": [mine.pk]})
    assert response.status_code == 302
    allowed = client_for(organizer).get(f"/api/tournaments/{tid}/card-sets/").json()
    assert [s["code"] for s in allowed] == ["MINE"]
    # a visitor sees which sets are legal but gets no form
    visitor = Client().get(f"/tournaments/{tid}/").content.decode()
    assert "Cards legal in this event" in visitor
    assert 'name="card_sets"' not in visitor
    # someone else's post changes nothing
    other = Client()
    other.force_login(stranger)
    other.post(f"/decks/events/{tid}/card-sets/", {"card_sets": []})
    assert [
        s["code"] for s in client_for(organizer).get(f"/api/tournaments/{tid}/card-sets/").json()
    ] == ["MINE"]
