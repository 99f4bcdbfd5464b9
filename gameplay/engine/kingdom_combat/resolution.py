"""What played and activated effects do: their targets, their costs and their results.

The reading side (static effects, skills, stats, ranges, costs) is effects.py; this module
changes the state: activated abilities paid and resolved, action cards' targets, Abilities and
Equipment attached, an effect carried out, tokens made, "enters" triggers.
"""

from __future__ import annotations

from typing import Any

from gameplay.engine.kingdom_combat import cards, zones
from gameplay.engine.kingdom_combat.effects import (
    CHANGES,
    EOT,
    attachments,
    has_skill,
    printed_effects,
    static_effects,
)
from gameplay.engine.kingdom_combat.setup import new_unit
from gameplay.engine.kingdom_combat.zones import event, player

# --- activated abilities ----------------------------------------------------------------------


def activate_actions(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """Activated abilities of the seat's fortress and units whose cost it can pay now."""
    actions = []
    used = state["turn"].get("used", [])
    gold = player(state, seat)["gold"]
    for source, owner, effect in static_effects(state, None, "activated"):
        if owner != seat or (effect.get("once_per_turn") and source in used):
            continue
        cost = effect["cost"]
        if cost.get("gold", 0) > gold:
            continue
        if cost.get("exhaust") and (
            source not in state["units"] or state["units"][source]["exhausted"]
        ):
            continue
        for target in _activation_targets(state, seat, effect):
            action = {"type": "activate", "source": source}
            if target is not None:
                action["target"] = target
            actions.append(action)
    return actions


def _activation_targets(
    state: dict[str, Any], seat: int, effect: dict[str, Any]
) -> list[str | None]:
    if effect.get("target") == "own_unit_at_fortress":
        home = zones.fortress_zone(seat)
        return [
            u for u, unit in state["units"].items() if unit["seat"] == seat and unit["zone"] == home
        ]
    return [None]


def activate(state: dict[str, Any], seat: int, source: str, target: str | None) -> None:
    """Pay the ability's cost (gold, exhausting the unit) and resolve it."""
    effect = next(
        e for s, o, e in static_effects(state, None, "activated") if s == source and o == seat
    )
    cost = effect["cost"]
    player(state, seat)["gold"] -= cost.get("gold", 0)
    if cost.get("exhaust"):
        state["units"][source]["exhausted"] = True
    if effect.get("once_per_turn"):
        state["turn"].setdefault("used", []).append(source)
    event(state, "activate", seat=seat, source=source, target=target)
    resolve(state, seat, effect, target)


def targets_for(state: dict[str, Any], seat: int, cid: str) -> list[str | None]:
    """The targets the action card may be played on ([None]: it needs none; []: not now)."""
    key = state["cards"][cid]
    kind = cards.action_kind(key)
    if kind == "Equipment":
        return [u for u in _own_units(state, seat) if can_equip(state, u, key)]
    if kind == "Ability":
        return [u for u, unit in state["units"].items() if not unit["face_down"]]
    wanted = {e.get("target") for e in printed_effects(state, cid, "play")}
    if "attacking_unit" in wanted:
        attackers = _attackers(state)
        return [u for u in attackers if _targetable(state, seat, u, kind)]
    if "unit" in wanted:
        limits = [e["max_cost"] for e in printed_effects(state, cid, "play") if "max_cost" in e]
        limit = min(limits) if limits else None
        return [
            u
            for u, unit in state["units"].items()
            if not unit["face_down"]
            and _targetable(state, seat, u, kind)
            and (limit is None or cards.card(state["cards"][u])["cost"] <= limit)
        ]
    return [None]


def _own_units(state: dict[str, Any], seat: int) -> list[str]:
    return [u for u, unit in state["units"].items() if unit["seat"] == seat]


def _attackers(state: dict[str, Any]) -> list[str]:
    combat = state["combat"]
    if not combat:
        return []
    return [u for b in combat["battles"] for u in b["attackers"] if u in state["units"]]


def _targetable(state: dict[str, Any], seat: int, uid: str, kind: str | None) -> bool:
    """Alert: an opponent's Dirty Trick cannot target the unit."""
    if kind != "Dirty Trick" or state["units"][uid]["seat"] == seat:
        return True
    return not has_skill(state, uid, "Alert")


def can_equip(state: dict[str, Any], uid: str, key: str) -> bool:
    """One equipment of each type; one weapon, two with Dual Wield (ruling K31)."""
    stats = cards.card(key)["stats"]
    worn = [cards.card(state["cards"][c])["stats"] for c in attachments(state, uid)]
    worn = [s for s in worn if "equipment" in s]
    weapons = sum(1 for s in worn if s.get("weapon"))
    if stats.get("weapon"):
        allowed = 2 if has_skill(state, uid, "Dual Wield") else 1
        return weapons < allowed
    return all(s["equipment"] != stats["equipment"] for s in worn)


def play_action_card(state: dict[str, Any], seat: int, cid: str, target: str | None) -> None:
    """Attach an Ability or Equipment (already paid); Events and Dirty Tricks go on the
    stack instead (stack.py)."""
    state["attached"][cid] = target
    event(state, "attach", seat=seat, card=cid, key=state["cards"][cid], unit=target)


def resolve(state: dict[str, Any], seat: int, effect: dict[str, Any], target: str | None) -> None:
    """Carry out one effect for the seat that played it."""
    op = effect["op"]
    if op == "gain_gold":
        player(state, seat)["gold"] += effect["amount"]
    elif op == "create_token":
        for _ in range(effect["count"]):
            create_token(state, seat, effect["token"])
    elif op == "exhaust":
        if target in state["units"]:
            state["units"][target]["exhausted"] = True
    elif op in ("modify", "prevent_damage", "grant_skill"):
        for uid in _affected(state, seat, effect, target):
            change: dict[str, Any] = {"unit": uid, "until": EOT}
            change.update({k: effect[k] for k in CHANGES if k in effect})
            if op == "prevent_damage":
                change["prevent"] = True
            state["effects"].append(change)


def _affected(
    state: dict[str, Any], seat: int, effect: dict[str, Any], target: str | None
) -> list[str]:
    if effect.get("target") == "own_units":
        return _own_units(state, seat)
    return [target] if target is not None and target in state["units"] else []


def create_token(state: dict[str, Any], seat: int, key: str) -> str:
    """A token enters play Exhausted at its controller's Fortress, like any unit (K12)."""
    tid = f"t{state['next_token']}"
    state["next_token"] += 1
    state["cards"][tid] = key
    state["owner"][tid] = seat
    state["units"][tid] = new_unit(state, tid, seat, zones.fortress_zone(seat), exhausted=True)
    event(state, "token", seat=seat, card=tid, key=key)
    return tid


def entered(state: dict[str, Any], seat: int, cid: str) -> None:
    """A card has entered play: its "enters" effects."""
    for effect in printed_effects(state, cid, "enters"):
        resolve(state, seat, effect, cid)
