"""Playing cards from hand and moving units in the pre- and post-combat stages; Ranged shots.

Units arrive Exhausted at their Fortress; structures go to the Structures Zone (and produce gold
from the next Beginning Stage); Events and Dirty Tricks resolve and go to the discard pile;
Abilities and Equipment attach to a unit (effects.py).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from gameplay.engine.kingdom_combat import cards, effects, resolution, zones
from gameplay.engine.kingdom_combat.setup import new_unit
from gameplay.engine.kingdom_combat.zones import event, player

# What may be played in each window (ruling K30): on one's own turn before or after combat,
# everything; while answering an attack, only Dirty Tricks.
MAIN_KINDS = ("unit", "structure", "Dirty Trick", "Event", "Ability", "Equipment")
ANSWER_KINDS = ("Dirty Trick",)


def kind_of(key: str) -> str:
    """ "unit", "structure", or the action card's kind ("Event", "Dirty Trick", ...)."""
    return cards.kind(key)


def cost(state: dict[str, Any], seat: int, cid: str) -> int:
    """What the card costs the seat now (units: with the cost reductions in play)."""
    key = state["cards"][cid]
    printed = cards.card(key)
    if printed["type"] == "unit":
        return effects.unit_cost(state, seat, key)
    return printed["cost"]


def play_actions(
    state: dict[str, Any], seat: int, kinds: tuple[str, ...] = MAIN_KINDS, only: str | None = None
) -> list[dict[str, Any]]:
    """Play a card of those kinds from hand that the seat's gold pays for, on each target it
    may take (one copy of each card name is offered: copies are the same choice); `only`: just
    the plays of that card id."""
    me = player(state, seat)
    gold = me["gold"]
    seen: set[str] = set()  # card names already offered or refused: copies are the same choice
    actions: list[dict[str, Any]] = []
    keys = state["cards"]
    reductions = None  # the cost reductions in play, looked up once (effects.unit_cost)
    for cid in me["hand"]:
        key = keys[cid]
        if key in seen:
            continue
        seen.add(key)
        if (only is not None and cid != only) or cards.kind(key) not in kinds:
            continue
        printed = cards.card(key)
        if printed["type"] == "unit":  # cost(), with the reductions looked up once
            if reductions is None:
                reductions = effects.static_effects(state, "cost_reduction")
            price = effects.unit_cost(state, seat, key, reductions)
        else:
            price = printed["cost"]
        if price > gold:
            continue
        if printed["type"] != "action":
            actions.append({"type": "play", "card": cid})
            continue
        for target in resolution.targets_for(state, seat, cid):
            action = {"type": "play", "card": cid}
            if target is not None:
                action["target"] = target
            actions.append(action)
    return actions


def pay(state: dict[str, Any], seat: int, cid: str) -> None:
    """Pay the card's cost from the seat's gold and take it out of the hand."""
    me = player(state, seat)
    me["gold"] -= cost(state, seat, cid)
    me["hand"].remove(cid)


def play(state: dict[str, Any], seat: int, cid: str, target: str | None = None) -> None:
    """Pay the cost and put the card into play (an Ability or Equipment attached)."""
    me = player(state, seat)
    pay(state, seat, cid)
    printed = cards.card(state["cards"][cid])
    if printed["type"] == "action":
        resolution.play_action_card(state, seat, cid, target)
        return
    if printed["type"] == "unit":
        state["units"][cid] = new_unit(state, cid, seat, zones.fortress_zone(seat), exhausted=True)
    else:
        state["structures"][cid] = {"seat": seat, "hp": printed["stats"].get("hp", 1)}
        me["structures"].append(cid)
    event(state, "play", seat=seat, card=cid, key=state["cards"][cid])
    resolution.entered(state, seat, cid)


# One pass over the units for the moves and the shots of a seat (sides): its Active units,
# the other seats' face-up units with their zones, and the zones holding a unit of another seat
Sides = tuple[list[tuple[str, dict[str, Any]]], list[tuple[str, str]], frozenset[str]]


def sides(state: dict[str, Any], seat: int) -> Sides:
    """The seat's Active units, the other seats' face-up units (with their zones) and the
    zones holding a unit of another seat, in one pass over the units."""
    ready, enemies, held = [], [], []
    for uid, unit in state["units"].items():
        if unit["seat"] == seat:
            if not unit["exhausted"]:
                ready.append((uid, unit))
        else:
            held.append(unit["zone"])
            if not unit["face_down"]:
                enemies.append((uid, unit["zone"]))
    return ready, enemies, frozenset(held)


def move_actions(
    state: dict[str, Any], seat: int, only: str | None = None, known: Sides | None = None
) -> list[dict[str, Any]]:
    """Move an Active unit of the seat (moving exhausts it) to another zone, or in its own
    Structures Zone into another structure with room ("travel between different structures
    or zones"); `only`: that unit's moves; `known`: sides(state, seat) when already worked
    out (every unit's moves)."""
    every = state["units"]
    if known is not None:
        movers, held = known[0], known[2]
        if not movers:
            return []
    else:
        units = every if only is None else ({only: every[only]} if only in every else {})
        # plain loops rather than comprehensions over these few items: this is listed at
        # nearly every decision, and a comprehension costs a call
        movers = []
        for uid, u in units.items():
            if u["seat"] == seat and not u["exhausted"]:
                movers.append((uid, u))
        if not movers:
            return []
        held = frozenset([u["zone"] for u in every.values() if u["seat"] != seat])
    out = tuple(state["out"])
    own = zones.structures_zone(seat)
    free: list[str] | None = None
    ways: dict[tuple[str, int], tuple[str, ...]] = {}  # (zone, reach): destinations, once
    actions: list[dict[str, Any]] = []
    # effects.reach, with what effects and attachments grant looked up once
    keys, granted = state["cards"], effects.granted_skills(state)
    for uid, unit in movers:
        here = unit["zone"]
        mounted = "Mounted" in cards.printed_skills(keys[uid]) or "Mounted" in granted.get(uid, ())
        way = (here, 2 if mounted else 1)
        destinations = ways.get(way)
        if destinations is None:
            destinations = ways[way] = _destinations(here, way[1], seat, out, held)
        for zone in destinations:
            actions.append({"type": "move", "unit": uid, "to": zone})
        if here == own:
            if free is None:
                free = zones.free_structures(state, seat)
            for sid in free:
                actions.append({"type": "move", "unit": uid, "to": own, "into": sid})
    return actions


def is_legal_move(state: dict[str, Any], seat: int, action: dict[str, Any]) -> bool:
    """Whether `action in move_actions(state, seat, only=action["unit"])` (a dict of type
    "move" naming its unit), working out only that unit's destinations."""
    unit = state["units"].get(action["unit"])
    if unit is None or unit["seat"] != seat or unit["exhausted"] or "to" not in action:
        return False
    if len(action) == 3:  # type, unit, to
        held = frozenset([u["zone"] for u in state["units"].values() if u["seat"] != seat])
        reach = effects.reach(state, action["unit"])
        way = _destinations(unit["zone"], reach, seat, tuple(state["out"]), held)
        return action["to"] in way
    own = zones.structures_zone(seat)
    return (
        len(action) == 4
        and "into" in action
        and unit["zone"] == own
        and own == action["to"]
        and action["into"] in zones.free_structures(state, seat)
    )


def move_destinations(state: dict[str, Any], uid: str, held: set[str] | None = None) -> list[str]:
    """Zones the unit may move to: within its reach, not holding an opposing unit (except the
    Battlefield, neutral ground), not through one, not past a Battlefield an opponent holds
    (the Blocker rule), and never another player's Fortress Zone (K10). `held`: the zones
    holding a unit of another seat (worked out here if not given)."""
    unit = state["units"][uid]
    seat, here = unit["seat"], unit["zone"]
    if held is None:
        held = zones.held_against(state, seat)
    return list(
        _destinations(here, effects.reach(state, uid), seat, tuple(state["out"]), frozenset(held))
    )


@lru_cache(maxsize=16384)
def _destinations(
    here: str, reach: int, seat: int, out: tuple[bool, ...], held: frozenset[str]
) -> tuple[str, ...]:
    """move_destinations on the table's shape alone (cached: few shapes recur)."""
    own_fortress = zones.fortress_zone(seat)
    blocker = zones.BATTLEFIELD in held
    found = []
    for zone in zones.zones_of(out):
        if zone == here or (zone[0] == "F" and zone != own_fortress):
            continue
        if zone in held and zone != zones.BATTLEFIELD:  # both sides may stand on the Battlefield
            continue
        route = zones.path(here, zone)
        if len(route) - 1 > reach or any(z in held for z in route[1:-1]):
            continue
        # the Blocker rule: from a Battlefield an opponent holds, no going on into a homeland
        # other than one's own
        if blocker and here == zones.BATTLEFIELD and zones.home_of(zone) != seat:
            continue
        found.append(zone)
    return tuple(found)


def move(state: dict[str, Any], uid: str, zone: str, into: str | None = None) -> None:
    """The unit moves (`into`: into that structure of its own Structures Zone) and is
    exhausted."""
    if into is None:
        zones.place_unit(state, uid, zone)
        event(state, "move", card=uid, to=zone)
    else:
        state["units"][uid]["in"] = into
        event(state, "move", card=uid, to=zone, into=into)
    state["units"][uid]["exhausted"] = True


def shoot_actions(
    state: dict[str, Any], seat: int, only: str | None = None, known: Sides | None = None
) -> list[dict[str, Any]]:
    """Each Active Ranged unit of the seat may exhaust to shoot a unit of another seat up to
    1 zone away; a target with Deflect takes nothing from it, so it is not offered (`only`:
    that unit's shots; `known`: sides(state, seat) when already worked out)."""
    if known is not None:
        return _shots_from(state, known[0], known[1], False)
    return _shots(state, seat, only, first=False)


def can_shoot(state: dict[str, Any], seat: int) -> bool:
    """Whether shoot_actions(state, seat) is not empty (stops at the first shot found)."""
    return bool(_shots(state, seat, None, first=True))


def _shots(
    state: dict[str, Any], seat: int, only: str | None, *, first: bool
) -> list[dict[str, Any]]:
    """shoot_actions; `first`: only the first shot found."""
    every = state["units"]
    units = every if only is None else ({only: every[only]} if only in every else {})
    ready = []  # loops, not comprehensions, as in economy.move_actions
    for uid, unit in units.items():
        if unit["seat"] == seat and not unit["exhausted"]:
            ready.append((uid, unit))
    if not ready:
        return []
    enemies = []
    for other, unit in every.items():
        if unit["seat"] != seat and not unit["face_down"]:
            enemies.append((other, unit["zone"]))
    return _shots_from(state, ready, enemies, first)


def _shots_from(
    state: dict[str, Any],
    ready: list[tuple[str, dict[str, Any]]],
    enemies: list[tuple[str, str]],
    first: bool,
) -> list[dict[str, Any]]:
    """The shots of the ready units (id, unit) at the enemies (id, zone) within 1 zone."""
    actions: list[dict[str, Any]] = []
    if not ready or not enemies:
        return actions
    near_zones: dict[str, list[str]] = {}  # the enemies within 1 zone of each zone, once
    distance = zones.distance
    for uid, unit in ready:
        here = unit["zone"]
        near = near_zones.get(here)
        if near is None:
            near = near_zones[here] = []
            for other, zone in enemies:
                if distance(here, zone) <= 1:
                    near.append(other)
        if near and effects.range_of(state, uid) > 0:
            for other in near:
                if not _deflects(state, other):
                    actions.append({"type": "shoot", "unit": uid, "target": other})
                    if first:
                        return actions
    return actions


def _deflects(state: dict[str, Any], uid: str) -> bool:
    """effects.has_skill(state, uid, "Deflect"), asked for every unit in range of a shooter."""
    if "Deflect" in cards.printed_skills(state["cards"][uid]):
        return True
    return "Deflect" in effects.granted_skills(state).get(uid, ())
