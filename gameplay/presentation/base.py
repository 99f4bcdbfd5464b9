"""What a game's presentation declares, and the pieces several games share.

A game's presentation module exposes one `PRESENTATION`; every field is optional, and a game
without a field falls back to the generic board (the raw view), one worded button per legal
action and the engine's own labels.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

# A click path: the keys of what the player clicks, in order (see gameplay.table).
Path = tuple[str, ...]
# (paths, button words, hint or (hint, then)) for a seat's legal actions
Clicks = tuple[list[Path], dict[str, str], "str | tuple[str, str]"]
Names = dict[int, str]


@dataclass(frozen=True)
class Presentation:
    """How the play page draws one game.

    board: the presenter, (view, names) -> what the board template takes ({} if none).
    clicks: the click mapping, (view, legal actions, names) -> Clicks (None: one button each).
    label: a legal action's button words, (view, action, names) -> str (None: the engine's).
    end_words: how a game ended, per result code, in players' words.
    seat_named_words: the engine writes players as "seat N" (counted from 1); name them.
    offer_title / offer_face: the heading and card face (by key) of cards a move offers beside
      the board (Kingdom Combat's hires); offer_face None: the game offers none.
    card_face: a card's face by its id in the view, for the board template's `board_face`
      filter (None: the template draws the view's own card data).
    """

    board: Callable[[dict, Names], dict] | None = None
    clicks: Callable[[dict, list, Names], Clicks] | None = None
    label: Callable[[dict, Any, Names], str] | None = None
    end_words: dict[str, str] = field(default_factory=dict)
    seat_named_words: bool = False
    offer_title: str = "Choose a card"
    offer_face: Callable[[str], dict] | None = None
    card_face: Callable[[str], dict] | None = None


GENERIC = Presentation()


_SEAT = re.compile(r"\b([Ss])eat (\d+)\b")


def name_seats(text: str, names: Names) -> str:
    """The engine's words with players named: it writes "seat N" (counted from 1) and this
    names the player sitting there."""

    def named(match: re.Match) -> str:
        seat = int(match.group(2)) - 1
        return names.get(seat, match.group(0))

    return _SEAT.sub(named, text)


def player_name(names: Names, seat: int) -> str:
    """The player in that seat by name, or "Player N" (counted from 1)."""
    return names.get(seat, f"Player {seat + 1}")
