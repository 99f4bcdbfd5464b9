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

from gameplay.engine.combat import cards as playing_cards

# A click path: the keys of what the player clicks, in order (see gameplay.table).
Path = tuple[str, ...]
# (paths, button words, hint or (hint, then)) for a seat's legal actions
Clicks = tuple[list[Path], dict[str, str], "str | tuple[str, str]"]
Names = dict[int, str]

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


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
    """

    board: Callable[[dict, Names], dict] | None = None
    clicks: Callable[[dict, list, Names], Clicks] | None = None
    label: Callable[[dict, Any, Names], str] | None = None
    end_words: dict[str, str] = field(default_factory=dict)
    seat_named_words: bool = False
    offer_title: str = "Choose a card"
    offer_face: Callable[[str], dict] | None = None


GENERIC = Presentation()


def playing_card_face(card_id: str, **extra) -> dict:
    """A playing-card face for templates: rank, suit symbol, colour, label."""
    if card_id == "?":
        return {"kind": "back", "label": "face-down card", **extra}
    rank, suit = playing_cards.rank_of(card_id), playing_cards.suit_of(card_id)
    if suit is None:
        return {
            "kind": "playing",
            "rank": "★",
            "suit": "JK",
            "color": "black",
            "label": "joker",
            "id": card_id,
            **extra,
        }
    return {
        "kind": "playing",
        "rank": rank,
        "suit": SUIT_SYMBOLS[suit],
        "color": "red" if suit in "HD" else "black",
        "label": playing_cards.card_name(card_id),
        "id": card_id,
        **extra,
    }


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
