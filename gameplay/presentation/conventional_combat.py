"""Conventional Combat on the play page: one click on a card, how a game ended."""

from __future__ import annotations

from gameplay.presentation.base import Clicks, Names, Path, Presentation

# The mode and step names the board shows (the view carries their codes).
WORDS = {
    "quick-duel": "Quick Duel",
    "full-match": "Full Match",
    "fighter": "Fighter",
    "supporter": "Supporter",
    "action": "Action",
    "over": "game over",
}

HINTS = {
    "fighter": "Choose your Fighter from your hand.",
    "supporter": "Choose your Supporter from your hand.",
    "action": "Choose your Action card from your hand.",
}


def conventional_combat_paths(view: dict, actions: list, names: Names) -> Clicks:
    """One click on the card (equal cards are one choice: the first copy is the one offered)."""
    paths: list[Path] = [(f"card:{a['card']}",) for a in actions]
    return paths, {}, HINTS.get(str(view.get("phase")), "Choose a card from your hand.")


PRESENTATION = Presentation(
    clicks=conventional_combat_paths,
    end_words={
        "no_fighter": "the other side had no Fighter left",
        "duel": "the deciding duel was won",
        "surrender": "the other side surrendered",
    },
)
