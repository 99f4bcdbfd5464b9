"""Rune Duel on the play page: the battle lines and the round's story, the clicks, how a game
ended; the engine writes players as "seat N", named here."""

from __future__ import annotations

from gameplay.presentation.base import Clicks, Names, Path, Presentation, name_seats


def rune_duel_board(view: dict, names: Names) -> dict:
    """The round's story with players named as on every board (see name_seats)."""
    width = rune_duel_slots(view)
    lines = [
        {
            "key": key,
            "slots": [
                {"n": n + 1, "entry": p["line"][n] if n < len(p["line"]) else None}
                for n in range(width)
            ],
        }
        for key, p in view["players"].items()
    ]
    return {"story": [name_seats(line, names) for line in view.get("story") or []], "lines": lines}


def rune_duel_paths(view: dict, actions: list, names: Names) -> Clicks:
    """Play a card into the Duel; the slot a Charge creature enters or the creature a spell
    targets; at the end of combat one card to discard, or keep the hand."""
    choice = view.get("choice") or {}
    paths: list[Path] = []
    hint = "Choose a card in your hand to play into the Duel."
    for action in actions:
        kind = action["type"]
        if kind == "play":
            paths.append((f"card:{action['card']}",))
        elif kind == "slot":
            paths.append((f"slot:{choice.get('seat')}:{action['slot']}",))
            hint = "Choose the empty slot of your battle line the creature charges into."
        elif kind == "target":
            paths.append((f"slot:{action['seat']}:{action['slot']}",))
            hint = "Choose the creature the effect targets."
        elif kind == "discard":
            paths.append((f"card:{action['card']}",))
            hint = "End of combat: choose one card to discard, or keep your hand."
        else:  # keep
            paths.append(("opt:keep",))
    return paths, {"opt:keep": "Keep my hand"}, hint


def rune_duel_slots(view: dict) -> int:
    """How many slots each battle line shows: the longer line, and one past it while a Charge
    creature chooses where it enters."""
    lines = [len(p.get("line") or []) for p in view["players"].values()]
    width = max(lines, default=0)
    choice = view.get("choice") or {}
    for option in choice.get("options") or []:
        width = max(width, int(option.get("slot", 0)))
    return width


PRESENTATION = Presentation(
    board=rune_duel_board,
    clicks=rune_duel_paths,
    end_words={
        "life": "the other side's life ran out",
        "round_limit": "the round limit was reached",
    },
    seat_named_words=True,
)
