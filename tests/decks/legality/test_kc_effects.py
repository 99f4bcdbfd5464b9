"""The Kingdom Combat effect vocabulary: the starter set's effects pass, anything else is
refused at import naming the effect and what is wrong."""

from decks.legality import card_problems, load_builtin
from decks.legality.kc_effects import OPS, kc_effect_problems


def test_every_starter_effect_is_in_the_vocabulary_and_the_vocabulary_is_small():
    cards = load_builtin("kingdom-combat")["cards"]
    tokens = {c["name"].lower().replace(" ", "-") for c in cards if c["type"] == "token"}
    used = set()
    for card in cards:
        for effect in card.get("effects", []):
            assert kc_effect_problems(effect, tokens) == [], card["name"]
            used.add(effect["op"])
    assert used == set(OPS)
    assert len(OPS) <= 15


def test_an_unknown_op_or_field_is_refused_naming_the_effect():
    card = {
        "name": "Fireball",
        "type": "action",
        "subtype": "Event",
        "border": "black",
        "factions": ["ashen"],
        "cost": 2,
        "effects": [
            {"when": "play", "op": "gain_gold", "amount": 1},
            {"when": "play", "op": "deal_damage", "amount": 3},
            {"when": "play", "op": "modify", "target": "unit", "speed": 1},
        ],
    }
    problems = card_problems("kingdom-combat", card, {"ashen"})
    assert any(p.startswith("effect 2: op must be one of") for p in problems)
    assert "effect 3: unknown field 'speed' for modify" in problems
    assert not any(p.startswith("effect 1") for p in problems)


def test_activated_effects_need_a_cost_and_only_they_have_one():
    assert (
        kc_effect_problems(
            {"when": "activated", "op": "gain_gold", "amount": 1, "cost": {"exhaust": True}}
        )
        == []
    )
    assert kc_effect_problems({"when": "activated", "op": "gain_gold", "amount": 1}) == [
        "an activated effect has a cost: {gold: n} and/or {exhaust: true}"
    ]
    assert kc_effect_problems(
        {"when": "play", "op": "gain_gold", "amount": 1, "cost": {"gold": 1}}
    ) == ["only an activated effect has a cost"]


def test_a_token_maker_must_name_a_token_of_the_set():
    effect = {"when": "play", "op": "create_token", "token": "dragon", "count": 1}
    assert kc_effect_problems(effect, {"levy-militia"}) == [
        "token 'dragon' is not a token card of this set"
    ]


def test_every_starter_token_has_a_card_that_makes_it():
    cards = load_builtin("kingdom-combat")["cards"]
    tokens = {c["name"].lower().replace(" ", "-") for c in cards if c["type"] == "token"}
    made = {e["token"] for c in cards for e in c.get("effects", []) if e["op"] == "create_token"}
    assert made == tokens


def test_an_effect_the_engine_would_not_carry_out_is_refused():
    # each is well formed, but the engine has no reading of it: the card would silently do
    # nothing (or something else than its text), so the import refuses it
    unplayed = [
        {"when": "static", "op": "grant_skill", "skill": "Alert", "target": "own_units"},
        {"when": "static", "op": "modify", "attack": 1, "target": "self"},
        {"when": "static", "op": "modify", "attack": 1},
        {"when": "attached", "op": "grant_range", "amount": 1},
        {"when": "enters", "op": "exhaust", "target": "unit"},
        {"when": "attacks", "op": "gain_gold", "amount": 1},
        {"when": "play", "op": "modify", "attack": 1, "target": "self", "until": "end of turn"},
        {"when": "play", "op": "modify", "attack": 1, "target": "unit"},  # lasts forever?
        {"when": "activated", "op": "exhaust", "target": "unit", "cost": {"gold": 1}},
        {"when": "setup", "op": "gain_gold", "amount": 1},
        {"when": "static", "op": "cost_reduction", "amount": 1, "target": "self"},
        {"when": "attached", "op": "modify", "range": 1, "against": "fortress_attackers"},
        {"when": "attacks", "op": "modify", "defense": 1, "target": "own_other_attackers"},
    ]
    for effect in unplayed:
        assert kc_effect_problems(effect), effect
    played = [
        {
            "when": "play",
            "op": "grant_skill",
            "skill": "Alert",
            "target": "unit",
            "until": "end of turn",
        },
        {"when": "static", "op": "grant_range", "amount": 1, "target": "own_other_archers"},
        {"when": "destroys_structure", "op": "create_token", "token": "levy-militia", "count": 1},
        {"when": "activated", "op": "gain_gold", "amount": 1, "cost": {"exhaust": True}},
    ]
    for effect in played:
        assert kc_effect_problems(effect) == [], effect


def test_an_effect_at_a_moment_its_card_never_has_is_refused():
    # an Event is never in play, a unit is never attached, a fortress never enters play, a
    # structure never attacks nor exhausts: such an effect would never happen
    def card(kind: str, effect: dict) -> dict:
        action = kind in ("Event", "Dirty Trick", "Ability", "Equipment")
        return {
            "name": "Test Card",
            "type": "action" if action else kind,
            "subtype": kind if action else "Test",
            "border": "green" if kind == "token" else "black",
            "factions": ["ironhold"],
            "cost": 1,
            "stats": {"hp": 20, "starting_gold": 5, "gold_per_turn": 3},
            "effects": [effect],
        }

    aura = {"when": "static", "op": "modify", "armor": 1, "target": "own_units"}
    never = [
        ("Event", aura),
        ("Ability", {"when": "enters", "op": "gain_gold", "amount": 1}),
        ("unit", {"when": "attached", "op": "modify", "attack": 1}),
        ("fortress", {"when": "enters", "op": "gain_gold", "amount": 1}),
        (
            "structure",
            {"when": "attacks", "op": "modify", "attack": 1, "target": "own_other_attackers"},
        ),
        (
            "structure",
            {"when": "activated", "op": "gain_gold", "amount": 1, "cost": {"exhaust": True}},
        ),
        ("unit", {"when": "setup", "op": "garrison_allowance", "amount": 2, "subtype": "Knight"}),
        ("unit", {"when": "static", "op": "modify", "armor": 1, "target": "unit_inside"}),
        (
            "structure",
            {"when": "static", "op": "modify", "defense": 1, "target": "own_other_units_same_zone"},
        ),
    ]
    cheaper = {"when": "static", "op": "cost_reduction", "amount": 1, "target": "self"}
    never.append(("structure", {**cheaper, "per": "structure"}))
    for kind, effect in never:
        problems = card_problems("kingdom-combat", card(kind, effect), {"ironhold"})
        assert any(p.startswith("effect 1: ") for p in problems), (kind, effect)
    for kind in ("unit", "structure", "fortress"):
        assert card_problems("kingdom-combat", card(kind, aura), {"ironhold"}) == [], kind
