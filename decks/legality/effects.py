"""The small, data-driven effect vocabulary of Conventional Combat and Rune Duel cards.

Each effect is a dict with an `op` and a `target`, plus the fields listed in OPS. Engines
interpret them; this module only checks their shape. See decks/RULINGS.md for the meaning.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from decks.legality.kc_effects import kc_effect_problems

ELEMENTS = ("light", "dark", "fire", "water")
KINDS = ("H", "C", "M")
TARGETS = ("self", "opponent", "creature", "player", "all_own", "all_creatures")
# op -> (required int fields, optional int fields)
OPS: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "attack": (("amount",), ()),
    "defense": (("amount",), ()),
    "skill": (("amount",), ()),
    "element": ((), ()),
    "reroll": ((), ()),
    "cancel_support": ((), ()),
    "cancel_action": ((), ()),
    "damage": (("amount",), ()),
    "heal": (("amount",), ()),
    "buff": ((), ("attack", "life")),
}
CONDITIONS = ("element", "if_kind", "if_opponent_kind")
# What each game's engine can play: op -> the targets it may have. A card of that game with any
# other op or target is refused at import, so no card is imported that the engine cannot play.
_SIDES = ("self", "opponent")
GAME_OPS: Mapping[str, Mapping[str, tuple[str, ...]]] = {
    "conventional-combat": {
        "attack": _SIDES,
        "defense": _SIDES,
        "skill": _SIDES,
        "element": _SIDES,
        "reroll": ("self",),
        "cancel_support": ("opponent",),
        "cancel_action": ("opponent",),
    },
    "rune-duel": {
        "damage": ("creature", "all_creatures", "player", "opponent"),
        "heal": ("creature", "all_own", "player", "self"),
        "buff": ("creature", "all_own"),
    },
}
# Conventional Combat bonuses run from -5 to 5 (Skill itself is capped at 5).
CC_AMOUNTS = range(-5, 6)


def effect_problems(effects: Any, game: str | None = None) -> list[str]:
    """What is wrong with an effects list (empty when every effect is well formed and, given
    a game, one that game's engine plays)."""
    if not isinstance(effects, list):
        return ["effects must be a list"]
    if game == "kingdom-combat":
        return [
            f"effect {number}: {problem}"
            for number, effect in enumerate(effects, start=1)
            for problem in kc_effect_problems(effect)
        ]
    errors: list[str] = []
    for number, effect in enumerate(effects, start=1):
        problems = _one_effect_problems(effect) or _game_problems(effect, game)
        errors.extend(f"effect {number}: {e}" for e in problems)
    return errors


def _game_problems(effect: Mapping[str, Any], game: str | None) -> list[str]:
    if game not in GAME_OPS:
        return []
    ops = GAME_OPS[game]
    if effect["op"] not in ops:
        return [f"{effect['op']} is not a {game} effect; use one of {', '.join(ops)}"]
    targets = ops[effect["op"]]
    if effect.get("target", "self") not in targets:
        return [f"a {game} {effect['op']} effect targets {' or '.join(targets)}"]
    if game == "conventional-combat" and effect.get("amount", 0) not in CC_AMOUNTS:
        return ["amount must be from -5 to 5"]
    return []


def _one_effect_problems(effect: Any) -> list[str]:
    if not isinstance(effect, Mapping) or effect.get("op") not in OPS:
        return [f"op must be one of {', '.join(OPS)}"]
    required, optional = OPS[effect["op"]]
    errors = [f"{f} must be a whole number" for f in required if not _is_int(effect.get(f))]
    errors += [
        f"{f} must be a whole number" for f in optional if f in effect and not _is_int(effect[f])
    ]
    if effect.get("target", "self") not in TARGETS:
        errors.append(f"target must be one of {', '.join(TARGETS)}")
    if "element" in effect and effect["element"] not in ELEMENTS:
        errors.append(f"element must be one of {', '.join(ELEMENTS)}")
    if effect["op"] == "element" and "element" not in effect:
        errors.append("an element effect names the element")
    for key in ("if_kind", "if_opponent_kind"):
        if key in effect and effect[key] not in KINDS:
            errors.append(f"{key} must be H, C or M")
    known = {"op", "target", *required, *optional, *CONDITIONS}
    errors += [f"unknown field {key!r}" for key in effect if key not in known]
    return errors


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
