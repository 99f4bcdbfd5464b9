"""Bot support for Combat: the evaluation and a rollout policy (invariants.py checks states)."""

from __future__ import annotations

import random
from typing import Any

from gameplay.engine.combat import fight, flow, main_step, zones
from gameplay.engine.combat.cards import speed_of, strength_of
from gameplay.engine.core import clone

WIN = 1000.0
LIFE = 1.0
SOLDIER = 1.5  # per point of strength
SPEED = 0.05
READY = 0.4  # a right-side-up soldier can block
HAND = 0.6
FARM = 0.8
COMBAT_STEPS = ("attack", "block", "damage")


def evaluate(state: dict[str, Any], seat: int) -> float:
    """Own side's life, board, farms and hand minus the opponents' average (after any combat)."""
    if state["winners"] is None and (
        state["pending"] is not None or state["turn"]["step"] in COMBAT_STEPS
    ):
        state = _fast_forward(state)
    winners = state["winners"]
    if winners is not None:
        if not winners:
            return 0.0
        return WIN if seat in winners else -WIN
    side = zones.side_of(state, seat)
    sides: dict[int, float] = {}
    for s in zones.alive_seats(state):
        sides[zones.side_of(state, s)] = sides.get(zones.side_of(state, s), 0.0) + _board(state, s)
    for s_side in sides:
        sides[s_side] += LIFE * flow.side_life(state, s_side)
    mine = sides.pop(side, 0.0)
    return mine - (sum(sides.values()) / len(sides) if sides else 0.0)


def _board(state: dict[str, Any], seat: int) -> float:
    key = str(seat)
    value = HAND * len(state["hands"][key]) + FARM * len(state["farms"][key])
    for card, sideways in state["soldiers"][key]:
        value += SOLDIER * strength_of(card) + SPEED * speed_of(card) + (0 if sideways else READY)
    return value


def _fast_forward(state: dict[str, Any]) -> dict[str, Any]:
    """Finish the current combat (or 2's edict) on a copy with no further blocks or attackers."""
    state = clone(state)
    while state["winners"] is None and (
        state["pending"] is not None or state["turn"]["step"] in COMBAT_STEPS
    ):
        step = state["turn"]["step"]
        if state["pending"] is not None:
            seat = state["pending"]["seat"]
            weakest = min(state["soldiers"][str(seat)], key=lambda e: strength_of(e[0]))
            main_step.apply_edict(state, weakest[0])
        elif step == "attack":
            state["turn"]["done"].append(flow.acting_seat(state))
        elif step == "block":
            state["combat"]["block_index"] += 1
        else:
            fight.assign_point(state, _best_target(state))
        flow.settle(state)
    return state


def _best_target(state: dict[str, Any]) -> str:
    """The fought soldier closest to being destroyed (needs the fewest more points)."""
    combat = state["combat"]
    choice = combat["choice"]

    def left(card: str) -> int:
        need = strength_of(card) - combat["damage"].get(card, 0)
        return need if need > 0 else 99

    return min(choice["targets"], key=left)


def rollout_action(
    state: dict[str, Any], seat: int, legal: list[dict[str, Any]], rng: random.Random
) -> dict[str, Any]:
    """A cheap rule-of-thumb policy for Monte Carlo rollouts (no look-ahead)."""
    if len(legal) == 1:
        return legal[0]
    kind = legal[0]["type"]
    step = state["turn"]["step"]
    if kind == "damage":
        return {"type": "damage", "card": legal[0]["card"], "target": _best_target(state)}
    if kind == "destroy":
        return min(legal, key=lambda a: strength_of(a["card"]))
    if step == "attack":
        attacks = legal[:-1]
        return attacks[rng.randrange(len(attacks))] if rng.random() < 0.6 else legal[-1]
    if step == "block":
        return _rollout_block(state, seat, legal)
    return _rollout_main(legal, rng)


def _rollout_block(state: dict[str, Any], seat: int, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """Block when the blocker survives or kills, or when the damage would be lethal."""
    life = state["life"][str(zones.holder(state, seat))]
    incoming = sum(
        strength_of(a["card"])
        for a in state["combat"]["attackers"]
        if a["target"] == zones.holder(state, seat)
    )
    blocked = {a for _, _, a in state["combat"]["blocks"]}
    for action in legal[:-1]:
        blocker, attacker = action["card"], action["attacker"]
        if attacker in blocked:
            continue
        survives = strength_of(blocker) > strength_of(attacker) or speed_of(blocker) > speed_of(
            attacker
        )
        if survives or incoming >= life:
            return action
    return legal[-1]


MAIN_ORDER = {"court": 0, "special": 1, "soldier": 2, "farm": 3, "end": 4}


def _rollout_main(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """Courts, then specials, then soldiers, then a farm; random among the best kind."""
    best = min(MAIN_ORDER[a["type"]] for a in legal)
    choices = [a for a in legal if MAIN_ORDER[a["type"]] == best]
    return choices[rng.randrange(len(choices))]
