"""The Combat Stage: declare all attackers, the defenders' stay / retreat / join, and damage.

`state["combat"]` while it is open:
  battles: [{"target", "kind": "unit"|"structure"|"fortress", "seat" (defending), "zone",
             "attackers": [ids, in declaration order], "defenders": [ids, front first],
             "retreated": bool}]
  defend_order / defend_index: the defending seats, asked one after another (clockwise)
"""

from __future__ import annotations

from typing import Any

from gameplay.engine.kingdom_combat import cards, economy, effects, flow, resolution, zones
from gameplay.engine.kingdom_combat.zones import event, player


def fortress_target(seat: int) -> str:
    """The target name of a seat's fortress."""
    return f"fortress-{seat}"


def stat(state: dict[str, Any], uid: str, name: str) -> int:
    """A unit's current attack, defense or armor (printed plus effects; never below 0)."""
    value = cards.card(state["cards"][uid])["stats"].get(name, 0)
    return max(0, value + effects.bonus(state, uid, name))


def armor(state: dict[str, Any], uid: str) -> int:
    """Armor for the damage arithmetic: below 1 counts as 1 (ruling K16)."""
    return max(1, stat(state, uid, "armor"))


# --- declaring (what a unit may attack: attacking.py) ---------------------------------------


def declare(state: dict[str, Any], seat: int, uid: str, target: str) -> None:
    """The unit attacks the target and is exhausted; attackers of one target join as one."""
    state["units"][uid]["exhausted"] = True
    battles = state["combat"]["battles"]
    battle = next((b for b in battles if b["target"] == target), None)
    if battle is None:
        battle = _new_battle(state, target)
        battles.append(battle)
    battle["attackers"].append(uid)
    event(state, "attack", seat=seat, card=uid, target=target)


def _new_battle(state: dict[str, Any], target: str) -> dict[str, Any]:
    if target.startswith("fortress-"):
        seat = int(target.split("-")[1])
        kind, zone, defenders = "fortress", zones.fortress_zone(seat), list[str]()
    elif target in state["structures"]:
        seat = state["structures"][target]["seat"]
        kind, zone, defenders = "structure", zones.structures_zone(seat), []
    else:
        unit = state["units"][target]
        seat, kind, zone, defenders = unit["seat"], "unit", unit["zone"], [target]
    return {
        "target": target,
        "kind": kind,
        "seat": seat,
        "zone": zone,
        "attackers": [],
        "defenders": defenders,
        "retreated": False,
    }


def commit(state: dict[str, Any]) -> None:
    """All attackers are declared and move into the fight (rules version 3, ruling K23): the
    attacked seats answer in turn, clockwise."""
    combat = state["combat"]
    active = state["turn"]["seat"]
    if flow.version(state) >= 3:
        _move_into_the_fight(state, combat["battles"])
    attacked = {b["seat"] for b in combat["battles"]}
    order = [(active + i) % state["seats"] for i in range(1, state["seats"])]
    combat["defend_order"] = [s for s in order if s in attacked]
    combat["defend_index"] = 0
    state["turn"]["stage"] = "defend"
    event(state, "commit", seat=active)


def _move_into_the_fight(state: dict[str, Any], battles: list[dict[str, Any]]) -> None:
    """ "Move them into the fight": each attacker goes to its battle's zone (the attacked
    unit's, or the Structures Zone of the attacked structure), except another player's Fortress
    Zone, which no unit enters (K10): an attack on a fortress, or on a unit at its fortress,
    is made from next door (ruling K23)."""
    for battle in battles:
        zone = battle["zone"]
        if zone == zones.fortress_zone(battle["seat"]):
            continue
        for uid in battle["attackers"]:
            if state["units"][uid]["zone"] != zone:
                zones.place_unit(state, uid, zone)
                event(state, "advance", card=uid, to=zone)


# --- defending ------------------------------------------------------------------------------


def defending_seat(state: dict[str, Any]) -> int | None:
    """The seat answering the attack now, or None when every attacked seat has answered."""
    combat = state["combat"]
    while combat["defend_index"] < len(combat["defend_order"]):
        seat = combat["defend_order"][combat["defend_index"]]
        with effects.reading(state):
            if len(defend_actions(state, seat)) > 1:
                return seat
        combat["defend_index"] += 1
    return None


def _engaged(combat: dict[str, Any]) -> set[str]:
    return {u for b in combat["battles"] for u in b["attackers"] + b["defenders"]}


def defend_actions(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """Retreat an attacked Active unit (one zone back, if not trapped and not at its
    Fortress), join an Active unit in the same zone to a battle against this seat (behind the
    units already there, or in front of them), or done."""
    combat = state["combat"]
    engaged = _engaged(combat)
    actions = []
    for index, battle in enumerate(combat["battles"]):
        if battle["seat"] != seat or battle["retreated"]:
            continue
        target = battle["target"]
        if _can_retreat(state, battle):
            actions.append({"type": "retreat", "unit": target})
        for uid, unit in state["units"].items():
            if (
                unit["seat"] == seat
                and not unit["exhausted"]
                and unit["zone"] == battle["zone"]
                and uid not in engaged
            ):
                actions.append({"type": "join", "unit": uid, "battle": index})
                if battle["defenders"]:  # "you choose the order of the units in the stack"
                    actions.append({"type": "join", "unit": uid, "battle": index, "front": True})
    actions += economy.play_actions(state, seat, economy.ANSWER_KINDS)
    actions += economy.shoot_actions(state, seat)
    actions += answer_activations(state, seat)
    actions.append({"type": "done"})
    return actions


def answer_activations(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """Rules version 3 (ruling K40): an attacked seat may use its activated abilities while
    the attack is answered (its defence and the response windows before the damage), e.g.
    Moonwell Sanctum giving a unit at the fortress Etherial."""
    combat = state["combat"]
    if (
        combat is None
        or state["turn"]["stage"] != "defend"
        or flow.version(state) < 3
        or all(b["seat"] != seat for b in combat["battles"])
    ):
        return []
    return resolution.activate_actions(state, seat)


def _can_retreat(state: dict[str, Any], battle: dict[str, Any]) -> bool:
    """An attacked unit standing alone that is Active and not trapped may fall back."""
    target = battle["target"]
    return (
        battle["kind"] == "unit"
        and target in state["units"]
        and battle["defenders"] == [target]
        and not state["units"][target]["exhausted"]
        and zones.retreat_zone(state, target) is not None
    )


def retreat(state: dict[str, Any], uid: str) -> None:
    """The unit falls back one zone, Exhausted, and takes no damage from this attack."""
    back = zones.retreat_zone(state, uid)
    assert back is not None, "only a unit with a zone to fall back to is offered a retreat"
    zones.place_unit(state, uid, back)
    state["units"][uid]["exhausted"] = True
    for battle in state["combat"]["battles"]:
        if battle["target"] == uid:
            battle["retreated"] = True
            battle["defenders"] = []
    event(state, "retreat", card=uid, to=back)


def join(state: dict[str, Any], uid: str, index: int, front: bool = False) -> None:
    """The unit joins the defence (Join-In exhausts it), behind the units already there or,
    `front`, in front of them (it takes the damage first)."""
    state["units"][uid]["exhausted"] = True
    defenders = state["combat"]["battles"][index]["defenders"]
    if front:
        defenders.insert(0, uid)
        event(state, "join", card=uid, battle=index, front=True)
    else:
        defenders.append(uid)
        event(state, "join", card=uid, battle=index)


# --- damage ---------------------------------------------------------------------------------


def resolve(state: dict[str, Any]) -> None:
    """The combat's damage (ruling K27); the combat closes and post-combat begins."""
    if flow.version(state) >= 3:
        _resolve_at_once(state)
    else:
        for battle in state["combat"]["battles"]:
            if state["phase"] == "over":
                break
            _resolve_battle(state, battle)
    state["combat"] = None
    if state["phase"] != "over":
        state["turn"]["stage"] = "post"


def _alive(state: dict[str, Any], ids: list[str]) -> list[str]:
    return [u for u in ids if u in state["units"]]


def _resolve_at_once(state: dict[str, Any]) -> None:
    """Rules version 3: "All units involved deal their damage simultaneously". The Charge
    attackers of every battle strike first, all at once; then what they destroyed falls.
    Then every other attacker and every surviving defender strike, all at once, and what they
    destroyed falls. Nothing leaves play (with the bonuses it gives) while damage is dealt."""
    combat = state["combat"]
    battles = [b for b in combat["battles"] if not b["retreated"] and not state["out"][b["seat"]]]
    combat["falling"] = []
    # while damage is dealt only HP changes, which no stat or skill reads: they are worked out
    # once a step (effects.reading)
    with effects.reading(state):
        for battle in battles:
            _strike(state, battle, _charging(state, battle))
    _fall(state)
    with effects.reading(state):
        for battle in battles:
            if state["phase"] == "over" or state["out"][battle["seat"]]:
                continue
            attackers = _alive(state, battle["attackers"])
            charging = _charging(state, battle)
            back = [(d, stat(state, d, "defense")) for d in _alive(state, battle["defenders"])]
            _strike(state, battle, [a for a in attackers if a not in charging])
            _hit_stack(state, attackers, back)
    _fall(state)
    del combat["falling"]


def _charging(state: dict[str, Any], battle: dict[str, Any]) -> list[str]:
    return [a for a in _alive(state, battle["attackers"]) if effects.has_skill(state, a, "Charge")]


def _fall(state: dict[str, Any]) -> None:
    """What the damage just dealt destroyed leaves play, units first, then structures, then
    fortresses (their players are out). A survivor's partial damage stays below its armor:
    damage is counted against the armor it had when it was dealt, so a bonus lost with a
    fallen tower or leader costs no HP afterwards (ruling K27)."""
    combat = state["combat"]
    while combat["falling"]:
        _fall_once(state, combat)
    damaged = [(uid, unit) for uid, unit in state["units"].items() if unit["damage"]]
    if damaged:
        with effects.reading(state):  # armor reads nothing the damage changes
            for uid, unit in damaged:
                unit["damage"] = min(unit["damage"], armor(state, uid) - 1)


def _fall_once(state: dict[str, Any], combat: dict[str, Any]) -> None:
    falling = combat["falling"]
    combat["falling"] = []
    for kind, name, by in falling:
        if kind == "unit" and name in state["units"]:
            zones.destroy_unit(state, name)
        elif kind == "structure" and name in state["structures"]:
            zones.destroy_structure(state, name)
            _destroyed_structure(state, by)
        elif kind == "fortress" and not state["out"][int(name)]:
            flow.eliminate(state, int(name))
            _destroyed_structure(state, by)


def _falls(state: dict[str, Any], kind: str, name: str, by: int) -> bool:
    """Whether the destruction waits for the end of the damage step (rules version 3)."""
    combat = state["combat"]
    if combat is None or "falling" not in combat:
        return False
    combat["falling"].append([kind, name, by])
    return True


def _resolve_battle(state: dict[str, Any], battle: dict[str, Any]) -> None:
    """Rules version 2: one battle after the other, in declaration order."""
    if battle["retreated"] or state["out"][battle["seat"]]:
        return
    attackers = _alive(state, battle["attackers"])
    charging = [a for a in attackers if effects.has_skill(state, a, "Charge")]
    if charging:
        _strike(state, battle, charging)
    others = [a for a in _alive(state, attackers) if a not in charging]
    defenders = _alive(state, battle["defenders"])
    back = [(d, stat(state, d, "defense")) for d in defenders]
    _strike(state, battle, others)
    _hit_stack(state, _alive(state, attackers), back)


def _strike(state: dict[str, Any], battle: dict[str, Any], strikers: list[str]) -> None:
    """The strikers' combined attack on the battle's defence (and structure)."""
    if not strikers or state["out"][battle["seat"]]:
        return
    sources = [(a, stat(state, a, "attack")) for a in strikers]
    defenders = _alive(state, battle["defenders"])
    if battle["kind"] == "unit":
        _hit_stack(state, defenders, sources)
        return
    left = _shield(state, defenders, sources)
    if left > 0:
        _hit_building(state, battle, left, state["units"][strikers[0]]["seat"])


def _hit_stack(state: dict[str, Any], stack: list[str], sources: list[tuple[str, int]]) -> None:
    """Joined units take the damage front first; each takes it until destroyed, the rest
    carries to the next (Joining Units)."""
    _through(state, stack, sources, armor_caps=False)


def _shield(state: dict[str, Any], stack: list[str], sources: list[tuple[str, int]]) -> int:
    """Defenders of a structure absorb up to their armor each; the overflow is returned."""
    return _through(state, stack, sources, armor_caps=True)


def _through(
    state: dict[str, Any], stack: list[str], sources: list[tuple[str, int]], *, armor_caps: bool
) -> int:
    """The sources' damage dealt down the stack, front first (each unit at most its armor when
    `armor_caps`); what is left after the last unit."""
    left = sum(amount for _, amount in sources)
    count = sum(1 for _, amount in sources if amount > 0)
    for uid in stack:
        if left <= 0:
            break
        left -= _etherial(state, uid, left, count)
        share = min(left, armor(state, uid)) if armor_caps else left
        left -= _damage_unit(state, uid, share, need_cap=True)
    return max(0, left)


def _etherial(state: dict[str, Any], uid: str, amount: int, sources: int) -> int:
    """Damage Etherial prevents: 1 from each source (ruling K17)."""
    if not effects.has_skill(state, uid, "Etherial"):
        return 0
    return min(amount, sources)


def lethal(state: dict[str, Any], uid: str) -> int:
    """Damage the unit can still take this turn before it is destroyed."""
    unit = state["units"][uid]
    return unit["hp"] * armor(state, uid) - unit["damage"]


def _damage_unit(state: dict[str, Any], uid: str, amount: int, need_cap: bool) -> int:
    """Deal damage to a unit: each full armor's worth this turn costs 1 HP (ruling K15);
    returns the damage it took (at most what destroys it)."""
    if amount <= 0 or uid not in state["units"]:
        return 0
    taken = max(0, min(amount, lethal(state, uid))) if need_cap else amount
    unit = state["units"][uid]
    if taken == 0:
        return 0
    if effects.prevented(state, uid):
        event(state, "prevented", card=uid, amount=taken)
        return taken
    total = unit["damage"] + taken
    lost = total // armor(state, uid)
    unit["hp"] -= lost
    unit["damage"] = total % armor(state, uid)
    event(state, "damage", card=uid, amount=taken, hp_lost=lost)
    if unit["hp"] <= 0 and not _falls(state, "unit", uid, unit["seat"]):
        zones.destroy_unit(state, uid)
    return taken


def damage_unit(state: dict[str, Any], uid: str, amount: int) -> int:
    """Public form of the unit damage rule (used by effects and tests)."""
    return _damage_unit(state, uid, amount, need_cap=True)


def _hit_building(state: dict[str, Any], battle: dict[str, Any], amount: int, by: int) -> None:
    """Damage to a structure or fortress is permanent; at 0 HP it is destroyed."""
    if battle["kind"] == "structure":
        sid = battle["target"]
        if sid not in state["structures"]:
            return
        structure = state["structures"][sid]
        structure["hp"] -= amount
        event(state, "damage", card=sid, amount=amount)
        if structure["hp"] <= 0 and not _falls(state, "structure", sid, by):
            zones.destroy_structure(state, sid)
            _destroyed_structure(state, by)
        return
    fortress = player(state, battle["seat"])["fortress"]
    fortress["hp"] = max(0, fortress["hp"] - amount)
    if state["first_damage"] is None:
        state["first_damage"] = by
    event(state, "damage", fortress=battle["seat"], amount=amount)
    if fortress["hp"] == 0 and not _falls(state, "fortress", str(battle["seat"]), by):
        flow.eliminate(state, battle["seat"])
        _destroyed_structure(state, by)


def _destroyed_structure(state: dict[str, Any], by: int) -> None:
    """ "When a unit you control destroys a structure" (a fortress is one: K28)."""
    if state["out"][by]:
        return
    for _source, seat, effect in effects.static_effects(state, None, "destroys_structure"):
        if seat == by:
            resolution.resolve(state, seat, effect, None)
