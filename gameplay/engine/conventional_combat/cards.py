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

ELEMENTS = ("light", "dark", "fire", "water")
TYPES = ("H", "C", "M")
TYPE_NAMES = {"H": "Humanoid", "C": "Construct", "M": "Monster"}
WHO = ("self", "opponent", "all")
NULL_ACTION = {"name": "Null", "kind": "action", "effect": []}

# op -> {parameter: (kind, allowed)}; kind "int" takes (low, high), "choice" a tuple of values.
# Parameters listed in OPTIONAL may be left out.
EFFECT_OPS = {
    "attack": {"amount": ("int", (-5, 5)), "who": ("choice", WHO), "types": ("types", TYPES)},
    "defense": {
        "amount": ("int", (-5, 5)),
        "who": ("choice", WHO),
        "types": ("types", TYPES),
        "element": ("choice", ELEMENTS),
    },
    "element": {"element": ("choice", ELEMENTS), "who": ("choice", WHO), "types": ("types", TYPES)},
    "die_floor": {"value": ("int", (1, 6)), "who": ("choice", WHO)},
    "dice_bonus": {"amount": ("int", (-3, 3)), "who": ("choice", WHO)},
    "negate_action": {"who": ("choice", ("opponent",))},
    "negate_support": {"who": ("choice", ("opponent",))},
    "recover_action": {"who": ("choice", ("self",))},
}
OPTIONAL = {"types", "element"}
# Ops that "tell you to do something": done the moment the card is revealed (rulebook FAQ).
IMMEDIATE_OPS = {"recover_action"}


def effect_problems(effect) -> list[str]:
    """Why an effect (a list of effect dicts) is outside the vocabulary; [] when it is inside."""
    if effect is None:
        return []
    if not isinstance(effect, list):
        return ["The effect must be a list of effects."]
    problems = []
    for index, item in enumerate(effect, start=1):
        problems += [f"Effect {index}: {p}" for p in _item_problems(item)]
    return problems


def effect_supported(effect) -> bool:
    """True when every part of the effect is in the engine's vocabulary."""
    return not effect_problems(effect)


def _item_problems(item) -> list[str]:
    if not isinstance(item, dict) or item.get("op") not in EFFECT_OPS:
        op = item.get("op") if isinstance(item, dict) else item
        return [f"unknown effect {op!r}; known: {', '.join(sorted(EFFECT_OPS))}."]
    spec = EFFECT_OPS[item["op"]]
    problems = [f"unknown parameter {k!r}." for k in sorted(set(item) - set(spec) - {"op"})]
    for name, (kind, allowed) in spec.items():
        if name not in item:
            if name not in OPTIONAL:
                problems.append(f"{item['op']} needs {name!r}.")
            continue
        problems += _parameter_problems(name, kind, allowed, item[name])
    return problems


def _parameter_problems(name: str, kind: str, allowed, value) -> list[str]:
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


def card_problems(card) -> list[str]:
    """Everything wrong with one card dict (shape, stats, effect); [] when it is playable."""
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


def _character_problems(card: dict) -> list[str]:
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


def _is_stat(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 20


def force_problems(force, *, mode: str) -> list[str]:
    """Why a Combat Force cannot be used in that mode (size, mix, card problems); [] when fine."""
    if not isinstance(force, list):
        return ["A Combat Force must be a list of cards."]
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


def normalize_card(card: dict) -> dict:
    """The card with only the keys the engine reads (so states stay small and comparable)."""
    clean = {"name": card["name"], "kind": card["kind"], "effect": list(card.get("effect") or [])}
    if card["kind"] == "character":
        clean["type"] = card["type"]
        clean["attack"] = {"element": card["attack"]["element"], "value": card["attack"]["value"]}
        clean["defense"] = {e: card["defense"][e] for e in ELEMENTS}
    return clean


def describe_effect(effect: list) -> str:
    """Players' words for an effect list, e.g. "Your Fighter gets +1 attack."."""
    if not effect:
        return "No effect."
    return " ".join(_describe_item(item) for item in effect)


def _whose(who: str, types: list | None = None) -> str:
    kinds = "/".join(TYPE_NAMES[t] for t in types) + " " if types else ""
    return {"self": f"Your {kinds}Fighter", "opponent": f"The opposing {kinds}Fighter"}.get(
        who, f"All {kinds}Fighters"
    )


def _describe_item(item: dict) -> str:
    op, who = item["op"], item.get("who", "self")
    if op in ("attack", "defense"):
        element = f" {item['element']}" if item.get("element") else ""
        sign = "+" if item["amount"] >= 0 else ""
        return f"{_whose(who, item.get('types'))}: {sign}{item['amount']}{element} {op}."
    if op == "element":
        return f"{_whose(who, item.get('types'))} attacks in {item['element'].title()}."
    if op == "die_floor":
        return f"{_whose(who)}'s dice count as at least {item['value']}."
    if op == "dice_bonus":
        return f"{_whose(who)}'s dice total {item['amount']:+d}."
    if op == "negate_action":
        return "Cancel the opposing action card."
    if op == "negate_support":
        return "Cancel the opposing Supporter's bonuses."
    return "Take back your most recently used action card."


def character(name, kind_type, element, value, defense, effect) -> dict:
    """A character card dict (light, dark, fire, water defences in that order)."""
    return {
        "name": name,
        "kind": "character",
        "type": kind_type,
        "attack": {"element": element, "value": value},
        "defense": dict(zip(ELEMENTS, defense, strict=True)),
        "effect": effect,
    }


def action(name, effect) -> dict:
    """An action card dict."""
    return {"name": name, "kind": "action", "effect": effect}


def _fx(op, **params) -> dict:
    return {"op": op, **params}


# The engine's default starter cards (used when a side brings no force of its own).
STARTER_CARDS = [
    character("Ember Knight", "H", "fire", 6, (3, 2, 5, 1), [_fx("attack", amount=1, who="self")]),
    character("Tide Golem", "C", "water", 5, (2, 3, 4, 5), [_fx("defense", amount=1, who="self")]),
    character(
        "Dawn Paladin",
        "H",
        "light",
        6,
        (5, 2, 3, 3),
        [_fx("attack", amount=2, who="self", types=["H"])],
    ),
    character(
        "Shade Stalker", "M", "dark", 7, (1, 5, 2, 2), [_fx("attack", amount=-1, who="opponent")]
    ),
    character(
        "Cinder Drake",
        "M",
        "fire",
        7,
        (2, 3, 5, 0),
        [_fx("attack", amount=1, who="all", types=["M"])],
    ),
    character(
        "Brass Sentinel",
        "C",
        "light",
        4,
        (4, 4, 4, 4),
        [_fx("defense", amount=2, who="self", types=["C"])],
    ),
    character(
        "Mist Witch",
        "H",
        "water",
        5,
        (3, 4, 1, 5),
        [_fx("element", element="water", who="opponent")],
    ),
    character("Gloom Hound", "M", "dark", 5, (2, 4, 3, 2), [_fx("recover_action", who="self")]),
    character(
        "Storm Monk", "H", "water", 6, (3, 3, 3, 3), [_fx("dice_bonus", amount=1, who="self")]
    ),
    character(
        "Iron Colossus", "C", "fire", 5, (3, 3, 6, 2), [_fx("die_floor", value=2, who="self")]
    ),
    action("Power Strike", [_fx("attack", amount=2, who="self")]),
    action("Iron Guard", [_fx("defense", amount=2, who="self")]),
    action(
        "Flame Weapon",
        [_fx("element", element="fire", who="self"), _fx("attack", amount=1, who="self")],
    ),
    action("Blessing", [_fx("attack", amount=3, who="self", types=["H"])]),
    action("Sabotage", [_fx("attack", amount=-2, who="opponent")]),
    action("Dispel", [_fx("negate_action", who="opponent")]),
    action("Silence", [_fx("negate_support", who="opponent")]),
    action("Lucky Charm", [_fx("dice_bonus", amount=2, who="self")]),
    action("Perfect Form", [_fx("die_floor", value=4, who="self")]),
    action("Earthquake", [_fx("defense", amount=-2, who="all")]),
]
_BY_NAME = {card["name"]: card for card in STARTER_CARDS}
DEFAULT_FORCES = {
    "quick-duel": [
        "Ember Knight",
        "Tide Golem",
        "Shade Stalker",
        "Power Strike",
        "Iron Guard",
        "Lucky Charm",
    ],
    "full-match": [
        "Ember Knight",
        "Tide Golem",
        "Dawn Paladin",
        "Shade Stalker",
        "Gloom Hound",
        "Power Strike",
        "Iron Guard",
        "Sabotage",
        "Dispel",
        "Lucky Charm",
    ],
}


def default_force(mode: str) -> list[dict]:
    """The starter force the engine uses for a side that brings none."""
    return [dict(_BY_NAME[name]) for name in DEFAULT_FORCES[mode]]
