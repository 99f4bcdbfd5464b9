"""What a seat sees (open forces; the other's secret choice hidden), and the state behind it."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from gameplay.engine.conventional_combat.cards import describe_effect
from gameplay.engine.core import base_state

if TYPE_CHECKING:
    from gameplay.engine.core import Ruleset


def view(ruleset: Ruleset, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """Everything on the table and in hands (open forces); others' pending choices hidden."""
    players = {}
    for key, player in state["players"].items():
        seen = {k: list(v) if isinstance(v, list) else v for k, v in player.items()}
        seen["chosen"] = state["pending"][key] is not None
        seen["life"] = characters_left(state, key)
        if seat is not None and key == str(seat):
            seen["choice"] = state["pending"][key]
        players[key] = seen
    table = {
        k: state[k] for k in ("mode", "duel", "phase", "last_duel", "first_damage", "winner", "end")
    }
    return {
        "ruleset": ruleset.slug,
        "seat": seat,
        "options": {"mode": state["mode"]},
        # each card with its ability in players' words, for the board
        "cards": {
            cid: {**card, "text": describe_effect(card["effect"])}
            for cid, card in state["cards"].items()
        },
        "players": players,
        "waiting": list(state["waiting"]),
        **table,
    }


def determinize(
    ruleset: Ruleset, view: dict[str, Any], seat: int, rng: random.Random
) -> dict[str, Any]:
    """The state behind the view; an opponent's hidden choice is sampled from its options."""
    state = base_state(ruleset, seats=2, options={}, seed=rng.getrandbits(62))
    state["options"] = {"mode": view["mode"], "force_0": None, "force_1": None}
    players = {}
    for key, seen in view["players"].items():
        players[key] = {
            k: list(seen[k]) if isinstance(seen[k], list) else seen[k]
            for k in ("hand", "fighter", "supporter", "action", "discard", "used")
        }
    table = {
        k: view[k] for k in ("mode", "duel", "phase", "last_duel", "first_damage", "winner", "end")
    }
    state.update(
        {
            "cards": {
                cid: {k: v for k, v in card.items() if k != "text"}
                for cid, card in view["cards"].items()
            },
            "players": players,
            "waiting": list(view["waiting"]),
            "pending": {"0": None, "1": None},
            **table,
        }
    )
    for key, seen in view["players"].items():
        if key == str(seat):
            state["pending"][key] = seen.get("choice")
        elif seen["chosen"]:
            options = ruleset.legal_actions(state, int(key))
            state["pending"][key] = options[rng.randrange(len(options))]
    return state


def characters_left(state: dict[str, Any], seat: str) -> int:
    """Characters of the seat's force not in its discard pile (the time rule's life)."""
    player = state["players"][seat]
    total = sum(
        1
        for card_id, card in state["cards"].items()
        if card_id.startswith(seat + ".") and card["kind"] == "character"
    )
    return total - len(player["discard"])
