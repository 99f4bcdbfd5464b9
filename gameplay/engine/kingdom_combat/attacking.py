"""Declaring attacks, the reading side: what a unit may attack (targets), the listing of a
seat's declarations (attack_actions), checking one (is_legal_attack) and whether a seat can
attack at all (can_attack). fight.py carries the declarations out and runs the combat.
"""

from __future__ import annotations

from typing import Any

from gameplay.engine.kingdom_combat import effects, flow, zones
from gameplay.engine.kingdom_combat.fight import fortress_target
from gameplay.engine.kingdom_combat.zones import player


def targets(
    state: dict[str, Any], uid: str, held: set[str] | None = None, others: list[int] | None = None
) -> list[str]:
    """What the unit may attack: opposing units, structures and fortresses within its reach
    (1 zone, Mounted 2), never through a zone holding an opposing unit; from the Battlefield
    no structure or fortress while an opposing unit stands there (Clear the Way). `held`
    (zones.held_against) and `others` (the other living seats, in order), when known."""
    unit = state["units"][uid]
    seat, here, reach = unit["seat"], unit["zone"], effects.reach(state, uid)
    if held is None:
        held = zones.held_against(state, seat)
    if others is None:
        others = [other for other in flow.living(state) if other != seat]
    near: dict[str, bool] = {}  # zone: within reach, once

    def within(zone: str) -> bool:
        found = near.get(zone)
        if found is None:
            route = zones.path(here, zone)
            # no zone on the way holds an opposing unit (zones.clear_between)
            found = len(route) - 1 <= reach and not any(z in held for z in route[1:-1])
            near[zone] = found
        return found

    out = []  # a loop, not a comprehension, as in economy.move_actions
    for other, u in state["units"].items():
        if u["seat"] != seat and within(u["zone"]):
            out.append(other)
    if here == zones.BATTLEFIELD and here in held:
        return out  # Clear the Way
    for other in others:
        if within(zones.structures_zone(other)):
            out += player(state, other)["structures"]
        if within(zones.fortress_zone(other)):
            out.append(fortress_target(other))
    return out


def attack_actions(
    state: dict[str, Any], seat: int, only: str | None = None
) -> list[dict[str, Any]]:
    """Declare one more attacker and its target, or commit the attack (`only`: the
    declarations of that unit, and commit)."""
    declared = {a for b in state["combat"]["battles"] for a in b["attackers"]}
    units = state["units"]
    if only is not None:
        units = {only: units[only]} if only in units else {}
    actions = []
    held: set[str] | None = None  # worked out once, for the first attacker
    others = [other for other in flow.living(state) if other != seat]
    for uid, unit in units.items():
        if unit["seat"] == seat and not unit["exhausted"] and uid not in declared:
            if held is None:
                held = zones.held_against(state, seat)
            for target in targets(state, uid, held, others):
                actions.append({"type": "attack", "unit": uid, "target": target})
    actions.append({"type": "commit"})
    return actions


def is_legal_attack(state: dict[str, Any], seat: int, action: dict[str, Any]) -> bool:
    """Whether `action in attack_actions(state, seat, only=action["unit"])` for a dict of
    type "attack" naming its unit, working out only that unit's targets."""
    uid = action["unit"]
    unit = state["units"].get(uid)
    if unit is None or unit["seat"] != seat or unit["exhausted"]:
        return False
    if len(action) != 3 or "target" not in action:
        return False
    if any(uid in b["attackers"] for b in state["combat"]["battles"]):
        return False
    return action["target"] in targets(state, uid)


def can_attack(state: dict[str, Any], seat: int) -> bool:
    """Whether any Active unit of the seat has something to attack (`targets` not empty for
    one of them, stopping at the first target found)."""
    ready = [uid for uid, u in state["units"].items() if u["seat"] == seat and not u["exhausted"]]
    if not ready:
        return False
    held = zones.held_against(state, seat)
    others = [other for other in flow.living(state) if other != seat]
    opened = effects.open_read(state)  # effects.reading, without a `with`'s three calls
    try:
        return any(_has_target(state, uid, held, others) for uid in ready)
    finally:
        effects.close_read(opened)


def _has_target(state: dict[str, Any], uid: str, held: set[str], others: list[int]) -> bool:
    """Whether `targets(state, uid)` is not empty; `held`: the zones holding a unit of
    another seat, `others`: the other living seats."""
    unit = state["units"][uid]
    here, reach = unit["zone"], effects.reach(state, uid)

    def within(zone: str) -> bool:
        route = zones.path(here, zone)
        return len(route) - 1 <= reach and not any(z in held for z in route[1:-1])

    if any(within(zone) for zone in held):  # held: the zones of the opposing units
        return True
    if here == zones.BATTLEFIELD and here in held:
        return False  # Clear the Way
    for other in others:
        if player(state, other)["structures"] and within(zones.structures_zone(other)):
            return True
        if within(zones.fortress_zone(other)):
            return True
    return False
