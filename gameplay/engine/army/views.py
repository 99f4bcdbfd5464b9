"""What a seat sees of an Army game (own hand and line; the other side as counts), a full
state sampled back from such a view (for bots), and the stamina a time limit compares."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from gameplay.engine.army.cards import (
    ARMY_CARDS,
    FIGHTING_CARDS,
    ORIENTATIONS,
    card_key,
    stamina_of,
)
from gameplay.engine.core import base_state

if TYPE_CHECKING:
    from gameplay.engine.core import Ruleset


def view(ruleset: Ruleset, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The table as that seat sees it: own hand and line, the other side's only as counts."""
    players = {}
    for key, player in state["players"].items():
        own = seat is not None and key == str(seat)
        players[key] = player_view(state, key, player, own)
    return {
        "ruleset": ruleset.slug,
        "seat": seat,
        "phase": state["phase"],
        "round": state["round"],
        "options": dict(state["options"]),
        "players": players,
        "army_pile": len(state["army_pile"]),
        "army_graveyard": list(state["army_graveyard"]),
        "fight_pile": len(state["fight_pile"]),
        "fight_graveyard": list(state["fight_graveyard"]),
        "last_round": state["last_round"],
        "played": list(state.get("played", [])),  # a game saved before the log had none
        "first_damage": state["first_damage"],
        "winner": state["winner"],
        "end": state["end"],
    }


def life_of(state: dict[str, Any]) -> dict[int, int]:
    """Remaining army SP per seat: the army card's SP left plus the full SP of the line."""
    life = {}
    for seat in ("0", "1"):
        player = state["players"][seat]
        if state["phase"] == "line":
            total = sum(stamina_of(c) for c in player["line"])
        else:
            total = sum(stamina_of(c) for c in player["line"])
            if player["army"] is not None:
                total += stamina_of(player["army"]) - player["lost"]
        life[int(seat)] = total
    return life


def player_view(
    state: dict[str, Any], key: str, player: dict[str, Any], own: bool
) -> dict[str, Any]:
    """One seat's side of the table; its hand, line and total SP only for its owner."""
    army = player["army"]
    pending = state["pending"][key]
    seen = {
        "army": army,
        "lost": player["lost"],
        "sp_left": stamina_of(army) - player["lost"] if army else 0,
        "orientation": ORIENTATIONS[player["lost"]] if army else None,
        "hand_count": len(player["hand"]),
        "line_count": len(player["line"]),
        "chosen": pending is not None,
    }
    if own:
        # Ruling A6: total SP counts the face-down line, so only its owner sees it.
        seen.update(
            {
                "hand": sorted(player["hand"], key=card_key),
                "line": list(player["line"]),
                "life": life_of(state)[int(key)],
            }
        )
        seen["choice"] = pending
    return seen


def determinize(
    ruleset: Ruleset, view: dict[str, Any], seat: int, rng: random.Random
) -> dict[str, Any]:
    """A full state matching the view: unseen cards dealt at random to the hidden zones."""
    me, other = str(seat), str(1 - seat)
    mine, theirs = view["players"][me], view["players"][other]
    known = set(mine["hand"]) | set(mine["line"]) | set(view["army_graveyard"])
    known |= set(view["fight_graveyard"])
    known |= {p["army"] for p in (mine, theirs) if p["army"]}
    unseen_fight = [c for c in FIGHTING_CARDS if c not in known]
    unseen_army = [c for c in ARMY_CARDS if c not in known]
    rng.shuffle(unseen_fight)
    rng.shuffle(unseen_army)
    their_hand = [unseen_fight.pop() for _ in range(theirs["hand_count"])]
    their_line = [unseen_army.pop() for _ in range(theirs["line_count"])]
    players = {
        me: {
            "hand": list(mine["hand"]),
            "line": list(mine["line"]),
            "army": mine["army"],
            "lost": mine["lost"],
        },
        other: {
            "hand": their_hand,
            "line": their_line,
            "army": theirs["army"],
            "lost": theirs["lost"],
        },
    }
    pending = {me: mine.get("choice"), other: None}
    if theirs["chosen"]:
        pending[other] = _sampled_choice(view["phase"], players[other], rng)
    state = base_state(ruleset, seats=2, options=dict(view["options"]), seed=rng.getrandbits(62))
    state.update(
        {
            "phase": view["phase"],
            "round": view["round"],
            "army_pile": unseen_army,
            "army_graveyard": list(view["army_graveyard"]),
            "fight_pile": unseen_fight,
            "fight_graveyard": list(view["fight_graveyard"]),
            "players": players,
            "pending": pending,
            "last_round": view["last_round"],
            "played": list(view.get("played", [])),
            "first_damage": view["first_damage"],
            "winner": view["winner"],
            "end": view["end"],
        }
    )
    return state


def _sampled_choice(phase: str, player: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    if phase == "line":
        order = list(player["line"])
        rng.shuffle(order)
        return {"type": "line", "order": order}
    return {"type": "play", "card": rng.choice(player["hand"])}
