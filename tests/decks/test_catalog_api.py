"""Games, cards and validation through the API (PostgreSQL)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.decks.conftest import starter_deck

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def test_games_lists_the_five_games_with_their_formats(api_client):
    games = {g["slug"]: g for g in api_client.get("/api/games/").json()}
    assert set(games) == {"combat", "kingdom-combat", "conventional-combat", "army", "rune-duel"}
    combat_formats = {f["slug"] for f in games["combat"]["formats"]}
    assert {"constructed", "sealed", "draft", "off-the-top"} <= combat_formats


def test_cards_filter_by_border_and_faction(api_client):
    body = api_client.get("/api/cards/?game=kingdom-combat&border=gold&faction=ironhold").json()
    assert body["count"] >= 1
    for card in body["results"]:
        assert card["border"] == "gold"
        assert "ironhold" in card["factions"]


def test_army_cards_have_no_jokers_but_combat_cards_do(api_client):
    army = api_client.get("/api/cards/?game=army&search=joker").json()
    combat = api_client.get("/api/cards/?game=combat&search=joker").json()
    assert army["count"] == 0
    assert combat["count"] == 1


def test_cards_need_a_known_game(api_client):
    assert api_client.get("/api/cards/").status_code == 400
    response = api_client.get("/api/cards/?game=chess")
    assert response.status_code == 404
    assert "kingdom-combat" in response.json()["detail"]


def validate(api_client, **body):
    return api_client.post("/api/decks/validate/", body, format="json")


def test_a_starter_deck_is_legal(api_client, ironhold_deck):
    response = validate(api_client, game="kingdom-combat", format="constructed", **ironhold_deck)
    assert response.status_code == 200
    assert response.json()["valid"] is True, response.json()["problems"]


def test_a_third_silver_copy_is_reported_with_card_count_and_limit(api_client, ironhold_deck):
    silver = api_client.get("/api/cards/?game=kingdom-combat&border=silver&faction=ironhold")
    name = silver.json()["results"][0]["name"]
    cards = [c for c in ironhold_deck["cards"] if c["name"] != name] + [{"name": name, "count": 3}]
    body = validate(
        api_client,
        game="kingdom-combat",
        format="constructed",
        fortresses=ironhold_deck["fortresses"],
        cards=cards,
    ).json()
    assert body["valid"] is False
    problem = next(p for p in body["problems"] if p["code"] == "copy_limit")
    assert (problem["card"], problem["count"], problem["limit"]) == (name, 3, 2)
    assert "at most 2" in problem["message"]


def test_every_problem_is_reported_at_once(api_client):
    body = validate(
        api_client,
        game="kingdom-combat",
        format="constructed",
        cards=[{"name": "Iron Knigt", "count": 2}],
    ).json()
    codes = {p["code"] for p in body["problems"]}
    assert {"unknown_card", "deck_too_small", "fortress_required"} <= codes
    unknown = next(p for p in body["problems"] if p["code"] == "unknown_card")
    assert "Iron Knight" in unknown["message"], "close-match suggestion"
    assert unknown["suggestions"][0] == "Iron Knight"
    assert (unknown["card"], unknown["count"]) == ("Iron Knigt", 2)


def test_text_deck_lists_validate_too(api_client):
    text = "\n".join(f"1 {code}" for code in ["AS", "2S", "3S"])
    body = validate(api_client, game="combat", format="constructed", text=text).json()
    assert any(p["code"] == "deck_too_small" for p in body["problems"])


def test_malformed_requests_are_400_unknown_format_names_the_choices(api_client):
    assert validate(api_client, game="combat").status_code == 400
    response = validate(api_client, game="combat", format="vintage", text="1 AS")
    assert response.status_code == 400
    assert "constructed" in response.json()["detail"]


def test_validation_query_count_does_not_grow_with_the_deck(api_client):
    small = {"game": "combat", "format": "constructed", "text": "1 AS\n1 2S"}
    codes = [f"{r}{s}" for s in "SHDC" for r in ["A", *map(str, range(2, 11)), "J"]][:40]
    big = {"game": "combat", "format": "constructed", "text": "\n".join(f"1 {c}" for c in codes)}
    counts = []
    for body in (small, big):
        with CaptureQueriesContext(connection) as queries:
            assert api_client.post("/api/decks/validate/", body, format="json").status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]
    legal = api_client.post("/api/decks/validate/", big, format="json").json()
    assert legal["valid"] is True, legal["problems"]


@pytest.mark.parametrize(
    ("game", "fmt"),
    [
        ("conventional-combat", "quick-duel"),
        ("conventional-combat", "full-match"),
        ("rune-duel", "constructed"),
    ],
)
def test_the_other_starter_sets_build_legal_decks(api_client, game, fmt):
    from decks.legality import load_builtin

    decks = [d for d in load_builtin(game).get("decks", []) if d.get("format") == fmt]
    assert decks, f"the {game} starter set has a {fmt} deck"
    index = load_builtin(game)["decks"].index(decks[0])
    body = validate(api_client, game=game, format=fmt, **starter_deck(game, index)).json()
    assert body["valid"] is True, body["problems"]


def test_a_forty_card_kingdom_combat_deck_validates_in_as_many_queries_as_a_small_one(
    api_client,
):
    from decks.legality import builtin_catalog

    catalog = builtin_catalog("kingdom-combat")
    playable = [
        c.name
        for c in catalog.cards.values()
        if c.type in ("unit", "structure", "action") and {"ironhold", "mercenary"} & set(c.factions)
    ]
    big = "Fortress: Ironhold Keep\n" + "\n".join(f"2 {name}" for name in playable[:20])
    counts = []
    for text in ("Fortress: Ironhold Keep\n1 Iron Knight", big):
        body = {"game": "kingdom-combat", "format": "constructed", "text": text}
        with CaptureQueriesContext(connection) as queries:
            response = api_client.post("/api/decks/validate/", body, format="json")
        assert response.json()["summary"]["size"] in (1, 40)
        counts.append(len(queries))
    assert counts[0] == counts[1]
    assert counts[1] <= 6, [q["sql"][:80] for q in queries.captured_queries]
