"""Army on the play page: the army line and each round's fighting card, how a game ended."""

from __future__ import annotations

from decks import faces
from gameplay.engine.combat.cards import card_name  # Army plays Combat's 52-card pack
from gameplay.presentation.base import Clicks, Names, Path, Presentation


def card_face(code: str) -> dict:
    """An Army card's face, named in words ("king of diamonds") for its title and screen
    readers, not by its code."""
    return faces.playing_face(str(code), name=card_name(str(code)))


def army_paths(view: dict, actions: list, names: Names) -> Clicks:
    """The army line: its cards clicked in fighting order; a round: the fighting card."""
    paths: list[Path] = []
    hint: str | tuple[str, str] = "Choose the fighting card you play this round."
    for action in actions:
        if action["type"] == "line":
            paths.append(tuple(f"card:{c}" for c in action["order"]))
            hint = (
                "Click your army cards in the order they fight: the first one leads.",
                "Now click the army card that fights next.",
            )
        else:
            paths.append((f"card:{action['card']}",))
    return paths, {}, hint


PRESENTATION = Presentation(
    clicks=army_paths,
    card_face=card_face,
    end_words={
        "armies": "every army of the other side fell",
        "round_limit": "the round limit was reached; the most SP won",
    },
)
