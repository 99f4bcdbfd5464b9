"""Shared helpers for the legality tests."""

from __future__ import annotations

from decks.legality import DeckList, builtin_catalog, get_format, load_builtin, validate

KC = "kingdom-combat"


def deck(cards: dict[str, int], fortresses: tuple[str, ...] = ()) -> DeckList:
    """A deck list from {name: count}."""
    return DeckList.from_counts(cards, fortresses)


def run(game: str, fmt: str, cards: dict[str, int], fortresses=(), pool=None, options=None):
    """Validate a deck against a built-in catalogue."""
    return validate(
        deck(cards, tuple(fortresses)), get_format(game, fmt, options), builtin_catalog(game), pool
    )


def starter_decks(game: str) -> list[dict]:
    """The preconstructed decks shipped with a game's starter set."""
    return load_builtin(game).get("decks", [])
