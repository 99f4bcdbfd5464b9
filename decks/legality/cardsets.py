"""Card-set data (the JSON shape of decks/data/*.json and of imports): checks and loading."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import games
from decks.legality.catalog import Catalog, identity_key
from decks.legality.effects import effect_problems
from decks.legality.formats import GAMES
from decks.legality.kc_effects import kc_card_effect_problems
from decks.legality.types import CardInfo

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
# per game, from the games' one declaration: its built-in set's file, the card types of a set
BUILTIN_FILES: Mapping[str, str] = {g.slug: g.cards.data_file for g in games.all_games()}
CARD_TYPES: Mapping[str, tuple[str, ...]] = {g.slug: g.cards.types for g in games.all_games()}
_SLUG = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
MAX_COST = 999
TEXT_LIMITS: Mapping[str, int] = {"code": 20, "subtype": 60, "text": 4000}  # the table's columns
CARD_FIELDS = (
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
)


def card_key(card: Mapping[str, Any]) -> str:
    """A card's identity: its code for playing cards, else a slug of its name."""
    return str(card.get("code") or identity_key(str(card["name"])))


def card_info(card: Mapping[str, Any]) -> CardInfo:
    """The CardInfo for one (already checked) card dict."""
    return CardInfo(
        key=card_key(card),
        name=card["name"],
        type=card["type"],
        subtype=card.get("subtype") or "",
        border=card.get("border") or "",
        factions=tuple(card.get("factions") or ()),
        cost=card.get("cost"),
        stats=card.get("stats") or {},
        keywords=tuple(card.get("keywords") or ()),
        code=card.get("code") or "",
        text=card.get("text") or "",
    )


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _list_of_str(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) and v for v in value)


def card_problems(game: str, card: Any, factions: set[str] | None = None) -> list[str]:
    """Everything wrong with one card dict for `game` (empty when it can be imported)."""
    if not isinstance(card, Mapping):
        return ["a card must be an object with at least a name and a type"]
    facts = games.cards_of(game)
    errors = _field_problems(card, CARD_TYPES.get(game, ()))
    if not (facts and facts.borders) and card.get("border"):
        errors.append(f"only {_bordered_games()} cards have a border; leave it empty")
    for key in ("factions", "keywords"):
        if card.get(key) is not None and not _list_of_str(card[key]):
            errors.append(f"{key} must be a list of names")
    if card.get("stats") is not None and not isinstance(card["stats"], Mapping):
        errors.append("stats must be an object")
    if facts:
        errors.extend(_declared_problems(games.get(game), card, factions))
    if card.get("effects") is not None:
        errors.extend(effect_problems(card["effects"], game))
    return errors


def _field_problems(card: Mapping[str, Any], types: tuple[str, ...]) -> list[str]:
    """The name, the type among the game's, the cost and the text fields' lengths."""
    errors: list[str] = []
    name = card.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > 120:
        errors.append("name is required (at most 120 characters)")
    if card.get("type") not in types:
        errors.append(f"type must be one of {', '.join(types)}")
    cost = card.get("cost")
    if cost is not None and (not _is_int(cost) or not 0 <= cost <= MAX_COST):
        errors.append(f"cost must be a whole number from 0 to {MAX_COST}")
    for key, longest in TEXT_LIMITS.items():
        value = card.get(key)
        if value is not None and (not isinstance(value, str) or len(value) > longest):
            errors.append(f"{key} must be text of at most {longest} characters")
    return errors


def faction_problems(factions: Any) -> list[str]:
    """Everything wrong with a set's "factions" list (empty when it can be imported)."""
    if factions is None:
        return []
    if not isinstance(factions, list):
        return ['"factions" must be a list of {slug, name} objects']
    errors = []
    for number, faction in enumerate(factions, start=1):
        slug = faction.get("slug") if isinstance(faction, Mapping) else None
        name = faction.get("name") if isinstance(faction, Mapping) else None
        if not isinstance(slug, str) or not _SLUG.fullmatch(slug):
            errors.append(f"faction {number}: slug must be lower-case letters, digits and dashes")
        if not isinstance(name, str) or not name.strip() or len(name) > 80:
            errors.append(f"faction {number}: name is required (at most 80 characters)")
    return errors


def _bordered_games() -> str:
    """The names of the games whose cards carry a border ("Kingdom Combat")."""
    return " and ".join(g.name for g in games.all_games() if g.cards.borders)


def _declared_problems(
    game: games.Game, card: Mapping[str, Any], factions: set[str] | None
) -> list[str]:
    """What the game's declared card facts require of a card: a border (the last one for
    tokens alone), a faction, an action's kind, a fortress's numbers, effects its kind plays."""
    facts, errors = game.cards, []
    if facts.borders:
        errors.extend(_border_problems(facts.borders, card))
    if facts.factions:
        errors.extend(_card_faction_problems(game.name, card, factions))
    kinds = facts.action_kinds
    if kinds and card.get("type") == "action" and card.get("subtype") not in kinds:
        errors.append(f"an action's subtype must be one of {', '.join(kinds)}")
    if facts.fortresses and card.get("type") == "fortress":
        stats = card.get("stats") or {}
        for stat in ("hp", "starting_gold", "gold_per_turn"):
            if not _is_int(stats.get(stat)) or stats[stat] < 0:
                errors.append(f"a fortress needs stats.{stat} (a whole number)")
    if facts.kind_effects and isinstance(card.get("effects"), list):
        errors.extend(_kind_effect_problems(card))
    return errors


def _card_faction_problems(
    game_name: str, card: Mapping[str, Any], factions: set[str] | None
) -> list[str]:
    """A card names at least one faction, and only factions of the set or the game."""
    chosen = card.get("factions") or []
    if not chosen:
        return [f"a {game_name} card needs a faction (or mercenary)"]
    if factions is not None and not set(chosen) <= factions:
        return [f"unknown faction(s): {', '.join(sorted(set(chosen) - factions))}"]
    return []


def _kind_effect_problems(card: Mapping[str, Any]) -> list[str]:
    """Effects the kind of card carrying them may have (a fortress's, a Dirty Trick's, ...)."""
    kind = card.get("subtype") if card.get("type") == "action" else card.get("type")
    return [
        f"effect {number}: {problem}"
        for number, effect in enumerate(card["effects"], start=1)
        for problem in kc_card_effect_problems(kind, effect)
    ]


def _border_problems(borders: tuple[str, ...], card: Mapping[str, Any]) -> list[str]:
    """A card's border is one of the game's; the last (green) is for tokens, and only them."""
    border = card.get("border")
    if border not in borders:
        return [f"border must be {', '.join(borders[:-1])} or {borders[-1]}"]
    if (border == borders[-1]) != (card.get("type") == "token"):
        return [f"{borders[-1]} border is for tokens, and tokens have a {borders[-1]} border"]
    return []


def load_builtin(game: str) -> dict[str, Any]:
    """The built-in set of `game` as JSON data (Army gets the playing cards without Jokers)."""
    if game not in GAMES:
        raise KeyError(f"Unknown game {game!r}.")
    data: dict[str, Any] = json.loads((DATA_DIR / BUILTIN_FILES[game]).read_text(encoding="utf-8"))
    data["game"] = game
    data["cards"] = [c for c in data["cards"] if game in c.get("games", [game])]
    return data


def catalog_from_data(data: Mapping[str, Any]) -> Catalog:
    """A Catalog from set data (as in decks/data/*.json)."""
    names = {f["slug"]: f["name"] for f in data.get("factions", [])}
    return Catalog(data["game"], (card_info(card) for card in data["cards"]), names)


def builtin_catalog(game: str) -> Catalog:
    """The Catalog of a game's built-in set."""
    return catalog_from_data(load_builtin(game))
