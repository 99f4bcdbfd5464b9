"""Sealed pools for a tournament: one pool per entry, dealt from a stored seed."""

from django.db import transaction

from config.errors import Conflict, ServiceError
from decks import services as deck_services
from decks.drafting import catalogue, tournament_link
from decks.drafting.models import Draft, SealedDeal, Seat
from decks.drafting.rules import (
    DEFAULT_LAYOUT_TEXT,
    DraftRuleError,
    deal_catalogue_sealed,
    deal_combat_sealed,
    new_seed,
    parse_layout,
    rng_for,
)

DEFAULT_BOOSTERS_PER_POOL = 6


def sealed_card_ids(
    *,
    game,
    jokers: bool,
    players: int,
    seed: str,
    card_set=None,
    booster_layout: str = "",
    boosters: int = 0,
) -> list[list[int]]:
    """The pools as card ids, in entry order; the same seed always deals the same pools."""
    rng = rng_for(seed, "sealed")
    try:
        if catalogue.uses_playing_cards(game):
            deck = catalogue.standard_deck_card_ids(game, jokers=jokers)
            return deal_combat_sealed(deck, players, rng)
        layout = parse_layout(booster_layout)
        cards = catalogue.booster_catalogue(card_set)
        pools = deal_catalogue_sealed(cards, layout, players, boosters, rng)
        return [[card.key for card in pool] for pool in pools]
    except DraftRuleError as exc:
        raise ServiceError(str(exc), code=exc.code, errors={"booster_layout": [str(exc)]}) from exc


def sealed_deal_card_ids(deal: SealedDeal, *, game, players: int) -> list[list[int]]:
    """The deal's pools as card ids, in entry order, re-derived from its stored seed and
    settings: anyone holding the seed can check every pool."""
    return sealed_card_ids(
        game=game,
        jokers=deal.jokers,
        players=players,
        seed=deal.seed,
        card_set=deal.card_set,
        booster_layout=deal.booster_layout,
        boosters=deal.boosters_per_pool,
    )


@transaction.atomic
def sealed_pools_create(
    *,
    tournament_id: int,
    user,
    seed: str | None = None,
    booster_layout: str | None = None,
    boosters: int | None = None,
    card_set_id: int | None = None,
) -> list:
    """Deal a pool, once, to every active entry of a sealed tournament, or of a draft
    tournament to every active entry without a seat in its pod (ruling 37); returns them."""
    # Why the lock: two organizers' clicks must not deal two sets of pools.
    tournament = tournament_link.tournament_get(tournament_id, lock=True)
    tournament_link.require_tournament_organizer(tournament, user)
    # A draft event deals sealed pools to those who do not draft; any other must be sealed.
    tournament_link.require_format(
        tournament, "draft" if tournament.deck_format == "draft" else "sealed"
    )
    tournament_link.require_seed_allowed(tournament, user, seed)
    if SealedDeal.objects.filter(tournament=tournament).exists():
        raise Conflict("The pools of this tournament are already dealt.", code="already_dealt")
    entries = _entries_to_deal(tournament)
    game = catalogue.game_get(tournament_link.game_slug(tournament))
    deal = SealedDeal(
        tournament=tournament, seed=seed or new_seed(), jokers=bool(tournament.jokers)
    )
    if not catalogue.uses_playing_cards(game):
        deal.card_set = catalogue.card_set_get(game, card_set_id, user=user)
        deal.booster_layout = booster_layout or DEFAULT_LAYOUT_TEXT
        deal.boosters_per_pool = boosters or DEFAULT_BOOSTERS_PER_POOL
        if not 1 <= deal.boosters_per_pool <= 12:
            raise ServiceError("boosters must be 1 to 12.", errors={"boosters": ["1 to 12."]})
    pools = sealed_deal_card_ids(deal, game=game, players=len(entries))
    deal.save()
    return [
        deck_services.pool_create(
            owner=tournament_link.entry_player(entry) or tournament.organizer,
            game_slug=game.slug,
            cards=catalogue.card_counts(card_ids),
            entry=entry,
            source="sealed",
            seed=deal.seed,
        )
        for entry, card_ids in zip(entries, pools, strict=True)
    ]


def _entries_to_deal(tournament) -> list:
    """Who gets a sealed pool: every active entry, or in a draft event those not drafting."""
    entries = tournament_link.active_entries(tournament)
    if tournament.deck_format == "draft":
        if not Draft.objects.filter(tournament=tournament).exists():
            raise Conflict(
                "Make the draft pod first: the sealed pools go to the entries who do not draft.",
                code="no_pods_yet",
            )
        seated = set(
            Seat.objects.filter(draft__tournament=tournament, entry__isnull=False).values_list(
                "entry_id", flat=True
            )
        )
        entries = [entry for entry in entries if entry.pk not in seated]
        if not entries:
            raise Conflict(
                "Every entry drafts, so there is no one to deal a sealed pool to.",
                code="everyone_drafts",
            )
    if not entries:
        raise Conflict("The tournament has no entries to deal pools to.", code="no_entries")
    return entries
