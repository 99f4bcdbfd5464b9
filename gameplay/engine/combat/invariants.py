"""Rule-level invariants of a Combat state, checked after every action in the fuzz tests."""

from __future__ import annotations

from typing import Any


def check_invariants(state: dict[str, Any]) -> None:
    """Every card in exactly one zone; life = start - damage; knocked-out seats hold nothing."""
    zones_cards = _all_zone_cards(state)
    if sorted(zones_cards) != state["cards"]:
        raise AssertionError("card conservation: the zones do not hold every card exactly once")
    for key, life in state["life"].items():
        if life != state["start_life"] - state["damage_taken"][key]:
            raise AssertionError(f"life of seat {key} changed other than by damage")
    for seat, out in enumerate(state["out"]):
        key = str(seat)
        if out and (state["hands"][key] or state["soldiers"][key] or state["farms"][key]):
            raise AssertionError(f"seat {seat} is out but still has cards")
    if state["mode"] == "own":
        _check_ownership(state)


def _all_zone_cards(state: dict[str, Any]) -> list[str]:
    found = [c for pile in state["draw"].values() for c in pile]
    found += [c for pile in state["discard"].values() for c in pile]
    found += [c for hand in state["hands"].values() for c in hand]
    found += [c for soldiers in state["soldiers"].values() for c, _ in soldiers]
    found += [c for farms in state["farms"].values() for c, _ in farms]
    return found


def _check_ownership(state: dict[str, Any]) -> None:
    owner = state["owner"]
    for key in state["draw"]:
        for pile in (state["draw"][key], state["discard"][key]):
            if any(str(owner[c]) != key for c in pile):
                raise AssertionError(f"a card in seat {key}'s piles belongs to someone else")
    for key, hand in state["hands"].items():
        if any(str(owner[c]) != key for c in hand):
            raise AssertionError(f"seat {key} holds a card it does not own")
