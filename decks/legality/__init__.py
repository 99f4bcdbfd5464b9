"""Pure deck legality: formats as data, small rules, validation, deck lists (no Django)."""

from decks.legality.advice import fortress_deck_advice, summarize
from decks.legality.cardsets import (
    builtin_catalog,
    card_info,
    card_key,
    card_problems,
    catalog_from_data,
    load_builtin,
)
from decks.legality.catalog import Catalog, identity_key, normalize_name, suggest_names
from decks.legality.decklist import format_deck_list, parse_deck_list
from decks.legality.errors import CatalogError, FormatError, LegalityError
from decks.legality.formats import (
    FORMATS,
    GAME_NAMES,
    GAMES,
    Format,
    configure,
    formats_for,
    get_format,
)
from decks.legality.fortress import FortressStats, fortress_stats
from decks.legality.types import Advice, CardInfo, DeckList, Problem, ResolvedDeck, Validation
from decks.legality.validate import check, check_resolved, resolve, validate

__all__ = [
    "FORMATS",
    "GAMES",
    "GAME_NAMES",
    "Advice",
    "CardInfo",
    "Catalog",
    "CatalogError",
    "DeckList",
    "Format",
    "FormatError",
    "FortressStats",
    "LegalityError",
    "Problem",
    "ResolvedDeck",
    "Validation",
    "builtin_catalog",
    "card_info",
    "card_key",
    "card_problems",
    "catalog_from_data",
    "check",
    "check_resolved",
    "configure",
    "format_deck_list",
    "formats_for",
    "fortress_deck_advice",
    "fortress_stats",
    "get_format",
    "identity_key",
    "load_builtin",
    "normalize_name",
    "parse_deck_list",
    "resolve",
    "suggest_names",
    "summarize",
    "validate",
]
