"""Conventional Combat cards as data, and the small vocabulary of effects the engine executes.

A card is a dict:
  character: {"name", "kind": "character", "type": "H"|"C"|"M",
              "attack": {"element": "fire", "value": 6},
              "defense": {"light": 3, "dark": 2, "fire": 5, "water": 1},
              "effect": [<effect>, ...]}        # its Support Ability
  action:    {"name", "kind": "action", "effect": [<effect>, ...]}

An effect is a dict {"op": ..., ...} from EFFECT_OPS; nothing else is ever executed. Targets
("who") are "self" (the owner's Fighter), "opponent" (the other Fighter) or "all" (both: the
rulebook's 'all' includes your own cards). `effect_problems` says why an imported effect is
outside the vocabulary, so the importer can flag it.
"""

from __future__ import annotations

from typing import Any

ELEMENTS = ("light", "dark", "fire", "water")
TYPES = ("H", "C", "M")
TYPE_NAMES = {"H": "Humanoid", "C": "Construct", "M": "Monster"}
WHO = ("self", "opponent", "all")
NULL_ACTION = {"name": "Null", "kind": "action", "effect": []}

# op -> {parameter: (kind, allowed)}; kind "int" takes (low, high), "choice" a tuple of values.
# Parameters listed in OPTIONAL may be left out.
# Conditions an attack/defence/skill effect may carry: the target Fighter's type ("types"), the
# element it attacks in ("if_element") and the opposing Fighter's type ("if_opponent_types").
_CONDITIONS: dict[str, tuple[str, Any]] = {
    "types": ("types", TYPES),
    "if_opponent_types": ("types", TYPES),
}
EFFECT_OPS: dict[str, dict[str, tuple[str, Any]]] = {
    "attack": {
        "amount": ("int", (-5, 5)),
        "who": ("choice", WHO),
        "if_element": ("choice", ELEMENTS),
        **_CONDITIONS,
    },
    "defense": {
        "amount": ("int", (-5, 5)),
        "who": ("choice", WHO),
        "element": ("choice", ELEMENTS),
        **_CONDITIONS,
    },
    "skill": {
        "amount": ("int", (-5, 5)),
        "who": ("choice", WHO),
        "if_element": ("choice", ELEMENTS),
        **_CONDITIONS,
    },
    "element": {"element": ("choice", ELEMENTS), "who": ("choice", WHO), "types": ("types", TYPES)},
    "die_floor": {"value": ("int", (1, 6)), "who": ("choice", WHO)},
    "dice_bonus": {"amount": ("int", (-3, 3)), "who": ("choice", WHO)},
    "reroll": {"who": ("choice", ("self",))},
    "negate_action": {"who": ("choice", ("opponent",))},
    "negate_support": {"who": ("choice", ("opponent",))},
    "recover_action": {"who": ("choice", ("self",))},
}
OPTIONAL = {"types", "element", "if_element", "if_opponent_types"}
# Ops that "tell you to do something": done the moment the card is revealed (rulebook FAQ).
IMMEDIATE_OPS = {"recover_action"}


def effect_problems(effect: object) -> list[str]:
    """Why an effect (a list of effect dicts) is outside the vocabulary; [] when it is inside."""
    if effect is None:
        return []
    if not isinstance(effect, list):
        return ["The effect must be a list of effects."]
    problems = []
    for index, item in enumerate(effect, start=1):
        problems += [f"Effect {index}: {p}" for p in _item_problems(item)]
    return problems


def effect_supported(effect: object) -> bool:
    """True when every part of the effect is in the engine's vocabulary."""
    return not effect_problems(effect)


def _item_problems(item: object) -> list[str]:
    if not isinstance(item, dict) or item.get("op") not in EFFECT_OPS:
        op = item.get("op") if isinstance(item, dict) else item
        return [f"unknown effect {op!r}; known: {', '.join(sorted(EFFECT_OPS))}."]
    spec = EFFECT_OPS[item["op"]]
    problems = [f"unknown parameter {k!r}." for k in sorted(set(item) - set(spec) - {"op"})]
    optional = OPTIONAL - {"element"} if item["op"] == "element" else OPTIONAL
    for name, (kind, allowed) in spec.items():
        if name not in item:
            if name not in optional:
                problems.append(f"{item['op']} needs {name!r}.")
            continue
        problems += _parameter_problems(name, kind, allowed, item[name])
    return problems


def _parameter_problems(name: str, kind: str, allowed: Any, value: object) -> list[str]:
    if kind == "int":
        low, high = allowed
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            return [f"{name} must be a whole number from {low} to {high}."]
    elif kind == "choice":
        if value not in allowed:
            return [f"{name} must be one of {', '.join(allowed)}."]
    elif not isinstance(value, list) or not value or any(t not in allowed for t in value):
        return [f"{name} must be a non-empty list of {', '.join(allowed)}."]
    return []


def card_problems(card: dict[str, Any]) -> list[str]:
    """Everything wrong with one card dict (shape, stats, effect); [] when it is playable."""
    if is_catalogue_card(card):
        card = from_catalogue_card(card)
    if not isinstance(card, dict):
        return ["A card must be an object."]
    name = card.get("name")
    if not isinstance(name, str) or not name.strip():
        return ["A card needs a name."]
    kind = card.get("kind")
    if kind == "action":
        problems = []
    elif kind == "character":
        problems = _character_problems(card)
    else:
        return [f"{name}: kind must be character or action."]
    return [f"{name}: {p}" for p in problems + effect_problems(card.get("effect", []))]


def _character_problems(card: dict[str, Any]) -> list[str]:
    problems = []
    if card.get("type") not in TYPES:
        problems.append("type must be H, C or M.")
    attack = card.get("attack")
    if not isinstance(attack, dict) or attack.get("element") not in ELEMENTS:
        problems.append("attack needs an element: light, dark, fire or water.")
    elif not _is_stat(attack.get("value")):
        problems.append("attack value must be a whole number from 0 to 20.")
    defense = card.get("defense")
    if not isinstance(defense, dict) or set(defense) != set(ELEMENTS):
        problems.append("defense needs exactly light, dark, fire and water.")
    elif not all(_is_stat(v) for v in defense.values()):
        problems.append("defense values must be whole numbers from 0 to 20.")
    return problems


def _is_stat(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 20


def force_problems(force: object, *, mode: str) -> list[str]:
    """Why a Combat Force cannot be used in that mode (size, mix, card problems); [] when fine."""
    if not isinstance(force, list):
        return ["A Combat Force must be a list of cards."]
    force = [from_catalogue_card(c) if is_catalogue_card(c) else c for c in force]
    size, minimum = (6, 2) if mode == "quick-duel" else (10, 3)
    problems = [p for card in force for p in card_problems(card)]
    if problems:
        return problems
    actions = sum(1 for c in force if c["kind"] == "action")
    characters = len(force) - actions
    if len(force) != size:
        problems.append(f"A {mode} force has exactly {size} cards, not {len(force)}.")
    if actions < minimum or characters < minimum:
        problems.append(
            f"A {mode} force needs at least {minimum} actions and {minimum} characters."
        )
    if any(c["name"] == NULL_ACTION["name"] for c in force):
        problems.append("Null is added to every Full Match hand; leave it out of the force.")
    return problems


def normalize_card(card: dict[str, Any]) -> dict[str, Any]:
    """The card with only the keys the engine reads (so states stay small and comparable)."""
    if is_catalogue_card(card):
        card = from_catalogue_card(card)
    clean = {"name": card["name"], "kind": card["kind"], "effect": list(card.get("effect") or [])}
    if card["kind"] == "character":
        clean["type"] = card["type"]
        clean["attack"] = {"element": card["attack"]["element"], "value": card["attack"]["value"]}
        clean["defense"] = {e: card["defense"][e] for e in ELEMENTS}
    return clean


def describe_effect(effect: list[Any]) -> str:
    """Players' words for an effect list, e.g. "Your Fighter gets +1 attack."."""
    if not effect:
        return "No effect."
    return " ".join(_describe_item(item) for item in effect)


def _whose(who: str, types: list[Any] | None = None) -> str:
    kinds = "/".join(TYPE_NAMES[t] for t in types) + " " if types else ""
    return {"self": f"Your {kinds}Fighter", "opponent": f"The opposing {kinds}Fighter"}.get(
        who, f"All {kinds}Fighters"
    )


def _describe_item(item: dict[str, Any]) -> str:
    op, who = item["op"], item.get("who", "self")
    if op in ("attack", "defense", "skill"):
        element = f" {item['element']}" if item.get("element") else ""
        sign = "+" if item["amount"] >= 0 else ""
        words = f"{_whose(who, item.get('types'))}: {sign}{item['amount']}{element} {op}"
        return words + _conditions(item) + "."
    if op == "element":
        return f"{_whose(who, item.get('types'))} attacks in {item['element'].title()}."
    if op == "die_floor":
        return f"{_whose(who)}'s dice count as at least {item['value']}."
    if op == "dice_bonus":
        return f"{_whose(who)}'s dice total {item['amount']:+d}."
    if op == "reroll":
        return "Once this duel, reroll your lower die if you are losing."
    if op == "negate_action":
        return "Cancel the opposing action card."
    if op == "negate_support":
        return "Cancel the opposing Supporter's bonuses."
    return "Take back your most recently used action card."


def _conditions(item: dict[str, Any]) -> str:
    words = ""
    if item.get("if_element"):
        words += f" when attacking in {item['if_element'].title()}"
    if item.get("if_opponent_types"):
        words += " against a " + "/".join(TYPE_NAMES[t] for t in item["if_opponent_types"])
    return words


# ----- cards of the decks app's card sets -------------------------------------------------------
# The decks app stores a card as {"name", "type": "character"|"action", "stats": {...},
# "effects": [...]}, its effects already in this vocabulary (one vocabulary: the import asks
# effect_problems); only the card's own shape differs.


def from_catalogue_card(card: dict[str, Any]) -> dict[str, Any]:
    """A decks-app card dict as an engine card; card_problems says if it cannot be played."""
    name, stats = card.get("name"), card.get("stats") or {}
    effect = list(card.get("effects") or [])
    if card.get("type") == "character":
        return {
            "name": name,
            "kind": "character",
            "type": stats.get("kind"),
            "attack": {"element": stats.get("attack_element"), "value": stats.get("attack")},
            "defense": {e: stats.get(f"defense_{e}") for e in ELEMENTS},
            "effect": effect,
        }
    return {"name": name, "kind": card.get("type"), "effect": effect}


def is_catalogue_card(card: dict[str, Any]) -> bool:
    """Decks-app cards name their type character/action and keep stats apart."""
    return isinstance(card, dict) and "kind" not in card and "type" in card


def character(
    name: str,
    kind_type: str,
    element: str,
    value: int,
    defense: tuple[int, int, int, int],
    effect: list[dict[str, Any]],
) -> dict[str, Any]:
    """A character card dict (light, dark, fire, water defences in that order)."""
    return {
        "name": name,
        "kind": "character",
        "type": kind_type,
        "attack": {"element": element, "value": value},
        "defense": dict(zip(ELEMENTS, defense, strict=True)),
        "effect": effect,
    }


def action(name: str, effect: list[dict[str, Any]]) -> dict[str, Any]:
    """An action card dict."""
    return {"name": name, "kind": "action", "effect": effect}


def _fx(op: str, **params: object) -> dict[str, Any]:
    return {"op": op, "who": "self", **params}


# The decks app's starter set "Convention Floor" (decks/data/conventional_combat_starter.json)
# in engine words; a test keeps the two in step. Null is added by the engine in a Full Match.
STARTER_CARDS = [
    character(
        "Lantern Paladin", "H", "light", 6, (4, 2, 3, 3), [_fx("defense", amount=1, element="dark")]
    ),
    character(
        "Gloom Stalker", "M", "dark", 6, (2, 4, 3, 3), [_fx("attack", amount=1, if_element="dark")]
    ),
    character(
        "Cinder Golem", "C", "fire", 5, (3, 3, 5, 2), [_fx("defense", amount=1, element="fire")]
    ),
    character("Tide Witch", "H", "water", 6, (3, 3, 2, 4), [_fx("element", element="water")]),
    character("Brass Sentinel", "C", "light", 4, (5, 4, 4, 4), [_fx("defense", amount=1)]),
    character(
        "Ember Drake",
        "M",
        "fire",
        7,
        (2, 2, 4, 1),
        [_fx("attack", amount=2, if_opponent_types=["H"])],
    ),
    character(
        "Abyssal Leech", "M", "water", 5, (2, 3, 2, 5), [_fx("attack", who="opponent", amount=-1)]
    ),
    character("Sunblade Squire", "H", "light", 5, (4, 3, 3, 3), [_fx("skill", amount=1)]),
    character("Clockwork Duelist", "C", "dark", 5, (3, 4, 3, 3), [_fx("reroll")]),
    character(
        "Storm Kraken",
        "M",
        "water",
        7,
        (1, 3, 3, 4),
        [_fx("attack", amount=2, if_opponent_types=["C"])],
    ),
    character("Ash Monk", "H", "fire", 5, (3, 3, 4, 2), [_fx("negate_support", who="opponent")]),
    character(
        "Mirror Automaton", "C", "light", 4, (4, 4, 4, 4), [_fx("defense", amount=2, types=["C"])]
    ),
    action("Power Strike", [_fx("attack", amount=2)]),
    action("Brace", [_fx("defense", amount=2)]),
    action("Elemental Shift", [_fx("element", element="light")]),
    action("Focus", [_fx("skill", amount=2)]),
    action("Dispel", [_fx("negate_action", who="opponent")]),
    action("Feint", [_fx("defense", who="opponent", amount=-2)]),
    action("Second Wind", [_fx("reroll")]),
    action("Monster Hunt", [_fx("attack", amount=3, if_opponent_types=["M"])]),
]
_BY_NAME = {card["name"]: card for card in STARTER_CARDS}
# The set's "Quick Duel Starter" and "Full Match Starter" decks.
DEFAULT_FORCES = {
    "quick-duel": [
        "Lantern Paladin",
        "Ember Drake",
        "Tide Witch",
        "Power Strike",
        "Brace",
        "Focus",
    ],
    "full-match": [
        "Lantern Paladin",
        "Gloom Stalker",
        "Cinder Golem",
        "Tide Witch",
        "Storm Kraken",
        "Power Strike",
        "Brace",
        "Dispel",
        "Feint",
        "Monster Hunt",
    ],
}


def default_force(mode: str) -> list[dict[str, Any]]:
    """The starter force the engine uses for a side that brings none."""
    return [dict(_BY_NAME[name]) for name in DEFAULT_FORCES[mode]]
