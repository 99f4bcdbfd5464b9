"""Every write of the decks app."""

from decks.services.catalog import card_set_import, card_set_publish, may_see_card_set
from decks.services.decks import deck_create, deck_delete, deck_update, deck_validate
from decks.services.pools import pool_create
from decks.services.registration import (
    deck_register,
    event_card_sets_set,
    event_deck_rules_set,
    tournament_decks_lock,
)

__all__ = [
    "card_set_import",
    "card_set_publish",
    "deck_create",
    "deck_delete",
    "deck_register",
    "deck_update",
    "deck_validate",
    "event_card_sets_set",
    "event_deck_rules_set",
    "may_see_card_set",
    "pool_create",
    "tournament_decks_lock",
]
