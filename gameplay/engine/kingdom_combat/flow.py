"""The stages of a turn (manual, "Stages of a Turn") and the end of the game.

beginning (automatic: gold to 0, ready, income, draw) -> "pre" (pre-combat) -> "combat"
(declare attackers; defenders answer; damage) -> "post" (post-combat) -> end (automatic:
partial damage heals, "until end of turn" effects end) -> the next living seat's beginning.
"""

from __future__ import annotations

from typing import Any

from gameplay.engine.kingdom_combat import cards, zones
from gameplay.engine.kingdom_combat.zones import event, player

# The rules version a game is played under (KingdomCombat.version; ruling K53): version 3 deals
# all of a combat's damage at once (K27), moves attackers into the fight (K23) and lets the
# attacked seats activate abilities while answering (K40); version 2 games play on as they were.
CURRENT = 3


def version(state: dict[str, Any]) -> int:
    """The rules version of the game (a state always records it)."""
    found = state.get("version", CURRENT)
    return _VERSIONS.get(found) or int(found)  # the usual ones without parsing them


_VERSIONS: dict[Any, int] = {"1": 1, "2": 2, "3": 3, 1: 1, 2: 2, 3: 3}


def income(state: dict[str, Any], seat: int) -> int:
    """Gold the seat collects at its beginning: fortress (less the mulligan penalty on its
    first turn) plus every structure's production."""
    me = player(state, seat)
    fortress = me["fortress"]["gold_per_turn"]
    if me["turns"] == 0:
        fortress = max(0, fortress - me["penalty"])
    structures = sum(
        cards.card(state["cards"][sid])["stats"].get("gold", 0) for sid in me["structures"]
    )
    return fortress + structures


def start_turn(state: dict[str, Any], seat: int) -> None:
    """The Beginning Stage, then the seat's pre-combat decisions."""
    number = state["turn"]["number"] + 1 if state["turn"] else 1
    state["turn"] = {"seat": seat, "number": number, "stage": "pre"}
    me = player(state, seat)
    me["gold"] = 0
    for unit in state["units"].values():
        if unit["seat"] == seat:
            unit["exhausted"] = False
    me["gold"] = income(state, seat)
    skip_draw = number == 1  # the first player does not draw on the very first turn
    me["turns"] += 1
    if not skip_draw:
        zones.draw(state, seat)
    event(state, "turn", seat=seat, number=number, gold=me["gold"], drew=not skip_draw)


def end_turn(state: dict[str, Any]) -> None:
    """The End Stage: partial damage heals, until-end-of-turn effects end; next seat."""
    for unit in state["units"].values():
        unit["damage"] = 0
    state["effects"] = [e for e in state["effects"] if e.get("until") != "end of turn"]
    seat = state["turn"]["seat"]
    event(state, "end turn", seat=seat)
    if state["turn"]["number"] >= state["options"]["max_turns"]:
        finish_by_time(state)
        return
    start_turn(state, next_seat(state, seat))


def next_seat(state: dict[str, Any], seat: int) -> int:
    """The next living seat clockwise."""
    for step in range(1, state["seats"] + 1):
        other = (seat + step) % state["seats"]
        if not state["out"][other]:
            return other
    return seat


def living(state: dict[str, Any]) -> list[int]:
    """Seats whose fortress still stands."""
    return [s for s in range(state["seats"]) if not state["out"][s]]


def eliminate(state: dict[str, Any], seat: int) -> None:
    """A destroyed fortress: the seat is out, its cards in play and in hand go to its discard
    pile (ruling K11); the last seat standing wins."""
    state["out"][seat] = True
    for uid in [u for u, unit in state["units"].items() if unit["seat"] == seat]:
        zones.destroy_unit(state, uid)
    for sid in list(player(state, seat)["structures"]):
        zones.destroy_structure(state, sid)
    me = player(state, seat)
    for cid in me["hand"]:
        zones.to_discard(state, cid)
    me["hand"].clear()
    me["gold"] = 0
    event(state, "eliminated", seat=seat)
    alive = living(state)
    if len(alive) == 1:
        state["winners"] = alive
        state["end"] = "fortress"
        state["phase"] = "over"


def finish_by_time(state: dict[str, Any]) -> None:
    """The turn limit (ruling K14): the highest fortress HP wins, then the seat that damaged
    an enemy fortress first; otherwise a draw."""
    alive = living(state)
    best = max(player(state, s)["fortress"]["hp"] for s in alive)
    leaders = [s for s in alive if player(state, s)["fortress"]["hp"] == best]
    if len(leaders) > 1 and state["first_damage"] in leaders:
        leaders = [state["first_damage"]]
    state["winners"] = leaders if len(leaders) == 1 else []
    state["end"] = "time"
    state["phase"] = "over"
    event(state, "time", winners=state["winners"])
