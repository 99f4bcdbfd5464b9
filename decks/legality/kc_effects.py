"""The Kingdom Combat effect vocabulary: the shape of a card's machine-readable effects.

Every effect is a dict {"when", "op", ...}: *when* it applies, *what* it does, and to whom
("target"). The engine (`gameplay/engine/kingdom_combat/effects.py` reads it, `resolution.py`
beside it carries it out) interprets exactly this vocabulary; a card-set import with anything
else is refused, naming the card and the effect.

when: play (an Event or Dirty Trick resolving), attached (an Ability or Equipment, while
      attached), static (while the card is in play), enters (when it enters play), attacks (when
      this unit attacks), destroys_structure (when a unit you control destroys a structure),
      activated (an ability its controller uses by paying "cost"), setup (the Starting Garrison)
op:   gain_gold, create_token, modify (attack / defense / armor / range), grant_skill,
      grant_range (Ranged N if it has less), prevent_damage, exhaust, cost_reduction,
      garrison_allowance
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

WHEN = (
    "play",
    "attached",
    "static",
    "enters",
    "attacks",
    "destroys_structure",
    "activated",
    "setup",
)
TARGETS = (
    "self",
    "unit",
    "attacking_unit",
    "own_units",
    "own_other_units_same_zone",
    "unit_inside",
    "own_fortress_defenders",
    "own_other_archers",
    "own_other_attackers",
    "own_unit_at_fortress",
)
SKILLS = ("Mounted", "Ranged", "Charge", "Deflect", "Etherial", "Dual Wield", "Alert")
STATS = ("attack", "defense", "armor", "range")
# op -> (required fields, optional fields); ints unless listed in TEXT_FIELDS / SPECIAL
OPS: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "gain_gold": (("amount",), ()),
    "create_token": (("token", "count"), ()),
    "modify": ((), (*STATS, "target", "until", "against")),
    "grant_skill": (("skill",), ("target", "until")),
    "grant_range": (("amount",), ("target",)),
    "prevent_damage": ((), ("target", "until")),
    "exhaust": ((), ("target", "max_cost")),
    "cost_reduction": (("amount",), ("minimum", "if_skill", "per", "target")),
    "garrison_allowance": (("amount", "subtype"), ()),
}
TEXT_FIELDS = ("token", "subtype", "target", "until", "against", "skill", "if_skill", "per")
CHOICES: Mapping[str, tuple[str, ...]] = {
    "target": TARGETS,
    "until": ("end of turn",),
    "against": ("fortress_attackers",),
    "skill": SKILLS,
    "if_skill": SKILLS,
    "per": ("structure",),
}
COMMON = ("when", "op", "cost", "once_per_turn")
# What the engine carries out (gameplay/engine/kingdom_combat/resolution.py): at each moment, the
# ops it plays and the targets each may name (None: no target). The rest of what the fields
# above can say is refused, so an imported card never silently does nothing.
AURAS = (
    "own_units",
    "unit_inside",
    "own_other_units_same_zone",
    "own_other_archers",
    "own_fortress_defenders",
)
CHANGE_OPS = ("modify", "grant_skill", "prevent_damage")  # until end of turn when played
PLAYED: Mapping[str, Mapping[str, tuple[str | None, ...]]] = {
    "play": {
        "gain_gold": (None,),
        "create_token": (None,),
        **dict.fromkeys(CHANGE_OPS, ("unit", "attacking_unit", "own_units")),
        "exhaust": ("unit", "attacking_unit"),
    },
    "attached": {"modify": (None, "self"), "grant_skill": (None, "self")},
    "static": {"modify": AURAS, "grant_range": AURAS, "cost_reduction": ("own_units", "self")},
    "enters": {"gain_gold": (None,), "create_token": (None,)},
    "attacks": {"modify": ("own_other_attackers",)},
    "destroys_structure": {"gain_gold": (None,), "create_token": (None,)},
    "activated": {
        "gain_gold": (None,),
        "create_token": (None,),
        **dict.fromkeys(CHANGE_OPS, ("own_unit_at_fortress", "own_units")),
    },
    "setup": {"garrison_allowance": (None,)},
}


def kc_effect_problems(effect: Any, tokens: set[str] | None = None) -> list[str]:
    """What is wrong with one Kingdom Combat effect (empty when the engine can read it)."""
    if not isinstance(effect, Mapping):
        return ["an effect is an object with at least when and op"]
    errors = []
    if effect.get("when") not in WHEN:
        errors.append(f"when must be one of {', '.join(WHEN)}")
    op = effect.get("op")
    if not isinstance(op, str) or op not in OPS:
        return [*errors, f"op must be one of {', '.join(OPS)}"]
    required, optional = OPS[op]
    for name in required:
        if name not in effect:
            errors.append(f"a {op} effect needs {name}")
    for name in (*required, *optional):
        if name in effect:
            errors += _field_problems(name, effect[name])
    known = {*COMMON, *required, *optional}
    errors += [f"unknown field {key!r} for {op}" for key in effect if key not in known]
    if op == "modify" and not any(s in effect for s in STATS):
        errors.append("a modify effect changes at least one of attack, defense, armor, range")
    if op == "create_token" and tokens is not None and effect.get("token") not in tokens:
        errors.append(f"token {effect.get('token')!r} is not a token card of this set")
    errors += _activation_problems(effect)
    return errors or _unplayed_problems(effect)


# The moments at which a card of each kind acts (an Event is never in play, a unit is never
# attached, a fortress never enters play, only a unit attacks or exhausts), and the kinds of
# card an aura reaches from ("a unit inside this structure", "units in the same zone").
MOMENTS: Mapping[str, tuple[str, ...]] = {
    "Event": ("play",),
    "Dirty Trick": ("play",),
    "Ability": ("attached",),
    "Equipment": ("attached",),
    "unit": ("static", "enters", "attacks", "destroys_structure", "activated"),
    "token": ("static", "attacks", "destroys_structure", "activated"),
    "structure": ("static", "enters", "destroys_structure", "activated"),
    "fortress": ("static", "destroys_structure", "activated", "setup"),
}
UNITS = ("unit", "token")
AURA_SOURCES = {"unit_inside": ("structure",), "own_other_units_same_zone": UNITS}


def kc_card_effect_problems(kind: Any, effect: Any) -> list[str]:
    """What is wrong with an effect on a card of that kind (a type, or an action's subtype)
    that the effect alone does not say: the card never reaches that moment."""
    if kind not in MOMENTS or not isinstance(effect, Mapping) or effect.get("when") not in WHEN:
        return []
    when = effect["when"]
    if when not in MOMENTS[kind]:
        return [f"a {kind} acts only {' or '.join(MOMENTS[kind])}, never {when}"]
    target = effect.get("target")
    sources = AURA_SOURCES.get(target) if isinstance(target, str) else None
    if sources is not None and kind not in sources:
        return [f"target {target} is for a {' or '.join(sources)}"]
    if effect.get("op") == "cost_reduction" and target == "self" and kind != "unit":
        return ["only a unit's own cost is reduced (it is played from the hand)"]
    cost = effect.get("cost")
    if isinstance(cost, Mapping) and cost.get("exhaust") and kind not in UNITS:
        return ["only a unit exhausts to pay a cost"]
    return []


def _unplayed_problems(effect: Mapping[str, Any]) -> list[str]:
    """What the engine would not carry out of a well-formed effect (PLAYED)."""
    when, op, target = effect["when"], effect["op"], effect.get("target")
    targets = PLAYED[when].get(op)
    if targets is None:
        return [
            f"the engine plays no {when} {op}: a {when} effect is one of {', '.join(PLAYED[when])}"
        ]
    if target not in targets:
        named = [t or "no target" for t in targets]
        return [f"a {when} {op} effect has {' or '.join(named)} as its target"]
    if when in ("play", "activated") and op in CHANGE_OPS and "until" not in effect:
        return [f"a {when} {op} effect lasts until end of turn: say so (until)"]
    changes = set(effect) & set(STATS)
    if "against" in effect and not (
        when == "static" and target == "own_units" and changes == {"range"}
    ):
        return ["only a static range modify of own_units has against"]
    if when == "attacks" and changes != {"attack"}:
        return ["an attacks modify changes attack only"]
    if op == "cost_reduction" and (target == "self") != (effect.get("per") == "structure"):
        return ["a cost_reduction of self counts per structure, one of own_units does not"]
    return []


def _field_problems(name: str, value: Any) -> list[str]:
    if name in TEXT_FIELDS:
        allowed = CHOICES.get(name)
        if allowed is not None and value not in allowed:
            return [f"{name} must be one of {', '.join(allowed)}"]
        if not isinstance(value, str) or not value:
            return [f"{name} must be text"]
        return []
    if isinstance(value, bool) or not isinstance(value, int) or not -20 <= value <= 20:
        return [f"{name} must be a whole number from -20 to 20"]
    return []


def _activation_problems(effect: Mapping[str, Any]) -> list[str]:
    cost = effect.get("cost")
    if effect.get("when") != "activated":
        return ["only an activated effect has a cost"] if cost is not None else []
    if not isinstance(cost, Mapping) or not cost or set(cost) - {"gold", "exhaust"}:
        return ["an activated effect has a cost: {gold: n} and/or {exhaust: true}"]
    if "gold" in cost and (isinstance(cost["gold"], bool) or not isinstance(cost["gold"], int)):
        return ["cost.gold must be a whole number"]
    if "exhaust" in cost and cost["exhaust"] is not True:
        return ["cost.exhaust is true or left out"]
    if "once_per_turn" in effect and not isinstance(effect["once_per_turn"], bool):
        return ["once_per_turn is true or false"]
    return []
