"""Importing organizers' card sets (JSON or CSV) and exporting sets in the same formats."""

import csv
import io
import json
from collections.abc import Callable, Iterable
from typing import Any

from django.db import IntegrityError, transaction

from config.errors import ServiceError
from decks.catalog_loading import load_card_set
from decks.legality import card_problems
from decks.models import Card, CardSet, Faction
from decks.selectors import game_get

CSV_COLUMNS = [
    "name",
    "code",
    "type",
    "subtype",
    "border",
    "factions",
    "cost",
    "stats",
    "keywords",
    "effects",
    "text",
]


def parse_card_set(text: str, *, file_format: str) -> dict[str, Any]:
    """JSON ({set, games|game, factions, cards}) or CSV (one card a row) into set data."""
    if file_format == "json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise ServiceError(f"Line {error.lineno}: not valid JSON ({error.msg}).") from error
        if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
            raise ServiceError("The JSON must be an object with a 'cards' list.")
        return data
    if file_format == "csv":
        return {"cards": [_csv_card(row) for row in csv.DictReader(io.StringIO(text))]}
    raise ServiceError("The format is json or csv.", errors={"format": ["Use json or csv."]})


def _csv_card(row: dict[str, str]) -> dict[str, Any]:
    def split(value: str | None) -> list[str]:
        return [part.strip() for part in (value or "").split(";") if part.strip()]

    def as_json(value: str | None, default):
        try:
            return json.loads(value) if value else default
        except json.JSONDecodeError:
            return value  # reported by card_problems as the wrong type

    cost = (row.get("cost") or "").strip()
    return {
        "name": (row.get("name") or "").strip(),
        "code": (row.get("code") or "").strip(),
        "type": (row.get("type") or "").strip(),
        "subtype": (row.get("subtype") or "").strip(),
        "border": (row.get("border") or "").strip(),
        "factions": split(row.get("factions")),
        "cost": int(cost) if cost.isdigit() else (cost or None),
        "stats": as_json(row.get("stats"), {}),
        "keywords": split(row.get("keywords")),
        "effects": as_json(row.get("effects"), []),
        "text": (row.get("text") or "").strip(),
    }


def card_set_import(
    *,
    data: dict[str, Any],
    game_slug: str,
    code: str,
    name: str,
    organizer,
    line_of: Callable[[int], int] = lambda index: index + 1,
    progress: Callable[[Iterable], Iterable] = lambda rows: rows,
) -> CardSet:
    """Check every card (errors name lines), then create the whole set or nothing."""
    game = game_get(slug=game_slug)
    factions = {f["slug"] for f in data.get("factions", [])}
    factions |= set(Faction.objects.filter(game=game).values_list("slug", flat=True))
    errors: dict[str, list[str]] = {}
    for index, card in enumerate(progress(data["cards"])):
        problems = card_problems(
            game.slug, card, factions if game.slug == "kingdom-combat" else None
        )
        if problems:
            errors[f"line {line_of(index)}"] = problems
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
            f"A set with code {code!r} exists, or two cards share a name. Nothing was imported.",
            code="duplicate",
        ) from error


def card_set_export(card_set: CardSet, *, file_format: str) -> str:
    """The set as JSON (the import shape) or CSV."""
    cards = [_card_dict(card) for card in card_set.cards.prefetch_related("factions")]
    if file_format == "csv":
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS)
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
