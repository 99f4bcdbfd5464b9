"""Decks: validation, and create/update/delete by their owner."""

import hashlib
from collections.abc import Iterable

from django.db import transaction

from config.errors import NotAllowed, ServiceError
from decks.legality import (
    DeckList,
    FormatError,
    Validation,
    configure,
    get_format,
    parse_deck_list,
    validate,
)
from decks.models import Deck, DeckCard, Game, Pool
from decks.selectors import catalog_for_game, game_get, pool_keys, visible_card_sets

# Bounds on one deck list (issue 12): far above any real deck, low enough that a request
# cannot make the validator or the database work for minutes (50,000 names took over 60 s).
MAX_DECK_LINES = 500
MAX_DISTINCT_NAMES = 200
MAX_NAME_LENGTH = 200
MAX_COPIES_OF_A_CARD = 999  # summed over the lines naming it; stored in a small integer


def deck_list_from_input(
    *, cards: Iterable[dict] | None = None, text: str = "", fortresses: Iterable[str] = ()
) -> DeckList:
    """The deck list a request describes: `cards` [{name, count}] or plain `text`.

    400 (code `too_large`) naming the bound when the list is past one of the bounds above."""
    if text:
        parsed = parse_deck_list(text)
        deck_list = DeckList(
            main=parsed.main,
            fortresses=parsed.fortresses + tuple(fortresses),
            sideboard=parsed.sideboard,
            unreadable=parsed.unreadable,
        )
    else:
        main = tuple((str(item["name"]), int(item["count"])) for item in cards or ())
        deck_list = DeckList(main=main, fortresses=tuple(fortresses))
    _check_bounds(deck_list)
    return deck_list


def _check_bounds(deck_list: DeckList) -> None:
    def too_large(message: str) -> ServiceError:
        return ServiceError(message, code="too_large", errors={"cards": [message]})

    lines = len(deck_list.main) + len(deck_list.sideboard) + len(deck_list.fortresses)
    if lines + len(deck_list.unreadable) > MAX_DECK_LINES:
        raise too_large(f"A deck list has at most {MAX_DECK_LINES} lines; this one has more.")
    names = [name for name, _ in deck_list.main + deck_list.sideboard] + list(deck_list.fortresses)
    if any(len(name) > MAX_NAME_LENGTH for name in names):
        raise too_large(f"A card name has at most {MAX_NAME_LENGTH} characters.")
    if len({name.strip().casefold() for name in names}) > MAX_DISTINCT_NAMES:
        raise too_large(f"A deck list names at most {MAX_DISTINCT_NAMES} different cards.")
    for section in (deck_list.main, deck_list.sideboard):
        copies: dict[str, int] = {}
        for name, count in section:
            key = name.strip().casefold()
            copies[key] = copies.get(key, 0) + count
            if copies[key] > MAX_COPIES_OF_A_CARD:
                raise too_large(
                    f"At most {MAX_COPIES_OF_A_CARD} copies of one card ({name}) in a deck list."
                )


def deck_validate(
    *,
    game: Game,
    format_slug: str,
    deck_list: DeckList,
    pool: Pool | None = None,
    options: dict | None = None,
    user=None,
) -> Validation:
    """Every problem of the deck in the format (plus advice); 400 for an unknown format.
    The cards are those `user` may use outside events: official, published, their own."""
    fmt = format_get(game, format_slug, options)
    if pool is not None and pool.game_id != game.id:
        raise ServiceError("That pool is for another game.", errors={"pool": ["Wrong game."]})
    catalog, _ = catalog_for_game(game, visible_card_sets(user=user, pool=pool))
    return validate(deck_list, fmt, catalog, pool_keys(pool) if pool else None)


def format_get(game: Game, format_slug: str, options: dict | None = None):
    """The game's format with the event's options; a 400 naming the known formats, or the
    option that is wrong, otherwise."""
    try:
        fmt = get_format(game.slug, format_slug)
    except FormatError as error:
        raise ServiceError(
            str(error), code="unknown_format", errors={"format": [str(error)]}
        ) from None
    try:
        return configure(fmt, options or {})
    except FormatError as error:
        raise ServiceError(
            str(error), code="bad_options", errors={"options": [str(error)]}
        ) from error


def deck_hash(rows: Iterable[tuple[str, str, int]]) -> str:
    """SHA-256 over the sorted (section, card key, count) lines: equal lists, equal hashes."""
    lines = sorted(f"{section}:{key}:{count}" for section, key, count in rows)
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def _resolved_rows(game: Game, deck_list: DeckList, *, owner, pool) -> list[tuple[str, int, int]]:
    """(section, card id, count) for every line, among the cards the owner may use;
    ServiceError naming unknown cards."""
    catalog, ids = catalog_for_game(game, visible_card_sets(user=owner, pool=pool))
    rows: dict[tuple[str, int], int] = {}
    unknown = []
    lines = [("main", text, n) for text, n in deck_list.main]
    lines += [("fortress", text, 1) for text in deck_list.fortresses]
    for section, text, count in lines:
        card = catalog.resolve(text)
        if card is None or count < 1:
            unknown.append(text if card is None else f"{text} (count {count})")
            continue
        rows[(section, ids[card.key])] = rows.get((section, ids[card.key]), 0) + count
    if unknown or deck_list.unreadable:
        bad = unknown + [text for _, text in deck_list.unreadable]
        raise ServiceError(
            f"These lines name no card of {game.name}: {', '.join(bad)}.",
            code="unknown_card",
            errors={"cards": [f"Unknown card: {text}" for text in bad]},
        )
    if any(count > MAX_COPIES_OF_A_CARD for count in rows.values()):
        # different spellings of one card (a code and its name) add up too
        message = f"At most {MAX_COPIES_OF_A_CARD} copies of one card in a deck."
        raise ServiceError(message, code="too_large", errors={"cards": [message]})
    return [(section, card_id, count) for (section, card_id), count in rows.items()]


def _write_cards(deck: Deck, rows: list[tuple[str, int, int]]) -> None:
    deck.cards.all().delete()
    DeckCard.objects.bulk_create(
        [DeckCard(deck=deck, section=s, card_id=c, count=n) for s, c, n in rows]
    )
    keys = dict(deck.cards.values_list("card_id", "card__key"))
    deck.hash = deck_hash((s, keys[c], n) for s, c, n in rows)
    deck.save(update_fields=["hash", "updated_at"])


def deck_create(
    *, owner, game_slug: str, format_slug: str, name: str, deck_list: DeckList, pool=None
) -> Deck:
    """A new deck of the owner's (it may be illegal: validation reports, saving keeps)."""
    game = game_get(slug=game_slug, field="game")
    _check_format_and_pool(game, format_slug, pool, owner)
    rows = _resolved_rows(game, deck_list, owner=owner, pool=pool)
    with transaction.atomic():
        deck = Deck.objects.create(
            owner=owner, game=game, format=format_slug, name=name.strip() or "Untitled", pool=pool
        )
        _write_cards(deck, rows)
    return deck


def deck_update(
    *,
    deck: Deck,
    user,
    name: str | None = None,
    deck_list: DeckList | None = None,
    format_slug: str | None = None,
    fortresses: list[str] | None = None,
) -> Deck:
    """Change the owner's deck; a locked registration keeps its frozen list regardless.
    `fortresses` without a `deck_list` replaces the fortresses and keeps the main deck."""
    _require_owner(deck, user)
    if format_slug:
        _check_format_and_pool(deck.game, format_slug, deck.pool, user)
    if deck_list is None and fortresses is not None:
        main = [(row.card.key, row.count) for row in deck.cards.all() if row.section == "main"]
        deck_list = DeckList(main=tuple(main), fortresses=tuple(fortresses))
    rows = None
    if deck_list is not None:
        rows = _resolved_rows(deck.game, deck_list, owner=deck.owner, pool=deck.pool)
    with transaction.atomic():
        deck = Deck.objects.select_for_update().get(pk=deck.pk)
        if name is not None:
            deck.name = name.strip() or deck.name
        if format_slug:
            deck.format = format_slug
        deck.save()
        if rows is not None:
            _write_cards(deck, rows)
    return deck


def deck_delete(*, deck: Deck, user) -> None:
    """Delete the owner's deck unless it is registered for an event."""
    _require_owner(deck, user)
    if deck.registrations.exists():
        raise ServiceError(
            "This deck is registered for a tournament; register another deck first.",
            code="deck_registered",
        )
    deck.delete()


def _require_owner(deck: Deck, user) -> None:
    if deck.owner_id != user.pk:
        raise NotAllowed("Only the deck's owner may change it.", code="not_deck_owner")


def _check_format_and_pool(game: Game, format_slug: str, pool: Pool | None, user) -> None:
    format_get(game, format_slug)
    if pool is not None and (pool.game_id != game.id or pool.owner_id != user.pk):
        raise ServiceError("Build from one of your own pools of this game.", code="wrong_pool")
