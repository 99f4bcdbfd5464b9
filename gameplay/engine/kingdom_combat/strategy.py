"""The heuristic evaluation behind the greedy and search bots (gameplay/engine/bots.py).

A seat's worth: its fortress HP (weighted most), its units (attack, defense and the damage they
can still take, plus how far they have advanced toward an enemy fortress), its structures'
income, and its hand; the score is that worth minus the best opponent's.

The search bot's rollouts play `rollout_action`, a rule of thumb with no look-ahead (declared
through game_type.rollout_policy): on its own turn a player plays what it can, marches toward
the nearest enemy fortress, declares attacks (fortresses first, then structures, then units)
and commits; a defender joins a battle half the time; answers are passed.
"""

from __future__ import annotations

import random
from typing import Any

from gameplay.engine.kingdom_combat import cards, effects, fight, flow, zones
from gameplay.engine.kingdom_combat.zones import player

WIN = 1000.0
FORTRESS_HP = 3.0
INCOME = 2.5
ADVANCE = 0.6
HAND = 0.3


def evaluate(state: dict[str, Any], seat: int) -> float:
    """Higher is better for the seat; a won game is WIN, a lost one -WIN."""
    if state["phase"] == "over":
        if seat in state["winners"]:
            return WIN
        return -WIN if state["winners"] else 0.0
    others = [s for s in flow.living(state) if s != seat]
    with effects.reading(state):  # every unit's stats read the same auras: work them out once
        best_other = max((side_value(state, s) for s in others), default=0.0)
        return side_value(state, seat) - best_other


def side_value(state: dict[str, Any], seat: int) -> float:
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


# --- the rollout policy ------------------------------------------------------------------------

ATTACK_ORDER = {"fortress": 0, "structure": 1, "unit": 2}


def rollout_action(
    state: dict[str, Any], seat: int, legal: list[dict[str, Any]], rng: random.Random
) -> dict[str, Any]:
    """A cheap rule of thumb for Monte Carlo rollouts (see the module's docstring)."""
    if len(legal) == 1:
        return legal[0]
    by_type: dict[str, list[dict[str, Any]]] = {}
    for action in legal:
        by_type.setdefault(action["type"], []).append(action)

    def pick(actions: list[dict[str, Any]]) -> dict[str, Any]:
        return actions[rng.randrange(len(actions))]

    if "keep" in by_type:
        return by_type["keep"][0]
    if "hire" in by_type:
        return pick(by_type["hire"])
    if "pass" in by_type:
        return by_type["pass"][0]
    if "commit" in by_type:  # declaring attackers
        attacks = by_type.get("attack")
        if not attacks:
            return by_type["commit"][0]
        best = min(_attack_rank(state, a["target"]) for a in attacks)
        return pick([a for a in attacks if _attack_rank(state, a["target"]) == best])
    if "done" in by_type:  # answering an attack
        joins = by_type.get("join")
        return pick(joins) if joins and rng.random() < 0.5 else by_type["done"][0]
    if "play" in by_type:
        return pick(by_type["play"])
    forward = _forward_moves(state, seat, by_type.get("move", []))
    if forward:
        return pick(forward)
    return (by_type.get("combat") or by_type.get("end") or legal)[0]


def _attack_rank(state: dict[str, Any], target: str) -> int:
    if target.startswith("fortress-"):
        return ATTACK_ORDER["fortress"]
    return ATTACK_ORDER["structure" if target in state["structures"] else "unit"]


def _forward_moves(
    state: dict[str, Any], seat: int, moves: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """Moves that bring a unit closer to the nearest enemy fortress, into a zone no enemy
    holds: a unit walking onto a Battlefield beside enemy units (K10) is attacked there before
    it can strike, so the rule of thumb attacks them from next door instead."""
    enemies = [zones.fortress_zone(s) for s in flow.living(state) if s != seat]
    if not enemies:
        return []

    def gap(zone: str) -> int:
        return min(zones.distance(zone, f) for f in enemies)

    units = state["units"]
    held = zones.held_against(state, seat)
    return [
        m for m in moves if m["to"] not in held and gap(m["to"]) < gap(units[m["unit"]]["zone"])
    ]
