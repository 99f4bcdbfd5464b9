"""The decks app's data: games and their card catalogues, pools, decks, registrations."""

from decks.models.catalog import Card, CardSet, Faction, Game
from decks.models.decks import Deck, DeckCard
from decks.models.pools import Pool, PoolCard
from decks.models.registration import DeckRegistration, EventDeckRules

__all__ = [
    "Card",
    "CardSet",
    "Deck",
    "DeckCard",
    "DeckRegistration",
    "EventDeckRules",
    "Faction",
    "Game",
    "Pool",
    "PoolCard",
]
