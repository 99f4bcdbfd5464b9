"""The attack step: choosing attackers, choosing blockers, damage in speed order, removing damage.

`state["combat"]` while a combat is on:
  attackers: [{"card", "seat" (controller), "target" (life holder attacked)}] in declaration order
  blocks:    [[blocker, blocker's seat, attacker]]
  block_order / block_index: the defending seats, asked one after another (clockwise)
  damage:    {card: damage marked}; destroyed: cards destroyed in this combat
  speeds / tier / queue: the speeds still to strike, the current one, strikers left in it
  choice:    {"card", "seat", "left", "targets"} while a controller assigns damage point by point
"""

from __future__ import annotations

from typing import Any

from gameplay.engine.combat import zones
from gameplay.engine.combat.cards import speed_of, strength_of


def new_combat() -> dict[str, Any]:
    """An empty combat record."""
    return {
        "attackers": [],
        "blocks": [],
        "block_order": [],
        "block_index": 0,
        "damage": {},
        "destroyed": [],
        "speeds": [],
        "tier": None,
        "queue": [],
        "choice": None,
    }


# --- choosing attackers -------------------------------------------------------------------


def attack_actions(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """Declare one more attacker (a right-side-up soldier and the player it attacks), or done."""
    combat = state["combat"]
    attacking = {a["card"] for a in combat["attackers"]} if combat else set()
    targets = zones.attack_targets(state, seat)
    actions = [
        {"type": "attack", "card": card, "target": target}
        for card, sideways in state["soldiers"][str(seat)]
        if not sideways and card not in attacking
        for target in targets
    ]
    actions.append({"type": "done"})
    return actions


def is_legal_attack(state: dict[str, Any], seat: int, action: dict[str, Any]) -> bool:
    """Whether {"type": "attack", "card", "target"} is one of attack_actions (fast check)."""
    if set(action) != {"type", "card", "target"}:
        return False
    card = action["card"]
    combat = state["combat"]
    if combat and any(a["card"] == card for a in combat["attackers"]):
        return False
    ready = any(c == card and not s for c, s in state["soldiers"][str(seat)])
    return ready and action["target"] in zones.attack_targets(state, seat)


def can_attack(state: dict[str, Any], seat: int) -> bool:
    """Whether the seat has a right-side-up soldier and someone to attack."""
    return any(not s for _, s in state["soldiers"][str(seat)]) and bool(
        zones.attack_targets(state, seat)
    )


def declare_attacker(state: dict[str, Any], seat: int, card: str, target: int) -> None:
    """Turn the soldier sideways and record whom it attacks."""
    if state["combat"] is None:
        state["combat"] = new_combat()
    for entry in state["soldiers"][str(seat)]:
        if entry[0] == card:
            entry[1] = 1
    state["combat"]["attackers"].append({"card": card, "seat": seat, "target": target})
    zones.event(state, "attack", seat=seat, card=card, target=target)


def start_blocks(state: dict[str, Any]) -> None:
    """Ask every defending seat for blockers, clockwise from the attacking side."""
    combat = state["combat"]
    targets = {a["target"] for a in combat["attackers"]}
    first = state["units"][state["turn"]["unit"]][0]
    seats = state["seats"]
    order = [
        s
        for s in ((first + i) % seats for i in range(seats))
        if not state["out"][s] and zones.holder(state, s) in targets
    ]
    combat["block_order"] = order
    combat["block_index"] = 0


# --- choosing blockers --------------------------------------------------------------------


def block_actions(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """Block one more attacker with a right-side-up soldier, or done."""
    combat = state["combat"]
    target = zones.holder(state, seat)
    attackers = [a for a in combat["attackers"] if a["target"] == target]
    taken = {(b, controller_of(combat, a)) for b, _, a in combat["blocks"]}
    actions = [
        {"type": "block", "card": card, "attacker": a["card"]}
        for card, sideways in state["soldiers"][str(seat)]
        if not sideways
        for a in attackers
        if (card, a["seat"]) not in taken
    ]
    actions.append({"type": "done"})
    return actions


def is_legal_block(state: dict[str, Any], seat: int, action: dict[str, Any]) -> bool:
    """Whether {"type": "block", "card", "attacker"} is one of block_actions (fast check)."""
    if set(action) != {"type", "card", "attacker"}:
        return False
    combat, card = state["combat"], action["card"]
    target = zones.holder(state, seat)
    attacker = next((a for a in combat["attackers"] if a["card"] == action["attacker"]), None)
    if attacker is None or attacker["target"] != target:
        return False
    if not any(c == card and not s for c, s in state["soldiers"][str(seat)]):
        return False
    return not any(
        b == card and controller_of(combat, a) == attacker["seat"] for b, _, a in combat["blocks"]
    )


def controller_of(combat: dict[str, Any], attacker: str) -> int:
    """The seat controlling an attacking soldier."""
    for a in combat["attackers"]:
        if a["card"] == attacker:
            return a["seat"]
    raise KeyError(attacker)


def declare_blocker(state: dict[str, Any], seat: int, card: str, attacker: str) -> None:
    """Record that the soldier blocks that attacker (blocking does not turn it sideways)."""
    state["combat"]["blocks"].append([card, seat, attacker])
    zones.event(state, "block", seat=seat, card=card, attacker=attacker)


def block_seat(state: dict[str, Any]) -> int | None:
    """The defending seat choosing blockers now, or None when every defender is done."""
    combat = state["combat"]
    while combat["block_index"] < len(combat["block_order"]):
        seat = combat["block_order"][combat["block_index"]]
        if _can_block(state, combat, seat):
            return seat
        combat["block_index"] += 1
    return None


def _can_block(state: dict[str, Any], combat: dict[str, Any], seat: int) -> bool:
    """Whether block_actions would offer more than "done" (without building the list)."""
    ready = [card for card, sideways in state["soldiers"][str(seat)] if not sideways]
    if not ready:
        return False
    target = zones.holder(state, seat)
    taken = {(b, controller_of(combat, a)) for b, _, a in combat["blocks"]}
    return any(
        (card, a["seat"]) not in taken
        for a in combat["attackers"]
        if a["target"] == target
        for card in ready
    )


# --- damage -------------------------------------------------------------------------------


def start_damage(state: dict[str, Any]) -> None:
    """Line up the speed tiers, fastest first."""
    combat = state["combat"]
    combat["speeds"] = sorted({speed_of(c) for c in _combatants(combat)}, reverse=True)


def _combatants(combat: dict[str, Any]) -> list[str]:
    cards = [a["card"] for a in combat["attackers"]]
    for blocker, _, _ in combat["blocks"]:
        if blocker not in cards:
            cards.append(blocker)
    return cards


def run_damage(state: dict[str, Any]) -> bool:
    """Resolve strikes until a controller must choose (False) or the combat is over (True)."""
    combat = state["combat"]
    while combat["choice"] is None:
        if combat["queue"]:
            _strike(state, combat["queue"].pop(0))
            continue
        if combat["tier"] is not None:
            _destroy_dead(state)
            combat["tier"] = None
        if not combat["speeds"]:
            return True
        tier = combat["speeds"].pop(0)
        combat["tier"] = tier
        combat["queue"] = [c for c in _combatants(combat) if speed_of(c) == tier]
    return False


def _strike(state: dict[str, Any], card: str) -> None:
    combat = state["combat"]
    if card in combat["destroyed"]:
        return  # destroyed by a faster soldier before it could strike
    attacker = next((a for a in combat["attackers"] if a["card"] == card), None)
    if attacker is not None:
        blockers = [b for b, _, a in combat["blocks"] if a == card]
        if not blockers:
            _hit_player(state, attacker)
            return
        targets = [b for b in dict.fromkeys(blockers) if b not in combat["destroyed"]]
        seat = attacker["seat"]
    else:
        targets = [a for b, _, a in combat["blocks"] if b == card and a not in combat["destroyed"]]
        seat = next(s for b, s, _ in combat["blocks"] if b == card)
    if len(targets) == 1:
        combat["damage"][targets[0]] = combat["damage"].get(targets[0], 0) + strength_of(card)
    elif targets:
        combat["choice"] = {
            "card": card,
            "seat": seat,
            "left": strength_of(card),
            "targets": targets,
        }


def _hit_player(state: dict[str, Any], attacker: dict[str, Any]) -> None:
    target = str(attacker["target"])
    amount = strength_of(attacker["card"])
    state["life"][target] -= amount
    state["damage_taken"][target] += amount
    if state["first_damage"] is None:
        state["first_damage"] = attacker["seat"]
    zones.event(
        state,
        "damage",
        card=attacker["card"],
        seat=attacker["seat"],
        player=attacker["target"],
        amount=amount,
    )


def damage_actions(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """Deal the striking soldier's next point of damage to one of the soldiers it fights."""
    choice = state["combat"]["choice"]
    return [{"type": "damage", "card": choice["card"], "target": t} for t in choice["targets"]]


def assign_point(state: dict[str, Any], target: str) -> None:
    """Mark one point of the current striker's damage on the target."""
    combat = state["combat"]
    choice = combat["choice"]
    combat["damage"][target] = combat["damage"].get(target, 0) + 1
    choice["left"] -= 1
    if choice["left"] == 0:
        combat["choice"] = None


def _destroy_dead(state: dict[str, Any]) -> None:
    combat = state["combat"]
    for card, marked in combat["damage"].items():
        if marked >= strength_of(card) and card not in combat["destroyed"]:
            combat["destroyed"].append(card)
            zones.destroy(state, card)
            zones.event(state, "destroyed", card=card)
