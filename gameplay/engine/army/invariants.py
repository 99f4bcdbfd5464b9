"""Rule-level invariants of an Army state, checked after every action in the fuzz tests."""

from __future__ import annotations

from typing import Any

from gameplay.engine.army.cards import ARMY_CARDS, FIGHTING_CARDS, stamina_of
from gameplay.engine.army.setup import HAND_SIZE


def check_invariants(state: dict[str, Any]) -> None:
    """Every card in exactly one zone; hands of five; SP lost below the army card's SP."""
    zones = list(state["army_pile"]) + list(state["army_graveyard"])
    zones += list(state["fight_pile"]) + list(state["fight_graveyard"])
    for player in state["players"].values():
        zones += player["hand"] + player["line"] + ([player["army"]] if player["army"] else [])
    if sorted(zones) != sorted(ARMY_CARDS + FIGHTING_CARDS):
        raise AssertionError("Army: the 52 cards are not each in exactly one zone.")
    if any(c not in ARMY_CARDS for c in state["army_pile"] + state["army_graveyard"]):
        raise AssertionError("Army: a fighting card is in the army pile or army graveyard.")
    for seat, player in state["players"].items():
        if len(player["hand"]) != HAND_SIZE:
            raise AssertionError(f"Army: seat {seat} holds {len(player['hand'])} fighting cards.")
        if any(c not in FIGHTING_CARDS for c in player["hand"]):
            raise AssertionError(f"Army: seat {seat} holds an army card in hand.")
        army = player["army"]
        if army is not None and not 0 <= player["lost"] < stamina_of(army):
            raise AssertionError(f"Army: seat {seat}'s {army} has lost {player['lost']} SP.")
        if state["phase"] == "fight" and army is None:
            raise AssertionError(f"Army: seat {seat} fights without an army card.")
        pending = state["pending"][seat]
        if pending and pending["type"] == "play" and pending["card"] not in player["hand"]:
            raise AssertionError(f"Army: seat {seat} chose a card it does not hold.")
    if state["phase"] == "over" and state["end"] is None:
        raise AssertionError("Army: the game is over without a reason.")
