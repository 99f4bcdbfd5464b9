"""Dealing a pod's packs into the database, from its stored seed."""

from config.errors import ServiceError
from decks.drafting import catalogue
from decks.drafting.models import Draft, Pack, PackCard
from decks.drafting.rules import (
    DraftRuleError,
    deal_catalogue_draft,
    deal_combat_draft,
    parse_layout,
    rng_for,
)
from decks.drafting.rules.cube import deal_cube


def dealt_card_ids(draft: Draft) -> list[list[list[int]]]:
    """The pod's packs as card ids ``[round - 1][seat]``; the same seed always gives the same."""
    rng = rng_for(draft.seed, f"draft-{draft.pod_number}")
    try:
        if catalogue.uses_playing_cards(draft.game):
            deck = catalogue.standard_deck_card_ids(draft.game, jokers=draft.jokers)
            deal = deal_combat_draft(
                deck, draft.seat_count, rng, rounds=draft.rounds, pack_size=draft.pack_size
            )
            return deal.packs
        assert draft.card_set is not None  # a booster draft is made from a card set
        cards = catalogue.booster_catalogue(draft.card_set)
        if draft.cube:
            keys = [card.key for card in cards]
            return deal_cube(
                keys, draft.seat_count, rng, rounds=draft.rounds, pack_size=draft.pack_size
            )
        layout = parse_layout(draft.booster_layout)
        packs = deal_catalogue_draft(cards, layout, draft.seat_count, rng, rounds=draft.rounds)
        return [[[card.key for card in pack] for pack in row] for row in packs]
    except DraftRuleError as exc:
        raise ServiceError(str(exc), code=exc.code) from exc


def packs_create(draft: Draft) -> None:
    """Create every pack of every round, each waiting at its origin seat."""
    dealt = dealt_card_ids(draft)
    packs = Pack.objects.bulk_create(
        Pack(
            draft=draft,
            round=round_index + 1,
            origin_seat=seat,
            holder_seat=seat,
            arrival=0,
            cards_left=len(cards),
            picks_made=0,
        )
        for round_index, row in enumerate(dealt)
        for seat, cards in enumerate(row)
    )
    flat_cards = [cards for row in dealt for cards in row]
    PackCard.objects.bulk_create(
        PackCard(pack=pack, card_id=card_id, position=position)
        for pack, cards in zip(packs, flat_cards, strict=True)
        for position, card_id in enumerate(cards)
    )
