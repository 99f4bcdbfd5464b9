"""Every game's deck formats, as data. The rules that read these fields live in rules.py."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any

import games
from decks.legality.errors import FormatError
from games import ARMY, COMBAT, CONVENTIONAL_COMBAT, KINGDOM_COMBAT, RUNE_DUEL

MERCENARY = "mercenary"
BORDER_COPY_LIMITS = MappingProxyType({"gold": 1, "silver": 2, "black": 4, "green": 0})


def _frozen(mapping: Mapping[str, int] | None = None) -> Mapping[str, int]:
    return MappingProxyType(dict(mapping or {}))


@dataclass(frozen=True, slots=True)
class Format:
    """A deck format: which rules apply and with which numbers."""

    game: str
    slug: str
    name: str
    description: str
    uses_deck: bool = True
    min_size: int | None = None
    max_size: int | None = None
    copy_limit: int | None = None
    type_copy_limits: Mapping[str, int] = field(default_factory=_frozen)
    border_limits: Mapping[str, int] = field(default_factory=_frozen)
    allowed_types: tuple[str, ...] = ()
    composition: Mapping[str, int] = field(default_factory=_frozen)
    fortresses: tuple[int, int] | None = None
    one_pack: bool = False
    jokers: bool = False
    pool_restricted: bool = False
    added_cards: tuple[str, ...] = ()
    configurable: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly description of the format."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        for key in ("type_copy_limits", "border_limits", "composition"):
            data[key] = dict(data[key])
        for key in ("allowed_types", "added_cards", "configurable"):
            data[key] = list(data[key])
        data["fortresses"] = list(self.fortresses) if self.fortresses else None
        return data


_COMBAT_TYPES = ("spot", "court", "joker")
_KC_TYPES = ("unit", "structure", "action")
_CC_TYPES = ("character", "action")
_RD_TYPES = ("creature", "artifact", "spell", "warlord")


def _combat_limited(slug: str, label: str, source: str) -> Format:
    """Sealed and draft: exactly 30 playing cards, only from a pool (Jokers if allowed)."""
    return Format(
        COMBAT,
        slug,
        label,
        f"Exactly 30 cards, {source}.",
        min_size=30,
        max_size=30,
        pool_restricted=True,
        allowed_types=_COMBAT_TYPES,
        configurable=("jokers",),
    )


def _kingdom_combat_limited(slug: str, label: str, source: str) -> Format:
    """Sealed and draft: constructed's fortresses and border limits, cards only from a pool."""
    return Format(
        KINGDOM_COMBAT,
        slug,
        label,
        f"Fortresses as in constructed; at least 30 cards, {source}.",
        min_size=30,
        border_limits=BORDER_COPY_LIMITS,
        fortresses=(1, 2),
        allowed_types=_KC_TYPES,
        pool_restricted=True,
    )


FORMATS: tuple[Format, ...] = (
    Format(
        COMBAT,
        "constructed",
        "Constructed",
        "Exactly 40 cards from one deck of playing cards; Jokers only if the event allows them.",
        min_size=40,
        max_size=40,
        one_pack=True,
        allowed_types=_COMBAT_TYPES,
        configurable=("jokers",),
    ),
    _combat_limited("sealed", "Sealed", "all from the pool dealt to you"),
    _combat_limited("draft", "Draft", "all from the cards you drafted"),
    Format(
        COMBAT,
        "off-the-top",
        "Off the top",
        "No decks: every match shares one shuffled deck of playing cards.",
        uses_deck=False,
        configurable=("jokers",),
    ),
    Format(
        KINGDOM_COMBAT,
        "constructed",
        "Constructed",
        "1 or 2 fortresses of different factions; at least 30 cards of their factions or "
        "Mercenary; gold border at most 1 copy, silver 2, black 4, green (tokens) never.",
        min_size=30,
        border_limits=BORDER_COPY_LIMITS,
        fortresses=(1, 2),
        allowed_types=_KC_TYPES,
    ),
    _kingdom_combat_limited("sealed", "Sealed", "all from your sealed pool"),
    _kingdom_combat_limited("draft", "Draft", "all from the cards you drafted"),
    Format(
        CONVENTIONAL_COMBAT,
        "starter",
        "Starter decks",
        "No deck building: every player plays the starter Combat Force of a Quick Duel.",
        uses_deck=False,
    ),
    Format(
        CONVENTIONAL_COMBAT,
        "quick-duel",
        "Quick Duel",
        "A Combat Force of exactly 6 cards: at least 2 actions and 2 characters.",
        min_size=6,
        max_size=6,
        copy_limit=1,
        allowed_types=_CC_TYPES,
        composition=_frozen({"action": 2, "character": 2}),
        added_cards=(),
    ),
    Format(
        CONVENTIONAL_COMBAT,
        "full-match",
        "Full Match",
        "A Combat Force of exactly 10 cards: at least 3 actions and 3 characters, "
        "plus the Null action (added for you, not counted).",
        min_size=10,
        max_size=10,
        copy_limit=1,
        allowed_types=_CC_TYPES,
        composition=_frozen({"action": 3, "character": 3}),
        added_cards=("Null",),
    ),
    Format(
        ARMY,
        "standard",
        "Standard",
        "No deck building: both players use one standard 52-card pack without Jokers.",
        uses_deck=False,
    ),
    Format(
        RUNE_DUEL,
        "starter",
        "Starter decks",
        "No deck building: every player plays the starter deck.",
        uses_deck=False,
    ),
    Format(
        RUNE_DUEL,
        "constructed",
        "Constructed",
        "Project defaults (see the rulings): 30 to 60 cards, at most 3 copies of a card, "
        "at most 1 copy of each warlord.",
        min_size=30,
        max_size=60,
        copy_limit=3,
        type_copy_limits=_frozen({"warlord": 1}),
        allowed_types=_RD_TYPES,
        configurable=("min_size", "max_size", "copy_limit", "type_copy_limits"),
    ),
)

_BY_KEY = {(fmt.game, fmt.slug): fmt for fmt in FORMATS}
# The games and their names are the games' one declaration (`games`); this module adds the
# deck rules of each format it lists (tests/games checks that every declared format has them).
GAMES: tuple[str, ...] = games.slugs()
GAME_NAMES: Mapping[str, str] = MappingProxyType(dict(games.choices()))


def formats_for(game: str) -> tuple[Format, ...]:
    """The formats a game offers, in display order."""
    return tuple(fmt for fmt in FORMATS if fmt.game == game)


def get_format(game: str, slug: str, options: Mapping[str, Any] | None = None) -> Format:
    """The format `slug` of `game`, with the event's options applied; FormatError if unknown."""
    try:
        fmt = _BY_KEY[(game, slug)]
    except KeyError:
        known = ", ".join(f.slug for f in formats_for(game)) or "none"
        raise FormatError(f"{game!r} has no format {slug!r} (known: {known}).") from None
    return configure(fmt, options or {})


def configure(fmt: Format, options: Mapping[str, Any]) -> Format:
    """Apply an event's options (e.g. jokers, Rune Duel sizes) to a format, checking each one."""
    changes: dict[str, Any] = {}
    for key, value in options.items():
        if value is None:
            continue
        if key not in fmt.configurable:
            raise FormatError(f"The {fmt.name} format of {fmt.game} has no option {key!r}.")
        changes[key] = _checked_option(key, value)
    if not changes:
        return fmt
    configured = replace(fmt, **changes)
    if (
        configured.min_size is not None
        and configured.max_size is not None
        and configured.min_size > configured.max_size
    ):
        raise FormatError("min_size cannot be larger than max_size.")
    return configured


def _checked_option(key: str, value: Any) -> Any:
    if key == "jokers":
        if not isinstance(value, bool):
            raise FormatError("jokers must be true or false.")
        return value
    if key == "type_copy_limits":
        if not isinstance(value, Mapping) or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value.values()
        ):
            raise FormatError("type_copy_limits must map card types to counts of 0 or more.")
        return _frozen(value)
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise FormatError(f"{key} must be a whole number of at least 1.")
    return value
