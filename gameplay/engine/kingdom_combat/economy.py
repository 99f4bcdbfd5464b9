"""Playing cards from hand and moving units in the pre- and post-combat stages.

Units arrive Exhausted at their Fortress; structures go to the Structures Zone (and produce gold
from the next Beginning Stage). Action cards (Dirty Tricks, Events, Abilities, Equipment) and the
stack come with the card effects (see RULINGS.md, "not yet").
"""

from __future__ import annotations

from gameplay.engine.kingdom_combat import cards, zones
from gameplay.engine.kingdom_combat.setup import new_unit
from gameplay.engine.kingdom_combat.zones import event, player

PLAYABLE_TYPES = ("unit", "structure")


def cost(state: dict, seat: int, cid: str) -> int:
    """What the card costs the seat now (printed; cost changes come with card effects)."""
    return cards.card(state["cards"][cid])["cost"]


def play_actions(state: dict, seat: int) -> list[dict]:
    """Play a unit or structure from hand that the seat's gold pays for (one per card name
    is enough: copies in hand are the same choice)."""
    gold = player(state, seat)["gold"]
    seen: set[str] = set()
    actions = []
    for cid in player(state, seat)["hand"]:
        key = state["cards"][cid]
        if key in seen:
            continue
        seen.add(key)
        if cards.card(key)["type"] in PLAYABLE_TYPES and cost(state, seat, cid) <= gold:
            actions.append({"type": "play", "card": cid})
    return actions


def play(state: dict, seat: int, cid: str) -> None:
    """Pay the cost and put the card into play."""
    me = player(state, seat)
    me["gold"] -= cost(state, seat, cid)
    me["hand"].remove(cid)
    printed = cards.card(state["cards"][cid])
    if printed["type"] == "unit":
        state["units"][cid] = new_unit(state, cid, seat, zones.fortress_zone(seat), exhausted=True)
    else:
        state["structures"][cid] = {"seat": seat, "hp": printed["stats"].get("hp", 1)}
        me["structures"].append(cid)
    event(state, "play", seat=seat, card=cid, key=state["cards"][cid])


def move_actions(state: dict, seat: int) -> list[dict]:
    """Move an Active unit of the seat (moving exhausts it)."""
    return [
        {"type": "move", "unit": uid, "to": zone}
        for uid, unit in state["units"].items()
        if unit["seat"] == seat and not unit["exhausted"]
        for zone in zones.move_destinations(state, uid)
    ]


def move(state: dict, uid: str, zone: str) -> None:
    """The unit moves and is exhausted."""
    zones.place_unit(state, uid, zone)
    state["units"][uid]["exhausted"] = True
    event(state, "move", card=uid, to=zone)
