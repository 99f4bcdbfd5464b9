"""Writing checked card-set data (the JSON shape of decks/data/*.json) into the catalogue.

Takes the model classes as arguments so the data migration (historical models) and the import
service (current models) share one loader."""

import json
from collections.abc import Mapping
from typing import Any

import games
from decks.legality import card_key
from decks.legality.cardsets import DATA_DIR
from decks.legality.formats import GAME_NAMES

# {set code: (its decks/data file, the games that play it)}, from the games' declaration
BUILTIN_SETS = games.builtin_sets()


def ensure_games(Game) -> dict[str, Any]:
    """One Game row per rulebook; returns {slug: game}."""
    return {
        slug: Game.objects.get_or_create(slug=slug, defaults={"name": name})[0]
        for slug, name in GAME_NAMES.items()
    }


def load_builtin_sets(*, models: Mapping[str, Any]) -> None:
    """The five games and every built-in set that is not there yet (idempotent)."""
    games = ensure_games(models["Game"])
    for code, (filename, slugs) in BUILTIN_SETS.items():
        if models["CardSet"].objects.filter(code=code).exists():
            continue
        data = json.loads((DATA_DIR / filename).read_text(encoding="utf-8"))
        load_card_set(data, games=[games[slug] for slug in slugs], models=models)


def load_card_set(
    data: Mapping[str, Any],
    *,
    games: list,
    models: Mapping[str, Any],
    organizer_id: int | None = None,
):
    """Create the set, its factions and cards (data already checked); returns the CardSet."""
    CardSet, Card, Faction = models["CardSet"], models["Card"], models["Faction"]
    # An import is its owner's, private until staff publishes it; built-in sets keep the
    # database default (official), also in the data migration that predates the field.
    owned = {"visibility": "private"} if organizer_id is not None else {}
    card_set = CardSet.objects.create(
        code=data["set"]["code"], name=data["set"]["name"], organizer_id=organizer_id, **owned
    )
    card_set.games.set(games)
    # the game's existing factions (e.g. the built-in Mercenary), then the file's own
    factions = {(row.game_id, row.slug): row for row in Faction.objects.filter(game__in=games)}
    for game in games:
        for faction in data.get("factions") or []:
            row, _ = Faction.objects.get_or_create(
                game=game,
                slug=faction["slug"],
                defaults={"name": faction["name"], "description": faction.get("description", "")},
            )
            factions[(game.pk, faction["slug"])] = row
    cards = Card.objects.bulk_create(
        [Card(card_set=card_set, **card_fields(card)) for card in data["cards"]]
    )
    links = [
        Card.factions.through(card_id=card.pk, faction_id=factions[(game.pk, slug)].pk)
        for card, raw in zip(cards, data["cards"], strict=True)
        for slug in raw.get("factions") or []
        for game in games
        if (game.pk, slug) in factions
    ]
    Card.factions.through.objects.bulk_create(links, ignore_conflicts=True)
    return card_set


def card_fields(card: Mapping[str, Any]) -> dict[str, Any]:
    """The Card model's fields for one card dict."""
    return {
        "key": card_key(card),
        "name": card["name"].strip(),
        "code": card.get("code") or "",
        "type": card["type"],
        "subtype": card.get("subtype") or "",
        "border": card.get("border") or "",
        "cost": card.get("cost"),
        "stats": card.get("stats") or {},
        "keywords": card.get("keywords") or [],
        "effects": card.get("effects") or [],
        "text": card.get("text") or "",
        "games": card.get("games") or [],
    }
