"""Every format through POST /api/decks/validate/; card filters; card-set JSON round trip."""

import pytest

from decks.legality import builtin_catalog
from tests.decks.conftest import starter_deck

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

PACK = [f"{r}{s}" for s in "SHDC" for r in ["A", *map(str, range(2, 11)), "J", "Q", "K"]]


def names(game: str, kind: str, count: int) -> list[str]:
    """`count` card names of one type from a built-in catalogue (never Null)."""
    found = [c.name for c in builtin_catalog(game).cards.values() if c.type == kind]
    return [n for n in found if n != "Null"][:count]


def text(cards: list[str], count: int = 1) -> str:
    return "\n".join(f"{count} {name}" for name in cards)


def ironhold_with(extra: dict[str, int]) -> dict:
    deck = starter_deck("kingdom-combat", 0)
    deck["cards"] = [c for c in deck["cards"] if c["name"] not in extra] + [
        {"name": n, "count": k} for n, k in extra.items()
    ]
    return deck


CASES = [
    ("combat", "constructed", {"text": text(PACK[:40])}, set()),
    ("combat", "constructed", {"text": text(PACK[:39])}, {"deck_too_small"}),
    ("combat", "constructed", {"text": text([*PACK[:39], "JK"])}, {"jokers_not_allowed"}),
    ("combat", "constructed", {"text": text([*PACK[:39], "JK"]), "jokers": True}, set()),
    ("combat", "sealed", {"text": text(PACK[:30])}, {"pool_required"}),
    ("combat", "off-the-top", {"text": "1 AS"}, {"no_deck_format"}),
    ("army", "standard", {"text": "1 AS"}, {"no_deck_format"}),
    ("kingdom-combat", "constructed", ironhold_with({"Levy Militia": 1}), {"token_in_deck"}),
    ("kingdom-combat", "constructed", ironhold_with({"Lord Commander Aldric": 2}), {"copy_limit"}),
    ("kingdom-combat", "constructed", ironhold_with({"Glade Scout": 2}), {"wrong_faction"}),
    (
        "kingdom-combat",
        "constructed",
        {**starter_deck("kingdom-combat", 0), "fortresses": []},
        {"fortress_required"},
    ),
    (
        "kingdom-combat",
        "constructed",
        {
            **starter_deck("kingdom-combat", 0),
            "fortresses": ["Ironhold Keep", "Sylvan Heartwood", "Ashen Warcamp"],
        },
        {"too_many_factions"},
    ),
    ("kingdom-combat", "draft", starter_deck("kingdom-combat", 0), {"pool_required"}),
    (
        "conventional-combat",
        "quick-duel",
        {
            "text": text(
                names("conventional-combat", "character", 4)
                + names("conventional-combat", "action", 3)
            )
        },
        {"deck_too_large"},
    ),
    (
        "conventional-combat",
        "full-match",
        {
            "text": text(
                names("conventional-combat", "character", 5)
                + names("conventional-combat", "action", 5)
            )
        },
        set(),
    ),
    (
        "conventional-combat",
        "full-match",
        {
            "text": text(
                names("conventional-combat", "character", 8)
                + names("conventional-combat", "action", 2)
            )
        },
        {"composition"},
    ),
    ("rune-duel", "constructed", {"text": text(names("rune-duel", "creature", 10), 3)}, set()),
    (
        "rune-duel",
        "constructed",
        {"text": text(names("rune-duel", "creature", 8), 4)},
        {"copy_limit"},
    ),
]


@pytest.mark.parametrize(("game", "fmt", "deck", "codes"), CASES)
def test_every_format_validates_through_the_api(api_client, game, fmt, deck, codes):
    response = api_client.post(
        "/api/decks/validate/", {"game": game, "format": fmt, **deck}, format="json"
    )
    assert response.status_code == 200, response.json()
    body = response.json()
    assert {p["code"] for p in body["problems"]} == codes, body["problems"]
    assert body["valid"] is (not codes)
    for problem in body["problems"]:
        assert set(problem) >= {"code", "message", "card", "count", "limit"}
        assert problem["message"]


def test_cards_filter_by_type_and_search_and_paginate(api_client):
    units = api_client.get("/api/cards/?game=kingdom-combat&type=unit").json()
    assert units["count"] > 0
    assert {c["type"] for c in units["results"]} == {"unit"}
    found = api_client.get("/api/cards/?game=kingdom-combat&search=knight").json()
    assert found["count"] >= 2
    assert all("knight" in c["name"].lower() for c in found["results"])
    first = api_client.get("/api/cards/?game=combat").json()
    assert first["count"] == 53
    assert first["next"]
    card = first["results"][0]
    assert set(card) >= {"id", "name", "type", "border", "factions", "cost", "stats"}


def test_card_set_json_export_reimports_as_the_same_cards(make_user, client_for):
    client = client_for(make_user())
    content = (
        '{"cards": [{"name": "Hill Spearman", "type": "unit", "border": "black", '
        '"factions": ["mercenary"], "cost": 2, "stats": {"attack": 2}}]}'
    )
    body = {"game": "kingdom-combat", "code": "HILL", "name": "Hill", "format": "json"}
    created = client.post("/api/card-sets/import/", body | {"content": content}, format="json")
    assert created.status_code == 201, created.json()
    exported = client.get(f"/api/card-sets/{created.json()['id']}/export/?kind=json")
    again = client.post(
        "/api/card-sets/import/",
        body | {"code": "HILL2", "content": exported.content.decode()},
        format="json",
    )
    assert again.status_code == 201, again.json()
    assert again.json()["cards"] == 1


def test_malformed_card_rows_name_the_field_in_plain_words(api_client):
    body = {"game": "kingdom-combat", "format": "constructed", "cards": [{"name": "X", "count": 0}]}
    response = api_client.post("/api/decks/validate/", body, format="json")
    assert response.status_code == 400
    assert response.json()["errors"] == {
        "cards[0].count": ["Ensure this value is greater than or equal to 1."]
    }
    assert "ErrorDetail" not in response.json()["detail"]


def test_rune_duel_event_options_change_the_limits(api_client):
    body = {"game": "rune-duel", "format": "constructed"}
    body["text"] = text(names("rune-duel", "creature", 10), 3)
    bigger = {**body, "options": {"min_size": 40}}
    response = api_client.post("/api/decks/validate/", bigger, format="json")
    assert [p["code"] for p in response.json()["problems"]] == ["deck_too_small"]
    bad = api_client.post(
        "/api/decks/validate/", {**body, "options": {"min_size": "many"}}, format="json"
    )
    assert bad.status_code == 400
    assert bad.json()["code"] == "bad_options"
    assert bad.json()["errors"] == {"options": ["min_size must be a whole number of at least 1."]}
