"""Reads for the decks app: games, cards, catalogues for the pure validator, decks."""

from django.db.models import Prefetch, Q, QuerySet

from config.errors import NotFound
from decks.legality import CardInfo, Catalog, formats_for
from decks.models import Card, Deck, DeckRegistration, Faction, Game, Pool


def game_get(*, slug: str) -> Game:
    """The game with this slug; NotFound (naming the known slugs) otherwise."""
    game = Game.objects.filter(slug=slug).first()
    if game is None:
        known = ", ".join(Game.objects.values_list("slug", flat=True))
        raise NotFound(f"Unknown game {slug!r}; use one of: {known}.", code="unknown_game")
    return game


def games_with_formats() -> list[dict]:
    """Every game with its deck formats (for GET /api/games/)."""
    return [
        {
            "slug": game.slug,
            "name": game.name,
            "formats": [{"slug": f.slug, "name": f.name} for f in formats_for(game.slug)],
        }
        for game in Game.objects.all()
    ]


def cards_for_game(game: Game) -> QuerySet[Card]:
    """The cards of every set of the game (card_list drops cards limited to other games)."""
    return (
        Card.objects.filter(card_set__games=game)
        .select_related("card_set")
        .prefetch_related(Prefetch("factions", queryset=Faction.objects.only("slug", "name")))
        .distinct()
        .order_by("card_set_id", "id")
    )


def card_list(
    *, game: Game, border: str = "", faction: str = "", type: str = "", search: str = ""
) -> list[Card]:
    """The game's cards filtered as the card browser and GET /api/cards/ ask."""
    cards = cards_for_game(game)
    if border:
        cards = cards.filter(border=border)
    if faction:
        cards = cards.filter(factions__slug=faction)
    if type:
        cards = cards.filter(type=type)
    if search:
        cards = cards.filter(Q(name__icontains=search) | Q(code__iexact=search))
    # A card may be limited to some of its set's games (the Jokers are Combat's, not Army's).
    return [card for card in cards if not card.games or game.slug in card.games]


def card_info(card: Card) -> CardInfo:
    """The pure validator's view of a card (factions prefetched)."""
    return CardInfo(
        key=card.key,
        name=card.name,
        type=card.type,
        subtype=card.subtype,
        border=card.border,
        factions=tuple(f.slug for f in card.factions.all()),
        cost=card.cost,
        stats=card.stats or {},
        keywords=tuple(card.keywords or ()),
        code=card.code,
        text=card.text,
    )


def catalog_for_game(game: Game) -> tuple[Catalog, dict[str, int]]:
    """The game's Catalog and {card key: card id}, in a constant number of queries."""
    cards = card_list(game=game)
    names = dict(Faction.objects.filter(game=game).values_list("slug", "name"))
    catalog = Catalog(game.slug, (card_info(card) for card in cards), names)
    return catalog, {card.key: card.id for card in cards}


def pool_keys(pool: Pool) -> dict[str, int]:
    """A pool's contents as {card key: count}, the shape the validator takes."""
    counts: dict[str, int] = {}
    for key, count in pool.cards.values_list("card__key", "count"):
        counts[key] = counts.get(key, 0) + count
    return counts


def locked_deck_codes(*, entry_ids: list[int]) -> dict[int, list[str]]:
    """{entry id: the card keys of its locked deck, one per copy} for entries whose deck was
    locked at the tournament's start (playing cards' keys are their codes, e.g. "QH")."""
    rows = DeckRegistration.objects.filter(entry_id__in=entry_ids, locked_at__isnull=False)
    return {
        entry_id: [key for key, count in locked["main"].items() for _ in range(count)]
        for entry_id, locked in rows.values_list("entry_id", "locked_list")
    }


def locked_deck_cards(*, entry_ids: list[int], game: str) -> dict[int, list[dict]]:
    """{entry id: its locked deck as card-set dicts (name, type, stats, keywords, effects), one
    per copy}: what the engine needs to play a registered Conventional Combat or Rune Duel deck."""
    keys_of = locked_deck_codes(entry_ids=entry_ids)
    keys = {key for listed in keys_of.values() for key in listed}
    cards: dict[str, dict] = {}
    rows = Card.objects.filter(card_set__games__slug=game, key__in=keys).order_by("id")
    for card in rows.values("key", "name", "type", "stats", "keywords", "effects"):
        cards.setdefault(card.pop("key"), card)
    return {entry: [cards[k] for k in listed if k in cards] for entry, listed in keys_of.items()}


def pools_of(*, user) -> QuerySet[Pool]:
    """The user's sealed and draft pools, newest first, with their card counts."""
    from django.db.models import Sum

    return (
        Pool.objects.filter(owner=user)
        .select_related("game", "entry__tournament")
        .annotate(size=Sum("cards__count"))
        .order_by("-id")
    )


def pool_cards(pool: Pool) -> list:
    """The pool's cards with counts, sorted by type then name (the builder's pool panel)."""
    rows = pool.cards.select_related("card").order_by("card__type", "card__name")
    return list(rows)


def deck_get(*, deck_id: int) -> Deck:
    """The deck with its game and cards; NotFound otherwise."""
    deck = (
        Deck.objects.select_related("game", "owner", "pool")
        .prefetch_related("cards__card")
        .filter(pk=deck_id)
        .first()
    )
    if deck is None:
        raise NotFound("No such deck.", code="deck_not_found")
    return deck


def decks_of(*, user) -> QuerySet[Deck]:
    """The user's decks, newest first."""
    return Deck.objects.filter(owner=user).select_related("game").prefetch_related("cards__card")
