"""Everything the drafting app needs from the decks app's catalogue, in one place: games,
the standard deck's cards, a set's cards as the pure rules' DraftCards, card data for the API,
and pool creation."""

from collections import Counter
from collections.abc import Iterable

from django.db.models import Q

import games
from config.errors import NotFound, ServiceError
from decks.drafting.rules import DraftCard, standard_deck
from decks.models import Card, CardSet, Game

PLAYING_CARD_GAMES = games.playing_card_games()  # the games' declaration
# Fortresses are chosen apart from the pool (decks.legality) and tokens never go in a deck,
# so boosters never contain them (RULINGS.md).
NOT_IN_BOOSTERS = frozenset({"fortress", "token"})


def game_get(slug: str) -> Game:
    """The game with this slug, or a 400 naming the known slugs."""
    game = Game.objects.filter(slug=slug).first()
    if game is None:
        known = ", ".join(Game.objects.order_by("slug").values_list("slug", flat=True))
        raise ServiceError(
            f"Unknown game '{slug}'. Known games: {known}.",
            code="unknown_game",
            errors={"game": [f"Unknown game '{slug}'."]},
        )
    return game


def uses_playing_cards(game: Game) -> bool:
    """True for the games played with standard decks of playing cards."""
    return game.slug in PLAYING_CARD_GAMES


def standard_deck_card_ids(game: Game, *, jokers: bool) -> list[int]:
    """One standard deck as card ids, a Joker id twice when Jokers are allowed."""
    codes = standard_deck(jokers=jokers)
    ids = dict(
        Card.objects.filter(code__in=set(codes), card_set__games=game).values_list("code", "id")
    )
    missing = sorted(set(codes) - set(ids))
    if missing:
        raise ServiceError(
            f"The standard deck is missing from the catalogue ({', '.join(missing)}).",
            code="catalogue_incomplete",
        )
    return [ids[code] for code in codes]


def default_card_set(game: Game) -> CardSet:
    """The game's first card set, for boosters."""
    card_set = CardSet.objects.filter(games=game).order_by("id").first()
    if card_set is None:
        raise NotFound(f"{game.name} has no card set to make boosters from.", code="no_card_set")
    return card_set


def _usable(user) -> Q:
    """The sets `user` may deal from: official, published or their own (decks/RULINGS.md D16)."""
    usable = Q(visibility__in=["official", "published"])
    if user is not None and user.is_authenticated:
        usable |= Q(organizer=user)
    return usable


def usable_card_sets(game_slug: str, *, user) -> list[CardSet]:
    """The card sets of this game that `user` may deal packs or a cube from, by name."""
    return list(CardSet.objects.filter(_usable(user), games__slug=game_slug).order_by("name"))


def card_set_get(game: Game, card_set_id: int | None, *, user=None) -> CardSet:
    """The named card set of this game that `user` may deal from (official, published or
    their own: decks/RULINGS.md D16), or the game's default one."""
    if card_set_id is None:
        return default_card_set(game)
    card_set = CardSet.objects.filter(_usable(user), pk=card_set_id, games=game).first()
    if card_set is None:
        raise ServiceError(
            f"Card set {card_set_id} does not belong to {game.name}.",
            code="unknown_card_set",
            errors={"card_set": ["Unknown card set for this game."]},
        )
    return card_set


def booster_catalogue(card_set: CardSet) -> list[DraftCard]:
    """The set's cards that can appear in boosters, as DraftCards keyed by card id."""
    cards = card_set.cards.exclude(type__in=NOT_IN_BOOSTERS).order_by("id")
    return [draft_card(card, key=card.id) for card in cards.prefetch_related("factions")]


def cube_size(card_set_id: int) -> tuple[str, int]:
    """The set's name and how many different cards a cube of it holds (those that can be in
    boosters, each card once: RULINGS.md 32), in two queries."""
    card_set = CardSet.objects.get(pk=card_set_id)
    return card_set.name, card_set.cards.exclude(type__in=NOT_IN_BOOSTERS).count()


def draft_card(card: Card, *, key: int) -> DraftCard:
    """The pure rules' view of a catalogue card."""
    return DraftCard(
        key=key,
        code=card.code or "",
        border=card.border or "",
        factions=tuple(card_factions(card)),
        card_type=card.type or "",
        cost=card.cost,
    )


def card_infos(card_ids: Iterable[int]) -> dict[int, DraftCard]:
    """Card id -> DraftCard (keyed by card id) for the bots, in two queries."""
    cards = Card.objects.filter(pk__in=set(card_ids)).prefetch_related("factions")
    return {card.id: draft_card(card, key=card.id) for card in cards}


def card_factions(card: Card) -> list[str]:
    """The card's faction slugs (prefetched with ``factions`` when listing many cards)."""
    return [faction.slug for faction in card.factions.all()]


def card_data(card: Card) -> dict:
    """The card as the API shows it inside packs, picks, logs and pools."""
    return {
        "id": card.id,
        "name": card.name,
        "code": card.code or "",
        "type": card.type,
        "border": card.border or "",
        "factions": card_factions(card),
        "cost": card.cost,
        "stats": card.stats or {},
        "subtype": card.subtype,
        "keywords": list(card.keywords or []),
        "text": card.text,
        "faction_names": [faction.name for faction in card.factions.all()],
    }


def card_counts(card_ids: Iterable[int]) -> dict[int, int]:
    """Card id -> copies."""
    return dict(Counter(card_ids))
