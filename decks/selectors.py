"""Reads for the decks app: games, cards, catalogues for the pure validator, decks."""

from typing import Any

from django.db.models import Prefetch, Q, QuerySet

import games
from config.errors import NotAllowed, NotFound, ServiceError
from decks.legality import (
    CardInfo,
    Catalog,
    DeckList,
    FormatError,
    Problem,
    formats_for,
    get_format,
    validate,
)
from decks.legality.formats import configure
from decks.models.catalog import Card, CardSet, Faction, Game
from decks.models.decks import Deck
from decks.models.pools import Pool, PoolCard
from decks.models.registration import DeckRegistration, EventDeckRules

PUBLIC_SETS = Q(visibility=CardSet.Visibility.OFFICIAL) | Q(visibility=CardSet.Visibility.PUBLISHED)


def game_get(*, slug: str, field: str | None = None) -> Game:
    """The game with this slug; NotFound (naming the known slugs) otherwise, or a 400 on
    `field` when the slug came in a request body (a malformed request, not a missing page)."""
    # No slug holds a NUL, and PostgreSQL refuses one in a query.
    game = None if "\x00" in slug else Game.objects.filter(slug=slug).first()
    if game is None:
        known = ", ".join(Game.objects.values_list("slug", flat=True))
        message = f"Unknown game {slug!r}; use one of: {known}."
        if field:
            raise ServiceError(message, code="unknown_game", errors={field: [message]})
        raise NotFound(message, code="unknown_game")
    return game


def games_with_formats() -> list[dict]:
    """Every game with its deck formats and what an event of it may choose (its declaration),
    for GET /api/games/."""
    rows = []
    for game in Game.objects.all():
        declared = games.get(game.slug) if game.slug in games.slugs() else None
        row: dict[str, Any] = {
            "slug": game.slug,
            "name": game.name,
            "formats": [{"slug": f.slug, "name": f.name} for f in formats_for(game.slug)],
        }
        if declared is not None:
            row.update(
                entries_per_match=list(declared.match_sizes),
                team_sizes=list(declared.team_sizes),
                jokers=declared.jokers,
                on_engine=declared.engine,
                time_facts=declared.time.heading,
            )
        rows.append(row)
    return rows


def visible_card_sets(*, user=None, pool: Pool | None = None) -> QuerySet[CardSet]:
    """The sets a user's own decks may use outside events (D16): the official and published
    ones and the user's own private imports, plus the sets of the pool a deck is built from."""
    visible = PUBLIC_SETS
    if user is not None and user.is_authenticated:
        visible |= Q(organizer=user)
    if pool is not None:
        visible |= Q(pk__in=PoolCard.objects.filter(pool=pool).values("card__card_set"))
    return CardSet.objects.filter(visible)


def event_card_sets(tournament) -> QuerySet[CardSet]:
    """The sets an event allows (D17): the ones its organizer listed, else the official ones;
    for a limited event also the sets its pools were dealt from."""
    listed = CardSet.objects.filter(
        pk__in=EventDeckRules.card_sets.through.objects.filter(
            eventdeckrules__tournament=tournament
        ).values("cardset")
    )
    allowed = Q(pk__in=listed) if listed.exists() else Q(visibility=CardSet.Visibility.OFFICIAL)
    dealt = PoolCard.objects.filter(pool__entry__tournament=tournament).values("card__card_set")
    return CardSet.objects.filter(allowed | Q(pk__in=dealt))


def event_card_sets_panel(*, tournament, user) -> dict | None:
    """The card-set section of a tournament page: the sets the event allows, and for its
    organizer (before the start) every set they may choose, ticked when allowed. None for an
    event without decks."""
    if base_event_format(tournament) is None:
        return None
    allowed = list(event_card_sets(tournament).filter(games__slug=tournament.game).order_by("id"))
    organizer = bool(
        user.is_authenticated and (user.is_staff or user.pk == tournament.organizer_id)
    )
    choices = []
    if organizer and tournament.status == "registration":
        usable = CardSet.objects.filter(games__slug=tournament.game).filter(
            PUBLIC_SETS | Q(organizer=tournament.organizer_id)
        )
        ids = {card_set.pk for card_set in allowed}
        choices = [
            {"set": card_set, "allowed": card_set.pk in ids}
            for card_set in usable.order_by("visibility", "id")
        ]
    return {"allowed": allowed, "choices": choices}


def cards_for_game(game: Game, sets: QuerySet[CardSet] | None = None) -> QuerySet[Card]:
    """The cards of the game's sets among `sets` (default: the official and published ones);
    card_list drops cards limited to other games."""
    if sets is None:
        sets = CardSet.objects.filter(PUBLIC_SETS)
    return (
        Card.objects.filter(card_set__games=game, card_set__in=sets)
        .select_related("card_set")
        .prefetch_related(Prefetch("factions", queryset=Faction.objects.only("slug", "name")))
        .distinct()
        .order_by("card_set_id", "id")
    )


def card_list(
    *,
    game: Game,
    border: str = "",
    faction: str = "",
    type: str = "",
    search: str = "",
    sets: QuerySet[CardSet] | None = None,
) -> list[Card]:
    """The game's cards filtered as the card browser and GET /api/cards/ ask, from `sets`
    (default: the official and published ones)."""
    if "\x00" in border + faction + type + search:
        return []  # no card holds a NUL, and PostgreSQL refuses one in a query
    cards = cards_for_game(game, sets)
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


def catalog_for_game(
    game: Game, sets: QuerySet[CardSet] | None = None
) -> tuple[Catalog, dict[str, int]]:
    """The game's Catalog from `sets` (default: official and published) and {card key: card
    id}, in a constant number of queries whatever other users imported."""
    # A reprint (same identity in a later set) is the same card: the first printing stands.
    first: dict[str, Card] = {}
    for card in card_list(game=game, sets=sets):
        first.setdefault(card.key, card)
    names = dict(Faction.objects.filter(game=game).values_list("slug", "name"))
    catalog = Catalog(game.slug, (card_info(card) for card in first.values()), names)
    return catalog, {key: card.id for key, card in first.items()}


def pool_keys(pool: Pool) -> dict[str, int]:
    """A pool's contents as {card key: count}, the shape the validator takes."""
    counts: dict[str, int] = {}
    for key, count in pool.cards.values_list("card__key", "count"):
        counts[key] = counts.get(key, 0) + count
    return counts


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
    rows = (
        pool.cards.select_related("card")
        .prefetch_related("card__factions")
        .order_by("card__type", "card__name")
    )
    return list(rows)


MAX_ID = 2**63 - 1  # the largest bigint; a bigger number in a query is a database error


def pool_for_builder(*, pool_id, user) -> Pool | None:
    """The pool a deck is built from, if the user may (its owner, the event's organizer,
    staff); None when no id is given. The id may come from an address: anything but a whole
    number of a pool is NotFound."""
    if pool_id in (None, ""):
        return None
    number = str(pool_id).strip()
    pool = None
    if number.isascii() and number.isdigit() and int(number) <= MAX_ID:
        pool = Pool.objects.select_related("game", "entry__tournament").filter(pk=number).first()
    if pool is None:
        raise NotFound("No such pool.", code="pool_not_found")
    organizer = pool.entry.tournament.organizer_id if pool.entry else None
    allowed = user.is_authenticated and (user.is_staff or user.pk in (pool.owner_id, organizer))
    if not allowed:
        raise NotAllowed("That pool is not yours.", code="not_pool_owner")
    return pool


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


def base_event_format(tournament):
    """The tournament's deck format before the event's options, or None when it uses no decks."""
    try:
        fmt = get_format(tournament.game, tournament.deck_format)
    except FormatError:
        return None
    return fmt if fmt.uses_deck else None


def event_format(tournament):
    """The tournament's deck format with the event's options, or None when it uses no decks."""
    fmt = base_event_format(tournament)
    if fmt is None:
        return None
    options = dict(
        EventDeckRules.objects.filter(tournament=tournament)
        .values_list("options", flat=True)
        .first()
        or {}
    )
    if games.get(tournament.game).jokers:  # the event's Jokers choice is its decks' too
        options["jokers"] = tournament.jokers
    try:
        return configure(fmt, options)
    except FormatError as error:  # e.g. the event's format changed after its rules were set
        raise ServiceError(
            f"The event's deck rules no longer fit its {fmt.name} format ({error}); "
            "the organizer must set them again.",
            code="bad_deck_rules",
        ) from error


def deck_rows(deck: Deck) -> list[tuple[str, str, int]]:
    """(section, card key, count) for every row of the deck (cards prefetched)."""
    return [(row.section, row.card.key, row.count) for row in deck.cards.all()]


def entry_deck_problems(entry, registration, fmt, catalog) -> list[dict]:
    """Why the entry's registered deck cannot be played in the event (empty when it can)."""
    if registration is None:
        return [Problem("deck_missing", "No deck is registered for this entry.").to_dict()]
    deck = registration.deck
    if fmt.pool_restricted and deck.pool is not None and deck.pool.entry_id != entry.pk:
        message = (
            "This deck is built from a pool that was not dealt to this entry in this event; "
            "build it from the entry's own pool."
        )
        return [Problem("wrong_pool", message).to_dict()]
    if fmt.pool_restricted and deck.pool is None:
        return [Problem("not_in_pool", "A limited deck must be built from a pool.").to_dict()]
    listed = deck_rows(deck)
    deck_list = DeckList(
        main=tuple((key, n) for section, key, n in listed if section == "main"),
        fortresses=tuple(key for section, key, _ in listed if section == "fortress"),
    )
    pool = pool_keys(deck.pool) if fmt.pool_restricted else None
    return [p.to_dict() for p in validate(deck_list, fmt, catalog, pool).problems]


def registration_problems(registration) -> list[dict]:
    """The registered deck's problems in its event right now (what the start would say)."""
    entry = registration.entry
    fmt = event_format(entry.tournament)
    catalog, _ = catalog_for_game(registration.deck.game, event_card_sets(entry.tournament))
    return entry_deck_problems(entry, registration, fmt, catalog)


def decks_registered_by(*, user, limit: int = 10) -> list[DeckRegistration]:
    """The user's deck registrations for events not over yet (the home page)."""
    if user is None or not user.is_authenticated:
        return []
    return list(
        DeckRegistration.objects.filter(
            entry__memberships__user=user,
            entry__tournament__status__in=["registration", "running"],
        )
        .select_related("deck", "entry__tournament")
        .order_by("-id")[:limit]
    )


BUILDER_GRID_LIMIT = 300  # cards per game in the visual builder, as in the card browser


def builder_catalogues(*, user, pool: Pool | None = None) -> list[dict]:
    """The visual builder's cards: the pool's (with their copies), or each game's catalogue
    that the user may build from (one card per identity; tokens never go in a deck)."""
    if pool is not None:
        # Fortresses are chosen apart from the pool (decks/drafting/RULINGS.md): offer the game's.
        sets = visible_card_sets(user=user, pool=pool)
        fortresses = _distinct(card_list(game=pool.game, sets=sets, type="fortress"))
        cards = [(row.card, row.count) for row in pool_cards(pool) if row.card.type != "fortress"]
        return [{"game": pool.game, "cards": [(card, None) for card in fortresses] + cards}]
    sets = visible_card_sets(user=user)
    catalogues = []
    for game in Game.objects.all():
        listed = [
            card for card in _distinct(card_list(game=game, sets=sets)) if card.type != "token"
        ]
        catalogues.append(
            {"game": game, "cards": [(card, None) for card in listed[:BUILDER_GRID_LIMIT]]}
        )
    return catalogues


def _distinct(cards: list[Card]) -> list[Card]:
    """One card per identity (a reprint is the same card)."""
    seen: set[str] = set()
    distinct = []
    for card in cards:
        if card.key not in seen:
            seen.add(card.key)
            distinct.append(card)
    return distinct


def decks_with_legality(*, user) -> list[dict]:
    """The user's decks (newest first), each with its card count and whether it is legal in
    its own format, in a constant number of queries: one catalogue per game (the user's sets
    and those of their pools), every deck's and pool's cards prefetched."""
    decks = list(
        Deck.objects.filter(owner=user)
        .select_related("game", "pool")
        .prefetch_related("cards__card", "pool__cards__card")
    )
    sets = CardSet.objects.filter(
        Q(pk__in=visible_card_sets(user=user).values("pk"))
        | Q(pk__in=PoolCard.objects.filter(pool__owner=user).values("card__card_set"))
    )
    catalogs: dict[int, Catalog] = {}
    rows = []
    for deck in decks:
        listed = deck_rows(deck)
        size = sum(n for section, _, n in listed if section == "main")
        try:
            fmt = configure(get_format(deck.game.slug, deck.format), {})
        except FormatError:
            rows.append({"deck": deck, "size": size, "legal": False, "problems": 1})
            continue
        if deck.game_id not in catalogs:
            catalogs[deck.game_id] = catalog_for_game(deck.game, sets)[0]
        deck_list = DeckList(
            main=tuple((key, n) for section, key, n in listed if section == "main"),
            fortresses=tuple(key for section, key, _ in listed if section == "fortress"),
        )
        pool: dict[str, int] | None = None
        if fmt.pool_restricted and deck.pool is not None:
            pool = {}
            for row in deck.pool.cards.all():
                pool[row.card.key] = pool.get(row.card.key, 0) + row.count
        result = validate(deck_list, fmt, catalogs[deck.game_id], pool)
        rows.append(
            {"deck": deck, "size": size, "legal": result.valid, "problems": len(result.problems)}
        )
    return rows
