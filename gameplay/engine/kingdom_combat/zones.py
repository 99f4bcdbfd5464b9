"""The table: each player's Fortress Zone ("F0") and Structures Zone ("S0"), the shared
Battlefield ("B"), and moving cards between the piles.

The zone graph (ruling K9): every player's homeland is a short road F_i - S_i - B, and all roads
meet at the one shared Battlefield, so with two players the table is the manual's line
F0 - S0 - B - S1 - F1, and with more it is a star around B. Distances count edges on that graph.
Only units occupy a zone; a player's Fortress Zone is never entered by another player's units
(ruling K10): they attack the fortress from next door.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from gameplay.engine.core import chance

BATTLEFIELD = "B"


def fortress_zone(seat: int) -> str:
    """The name of a seat's Fortress Zone."""
    return f"F{seat}"


def structures_zone(seat: int) -> str:
    """The name of a seat's Structures Zone."""
    return f"S{seat}"


def home_of(zone: str) -> int | None:
    """The seat whose homeland the zone is (None for the Battlefield)."""
    return None if zone == BATTLEFIELD else int(zone[1:])


@lru_cache(maxsize=1024)
def road(zone: str) -> tuple[str, ...]:
    """The zones from `zone` to the Battlefield, both included."""
    if zone == BATTLEFIELD:
        return (BATTLEFIELD,)
    seat = home_of(zone)
    if zone[0] == "F":
        assert seat is not None, "a fortress zone has a home seat"
        return (zone, structures_zone(seat), BATTLEFIELD)
    return (zone, BATTLEFIELD)


@lru_cache(maxsize=4096)
def path(a: str, b: str) -> tuple[str, ...]:
    """The zones from a to b, both included (the graph is a tree: one path)."""
    if a == b:
        return (a,)
    ra, rb = road(a), road(b)
    if b in ra:
        return ra[: ra.index(b) + 1]
    if a in rb:
        return tuple(reversed(rb[: rb.index(a) + 1]))
    return ra + tuple(reversed(rb[:-1]))


@lru_cache(maxsize=4096)
def distance(a: str, b: str) -> int:
    """Zones between a and b (0 for the same zone)."""
    return len(path(a, b)) - 1


def all_zones(state: dict[str, Any]) -> tuple[str, ...]:
    """Every zone of the table, living seats' homelands and the Battlefield."""
    return zones_of(tuple(state["out"]))


@lru_cache(maxsize=256)
def zones_of(out: tuple[bool, ...]) -> tuple[str, ...]:
    zones = [BATTLEFIELD]
    for seat, gone in enumerate(out):
        if not gone:
            zones += [fortress_zone(seat), structures_zone(seat)]
    return tuple(zones)


def units_in(state: dict[str, Any], zone: str) -> list[str]:
    """Unit ids in a zone, in the order they arrived."""
    return [uid for uid, unit in state["units"].items() if unit["zone"] == zone]


def enemy_in(state: dict[str, Any], zone: str, seat: int) -> bool:
    """Whether a unit of another seat than `seat` stands in the zone."""
    return any(u["zone"] == zone and u["seat"] != seat for u in state["units"].values())


def held_against(state: dict[str, Any], seat: int) -> set[str]:
    """The zones where a unit of another seat than `seat` stands."""
    return {u["zone"] for u in state["units"].values() if u["seat"] != seat}


def clear_between(state: dict[str, Any], route: tuple[str, ...], seat: int) -> bool:
    """No zone strictly inside the route holds an opposing unit (Mounted: no passing through)."""
    return not any(enemy_in(state, z, seat) for z in route[1:-1])


def free_structures(state: dict[str, Any], seat: int) -> list[str]:
    """The seat's structures with no unit inside (a structure holds one: K20), in build order."""
    taken = {u["in"] for u in state["units"].values() if u["in"] is not None}
    return [sid for sid in state["players"][str(seat)]["structures"] if sid not in taken]


def place_unit(state: dict[str, Any], uid: str, zone: str) -> None:
    """Put the unit in the zone; in its own Structures Zone it enters a free structure."""
    unit = state["units"][uid]
    unit["zone"] = zone
    unit["in"] = None
    if zone == structures_zone(unit["seat"]):
        free = free_structures(state, unit["seat"])
        unit["in"] = free[0] if free else None


def retreat_zone(state: dict[str, Any], uid: str) -> str | None:
    """Where a unit falls back to: one zone toward its own fortress, if that zone holds no
    opposing unit; None when it cannot retreat (at its fortress, or trapped)."""
    unit = state["units"][uid]
    seat, here = unit["seat"], unit["zone"]
    if here == fortress_zone(seat):
        return None
    back = path(here, fortress_zone(seat))[1]
    return None if enemy_in(state, back, seat) else back


# --- piles ----------------------------------------------------------------------------------


def player(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """The seat's own record: fortress, deck, hand, discard, gold, structures."""
    return state["players"][str(seat)]


def draw(state: dict[str, Any], seat: int) -> str | None:
    """Draw the top card; with an empty deck nothing happens (ruling K6)."""
    me = player(state, seat)
    if not me["deck"]:
        return None
    uid = me["deck"].pop()
    me["hand"].append(uid)
    return uid


def shuffle_deck(state: dict[str, Any], seat: int, label: str) -> None:
    """Shuffle the seat's deck with a logged chance event."""
    chance(state, f"{label} {seat}").shuffle(player(state, seat)["deck"])


def to_discard(state: dict[str, Any], cid: str) -> None:
    """A card goes to its owner's discard pile; a token ceases to exist (ruling K12)."""
    if cid.startswith("t"):
        del state["cards"][cid]
        del state["owner"][cid]
        return
    player(state, state["owner"][cid])["discard"].append(cid)


def destroy_unit(state: dict[str, Any], uid: str) -> None:
    """A unit at 0 HP leaves play for its owner's discard pile, and its Abilities and
    Equipment with it (to their owners' piles)."""
    state["units"].pop(uid)
    for cid in [c for c, unit in state["attached"].items() if unit == uid]:
        del state["attached"][cid]
        to_discard(state, cid)
    to_discard(state, uid)
    event(state, "destroyed", card=uid)


def destroy_structure(state: dict[str, Any], sid: str) -> None:
    """A structure at 0 HP: to the discard pile; units inside stand in the open."""
    structure = state["structures"].pop(sid)
    player(state, structure["seat"])["structures"].remove(sid)
    for unit in state["units"].values():
        if unit["in"] == sid:
            unit["in"] = None
    to_discard(state, sid)
    event(state, "destroyed", card=sid)


def event(state: dict[str, Any], kind: str, **facts: object) -> None:
    """Append a public event (never a hidden card) to the event list."""
    facts["e"] = kind
    state["events"].append(facts)
