"""Rule-level invariants of a Kingdom Combat state, checked after every action in the fuzz tests."""

from __future__ import annotations

from typing import Any

from gameplay.engine.kingdom_combat.flow import version
from gameplay.engine.kingdom_combat.zones import BATTLEFIELD, fortress_zone


def check_invariants(state: dict[str, Any]) -> None:
    """Every card in exactly one place, gold never negative, units and structures coherent,
    units of different seats together only on the Battlefield (rules version 3: or in a
    Structures Zone, where attackers move into the fight; never in a Fortress Zone)."""
    _check_places(state)
    _check_zones(state)
    _check_pieces(state)


def _check_places(state: dict[str, Any]) -> None:
    """Every card in exactly one place; gold and fortress HP never below 0."""
    places: list[str] = []
    for p in state["players"].values():
        places += p["deck"]
        places += p["hand"]
        places += p["discard"]
        assert p["gold"] >= 0, "gold below 0"
        assert p["fortress"]["hp"] >= 0, "fortress HP below 0"
        for sid in p["structures"]:
            assert sid in state["structures"], f"structure {sid} listed but not in play"
    units, structures, attached = state["units"], state["structures"], state["attached"]
    places += units
    places += structures
    places += attached
    places += [item["card"] for item in state["stack"] if "card" in item]
    for cid, uid in attached.items():
        assert uid in units, f"{cid} is attached to {uid}, which is not in play"
    found = set(places)
    assert len(places) == len(found), "a card is in two places"
    assert found == state["cards"].keys(), "a card is missing or unknown"


def _check_zones(state: dict[str, Any]) -> None:
    """Seats share a zone only where the rules version lets them; no Fortress Zone is entered."""
    seats_in: dict[str, set[int]] = {}
    for unit in state["units"].values():
        seats_in.setdefault(unit["zone"], set()).add(unit["seat"])
    shared = (BATTLEFIELD,) if version(state) < 3 else tuple(seats_in)
    for zone, seats in seats_in.items():  # the Battlefield is neutral ground (ruling K10)
        assert zone in shared or len(seats) == 1, f"seats {sorted(seats)} share {zone}"
    for seat in range(state["seats"]):  # no unit enters another player's Fortress Zone (K10, K23)
        assert seats_in.get(fortress_zone(seat), {seat}) == {seat}, f"a unit in {seat}'s fortress"


def _check_pieces(state: dict[str, Any]) -> None:
    """Units and structures in play are alive, of a seat still in, in their own structures."""
    units, structures, out = state["units"], state["structures"], state["out"]
    for uid, unit in units.items():
        assert unit["hp"] >= 1, f"unit {uid} in play at 0 HP"
        assert unit["damage"] >= 0, f"unit {uid} has negative damage"
        assert not out[unit["seat"]], f"unit {uid} of an eliminated seat"
        if unit["in"] is not None:
            assert unit["in"] in structures, f"unit {uid} inside a missing structure"
            assert structures[unit["in"]]["seat"] == unit["seat"], f"{uid} in another's structure"
    for sid, structure in structures.items():
        assert structure["hp"] >= 1, f"structure {sid} in play at 0 HP"
