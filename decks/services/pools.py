"""Pools: created by the sealed and draft services."""

from django.db import transaction

from config.errors import ServiceError
from decks.models import Card, Pool, PoolCard
from decks.selectors import game_get


def pool_create(
    *, owner, game_slug: str, cards: dict[int, int], entry=None, source: str, seed: str
) -> Pool:
    """A pool holding `cards` ({card id: count}); every card must exist and counts be ≥ 1."""
    if source not in Pool.Source.values:
        raise ServiceError(f"A pool's source is sealed or draft, not {source!r}.", code="invalid")
    bad = {card_id: n for card_id, n in cards.items() if n < 1}
    if bad:
        raise ServiceError(f"Card counts must be at least 1: {bad}.", code="invalid")
    game = game_get(slug=game_slug)
    known = set(
        Card.objects.filter(pk__in=list(cards), card_set__games=game).values_list("pk", flat=True)
    )
    missing = sorted(set(cards) - known)
    if missing:
        raise ServiceError(f"Unknown card ids for {game.name}: {missing}.", code="unknown_card")
    with transaction.atomic():
        pool = Pool.objects.create(owner=owner, game=game, entry=entry, source=source, seed=seed)
        PoolCard.objects.bulk_create(
            [PoolCard(pool=pool, card_id=card_id, count=n) for card_id, n in cards.items()]
        )
    return pool
