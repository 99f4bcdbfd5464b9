"""Options and the opening state: two seats, each force in hand (plus Null in a Full Match)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gameplay.engine.conventional_combat.cards import (
    NULL_ACTION,
    default_force,
    force_problems,
    normalize_card,
)
from gameplay.engine.core import EngineError, Option, base_state

if TYPE_CHECKING:
    from gameplay.engine.core import Ruleset

SEATS = ("0", "1")
DEFEATS_TO_SURRENDER = 3

OPTIONS = {
    "mode": Option(
        default="full-match",
        choices=("quick-duel", "full-match"),
        help="Quick Duel (one duel, 6-card forces) or Full Match (10 cards plus Null).",
    ),
    "force_0": Option(default=None, help="Seat 0's Combat Force (card dicts); none: starter."),
    "force_1": Option(default=None, help="Seat 1's Combat Force (card dicts); none: starter."),
}


def new_state(
    ruleset: Ruleset, *, seats: int, options: dict[str, Any], seed: int
) -> dict[str, Any]:
    """Both forces in hand (plus Null in a Full Match); everyone chooses a Fighter first."""
    mode = options["mode"]
    state = base_state(ruleset, seats=seats, options=options, seed=seed)
    cards, players = {}, {}
    for seat in SEATS:
        force = _force_for(options, seat, mode)
        if mode == "full-match":
            force.append(dict(NULL_ACTION))
        ids = [f"{seat}.{index}" for index in range(len(force))]
        cards.update(dict(zip(ids, force, strict=True)))
        players[seat] = {
            "hand": ids,
            "fighter": None,
            "supporter": None,
            "action": None,
            "discard": [],
            "used": [],
        }
    state.update(
        {
            "mode": mode,
            "cards": cards,
            "players": players,
            "duel": 1,
            "phase": "fighter",
            "waiting": ["0", "1"],
            "pending": {"0": None, "1": None},
            "last_duel": None,
            "first_damage": None,
            "winner": None,
            "end": None,
        }
    )
    return state


def other(seat: str) -> str:
    """The other seat's key."""
    return "1" if seat == "0" else "0"


def _force_for(options: dict[str, Any], seat: str, mode: str) -> list[dict[str, Any]]:
    force = options.get(f"force_{seat}")
    if force is None:
        return [normalize_card(c) for c in default_force(mode)]
    problems = force_problems(force, mode=mode)
    if problems:
        raise EngineError(f"Seat {seat}'s force cannot be used: " + " ".join(problems))
    return [normalize_card(c) for c in force]
