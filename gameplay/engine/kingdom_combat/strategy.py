"""The heuristic evaluation behind the greedy and search bots (gameplay/engine/bots.py).

A seat's worth: its fortress HP (weighted most), its units (attack, defense and the damage they
can still take, plus how far they have advanced toward an enemy fortress), its structures'
income, and its hand; the score is that worth minus the best opponent's.
"""

from __future__ import annotations

from gameplay.engine.kingdom_combat import cards, effects, fight, flow, zones
from gameplay.engine.kingdom_combat.zones import player

WIN = 1000.0
FORTRESS_HP = 3.0
INCOME = 2.5
ADVANCE = 0.6
HAND = 0.3


def evaluate(state: dict, seat: int) -> float:
    """Higher is better for the seat; a won game is WIN, a lost one -WIN."""
    if state["phase"] == "over":
        if seat in state["winners"]:
            return WIN
        return -WIN if state["winners"] else 0.0
    others = [s for s in flow.living(state) if s != seat]
    return side_value(state, seat) - max((side_value(state, s) for s in others), default=0.0)


def side_value(state: dict, seat: int) -> float:
    """What a seat has on the table and in hand."""
    if state["out"][seat]:
        return -WIN
    me = player(state, seat)
    value = FORTRESS_HP * me["fortress"]["hp"] + HAND * len(me["hand"])
    enemies = [zones.fortress_zone(s) for s in flow.living(state) if s != seat]
    for uid, unit in state["units"].items():
        if unit["seat"] != seat or unit["face_down"]:
            continue
        value += fight.stat(state, uid, "attack") + fight.stat(state, uid, "defense")
        value += fight.lethal(state, uid) / 2 + effects.range_of(state, uid)
        if enemies:
            nearest = min(zones.distance(unit["zone"], f) for f in enemies)
            value += ADVANCE * (4 - nearest)
    for sid in me["structures"]:
        value += INCOME * cards.card(state["cards"][sid])["stats"].get("gold", 0)
    return value
