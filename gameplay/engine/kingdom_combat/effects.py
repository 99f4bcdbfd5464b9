"""What cards do: the engine's reading of the effect vocabulary (decks/legality/kc_effects.py).

Played here: every combination of moment, op and target listed in kc_effects.PLAYED (the
import refuses the others): Events and Dirty Tricks resolving ("play"), Abilities and
Equipment while attached, static auras and cost reductions, "enters", "attacks" and
"destroys_structure" triggers, activated abilities; and the Ranged skill. The Starting
Garrison allowance ("setup") is read by setup.py.

This module reads: static effects, skills, stats, ranges and costs as effects change them;
resolution.py beside it carries effects out (activations, targets, attachments, tokens).

`state["effects"]`: until-end-of-turn changes, {"unit", "until", attack/defense/armor/range,
"skill", "prevent"}; `state["attached"]`: {card id: unit id} for Abilities and Equipment.
"""

from __future__ import annotations

import threading
from collections.abc import Hashable
from typing import Any

from gameplay.engine.kingdom_combat import cards, lasting, zones
from gameplay.engine.kingdom_combat.zones import player

EOT = "end of turn"
CHANGES = ("attack", "defense", "armor", "range", "skill")


# --- reading a state that does not change --------------------------------------------------
# Listing legal actions, checking one and scoring a state read the same static effects and unit
# stats many times over without changing the state; inside `reading(state)` they are worked
# out once. Never hold it open across a change to the state.
# A read's memo: keys are a name ("attachments") or a tuple naming what was worked out.
Memo = dict[Hashable, Any]


class _Scope(threading.local):
    current: tuple[dict[str, Any], Memo] | None = None  # the state being read, its memo


_scope = _Scope()


class reading:  # a context manager named like the function it replaces
    """Memoise static effects, stats and skills of `state` until the block ends (the state
    must not change inside it). Nested blocks share the outer one's memo."""

    __slots__ = ("opened", "state")

    def __init__(self, state: dict[str, Any]):
        self.state = state

    def __enter__(self) -> None:
        self.opened = _scope.current is None
        if self.opened:
            _scope.current = (self.state, {})

    def __exit__(self, *exc: object) -> None:
        if self.opened:
            _scope.current = None


def open_read(state: dict[str, Any]) -> bool:
    """`reading(state).__enter__` as a function, for the hottest callers (a `with` costs
    three calls): True when it opened the read, to pass to close_read."""
    if _scope.current is None:
        _scope.current = (state, {})
        return True
    return False


def close_read(opened: bool) -> None:
    """Ends the read open_read opened (if it did)."""
    if opened:
        _scope.current = None


def _memo(state: dict[str, Any]) -> Memo | None:
    """The open memo for this state, if any."""
    current = _scope.current
    if current is not None and current[0] is state:
        return current[1]
    return None


def printed_effects(state: dict[str, Any], cid: str, when: str) -> list[dict[str, Any]]:
    """The card's effects that apply at that moment."""
    return list(cards.effects_of(state["cards"][cid], when))


def attachments(state: dict[str, Any], uid: str) -> list[str]:
    """Abilities and Equipment attached to the unit, in the order they were attached."""
    attached = state["attached"]
    if not attached:
        return []
    memo = _memo(state)
    if memo is None:
        return [cid for cid, unit in attached.items() if unit == uid]
    return list(_given(state).attachments.get(uid, ()))


def _given(state: dict[str, Any]) -> lasting.Given:
    """lasting.given, asked once a read."""
    current = _scope.current  # _memo(state), inlined: this is asked very often
    if current is None or current[0] is not state:
        return lasting.given(state)
    found: lasting.Given | None = current[1].get("given")
    if found is None:
        found = current[1]["given"] = lasting.given(state)
    return found


def bonus(state: dict[str, Any], uid: str, name: str) -> int:
    """What effects add to a unit's attack, defense, armor or range now."""
    memo = _memo(state)
    if memo is None:
        return _bonus(state, uid, name)
    adds, auras = _stat_sources(state, memo, name)
    total = adds.get(uid, 0)
    # _covers's first test (the unit's controller), before the call, when there is an aura
    controller = state["units"][uid]["seat"] if auras else None
    for source, seat, effect in auras:
        if seat == controller and _covers(state, source, seat, effect, uid):
            total += effect[name]
    if name == "attack" and state["combat"]:
        total += _attack_triggers(state, uid)
    return total


def _stat_sources(
    state: dict[str, Any], memo: Memo, name: str
) -> tuple[dict[str, int], list[tuple[str, int, dict[str, Any]]]]:
    """What _bonus adds up, worked out once a read: {unit: what this turn's effects and its
    attachments add to the stat} and the auras (static "modify" effects) naming the stat."""
    key = ("sources", name)
    found = memo.get(key)
    if found is None:
        found = memo[key] = (_given(state).adds(name), _in_play(state).auras(name))
    return found


def _bonus(state: dict[str, Any], uid: str, name: str) -> int:
    total = 0
    for effect in state["effects"]:
        if effect.get("unit") == uid:
            total += effect.get(name, 0)
    if state["attached"]:
        for cid in attachments(state, uid):
            for effect in printed_effects(state, cid, "attached"):
                if effect["op"] == "modify":
                    total += effect.get(name, 0)
    for source, seat, effect in _in_play(state).auras(name):
        if _covers(state, source, seat, effect, uid):
            total += effect[name]
    if name == "attack" and state["combat"]:
        total += _attack_triggers(state, uid)
    return total


def static_effects(
    state: dict[str, Any], op: str | None, when: str = "static"
) -> list[tuple[str, int, dict[str, Any]]]:
    """(source, controlling seat, effect) of every card in play with an effect at that moment
    of lasting.LASTING and with that op (None: any). Shared: never change it."""
    return _in_play(state).effects(when, op)


def _in_play(state: dict[str, Any]) -> lasting.InPlay:
    """lasting.in_play, asked once a read (even checking that the kept scan holds costs)."""
    current = _scope.current  # _memo(state), inlined: this is asked very often
    if current is None or current[0] is not state:
        return lasting.in_play(state)
    found: lasting.InPlay | None = current[1].get("in play")
    if found is None:
        found = current[1]["in play"] = lasting.in_play(state)
    return found


def _covers(
    state: dict[str, Any], source: str, seat: int, effect: dict[str, Any], uid: str
) -> bool:
    """Whether a static effect's target description includes the unit."""
    unit = state["units"][uid]
    if unit["seat"] != seat:
        return False
    target = effect.get("target")
    if target == "own_units":
        return True
    if target == "unit_inside":
        return unit["in"] == source
    if target == "own_other_units_same_zone":
        return (
            uid != source
            and source in state["units"]
            and state["units"][source]["zone"] == unit["zone"]
        )
    if target == "own_other_archers":
        return uid != source and cards.card(state["cards"][uid])["subtype"] == "Archer"
    if target == "own_fortress_defenders":
        combat = state["combat"]
        home = zones.fortress_zone(seat)
        return bool(combat) and any(
            b["zone"] == home and uid in b["defenders"] for b in combat["battles"]
        )
    return False


def _attack_triggers(state: dict[str, Any], uid: str) -> int:
    """ "When X attacks, your other attacking units get +N attack" while the combat is on."""
    combat = state["combat"]
    if not combat:
        return 0
    attacking = {u for b in combat["battles"] for u in b["attackers"]}
    if uid not in attacking:
        return 0
    total = 0
    for source in attacking - {uid}:
        if (
            source in state["units"]
            and state["units"][source]["seat"] == state["units"][uid]["seat"]
        ):
            for effect in printed_effects(state, source, "attacks"):
                if effect["op"] == "modify" and effect.get("target") == "own_other_attackers":
                    total += effect.get("attack", 0)
    return total


def skills(state: dict[str, Any], uid: str) -> list[str]:
    """The unit's skills: printed, granted by attachments or this turn's effects; Ranged
    whenever its range is above 0."""
    out = list(cards.card(state["cards"][uid])["skills"])
    for cid in attachments(state, uid):
        out += [e["skill"] for e in printed_effects(state, cid, "attached") if "skill" in e]
    out += [e["skill"] for e in state["effects"] if e.get("unit") == uid and "skill" in e]
    if "Ranged" in out and range_of(state, uid) <= 0:
        out.remove("Ranged")
    if "Ranged" not in out and range_of(state, uid) > 0:
        out.append("Ranged")
    return out


def range_of(state: dict[str, Any], uid: str) -> int:
    """Range damage of the unit (0: no Ranged)."""
    current = _scope.current  # _memo(state), inlined: this is asked very often
    if current is None or current[0] is not state:
        return _range_of(state, uid)
    memo = current[1]
    sources = memo.get("range sources")
    if sources is None:
        sources = memo["range sources"] = _range_sources(state, memo)
    if not sources:
        return cards.printed_range(state["cards"][uid])
    adds, auras, grants = sources  # _range_of with the sources worked out once a read
    own = cards.card(state["cards"][uid])["stats"].get("range", 0) + adds.get(uid, 0)
    # _covers's first test (the unit's controller), before the call; only with something to
    # test, as _covers reads the unit only then
    controller = state["units"][uid]["seat"] if auras or grants else None
    for source, seat, effect in auras:
        if seat == controller and _covers(state, source, seat, effect, uid):
            own += effect["range"]
    own = max(0, own)
    for source, seat, effect in grants:
        if seat == controller and _covers(state, source, seat, effect, uid):
            own = max(own, effect["amount"])
    return own


def _range_sources(state: dict[str, Any], memo: Memo) -> tuple[Any, ...]:
    """What changes units' printed ranges: (what this turn's effects and attachments add per
    unit, the auras, the "gets Ranged N" floors), or () when nothing does."""
    return _in_play(state).range_sources(_given(state))


def _range_of(state: dict[str, Any], uid: str) -> int:
    printed = cards.card(state["cards"][uid])["stats"].get("range", 0)
    own = max(0, printed + bonus(state, uid, "range"))
    # "gets Ranged N if it does not have Ranged": a floor on the range with every bonus
    # counted (a bow or Elven Sight already gives Ranged), not a base the bonuses add to
    for source, seat, effect in static_effects(state, "grant_range"):
        if _covers(state, source, seat, effect, uid):
            own = max(own, effect["amount"])
    return own


def range_against(state: dict[str, Any], uid: str, target: str) -> int:
    """Range damage of a shot at that target: "extra range damage to units attacking your
    Fortress" counts when the target attacks the shooter's controller's fortress."""
    amount = range_of(state, uid)
    combat = state["combat"]
    seat = state["units"][uid]["seat"]
    if combat and any(
        b["kind"] == "fortress" and b["seat"] == seat and target in b["attackers"]
        for b in combat["battles"]
    ):
        for _source, owner, effect in static_effects(state, "modify"):
            if owner == seat and effect.get("against") == "fortress_attackers":
                amount += effect.get("range", 0)
    return amount


def unit_cost(
    state: dict[str, Any], seat: int, key: str, reductions: list[Any] | None = None
) -> int:
    """A unit's cost to its player now: printed, less the cost reductions it controls
    (each to its own minimum, ruling K38); `reductions`: static_effects(state,
    "cost_reduction") when already looked up."""
    printed = cards.card(key)
    cost = printed["cost"]
    own = cards.effects_with_op(key, "cost_reduction")
    if reductions is None:
        reductions = static_effects(state, "cost_reduction")
    if not own and not reductions:
        return cost
    for effect in own:
        if effect.get("per") == "structure":
            count = len(player(state, seat)["structures"])
            cost = max(effect.get("minimum", 0), cost - effect["amount"] * count)
    for _source, owner, effect in reductions:
        if owner != seat or effect.get("target") != "own_units":
            continue
        floor = effect.get("minimum", 0)
        if effect.get("if_skill") in (None, *printed["skills"]) and cost > floor:
            cost = max(floor, cost - effect["amount"])
    return cost


def has_skill(state: dict[str, Any], uid: str, skill: str) -> bool:
    """Whether the unit has that skill now (quicker than skills() for one question)."""
    if skill == "Ranged":
        return range_of(state, uid) > 0
    if skill in cards.printed_skills(state["cards"][uid]):
        return True
    if not state["effects"] and not state["attached"]:
        return False
    return _granted_skill(state, uid, skill)


def granted_skills(state: dict[str, Any]) -> dict[str, set[str]]:
    """{unit id: skills} that this turn's effects and the attachments give (beyond the
    printed ones; Ranged goes by range_of). Shared: never change it."""
    return _given(state).skills


def _granted_skill(state: dict[str, Any], uid: str, skill: str) -> bool:
    """Whether this turn's effects or the unit's attachments give it the skill."""
    return skill in _given(state).skills.get(uid, ())


def reach(state: dict[str, Any], uid: str) -> int:
    """How many zones a unit moves or attacks: 1, or 2 with Mounted."""
    if "Mounted" in cards.printed_skills(state["cards"][uid]):
        return 2
    if not state["effects"] and not state["attached"]:
        return 1
    return 2 if _granted_skill(state, uid, "Mounted") else 1


def prevented(state: dict[str, Any], uid: str) -> bool:
    """Whether all damage to the unit is prevented this turn (Vanishing Mist)."""
    return any(e.get("unit") == uid and e.get("prevent") for e in state["effects"])


# --- playing action cards -------------------------------------------------------------------
