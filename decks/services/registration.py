"""Deck registration for tournaments, and locking the lists when the event starts."""

from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils.timezone import now

from config.errors import Conflict, NotAllowed, ServiceError
from decks.legality import FormatError
from decks.legality.formats import configure
from decks.models import CardSet, Deck, DeckRegistration, EventDeckRules
from decks.selectors import (
    base_event_format,
    catalog_for_game,
    deck_rows,
    entry_deck_problems,
    event_card_sets,
    event_format,
    game_get,
)
from decks.services.decks import deck_hash


def event_deck_rules_set(*, tournament, options: dict, user):
    """The organizer sets the event's deck-format options before the start; returns the
    format as configured. Only the format's configurable options are accepted."""
    if not (user.is_staff or tournament.organizer_id == user.pk):
        raise NotAllowed("Only the organizer can set the event's deck rules.")
    fmt = base_event_format(tournament)
    if fmt is None:
        raise ServiceError(
            f"This event's format ({tournament.deck_format}) uses no decks; it has no deck rules.",
            code="no_decks_in_format",
        )
    if "jokers" in options:
        raise ServiceError(
            "Jokers are set on the tournament itself (its jokers field).",
            errors={"options": ["Use the tournament's jokers field."]},
        )
    try:
        configured = configure(fmt, options)
    except FormatError as error:
        raise ServiceError(
            str(error), code="invalid_options", errors={"options": [str(error)]}
        ) from error
    with transaction.atomic():
        _lock_registration(tournament, "The deck rules are fixed once the tournament has started.")
        EventDeckRules.objects.update_or_create(
            tournament=tournament, defaults={"options": dict(options)}
        )
    return configured


def event_card_sets_set(*, tournament, card_set_ids: list[int], user) -> list:
    """The organizer lists the card sets the event allows (D17), before the start; an empty
    list restores the default, the official sets. Each set must be of the event's game and
    official, published, or the organizer's own import."""
    if not (user.is_staff or tournament.organizer_id == user.pk):
        raise NotAllowed("Only the organizer can choose the event's card sets.")
    ids = sorted(set(card_set_ids))
    usable = CardSet.objects.filter(pk__in=ids, games__slug=tournament.game).filter(
        Q(visibility__in=["official", "published"]) | Q(organizer=tournament.organizer_id)
    )
    found = set(usable.values_list("pk", flat=True))
    if missing := [pk for pk in ids if pk not in found]:
        listed = ", ".join(str(pk) for pk in missing)
        raise ServiceError(
            f"Card set(s) {listed} cannot be used in this {tournament.game} event: each must "
            "be a set of its game that is official, published by staff, or your own import.",
            code="card_set_not_usable",
            errors={"card_sets": [f"Not usable here: {listed}."]},
        )
    with transaction.atomic():
        _lock_registration(tournament, "The card sets are fixed once the tournament has started.")
        rules, _ = EventDeckRules.objects.get_or_create(tournament=tournament)
        rules.card_sets.set(found)
    return list(CardSet.objects.filter(pk__in=found).order_by("id"))


def _lock_registration(tournament, message: str) -> None:
    """Row-lock the tournament (ordering this write against the start); 409 unless it is
    still taking registrations."""
    status = (
        type(tournament)
        .objects.select_for_update()
        .values_list("status", flat=True)
        .get(pk=tournament.pk)
    )
    if status != "registration":
        raise Conflict(message, code="decks_locked")


def _deck_fits_entry(deck, entry, tournament) -> bool:
    """Ruling D14: the deck is the entry's player's (a team member's), built from the entry's
    pool, or, for a guest entry with no account, the organizer's own. Otherwise an organizer
    could register any user's deck (ids are sequential) and read it back through the event."""
    if deck.pool_id is not None and deck.pool.entry_id == entry.pk:
        return True
    if entry.user_id is not None:
        return deck.owner_id == entry.user_id
    players = set(entry.members.values_list("pk", flat=True))
    if players:
        return deck.owner_id in players
    return deck.owner_id == tournament.organizer_id


def _may_register(entry, user) -> bool:
    tournament = entry.tournament
    if user.is_staff or tournament.organizer_id == user.pk or entry.user_id == user.pk:
        return True
    return entry.members.filter(pk=user.pk).exists()


def deck_register(*, entry, deck: Deck, user) -> DeckRegistration:
    """Register `deck` for the entry (its player, or the organizer) before the event starts."""
    tournament = entry.tournament
    if not _may_register(entry, user):
        raise NotAllowed("Only the entry's player or the organizer can register its deck.")
    if deck.owner_id != user.pk and tournament.organizer_id != user.pk and not user.is_staff:
        raise NotAllowed("Register one of your own decks.", code="not_deck_owner")
    if not user.is_staff and not _deck_fits_entry(deck, entry, tournament):
        raise NotAllowed(
            "A deck registered for an entry must be that entry's player's own deck (or one "
            "built from the entry's pool); the organizer may register their own decks only "
            "for guest entries without an account.",
            code="deck_not_entrys",
            errors={"deck": ["Not this entry's player's deck."]},
        )
    if event_format(tournament) is None:
        raise ServiceError(
            f"This event's format ({tournament.deck_format}) uses no decks; nothing to register.",
            code="no_decks_in_format",
        )
    if deck.game.slug != tournament.game or deck.format != tournament.deck_format:
        raise ServiceError(
            f"This event needs a {tournament.game} {tournament.deck_format} deck; "
            f"this deck is {deck.game.slug} {deck.format}.",
            code="wrong_deck_format",
            errors={"deck": ["Wrong game or format for this event."]},
        )
    with transaction.atomic():
        _lock_registration(tournament, "Decks are locked once the tournament has started.")
        registration, _ = DeckRegistration.objects.update_or_create(
            entry=entry, defaults={"deck": deck}
        )
    return registration


def tournament_decks_lock(*, tournament) -> None:
    """Check every active entry's registered deck and freeze its list and hash; else 400."""
    fmt = event_format(tournament)
    if fmt is None:
        return
    catalog, _ = catalog_for_game(game_get(slug=tournament.game), event_card_sets(tournament))
    entries = list(
        tournament.entries.filter(dropped=False, waitlisted=False)
        .select_related("deck_registration__deck__pool")
        .prefetch_related("deck_registration__deck__cards__card")
        .order_by("id")
    )
    failures: list[dict[str, Any]] = []
    locked: list[DeckRegistration] = []
    for entry in entries:
        registration = getattr(entry, "deck_registration", None)
        problems = entry_deck_problems(entry, registration, fmt, catalog)
        if problems:
            name = entry.display_name if hasattr(entry, "display_name") else str(entry)
            failures.append({"entry": entry.pk, "name": str(name), "problems": problems})
        else:
            assert registration is not None  # no deck is a problem above
            locked.append(registration)
    if failures:
        raise ServiceError(
            f"{len(failures)} entr{'y has' if len(failures) == 1 else 'ies have'} no legal deck; "
            "each needs a legal registered deck before the tournament can start.",
            code="invalid_decks",
            data={"entries": failures},
        )
    _freeze(locked)


def _freeze(registrations: list[DeckRegistration]) -> None:
    stamp = now()
    for registration in registrations:
        listed = deck_rows(registration.deck)
        registration.locked_at = stamp
        registration.locked_hash = deck_hash(listed)
        registration.locked_list = {
            "main": {key: n for section, key, n in listed if section == "main"},
            "fortresses": [key for section, key, _ in listed if section == "fortress"],
        }
    DeckRegistration.objects.bulk_update(registrations, ["locked_at", "locked_hash", "locked_list"])
