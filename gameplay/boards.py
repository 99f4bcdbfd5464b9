"""Turning a seat's view into what a board template draws, through the game's presentation.

A game plugs into the play page with `templates/gameplay/boards/<slug>.html` and its
presentation module (`gameplay/presentation/<game>.py`, registered in
`gameplay/presentation/registry.py`); without a presenter the template gets the raw view.
Players act on the board through the game's click mapping (gameplay.table): every thing a click
path names must be drawn by the template as a card face with data-card, or an element with
data-pick (and, for a zone or a side, data-pick-area on what a click may land on);
tests/gameplay/test_play_table.py renders the template to check it.
"""

from __future__ import annotations

from gameplay.presentation import registry
from gameplay.presentation.base import Names, name_seats


def board_context(slug: str, view: dict, names: Names) -> dict:
    """The presenter's data for a game's board template ({} when the game has none)."""
    presenter = registry.get(slug).board
    return presenter(view, names) if presenter else {}


def result_words(slug: str, result: dict | None, names: Names) -> dict:
    """The result banner's text: {"headline": "ann won", "how": "the last side standing"}."""
    if not result:
        return {"headline": "", "how": ""}
    winners = [names.get(s, f"Player {s + 1}") for s in result.get("winners", [])]
    if not winners:
        headline = "A draw"
    elif len(winners) == len(names):
        headline = "A draw: " + " & ".join(winners) + " share the game"
    else:
        headline = " & ".join(winners) + (" win" if len(winners) > 1 else " wins")
    facts = result.get("facts") or {}
    code = facts.get("reason") or facts.get("end") or ""
    how = registry.get(slug).end_words.get(code) or str(code).replace("_", " ")
    return {"headline": headline, "how": how}


def action_label(slug: str, view: dict, action, label: str, names: Names) -> str:
    """A legal action's button words: the game's own labeler where it has one (cards and
    players by name), else the engine's label with the players named."""
    labeler = registry.get(slug).label
    return labeler(view, action, names) if labeler else action_words(slug, label, names)


def action_words(slug: str, words: str, names: Names) -> str:
    """The engine's words for an action (a button, the replay's last action) with players
    named where the engine writes "seat N" (Rune Duel's spell targets)."""
    return name_seats(words, names) if registry.get(slug).seat_named_words else words


def offer_title(slug: str) -> str:
    """The heading of the cards a move offers beside the board."""
    return registry.get(slug).offer_title


def offer_faces(slug: str, keys: list[str]) -> list[dict]:
    """The faces of cards a move offers beside the board (Kingdom Combat's hires)."""
    offer_face = registry.get(slug).offer_face
    return [offer_face(key) for key in keys] if offer_face else []
