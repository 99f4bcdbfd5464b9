"""Registering a deck built from a pool for the pool's tournament entry (the pages' path)."""

from config.errors import NotFound, ServiceError
from decks import services as deck_services
from decks.models import Deck, DeckRegistration, Pool


def pool_deck_register(*, pool_id: int, deck_id: int, user) -> DeckRegistration:
    """Register ``deck`` (built from this pool) for the pool's entry; the decks app checks
    who may register and that the tournament has not started."""
    pool = Pool.objects.select_related("entry__tournament").filter(pk=pool_id).first()
    if pool is None or not user.is_authenticated:
        raise NotFound(f"There is no pool {pool_id} that you may see.", code="pool_not_found")
    if pool.entry_id is None:
        raise ServiceError(
            "This pool belongs to no tournament entry; there is nothing to register for.",
            code="pool_without_entry",
        )
    deck = Deck.objects.select_related("game").filter(pk=deck_id, pool=pool).first()
    if deck is None:
        raise ServiceError(
            "Choose a deck built from this pool.",
            code="deck_not_from_pool",
            errors={"deck": ["Not a deck built from this pool."]},
        )
    return deck_services.deck_register(entry=pool.entry, deck=deck, user=user)
