"""Fixtures for the decks app's tests: the built-in starter decks as request bodies."""

import pytest

from decks.legality import load_builtin


def starter_deck(game: str, index: int = 0) -> dict:
    """A starter deck from decks/data as {fortresses, cards: [{name, count}]}."""
    deck = load_builtin(game)["decks"][index]
    return {
        "fortresses": deck.get("fortresses", []),
        "cards": [{"name": name, "count": count} for count, name in deck["cards"]],
    }


@pytest.fixture
def ironhold_deck() -> dict:
    return starter_deck("kingdom-combat", 0)
