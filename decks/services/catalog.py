"""Importing organizers' card sets (JSON or CSV) and exporting sets in the same formats."""

import io
import json
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction

import games
from config.csv_export import SafeDictWriter
from config.errors import NotAllowed, ServiceError
from decks.catalog_loading import load_card_set
from decks.legality import card_key, card_problems
from decks.legality.cardsets import faction_problems
from decks.models import Card, CardSet, Faction
from decks.selectors import card_list, game_get, visible_card_sets
from decks.services.card_files import CSV_COLUMNS


def card_set_import(
    *,
    data: dict[str, Any],
    game_slug: str,
    code: str,
    name: str,
    organizer,
    lines: list[int] | None = None,
    progress: Callable[[Iterable], Iterable] = lambda rows: rows,
) -> CardSet:
    """Check every card (errors name the file's lines), then create the whole set or nothing.
    The set is the importer's, private until staff publishes it (D15)."""
    game = game_get(slug=game_slug, field="game")
    _check_import_limits(organizer, len(data.get("cards") or []))
    errors: dict[str, list[str]] = {}
    if problems := faction_problems(data.get("factions")):
        errors["factions"] = problems
    else:
        numbers = lines or [i + 1 for i in range(len(data["cards"]))]
        errors = _row_errors(game, data, numbers, progress, organizer)
    if not data["cards"]:
        errors["cards"] = ["The file has no cards."]
    if errors:
        raise ServiceError(
            f"{len(errors)} row(s) have problems; nothing was imported. Fix them and retry.",
            code="bad_rows",
            errors=errors,
        )
    set_data = {**data, "set": {"code": code, "name": name}}
    models = {"CardSet": CardSet, "Card": Card, "Faction": Faction}
    try:
        with transaction.atomic():
            return load_card_set(set_data, games=[game], models=models, organizer_id=organizer.pk)
    except IntegrityError as error:
        raise ServiceError(
            f"A set with code {code!r} exists already; choose another code. Nothing was imported.",
            code="duplicate",
            errors={"code": ["This code is taken."]},
        ) from error


def _check_import_limits(organizer, cards: int) -> None:
    """D15: bounded imports (CARD_SET_MAX_CARDS cards a set, CARD_SETS_PER_USER sets a user;
    the file's size is bounded by CARD_SET_MAX_BYTES where it is read), so one user cannot
    make every other user's card list and deck check slow. Staff (and manage.py import_cards)
    are not limited."""
    if organizer.is_staff:
        return
    if cards > settings.CARD_SET_MAX_CARDS:
        raise ServiceError(
            f"A card set has at most {settings.CARD_SET_MAX_CARDS:,} cards; this file has "
            f"{cards:,}. Split it into several sets.",
            code="too_many_cards",
            errors={"content": [f"At most {settings.CARD_SET_MAX_CARDS:,} cards."]},
        )
    owned = CardSet.objects.filter(organizer=organizer).count()
    if owned >= settings.CARD_SETS_PER_USER:
        raise ServiceError(
            f"You have {owned} card sets, the most one user may import "
            f"({settings.CARD_SETS_PER_USER}). Ask staff to publish or remove one.",
            code="too_many_sets",
        )


def card_set_publish(*, card_set: CardSet, user) -> CardSet:
    """Staff publish an imported set: its cards become usable by everyone's decks and
    eligible for any event whose organizer lists the set (D15)."""
    if not user.is_staff:
        raise NotAllowed("Only staff can publish a card set.", code="not_staff")
    if card_set.visibility == CardSet.Visibility.OFFICIAL:
        raise ServiceError("This is an official set already.", code="already_official")
    CardSet.objects.filter(pk=card_set.pk).update(visibility=CardSet.Visibility.PUBLISHED)
    card_set.refresh_from_db()
    return card_set


def may_see_card_set(card_set: CardSet, user) -> bool:
    """Official and published sets are everyone's; a private one its owner's and staff's."""
    if card_set.visibility != CardSet.Visibility.PRIVATE:
        return True
    return bool(user.is_authenticated and (user.is_staff or card_set.organizer_id == user.pk))


def _row_errors(game, data, lines: list[int], progress, organizer) -> dict[str, list[str]]:
    """{"line N": [problems]} for every card that cannot be imported."""
    facts = games.cards_of(game.slug)
    factions = {f["slug"] for f in data.get("factions") or []}
    factions |= set(Faction.objects.filter(game=game).values_list("slug", flat=True))
    # Copies count by card identity, so a card already in the game is a reprint of it.
    # (among the cards the importer can see: others' private sets neither block nor leak)
    sets = visible_card_sets(user=organizer)
    existing = {card.key: card for card in reversed(card_list(game=game, sets=sets))}
    tokens = _token_keys(existing, data["cards"]) if facts and facts.tokens else None
    seen: dict[str, str] = {}
    errors: dict[str, list[str]] = {}
    shared = {line for line, n in Counter(lines).items() if n > 1}  # e.g. one-line JSON
    for index, card in enumerate(progress(data["cards"])):
        line = f"line {lines[index]}"
        if lines[index] in shared:
            line += f", card {index + 1}"
        problems = card_problems(game.slug, card, factions if facts and facts.factions else None)
        if tokens is not None and not problems:
            problems = _token_problems(card, tokens)
        if not problems:
            problems = _copy_problems(card, line, seen, existing, game)
        if problems:
            errors[line] = problems
    return errors


def _token_keys(existing: dict, cards: list) -> set[str]:
    """The token cards an effect may make: the game's, and the ones this import brings."""
    tokens = {k for k, c in existing.items() if c.type == "token"}
    return tokens | {card_key(c) for c in cards if isinstance(c, dict) and c.get("type") == "token"}


def _copy_problems(card: dict, line: str, seen: dict[str, str], existing: dict, game) -> list:
    """A card listed twice in the import, or a reprint that changes the card (noting where
    each card is first listed in `seen`)."""
    key = card_key(card)
    problems = []
    if key in seen:
        problems.append(f"{card['name']} is already on {seen[key]}; list each card once.")
    elif key in existing:
        problems.extend(_reprint_problems(card, existing[key], game))
    seen.setdefault(key, line)
    return problems


def _token_problems(card: dict[str, Any], tokens: set[str]) -> list[str]:
    """An effect that makes tokens (a game whose declaration says `cards.tokens`) must name a
    token card of the game."""
    return [
        f"effect {number}: token {effect['token']!r} is not a token card of this game or set"
        for number, effect in enumerate(card.get("effects") or [], start=1)
        if effect.get("op") == "create_token" and effect.get("token") not in tokens
    ]


REPRINT_FIELDS = ("type", "border", "factions", "cost", "stats")


def _reprint_problems(card: dict[str, Any], printed: Card, game) -> list[str]:
    """A card named like one of the game's cards is a reprint: its rules must be the same."""
    theirs = _card_dict(printed)
    mine = {
        "type": card["type"],
        "border": card.get("border") or "",
        "factions": sorted(card.get("factions") or []),
        "cost": card.get("cost"),
        "stats": card.get("stats") or {},
    }
    theirs["factions"] = sorted(theirs["factions"])
    differ = [field for field in REPRINT_FIELDS if mine[field] != theirs[field]]
    if not differ:
        return []
    return [
        f"{printed.name} is already a {game.name} card (set {printed.card_set.code}); "
        f"a reprint must keep its {', '.join(differ)}. Match them or give the card a new name."
    ]


def card_set_export(card_set: CardSet, *, file_format: str) -> str:
    """The set as JSON (the import shape) or CSV."""
    cards = [_card_dict(card) for card in card_set.cards.prefetch_related("factions")]
    if file_format == "csv":
        out = io.StringIO()
        writer = SafeDictWriter(out, fieldnames=CSV_COLUMNS)
        writer.writeheader()
        for card in cards:
            writer.writerow(_csv_row(card))
        return out.getvalue()
    games = list(card_set.games.values_list("slug", flat=True))
    body = {"set": {"code": card_set.code, "name": card_set.name}, "games": games, "cards": cards}
    return json.dumps(body, indent=2, ensure_ascii=False)


def _card_dict(card: Card) -> dict[str, Any]:
    return {
        "name": card.name,
        "code": card.code,
        "type": card.type,
        "subtype": card.subtype,
        "border": card.border,
        "factions": [f.slug for f in card.factions.all()],
        "cost": card.cost,
        "stats": card.stats,
        "keywords": card.keywords,
        "effects": card.effects,
        "text": card.text,
    }


def _csv_row(card: dict[str, Any]) -> dict[str, Any]:
    return {
        **card,
        "factions": ";".join(card["factions"]),
        "keywords": ";".join(card["keywords"]),
        "stats": json.dumps(card["stats"]) if card["stats"] else "",
        "effects": json.dumps(card["effects"]) if card["effects"] else "",
        "cost": "" if card["cost"] is None else card["cost"],
    }
