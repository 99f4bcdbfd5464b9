"""The heuristic evaluation behind the greedy and search bots."""

from __future__ import annotations

from gameplay.engine.kingdom_combat import cards, fight, flow
from gameplay.engine.kingdom_combat.zones import player

WIN = 1000.0


def evaluate(state: dict, seat: int) -> float:
    """Fortress HP difference, plus board (units, structures, income) against the opponents."""
    if state["phase"] == "over":
        if seat in state["winners"]:
            return WIN
        return -WIN if state["winners"] else 0.0
    return side_value(state, seat) - max(
        (side_value(state, other) for other in flow.living(state) if other != seat), default=0.0
    )


def side_value(state: dict, seat: int) -> float:
    """What a seat has: fortress HP, units (by their remaining strength), structures' gold."""
    if state["out"][seat]:
        return -WIN
    me = player(state, seat)
    value = 2.0 * me["fortress"]["hp"]
    for uid, unit in state["units"].items():
        if unit["seat"] == seat and not unit["face_down"]:
            value += (
                fight.stat(state, uid, "attack")
                + fight.stat(state, uid, "defense")
                + fight.lethal(state, uid) / 2
            )
    for sid in me["structures"]:
        value += 3.0 * cards.card(state["cards"][sid])["stats"].get("gold", 0)
    return value
