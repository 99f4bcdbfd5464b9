"""The built-in card sets: well formed, and covering what the rulebooks name."""

import pytest

from decks.legality import GAMES, builtin_catalog, card_problems, load_builtin
from decks.legality.cardsets import faction_problems
from decks.legality.effects import effect_problems

KC_SKILLS = {"Mounted", "Ranged", "Charge", "Deflect", "Etherial", "Dual Wield", "Alert"}


@pytest.mark.parametrize("game", GAMES)
def test_every_built_in_card_passes_the_import_checks(game):
    data = load_builtin(game)
    factions = {f["slug"] for f in data["factions"]} or None
    problems = {c["name"]: card_problems(game, c, factions) for c in data["cards"]}
    assert {name: p for name, p in problems.items() if p} == {}
    assert faction_problems(data["factions"]) == []
    assert len(builtin_catalog(game)) == len(data["cards"])


def test_playing_cards():
    catalog = builtin_catalog("combat")
    assert len(catalog) == 53
    assert {c.type for c in catalog.cards.values()} == {"spot", "court", "joker"}
    assert catalog.get("JK").stats["copies_in_pack"] == 2
    assert catalog.get("KH").stats["strength"] == 4


def test_kingdom_combat_starter_covers_the_manual():
    data = load_builtin("kingdom-combat")
    cards = data["cards"]
    factions = {f["slug"] for f in data["factions"]}
    assert len(factions - {"mercenary"}) >= 3
    assert "mercenary" in factions
    assert {k for c in cards for k in c["keywords"]} >= KC_SKILLS
    assert {c["subtype"] for c in cards if c["type"] == "action"} == {
        "Dirty Trick",
        "Event",
        "Ability",
        "Equipment",
    }
    assert {c["border"] for c in cards} == {"gold", "silver", "black", "green"}
    assert {c["type"] for c in cards} == {"fortress", "unit", "structure", "action", "token"}
    fortresses = [c for c in cards if c["type"] == "fortress"]
    assert {f for c in fortresses for f in c["factions"]} == factions - {"mercenary"}
    assert all({"hp", "starting_gold", "gold_per_turn"} <= set(c["stats"]) for c in fortresses)


def test_conventional_combat_starter():
    cards = load_builtin("conventional-combat")["cards"]
    characters = [c for c in cards if c["type"] == "character"]
    assert {c["stats"]["kind"] for c in characters} == {"H", "C", "M"}
    assert {c["stats"]["attack_element"] for c in characters} == {"light", "dark", "fire", "water"}
    for element in ("light", "dark", "fire", "water"):
        assert all(isinstance(c["stats"][f"defense_{element}"], int) for c in characters)
    assert any(c["name"] == "Null" and c["stats"]["reserved"] for c in cards)
    # every character has a Support Ability, written and as effects the engine applies
    assert all(c["text"].startswith("Support:") and c["effects"] for c in characters)
    assert len([c for c in cards if c["type"] == "action" and c["name"] != "Null"]) >= 3


def test_rune_duel_starter():
    cards = load_builtin("rune-duel")["cards"]
    assert {c["type"] for c in cards} == {"creature", "artifact", "spell", "warlord"}
    assert {c["stats"]["rune"] for c in cards} == {1, 2, 3, 4, 5}
    warlords = [c for c in cards if c["type"] == "warlord"]
    assert warlords
    assert all(w["stats"]["rune"] in {1, 2, 3, 4, 5} for w in warlords)
    assert all(isinstance(c["stats"]["rank"], int) for c in cards)
    assert {"Charge", "Breakthrough", "Regeneration", "Fade"} <= {
        k for c in cards for k in c["keywords"]
    }


def test_card_problems_report_each_mistake():
    bad = {"name": "", "type": "dragon", "cost": -1, "border": "purple", "factions": []}
    problems = card_problems("kingdom-combat", bad, {"ironhold"})
    assert len(problems) == 5


def test_effect_vocabulary_checks():
    assert effect_problems([{"op": "attack", "amount": 2, "if_opponent_kind": "H"}]) == []
    assert effect_problems([{"op": "fly"}]) != []
    assert effect_problems([{"op": "attack", "amount": "2", "colour": "red"}]) == [
        "effect 1: amount must be a whole number",
        "effect 1: unknown field 'colour'",
    ]
