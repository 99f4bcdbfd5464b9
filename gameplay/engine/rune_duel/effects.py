"""Card effects: which targets an effect may take, and carrying it out.

Single-creature effects ("creature" target) let the card's owner choose among the valid
creatures; "all_*" effects hit every creature they name; player effects need no creature.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gameplay.engine.rune_duel import battle


def creature_targets(
    state: dict[str, Any], seat: int, effect: dict[str, Any]
) -> list[tuple[int, int]] | None:
    """(seat, 0-based slot) choices of a single-creature effect; None if it aims elsewhere."""
    if effect["target"] != "creature":
        return None
    side = 1 - seat if effect["op"] == "damage" else seat
    line = state["line"][str(side)]
    if effect["op"] == "heal":
        return [(side, s) for s, e in enumerate(line) if e is not None and e["damage"] > 0]
    return [(side, s) for s, e in enumerate(line) if e is not None]


def _all_targets(state: dict[str, Any], seat: int, effect: dict[str, Any]) -> list[tuple[int, int]]:
    sides = (0, 1) if effect["target"] == "all_creatures" else (seat,)
    found = []
    for side in sides:
        for slot, entry in enumerate(state["line"][str(side)]):
            if entry is not None and (effect["op"] != "heal" or entry["damage"] > 0):
                found.append((side, slot))
    return found


def has_target(state: dict[str, Any], seat: int, effect: dict[str, Any]) -> bool:
    """True if the effect has a valid target now (a player always is one)."""
    if effect["target"] in ("player", "opponent", "self"):
        return True
    choices = creature_targets(state, seat, effect)
    if choices is None:
        choices = _all_targets(state, seat, effect)
    return bool(choices)


def resolve(
    state: dict[str, Any],
    seat: int,
    effect: dict[str, Any],
    source: str,
    target: Sequence[int] | None = None,
) -> None:
    """Carry out the effect; target is the chosen (seat, slot) of a single-creature effect."""
    op, aim = effect["op"], effect["target"]
    if aim in ("player", "opponent", "self"):
        if op == "damage":
            battle.hit_life(state, 1 - seat, effect["amount"], seat, source)
        else:
            battle.gain_life(state, seat, effect["amount"], source)
        return
    if aim == "creature":
        assert target is not None, "a single-creature effect is played with its target"
        targets = [(target[0], target[1])]
    else:
        targets = _all_targets(state, seat, effect)
    for side, slot in targets:
        _touch(state, side, slot, effect, source)
    for slot in sorted({slot for _, slot in targets}):
        battle.bury_dead(state, slot)


def _touch(
    state: dict[str, Any], side: int, slot: int, effect: dict[str, Any], source: str
) -> None:
    entry = state["line"][str(side)][slot]
    label = f"{source} on {battle.name(state, entry['card'])} (seat {side + 1})"
    if effect["op"] == "damage":
        battle.wound(state, side, slot, effect["amount"])
        battle.tell(state, f"{label}: {effect['amount']} damage.")
    elif effect["op"] == "heal":
        entry["damage"] = max(0, entry["damage"] - effect["amount"])
        battle.tell(state, f"{label}: heals {effect['amount']}.")
    else:
        entry["buff"][0] += effect["attack"]
        entry["buff"][1] += effect["life"]
        battle.tell(state, f"{label}: +{effect['attack']} attack, +{effect['life']} life.")
